package browser

import (
	"context"
	"fmt"
	"strings"
	"time"

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
)

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

// chooseEntry picks the cheaper exact entry method for text.
func chooseEntry(text string) entryMethod {
	if len(text) <= insertMaxBytes && strings.Count(text, "\n") <= insertMaxLines {
		return entryInsert
	}
	return entryDOM
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

// enter enters text exactly: the cheaper method first, the other one when
// the read-back differs. It returns the last check.
func (t *Transport) enter(ctx context.Context, s *session, text string, wantSend bool) (composerCheck, error) {
	first := chooseEntry(text)
	chk, err := s.enterText(ctx, text, first, wantSend)
	if err != nil || chk.Equal {
		return chk, err
	}
	t.opts.Logger.Warn("composer read-back differs; trying the other entry method", "method", first, "check", chk.String())
	second := entryDOM
	if first == entryDOM {
		if strings.Count(text, "\n") > 1500 {
			return chk, nil // insertText would take minutes
		}
		second = entryInsert
	}
	return s.enterText(ctx, text, second, wantSend)
}
