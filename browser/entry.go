package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// entryMethod is how text gets into the composer.
type entryMethod int

const (
	// entryDOM replaces the editor's content in one page-side call, one
	// <p> per line, and lets ProseMirror read the change: linear in the
	// text's size.
	entryDOM entryMethod = iota
	// entryInsert is one Input.insertText: trusted input, fast for short
	// text, but each newline costs a paragraph split that grows with the
	// document, so it is quadratic in the number of lines.
	entryInsert
	// entryPaste is a synthetic paste per chunk of at most pasteChunk
	// characters (the way oracle enters prompts on the live 2026 page),
	// never one over the page's paste-to-attachment threshold.
	entryPaste
)

// pasteChunk is the longest paste (UTF-16 code units, as the page counts):
// below every paste-to-attachment threshold seen (10,000 live, 5,000 in
// the mock).
const pasteChunk = 4000

// errPastedAsFile means the page turned a paste into an attachment (which
// was removed again).
var errPastedAsFile = errors.New("the page turned the paste into an attachment")

func (m entryMethod) String() string {
	return [...]string{"dom", "insert", "paste"}[m]
}

// chunks cuts text into pieces of at most n UTF-16 code units, never inside
// a rune.
func chunks(text string, n int) []string {
	var out []string
	start, units := 0, 0
	for i, r := range text {
		u := utf16.RuneLen(r)
		if u < 0 {
			u = 1
		}
		if units+u > n {
			out = append(out, text[start:i])
			start, units = i, 0
		}
		units += u
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// insertTextLimit bounds the text entryInsert is chosen for.
const (
	insertMaxBytes = 4 << 10
	insertMaxLines = 40
)

// composerCheck is the page's waitComposer answer.
type composerCheck struct {
	Equal bool   `json:"equal"`
	Send  bool   `json:"send"`
	Len   int    `json:"len"`
	At    int    `json:"at"`
	Got   string `json:"got"`
	Want  string `json:"want"`
}

func (c composerCheck) String() string {
	if c.Equal {
		return "equal"
	}
	return fmt.Sprintf("differs at %d (got %q, want %q; %d chars)", c.At, c.Got, c.Want, c.Len)
}

// normalizeText makes text representable in the editor: CR LF and lone CR
// become LF (a ProseMirror document has no carriage returns).
func normalizeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// entryOrder is the order entry methods are tried in for text: short text
// as trusted input; longer text pasted in chunks, then as one DOM
// replacement (whether the live page accepts that for many lines is not
// known), then as trusted input when it has few enough lines.
func entryOrder(text string) []entryMethod {
	if len(text) <= insertMaxBytes && strings.Count(text, "\n") <= insertMaxLines {
		return []entryMethod{entryInsert, entryPaste, entryDOM}
	}
	if strings.Count(text, "\n") > 1500 {
		return []entryMethod{entryPaste, entryDOM} // insertText would take minutes
	}
	return []entryMethod{entryPaste, entryDOM, entryInsert}
}

// composerWait is how long the editor gets to take text of n bytes.
func composerWait(n int) time.Duration {
	return 3*time.Second + time.Duration(n/20)*time.Millisecond
}

// enterText puts text into the composer with method and reads it back.
// wantSend also waits for the send button to be enabled.
func (s *session) enterText(ctx context.Context, text string, method entryMethod, wantSend bool) (composerCheck, error) {
	var chk composerCheck
	wait := composerWait(len(text))
	var set struct {
		OK     bool   `json:"ok"`
		Reason string `json:"reason"`
	}
	switch method {
	case entryDOM:
		if err := s.call(ctx, 0, &set, "setComposer", text); err != nil {
			return chk, err
		}
	case entryPaste:
		if err := s.call(ctx, 0, &set, "setComposer", ""); err != nil {
			return chk, err
		}
		for _, c := range chunks(text, pasteChunk) {
			if !set.OK {
				break
			}
			var pr struct {
				OK       bool `json:"ok"`
				Attached bool `json:"attached"`
			}
			if err := s.call(ctx, 0, &pr, "pasteText", c); err != nil {
				return chk, err
			}
			if pr.Attached {
				_ = s.call(ctx, 0, &set, "setComposer", "")
				return chk, errPastedAsFile
			}
			set.OK = pr.OK
		}
	case entryInsert:
		if err := s.call(ctx, 0, &set, "setComposer", ""); err != nil {
			return chk, err
		}
		if set.OK {
			if err := s.call(ctx, 5*time.Second, &chk, "waitComposer", "", false, 2000); err != nil {
				return chk, err
			}
			var focused bool
			if err := s.call(ctx, 0, &focused, "focusEnd"); err != nil {
				return chk, err
			}
			// Each newline costs a paragraph split that grows with the
			// document: allow for the quadratic cost.
			lines := time.Duration(strings.Count(text, "\n"))
			cctx, cancel := s.bind(ctx, s.opts.StepTimeout+wait+lines*lines*50*time.Microsecond)
			_, err := chromedp.Call(cctx, input.InsertText, input.InsertTextParams{Text: text})
			cancel()
			if err != nil {
				return chk, s.wrap(ctx, err)
			}
		}
	}
	if !set.OK {
		return chk, errNoTarget
	}
	err := s.call(ctx, wait+5*time.Second, &chk, "waitComposer", text, wantSend, wait.Milliseconds())
	return chk, err
}

// enter enters text exactly, trying the methods of entryOrder until the
// read-back is exact. It returns the last check.
func (t *Transport) enter(ctx context.Context, s *session, text string, wantSend bool) (composerCheck, error) {
	var chk composerCheck
	var err error
	for _, m := range entryOrder(text) {
		chk, err = s.enterText(ctx, text, m, wantSend)
		switch {
		case errors.Is(err, errPastedAsFile):
			t.opts.Logger.Warn("the page made the paste an attachment (removed); trying the next entry method", "method", m)
			continue
		case err != nil || chk.Equal:
			t.opts.Logger.Debug("message entered", "method", m, "bytes", len(text), "equal", chk.Equal)
			return chk, err
		}
		t.opts.Logger.Warn("composer read-back differs; trying the next entry method", "method", m, "check", chk.String())
	}
	if errors.Is(err, errPastedAsFile) {
		err = nil // the last method's paste became a file: report the read-back
	}
	return chk, err
}
