package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// pickKeys are the keys of the picker's rows, in order.
//
// LatestWhere, Latest and Pick run in wtagent run and resume after they
// released the signals (which ends the command's context): they ask the
// status sockets with a background context, each bounded by SocketLive.
const pickKeys = "123456789"

// LatestWhere is the session with the latest activity that is not
// running and passes keep: what `wtagent resume --last` continues.
func LatestWhere(h session.Home, keep func(session.Summary) bool) (session.Summary, error) {
	list, err := session.List(h)
	if err != nil {
		return session.Summary{}, err
	}
	for _, s := range list {
		if s.Err == nil && keep(s) && session.LiveState(context.Background(), s) != "running" {
			return s, nil
		}
	}
	return session.Summary{}, fmt.Errorf("no session to resume under %s", h.SessionsDir())
}

// Latest is the id of the session with the latest activity in root that
// is not running: what `wtagent -c` continues.
func Latest(h session.Home, root string) (string, error) {
	s, err := LatestWhere(h, func(s session.Summary) bool { return s.Root == root })
	if err != nil {
		return "", fmt.Errorf("no session to continue in %s", root)
	}
	return s.ID, nil
}

// Pick shows the latest sessions that are not running (task, root, age,
// state) and reads the user's choice; "" when the user quits.
func Pick(f *cmdutil.Factory, h session.Home, in Input) (string, error) {
	list, err := session.List(h)
	if err != nil {
		return "", err
	}
	var rows []session.Summary
	for _, s := range list {
		if s.Err == nil && session.LiveState(context.Background(), s) != "running" && len(rows) < len(pickKeys) {
			rows = append(rows, s)
		}
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("no session to resume under %s", h.SessionsDir())
	}
	out := f.IOStreams.Out
	table := [][]string{{"  ", "TASK", "ROOT", "AGE", "STATE"}}
	now := f.Now()
	for i, s := range rows {
		table = append(table, []string{"  " + string(pickKeys[i]), shorten(s.Task, 48), s.Root, age(now.Sub(s.LastActivity)), session.LiveState(context.Background(), s)})
	}
	cellwidth.Table(out, table)
	keys := pickKeys[:len(rows)] + "q"
	k, err := in.ReadKey(context.Background(), fmt.Sprintf("resume which session? [1-%d, q quits] › ", len(rows)), keys)
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
