package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/internal/ui"
)

// approvalKeys reads the keys of an approval question: Ctrl+C there is
// the run's first Ctrl+C (pause at the next safe point), never an answer.
type approvalKeys struct {
	ui.KeyReader
	// pause, when set, counts the press as the run's Ctrl+C (a key on a
	// terminal the program owns; in cooked mode it is a signal the run
	// sees itself).
	pause func()
}

// ReadKey implements ui.KeyReader.
func (k approvalKeys) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	r, err := k.KeyReader.ReadKey(ctx, prompt, keys)
	if errors.Is(err, ErrInterrupted) {
		if k.pause != nil {
			k.pause()
		}
		return r, fmt.Errorf("%w: %w", actors.ErrAskPaused, err)
	}
	return r, err
}
