package browser

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
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
		if err := t.handleModal(ctx, s); err != nil {
			return p, err
		}
		if p, err = s.snap(ctx); err != nil {
			return p, err
		}
	}
	if err := t.ensureChat(ctx, s); err != nil {
		return p, err
	}
	return p, nil
}

// modalInfo is the page helper's modalInfo() answer.
type modalInfo struct {
	Open bool `json:"open"`
	// Kind is rate_limit (the conversation-history rate-limit modal, by
	// its testid or its words) or dialog (any other).
	Kind   string `json:"kind"`
	TestID string `json:"testid"`
	Text   string `json:"text"`
}

// handleModal deals with the modal over the composer: any modal is
// dismissed; the rate-limit modal then fails the step as a rate limit with
// the page's words (the run pauses and can be resumed).
func (t *Transport) handleModal(ctx context.Context, s *session) error {
	var m modalInfo
	if err := s.call(ctx, 0, &m, "modalInfo"); err != nil {
		return err
	}
	if !m.Open {
		return nil
	}
	t.opts.Logger.Info("a modal covers the page", "kind", m.Kind, "testid", m.TestID, "text", m.Text)
	if err := t.dismissModal(ctx, s); err != nil {
		return err
	}
	if m.Kind == "rate_limit" {
		t.report(event.ModelRateLimited, "ChatGPT rate limit: "+m.Text, "")
		return failure(messages.FailRateLimit, fmt.Errorf("%w: the page showed a rate-limit modal: %s", model.ErrRateLimit, m.Text))
	}
	return nil
}

// ensureChat switches the 2026-09 page's Chat/Work switch to Chat: Work
// turns use other models and always hand off.
func (t *Transport) ensureChat(ctx context.Context, s *session) error {
	var cm struct {
		Present bool `json:"present"`
		Chat    bool `json:"chat"`
	}
	if err := s.call(ctx, 0, &cm, "chatMode"); err != nil || !cm.Present || cm.Chat {
		return err
	}
	t.opts.Logger.Info("the composer is in Work mode; switching to Chat")
	if err := s.click(ctx, clickSpec{Chat: true}); err != nil {
		if errors.Is(err, errNoTarget) {
			return s.adapterError(ctx, "modeSwitch", "switch the composer to Chat", "")
		}
		return err
	}
	return nil
}

// dismissModal closes a modal dialog (Escape, then its close
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
	t.report(event.ModelTakeoverRequired, "a dialog blocks the ChatGPT composer: close it in the Chrome window wtagent opened", "")
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
			t.report(event.ModelReady, "the dialog is closed", "")
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
