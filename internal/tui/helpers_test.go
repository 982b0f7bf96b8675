package tui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/vt"
)

const (
	cols      = 80
	rows      = 24
	zwjFamily = "👨\u200d👩\u200d👧"
	// hangGuard only ends a hung test; no test waits on time.
	hangGuard = 20 * time.Second
)

// screenOut is the program's output: it signals each write.
type screenOut struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	grew chan struct{}
}

func (o *screenOut) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buf.Write(p)
	close(o.grew)
	o.grew = make(chan struct{})
	return len(p), nil
}

// take returns what was written since the last take and a channel closed
// on the next write.
func (o *screenOut) take() ([]byte, chan struct{}) {
	o.mu.Lock()
	defer o.mu.Unlock()
	b := append([]byte(nil), o.buf.Bytes()...)
	o.buf.Reset()
	return b, o.grew
}

// screen is a Program rendering into an 80-column VT emulator.
type screen struct {
	t   *testing.T
	p   *Program
	out *screenOut
	emu *vt.Emulator
}

func newScreen(t *testing.T, opts Options) *screen {
	return newScreenOut(t, opts, &screenOut{grew: make(chan struct{})})
}

func newScreenOut(t *testing.T, opts Options, out *screenOut) *screen {
	t.Helper()
	emu := vt.NewEmulator(cols, rows)
	// Answers the emulator would give are drained (never closed: vt
	// v0.1.0's Close races with Read).
	go io.Copy(io.Discard, emu)
	opts.Width = cols
	p := Start(nil, out, opts, tea.WithWindowSize(cols, rows), tea.WithEnvironment([]string{"TERM=xterm-256color"}))
	s := &screen{t: t, p: p, out: out, emu: emu}
	t.Cleanup(func() { p.Close() })
	return s
}

// rows returns the emulator's rows, trailing blanks trimmed.
func (s *screen) rows() []string {
	var lines []string
	for y := range rows {
		var b strings.Builder
		for x := 0; x < cols; x++ {
			if c := s.emu.CellAt(x, y); c != nil && c.Width > 0 {
				b.WriteString(c.Content)
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// waitFor feeds the output to the emulator as it comes until the screen
// satisfies ok, and returns its rows.
func (s *screen) waitFor(what string, ok func(rows []string) bool) []string {
	s.t.Helper()
	hang := time.NewTimer(hangGuard)
	defer hang.Stop()
	for {
		b, grew := s.out.take()
		if len(b) > 0 {
			// Without a terminal for input the program leaves "\n" to the
			// terminal's output processing (ONLCR), which makes it "\r\n".
			s.emu.Write(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")))
		}
		r := s.rows()
		if ok(r) {
			return r
		}
		select {
		case <-grew:
		case <-hang.C:
			s.t.Fatalf("screen never showed %s:\n%s", what, strings.Join(r, "\n"))
		}
	}
}

// typeText sends text as key presses, one per rune.
func (s *screen) typeText(text string) {
	for _, r := range text {
		s.p.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func (s *screen) press(k tea.KeyPressMsg) { s.p.send(k) }

// readAsync starts a ReadLine and returns where its outcome arrives.
func (s *screen) readAsync(live bool) chan Outcome {
	c := make(chan Outcome, 1)
	go func() {
		line, err := s.p.ReadLine(context.Background(), live)
		c <- Outcome{Line: line, Err: err}
	}()
	return c
}

func has(rows []string, prefix string) bool {
	for _, r := range rows {
		if strings.HasPrefix(r, prefix) {
			return true
		}
	}
	return false
}

var (
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyCtrlC = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	keyCtrlO = tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}
	keyCtrlD = tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl}
	keyUp    = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown  = tea.KeyPressMsg{Code: tea.KeyDown}
	keyTab   = tea.KeyPressMsg{Code: tea.KeyTab}
)
