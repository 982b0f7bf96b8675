package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/session"
)

// pickKeys are the keys of the picker's rows, in order.
const pickKeys = "123456789"

// LatestWhere is the session with the latest activity that is not
// running and passes keep: what `wtagent resume --last` continues.
func LatestWhere(ctx context.Context, h session.Home, keep func(session.Summary) bool) (session.Summary, error) {
	list, err := session.List(h)
	if err != nil {
		return session.Summary{}, err
	}
	for _, s := range list {
		if s.Err == nil && keep(s) && session.LiveState(ctx, s) != "running" {
			return s, nil
		}
	}
	return session.Summary{}, fmt.Errorf("no session to resume under %s", h.SessionsDir())
}

// Latest is the id of the session with the latest activity in root that
// is not running: what `wtagent -c` continues.
func Latest(ctx context.Context, h session.Home, root string) (string, error) {
	s, err := LatestWhere(ctx, h, func(s session.Summary) bool { return s.Root == root })
	if err != nil {
		return "", fmt.Errorf("no session to continue in %s", root)
	}
	return s.ID, nil
}

// Pick shows the latest sessions that are not running (task, root, age,
// state) and reads the user's choice; "" when the user quits.
func Pick(ctx context.Context, env Env, h session.Home, in Input) (string, error) {
	list, err := session.List(h)
	if err != nil {
		return "", err
	}
	var rows []session.Summary
	for _, s := range list {
		if s.Err == nil && session.LiveState(ctx, s) != "running" && len(rows) < len(pickKeys) {
			rows = append(rows, s)
		}
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("no session to resume under %s", h.SessionsDir())
	}
	out := env.IO.Out
	table := [][]string{{"  ", "TASK", "ROOT", "AGE", "STATE"}}
	now := env.Now()
	for i, s := range rows {
		table = append(table, []string{"  " + string(pickKeys[i]), shorten(s.Task, 48), s.Root, age(now.Sub(s.LastActivity)), session.LiveState(ctx, s)})
	}
	cellwidth.Table(out, table)
	keys := pickKeys[:len(rows)] + "q"
	k, err := in.ReadKey(ctx, fmt.Sprintf("resume which session? [1-%d, q quits] › ", len(rows)), keys)
	if errors.Is(err, ErrInterrupted) || k == 'q' {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return rows[strings.IndexRune(pickKeys, k)].ID, nil
}

// shorten is s on one line, cut to n terminal cells.
func shorten(s string, n int) string {
	return cellwidth.Truncate(strings.Join(strings.Fields(s), " "), n, "…")
}

// age says how long ago, coarsely.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}
