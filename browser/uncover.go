package browser

import (
	"context"
	"errors"
	"fmt"
)

// coverInfo is the page helper's cover() answer.
type coverInfo struct {
	Covered bool   `json:"covered"`
	Role    string `json:"role"`
	Text    string `json:"text"`
}

// uncover dismisses a non-modal pop-up that covers the message box (its
// editor or its send control is not hit-testable; notes §8: "a covered
// message box") before anything is typed: Escape first, as such pop-ups
// close on it, then its close control. A pop-up that stays is an adapter
// error with a snapshot. It says what it dismissed.
func (t *Transport) uncover(ctx context.Context, s *session) error {
	var c coverInfo
	if err := s.call(ctx, 0, &c, "cover"); err != nil || !c.Covered {
		return err
	}
	wait := func() (bool, error) {
		var gone bool
		err := s.call(ctx, 0, &gone, "waitUncovered", t.opts.StepTimeout.Milliseconds()/4)
		return gone, err
	}
	if err := s.key(ctx, "Escape", 27); err != nil {
		return err
	}
	gone, err := wait()
	if err != nil {
		return err
	}
	if !gone {
		if err := s.click(ctx, clickSpec{CoverClose: true}); err != nil && !errors.Is(err, errNoTarget) {
			return err
		}
		if gone, err = wait(); err != nil {
			return err
		}
	}
	if !gone {
		return s.adapterError(ctx, "composer", "uncover the message box", fmt.Sprintf("a %s pop-up covers it (%q) and did not close", c.Role, c.Text))
	}
	t.opts.note("a pop-up covered the message box (%s: %q): dismissed it before typing", c.Role, c.Text)
	return nil
}
