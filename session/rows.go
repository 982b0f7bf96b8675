package session

import (
	"context"
	"time"
)

// Row is one session as `wtagent sessions` lists it (and --json prints it).
type Row struct {
	ID           string    `json:"session_id"`
	Root         string    `json:"project_root"`
	State        string    `json:"state"`
	Turns        int       `json:"turns"`
	LastActivity time.Time `json:"last_activity"`
	Task         string    `json:"task"`
	Provider     string    `json:"provider"`
	Error        string    `json:"error,omitempty"`
}

// Rows lists the sessions under h, newest first, at most limit of them
// (0: all), with their live state; it stops with ctx's error when ctx
// ends.
func Rows(ctx context.Context, h Home, limit int) ([]Row, error) {
	list, err := List(h)
	if err != nil {
		return nil, err
	}
	if limit > 0 && len(list) > limit {
		list = list[:limit]
	}
	rows := make([]Row, 0, len(list))
	for _, s := range list {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r := Row{ID: s.ID, Root: s.Root, State: LiveState(ctx, s), Turns: s.Turns,
			LastActivity: s.LastActivity, Task: s.Task, Provider: s.Provider}
		if s.Err != nil {
			r.Error = s.Err.Error()
		}
		rows = append(rows, r)
	}
	return rows, nil
}
