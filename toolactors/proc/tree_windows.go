package proc

import (
	"context"
	"slices"
	"time"
)

// Tree is a process this runtime started plus everything it spawned:
// on Windows, the processes of its Job Object. A process cannot leave a
// job, so grandchildren that detach are still found.
type Tree struct {
	leader int
	job    *jobObject
	// console is the pseudo console the tree runs on, which the tree kill
	// types Ctrl+C into.
	console *pseudoConsole
}

// Member is one process of a tree (the job's processes, by pid).
type Member struct {
	pid int32
}

// Scan returns the job's live processes.
func (t Tree) Scan(context.Context) []Member {
	if t.job == nil {
		return nil
	}
	var out []Member
	for _, pid := range t.job.pids() {
		out = append(out, Member{pid: int32(pid)})
	}
	slices.SortFunc(out, func(a, b Member) int { return int(a.pid - b.pid) })
	return out
}

// Terminate stops the whole tree. Windows has no SIGTERM: when grace is
// positive and the tree's console is still open, Ctrl+C is typed into it
// (every process attached gets CTRL_C_EVENT, the Windows form of SIGINT
// to a terminal's foreground group) and the tree has up to grace to exit;
// then TerminateJobObject ends whatever is left in the job. Termed counts
// the job's processes when Ctrl+C was typed, Killed those still there
// after the grace period.
func (t Tree) Terminate(ctx context.Context, grace time.Duration) KillReport {
	start := time.Now()
	var rep KillReport
	known := t.Scan(ctx)
	if len(known) == 0 {
		rep.Took = time.Since(start)
		return rep
	}
	live := known
	if grace > 0 && t.console != nil && t.console.interrupt() == nil {
		rep.Termed = len(known)
		live = t.waitEmpty(ctx, start.Add(grace))
	}
	if len(live) > 0 {
		rep.Killed = len(live)
		_ = t.job.Terminate()
		live = t.waitEmpty(ctx, time.Now().Add(KillWait))
	}
	for _, m := range live {
		rep.Survivors = append(rep.Survivors, int(m.pid))
	}
	rep.Took = time.Since(start)
	return rep
}

// waitEmpty polls the job until it is empty or the deadline passes, and
// returns what is still in it.
func (t Tree) waitEmpty(ctx context.Context, deadline time.Time) []Member {
	for {
		live := t.Scan(ctx)
		if len(live) == 0 || !time.Now().Before(deadline) {
			return live
		}
		time.Sleep(min(pollEvery, time.Until(deadline)))
	}
}

// release closes the job; anything still in it is terminated.
func (t Tree) release() {
	if t.job != nil {
		t.job.close()
	}
}
