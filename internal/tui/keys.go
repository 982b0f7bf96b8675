package tui

import (
	"io"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
)

// key applies a key press to the input line. Keys typed while no read
// waits edit the line all the same (type-ahead); an Enter, Ctrl+C or
// Ctrl+D then waits for the next read.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	vertical := false
	switch k.String() {
	case "enter", "ctrl+j", "ctrl+m":
		// ctrl+j: an Enter typed ahead while the terminal was still in
		// cooked mode arrives as a line feed.
		m.submit()
	case "shift+enter", "alt+enter":
		m.buf.insert("\n")
	case "tab":
		m.complete()
	case "up", "ctrl+p":
		vertical = true
		if !m.buf.up() {
			m.browse(+1)
		}
	case "down", "ctrl+n":
		vertical = true
		if !m.buf.down() {
			m.browse(-1)
		}
	case "ctrl+c":
		if m.buf.text != "" {
			// The first Ctrl+C clears the line (Ctrl+Y brings it back).
			m.kill(m.buf.cut(0, len(m.buf.text)))
			m.hist, m.draft = -1, ""
			break
		}
		m.deliver(Outcome{Err: ErrInterrupted})
	case "ctrl+o":
		if m.live() {
			m.deliver(Outcome{Err: ErrLiveKey})
		}
	case "ctrl+d":
		if m.buf.text != "" {
			m.buf.deleteNext()
			break
		}
		if m.live() {
			m.eofTyped = true
		}
		m.deliver(Outcome{Err: io.EOF})
	case "ctrl+l":
		return tea.ClearScreen
	case "ctrl+y":
		m.buf.insert(m.killed)
	default:
		if !m.edit(k.String()) && k.Text != "" {
			m.buf.insert(printable(k.Text))
		}
	}
	if !vertical && m.hist >= 0 && k.String() != "ctrl+c" {
		// An edited history entry is the user's line now.
		m.hist = -1
	}
	return nil
}

// edit performs cursor moves and deletions; false for any other key.
func (m *Model) edit(name string) bool {
	b := &m.buf
	switch name {
	case "backspace", "ctrl+h", "shift+backspace":
		b.backspace()
	case "alt+backspace", "ctrl+w", "ctrl+backspace":
		m.kill(b.cut(b.wordStart(), b.cur))
	case "delete":
		b.deleteNext()
	case "alt+d", "ctrl+delete":
		m.kill(b.cut(b.cur, b.wordEnd()))
	case "left", "ctrl+b":
		b.left()
	case "right", "ctrl+f":
		b.right()
	case "alt+left", "ctrl+left", "alt+b":
		b.cur = b.wordStart()
	case "alt+right", "ctrl+right", "alt+f":
		b.cur = b.wordEnd()
	case "home", "ctrl+a":
		b.cur = b.lineStart()
	case "end", "ctrl+e":
		b.cur = b.lineEnd()
	case "ctrl+u":
		m.kill(b.cut(b.lineStart(), b.cur))
	case "ctrl+k":
		m.kill(b.cut(b.cur, b.lineEnd()))
	default:
		return false
	}
	return true
}

// kill keeps killed text for Ctrl+Y.
func (m *Model) kill(s string) {
	if s != "" {
		m.killed = s
	}
}

// submit ends the read with the line and records it in the history.
func (m *Model) submit() {
	line := m.buf.text
	m.buf.set("")
	m.hist, m.draft = -1, ""
	if h := m.opts.History; h != nil && strings.TrimSpace(line) != "" {
		h.Add(line)
	}
	m.deliver(Outcome{Line: line})
}

// browse shows the next older (+1) or newer (-1) history entry; the
// newest step back is the user's draft.
func (m *Model) browse(step int) {
	h := m.opts.History
	if h == nil {
		return
	}
	next := m.hist + step
	if next < -1 || next >= h.Len() {
		return
	}
	if m.hist == -1 {
		m.draft = m.buf.text
	}
	m.hist = next
	if next == -1 {
		m.buf.set(m.draft)
		return
	}
	m.buf.set(h.At(next))
}

// complete performs Tab: the longest common prefix of what
// Options.Complete offers, or a tab character when it offers nothing to
// complete.
func (m *Model) complete() {
	c := m.opts.Complete
	before := m.buf.text[:m.buf.cur]
	start, cands := -1, []string(nil)
	if c != nil {
		start, cands = c(before)
	}
	if start < 0 || start > len(before) {
		m.buf.insert("\t")
		return
	}
	if len(cands) == 0 {
		return
	}
	word := before[start:]
	common := cands[0]
	for _, cand := range cands[1:] {
		common = commonPrefix(common, cand)
	}
	if len(common) > len(word) && strings.HasPrefix(common, word) {
		m.buf.insert(common[len(word):])
	}
}

// commonPrefix is the longest common prefix of a and b, on a rune
// boundary.
func commonPrefix(a, b string) string {
	ar, br := []rune(a), []rune(b)
	i := 0
	for i < len(ar) && i < len(br) && ar[i] == br[i] {
		i++
	}
	return string(ar[:i])
}

// answer handles a key press while a question is asked.
func (m *Model) answer(k tea.KeyPressMsg) tea.Cmd {
	a := m.ask
	var ans KeyAnswer
	switch k.String() {
	case "ctrl+c":
		ans.Err = ErrInterrupted
	case "ctrl+d":
		ans.Err = io.EOF
	default:
		r, ok := matchKey(k, a.Keys)
		if !ok {
			// Say which keys work (Enter or a typo did nothing before).
			m.askHint = keysHint(a.Keys)
			return nil
		}
		ans.Key = r
	}
	// The question leaves the live region; Program.ReadKey prints it
	// with the answer to the scrollback, once, wrapped like every line.
	m.ask, m.askHint = nil, ""
	a.Reply <- ans
	return nil
}

// keysHint names the keys a question takes: "press y, a or n".
func keysHint(keys string) string {
	var names []string
	for _, r := range keys {
		switch r {
		case '\r', '\n':
			names = append(names, "Enter")
		case 0x1b:
			names = append(names, "Esc")
		default:
			names = append(names, string(r))
		}
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) == 1 {
		return "that key does nothing here: press " + names[0]
	}
	return "that key does nothing here: press " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// matchKey finds the pressed key among keys.
func matchKey(k tea.KeyPressMsg, keys string) (rune, bool) {
	var want string
	switch k.String() {
	case "enter":
		want = "\r"
	case "esc":
		want = "\x1b"
	default:
		if k.Text == "" {
			return 0, false
		}
		want = k.Text
	}
	for _, r := range keys {
		if strings.EqualFold(string(r), want) || want == "\r" && r == '\n' {
			return r, true
		}
	}
	return 0, false
}

// pasteText is pasted text with line endings made "\n" and control
// characters other than newline and tab dropped.
func pasteText(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	return printable(s)
}

// printable drops control characters other than newline and tab.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}
