//go:build unix

package proc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/shirou/gopsutil/v3/process"
)

// Tree is a process this runtime started plus everything it spawned.
// The leader called setsid, so its pid is also its process group; every
// descendant inherits marker in its environment, which finds grandchildren
// that started their own session and were reparented away (an orphaned
// `setsid` child is no longer a descendant by parent pid).
type Tree struct {
	leader int
	// marker is "WTAGENT_TREE=<token>", set in the leader's environment.
	marker string
}

// Scan returns the tree's live members: the process group, the marked
// processes, and every descendant of those by parent pid.
func (t Tree) Scan(ctx context.Context) []Member {
	pids, err := process.PidsWithContext(ctx)
	if err != nil {
		return nil
	}
	self := int32(os.Getpid())
	children := map[int32][]int32{}
	created := map[int32]int64{}
	var roots []int32
	for _, pid := range pids {
		if pid <= 1 || pid == self {
			continue
		}
		p, err := process.NewProcessWithContext(ctx, pid)
		if err != nil {
			continue
		}
		ppid, err := p.PpidWithContext(ctx)
		if err != nil {
			continue
		}
		ct, _ := p.CreateTimeWithContext(ctx)
		created[pid] = ct
		children[ppid] = append(children[ppid], pid)
		if int(pid) == t.leader || pgidOf(pid) == t.leader || t.marked(ctx, p) {
			roots = append(roots, pid)
		}
	}
	seen := map[int32]bool{}
	var out []Member
	for len(roots) > 0 {
		pid := roots[0]
		roots = roots[1:]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		if !isZombie(ctx, pid) {
			out = append(out, Member{pid: pid, created: created[pid]})
		}
		roots = append(roots, children[pid]...)
	}
	slices.SortFunc(out, func(a, b Member) int { return int(a.pid - b.pid) })
	return out
}

func pgidOf(pid int32) int {
	g, err := syscall.Getpgid(int(pid))
	if err != nil {
		return -1
	}
	return g
}

// marked reports whether p's environment holds the tree's marker.
func (t Tree) marked(ctx context.Context, p *process.Process) bool {
	if t.marker == "" {
		return false
	}
	env, err := p.EnvironWithContext(ctx)
	if err != nil {
		return false
	}
	return slices.Contains(env, t.marker)
}

func isZombie(ctx context.Context, pid int32) bool {
	p := &process.Process{Pid: pid}
	st, err := p.StatusWithContext(ctx)
	return err == nil && len(st) > 0 && st[0] == process.Zombie
}

// alive reports whether m still runs (not gone, not a zombie, pid not
// reused).
func (m Member) alive(ctx context.Context) bool {
	if err := syscall.Kill(int(m.pid), 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	p := &process.Process{Pid: m.pid}
	if ct, err := p.CreateTimeWithContext(ctx); err != nil || (m.created != 0 && !sameStart(ct, m.created)) {
		return false
	}
	return !isZombie(ctx, m.pid)
}

// signal sends sig to each live Member, and to the process group when
// group is set; it returns how many live members it signalled (counted
// before the group signal, which may end them at once).
func (t Tree) signal(ctx context.Context, ms []Member, sig syscall.Signal, group bool) int {
	var live []Member
	for _, m := range ms {
		if m.alive(ctx) {
			live = append(live, m)
		}
	}
	if group {
		_ = syscall.Kill(-t.leader, sig)
	}
	for _, m := range live {
		_ = syscall.Kill(int(m.pid), sig)
	}
	return len(live)
}

// Terminate stops the whole tree: snapshot it, SIGTERM (and SIGCONT) every
// member and the group, wait up to grace while re-scanning for new
// members (which get SIGTERM too), then SIGKILL whatever is left and wait
// for it to go.
func (t Tree) Terminate(ctx context.Context, grace time.Duration) KillReport {
	ctx = context.WithoutCancel(ctx)
	start := time.Now()
	var rep KillReport
	known := t.Scan(ctx) // before any signal, while the tree is intact
	rep.Termed = t.signal(ctx, known, syscall.SIGTERM, true)
	t.signal(ctx, known, syscall.SIGCONT, true)
	live := t.waitGone(ctx, known, start.Add(grace), syscall.SIGTERM, &rep.Termed)
	if len(live) > 0 {
		live = mergeMembers(live, t.Scan(ctx))
		rep.Killed = t.signal(ctx, live, syscall.SIGKILL, true)
		live = t.waitGone(ctx, live, time.Now().Add(KillWait), syscall.SIGKILL, &rep.Killed)
	}
	for _, m := range live {
		rep.Survivors = append(rep.Survivors, int(m.pid))
	}
	rep.Took = time.Since(start)
	return rep
}

// waitGone polls until every Member is gone or the deadline passes, and
// returns those still alive. It re-scans for members forked meanwhile and
// sends them sig, counting them in *sent.
func (t Tree) waitGone(ctx context.Context, ms []Member, deadline time.Time, sig syscall.Signal, sent *int) []Member {
	lastScan := time.Time{}
	for {
		if time.Since(lastScan) >= rescanEvery {
			var fresh []Member
			for _, m := range t.Scan(ctx) {
				if !slices.Contains(ms, m) {
					fresh = append(fresh, m)
				}
			}
			*sent += t.signal(ctx, fresh, sig, false)
			ms, lastScan = append(ms, fresh...), time.Now()
		}
		live := ms[:0:0]
		for _, m := range ms {
			if m.alive(ctx) {
				live = append(live, m)
			}
		}
		if len(live) == 0 || !time.Now().Before(deadline) {
			return live
		}
		ms = live
		time.Sleep(min(pollEvery, time.Until(deadline)))
	}
}

// release frees what the tree holds; on Unix it holds nothing.
func (t Tree) release() {}

func newTreeMarker() string { return TreeMarkerKey + "=" + randomHex(8) }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Member is one process of a tree, identified by pid and start time so a
// reused pid is never signalled.
type Member struct {
	pid     int32
	created int64
}

// sameStart compares start times in milliseconds. gopsutil derives them
// from the boot time, which jitters by a second on some virtual machines,
// so a small difference is the same process; a reused pid started later.
func sameStart(a, b int64) bool {
	d := a - b
	return d >= -2000 && d <= 2000
}

func mergeMembers(a, b []Member) []Member {
	out := slices.Clone(a)
	for _, m := range b {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}
