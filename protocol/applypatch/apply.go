package applypatch

import (
	"fmt"
	"strings"
)

// Stats counts the lines a file operation adds and removes.
type Stats struct {
	Added, Removed int
}

// Content returns an Add's content: its lines, each ending in a newline.
func (f File) Content() string {
	if len(f.Lines) == 0 {
		return ""
	}
	return strings.Join(f.Lines, "\n") + "\n"
}

// Apply returns the content of an Update's file after its hunks, given the
// content before. Each hunk is located after the previous one (and after
// its @@ line, if any); context lines keep the file's text, and the file
// keeps its line ends (LF or CRLF) and its final newline or lack of one. A
// hunk of added lines only goes after its @@ line, or at the end of the
// file without one. An error is an *Error wrapping ErrNoMatch,
// ErrAmbiguous or ErrBinary; old is never changed.
func (f File) Apply(old string) (string, Stats, error) {
	var st Stats
	if strings.IndexByte(old, 0) >= 0 {
		return "", st, &Error{Path: f.Path, Err: ErrBinary, Detail: "the file is binary; a patch changes text files only"}
	}
	d := splitDoc(old)
	var out []string
	cursor := 0
	for i, h := range f.Hunks {
		start, err := d.locate(h, cursor)
		if err != nil {
			err.Path, err.Hunk, err.Line = f.Path, i+1, h.Line
			return "", Stats{}, err
		}
		out = append(out, d.lines[cursor:start]...)
		pos := start
		for _, l := range h.Lines {
			switch l.Op {
			case ' ':
				out = append(out, d.lines[pos])
				pos++
			case '-':
				pos++
				st.Removed++
			default:
				out = append(out, l.Text)
				st.Added++
			}
		}
		cursor = pos
	}
	out = append(out, d.lines[cursor:]...)
	return d.join(out), st, nil
}

// doc is a file split into lines.
type doc struct {
	lines []string
	// eol is "\r\n" when every line of the file ends so, else "\n" (a
	// line's lone "\r" then stays part of it).
	eol string
	// final is set when the file ends with a line end (or is empty).
	final bool
}

func splitDoc(s string) doc {
	d := doc{eol: "\n", final: s == "" || strings.HasSuffix(s, "\n")}
	if s == "" {
		return d
	}
	if n := strings.Count(s, "\r\n"); n > 0 && n == strings.Count(s, "\n") {
		d.eol = "\r\n"
	}
	body := strings.TrimSuffix(s, d.eol)
	if !d.final {
		body = s
	}
	d.lines = strings.Split(body, d.eol)
	return d
}

func (d doc) join(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	s := strings.Join(lines, d.eol)
	if d.final {
		s += d.eol
	}
	return s
}

// locate returns where hunk h starts, searching from line from (from 0).
func (d doc) locate(h Hunk, from int) (int, *Error) {
	if h.Anchor != "" {
		at := -1
		for i := from; i < len(d.lines); i++ {
			if strings.TrimSpace(d.lines[i]) == strings.TrimSpace(h.Anchor) {
				at = i
				break
			}
		}
		if at < 0 {
			return 0, &Error{Err: ErrNoMatch, Detail: fmt.Sprintf("its @@ line %q is not in the file after line %d; read the file again", clip(h.Anchor), from)}
		}
		from = at + 1
	}
	old := h.old()
	if len(old) == 0 {
		if h.Anchor != "" {
			return from, nil
		}
		return len(d.lines), nil
	}
	for _, eq := range []func(a, b string) bool{exact, sameTrimmed} {
		starts := d.matches(old, from, h.AtEnd, eq)
		switch {
		case len(starts) == 1:
			return starts[0], nil
		case len(starts) > 1:
			return 0, &Error{Err: ErrAmbiguous, Detail: fmt.Sprintf("its lines occur at lines %s; add context lines or an @@ line to make it unique", lineList(starts))}
		}
	}
	return 0, &Error{Err: ErrNoMatch, Detail: d.nearest(old, from)}
}

// old returns the lines the hunk expects in the file: context and removed.
func (h Hunk) old() []string {
	var out []string
	for _, l := range h.Lines {
		if l.Op != '+' {
			out = append(out, l.Text)
		}
	}
	return out
}

func exact(a, b string) bool { return a == b }

// sameTrimmed compares lines without their trailing spaces.
func sameTrimmed(a, b string) bool {
	return strings.TrimRight(a, " \t\r") == strings.TrimRight(b, " \t\r")
}

// matches returns the starts (from from) where old is in the file.
func (d doc) matches(old []string, from int, atEnd bool, eq func(a, b string) bool) []int {
	var out []int
	last := len(d.lines) - len(old)
	first := from
	if atEnd {
		first = max(from, last)
	}
	for s := first; s <= last; s++ {
		ok := true
		for k, l := range old {
			if !eq(d.lines[s+k], l) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, s)
		}
	}
	return out
}

// nearest describes where old comes closest to matching: the start with
// the most lines equal but for indentation, and its first differing line.
func (d doc) nearest(old []string, from int) string {
	best, score := -1, 0
	for s := 0; s < len(d.lines); s++ {
		n := 0
		for k := 0; k < len(old) && s+k < len(d.lines); k++ {
			if strings.TrimSpace(d.lines[s+k]) == strings.TrimSpace(old[k]) {
				n++
			}
		}
		if n > score {
			best, score = s, n
		}
	}
	if best < 0 {
		return fmt.Sprintf("none of its %d context and removed lines is in the file; read the file again and copy its lines exactly", len(old))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the nearest match starts at line %d (%d of %d lines equal)", best+1, score, len(old))
	if best < from {
		fmt.Fprintf(&b, ", but hunks apply in file order and this one must come after line %d", from)
	}
	b.WriteString("; the file has there:")
	for k := 0; k < len(old) && best+k < len(d.lines) && k < 8; k++ {
		fmt.Fprintf(&b, "\n%6d  %s", best+k+1, clip(d.lines[best+k]))
	}
	for k := 0; k < len(old); k++ {
		if best+k >= len(d.lines) {
			fmt.Fprintf(&b, "\nthe patch expects %q past the end of the file", clip(old[k]))
			break
		}
		if d.lines[best+k] != old[k] {
			fmt.Fprintf(&b, "\nline %d differs: the patch expects %q", best+k+1, clip(old[k]))
			break
		}
	}
	return b.String()
}

// lineList names line numbers (from 0) from 1, at most five.
func lineList(starts []int) string {
	var parts []string
	for i, s := range starts {
		if i == 5 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprint(s+1))
	}
	return strings.Join(parts, ", ")
}
