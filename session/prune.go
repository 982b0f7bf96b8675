package session

import (
	"context"
	"fmt"
	"time"
)

// RemoveStopped deletes the sessions ids under h, calling removed after
// each. It deletes none when one is unknown or running, or when ctx ends
// first.
func RemoveStopped(ctx context.Context, h Home, ids []string, removed func(id string)) error {
	list, err := List(h)
	if err != nil {
		return err
	}
	byID := map[string]Summary{}
	for _, s := range list {
		byID[s.ID] = s
	}
	for _, id := range ids {
		s, ok := byID[id]
		if !ok {
			return fmt.Errorf("no session %s under %s", id, h.SessionsDir())
		}
		if LiveState(ctx, s) == "running" {
			return fmt.Errorf("session %s is running (pid %d): stop it first", id, s.PID)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if err := Remove(h, id); err != nil {
			return err
		}
		removed(id)
	}
	return nil
}

// Prune deletes every session under h that is not running and has been
// idle olderThan at now, or that never got to its first model turn (or
// cannot be read). It calls pruned with each, after its removal, or
// instead of it with dryRun set; it returns how many it pruned. It stops
// with ctx's error when ctx ends.
func Prune(ctx context.Context, h Home, now time.Time, olderThan time.Duration, dryRun bool, pruned func(id string)) (int, error) {
	list, err := List(h)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range list {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if LiveState(ctx, s) == "running" {
			continue
		}
		if s.Turns > 0 && s.Err == nil && now.Sub(s.LastActivity) < olderThan {
			continue
		}
		n++
		if !dryRun {
			if err := Remove(h, s.ID); err != nil {
				return n, err
			}
		}
		pruned(s.ID)
	}
	return n, nil
}
