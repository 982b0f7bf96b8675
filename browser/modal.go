package browser

import (
	"context"
	"errors"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// prepare makes the composer usable: logged in, present, no modal over it.
func (t *Transport) prepare(ctx context.Context, s *session) (pageSnap, error) {
	p, err := s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool { return p.Composer || p.Challenge != "" || p.Login != "" })
	if err != nil && (s.gone() || ctx.Err() != nil) {
		return p, s.wrap(ctx, err)
	}
	if p.Challenge != "" || !p.Composer || p.Login != "" {
		here := p.URL
		if here == "" {
			here = t.opts.BaseURL + "/"
		}
		if err := t.ensureLoggedIn(ctx, s, here); err != nil {
			return p, err
		}
		p, err = s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool { return p.Composer })
		if err != nil {
			if s.gone() || ctx.Err() != nil {
				return p, s.wrap(ctx, err)
			}
			return p, s.adapterError(ctx, "composer", "find the composer", "")
		}
	}
	if p.Modal {
		if err := t.dismissModal(ctx, s); err != nil {
			return p, err
		}
		return s.snap(ctx)
	}
	return p, nil
}

// dismissModal closes a #modal-beacon dialog (Escape, then its close
// button); one that stays is left to the user, who is asked to close it.
func (t *Transport) dismissModal(ctx context.Context, s *session) error {
	for i := 0; i < 4; i++ {
		var open bool
		if err := s.call(ctx, 0, &open, "modal"); err != nil {
			return err
		}
		if !open {
			return nil
		}
		var err error
		if i%2 == 0 {
			err = s.key(ctx, "Escape", 27)
		} else {
			err = s.click(ctx, clickSpec{ModalClose: true})
		}
		if err != nil && !errors.Is(err, errNoTarget) {
			return err
		}
		if err := s.sleep(ctx, 150*time.Millisecond); err != nil {
			return err
		}
	}
	t.report(messages.ModelTakeoverRequired, "a dialog blocks the ChatGPT composer: close it in the Chrome window wtagent opened", "")
	if !t.opts.Headless {
		_ = s.setWindow(ctx, "normal")
	}
	wctx, cancel := context.WithTimeout(ctx, t.opts.LoginTimeout)
	defer cancel()
	for {
		var open bool
		if err := s.call(wctx, 0, &open, "modal"); err != nil {
			return err
		}
		if !open {
			t.minimise(ctx, s)
			t.report(messages.ModelReady, "the dialog is closed", "")
			return nil
		}
		if err := s.sleep(wctx, 500*time.Millisecond); err != nil {
			if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
				return s.adapterError(ctx, "modal", "close a blocking dialog", "the dialog stayed open")
			}
			return err
		}
	}
}
