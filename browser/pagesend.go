package browser

import (
	"context"
	"errors"
	"fmt"
)

// SendReport is doctor --page's check of the send control: one character
// typed into the composer must show it (the 2026-09 page has it only
// while the composer holds text), and the composer is emptied again.
// Nothing is sent.
type SendReport struct {
	// Found means the send control showed once the composer held text;
	// How says what found it: "testid", "structure" (the composer form's
	// submit control) or "label" (an English label, the last fallback).
	Found   bool   `json:"found"`
	How     string `json:"how,omitempty"`
	Enabled bool   `json:"enabled"`
	// Cleared means the composer is empty again afterwards.
	Cleared bool   `json:"cleared"`
	Error   string `json:"error,omitempty"`
}

// errSentByCheck is a send control check that sent something: it must not.
var errSentByCheck = errors.New("the page sent a conversation request during the check")

// checkSend types one character, looks for the send control, and deletes
// the character again.
func (t *Transport) checkSend(ctx context.Context, s *session) SendReport {
	var r SendReport
	mark := s.net.Mark()
	if _, err := s.enterText(ctx, "x", entryInsert, false); err != nil {
		r.Error = fmt.Sprintf("typing into the composer: %v", err)
		return r
	}
	p, err := s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool { return p.Send.Present })
	if err != nil && (s.gone() || ctx.Err() != nil) {
		r.Error = err.Error()
		return r
	}
	r.Found, r.Enabled = p.Send.Present, p.Send.Enabled
	if r.Found {
		if err := s.call(ctx, 0, &r.How, "sendHow"); err != nil {
			r.Error = err.Error()
		}
	}
	chk, err := s.enterText(ctx, "", entryDOM, false)
	r.Cleared = err == nil && chk.Equal
	if _, sent := postedStream(s, mark); sent {
		r.Error = errSentByCheck.Error()
	}
	switch {
	case r.Error != "":
	case !r.Found:
		r.Error = "no send control showed after typing one character into the composer"
	case !r.Cleared:
		r.Error = "the composer could not be emptied again: delete the character by hand"
	}
	return r
}
