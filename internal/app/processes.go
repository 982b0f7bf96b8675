package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// running keeps the processes that are still up.
func running(ps []event.ProcessInfo) []event.ProcessInfo {
	var out []event.ProcessInfo
	for _, p := range ps {
		switch p.State {
		case event.ProcessStarting, event.ProcessRunning, event.ProcessReady:
			out = append(out, p)
		}
	}
	return out
}

// endProcesses decides what happens to dev servers still running at the
// end: kept with --keep-processes, asked on a terminal, stopped otherwise.
// Kept servers run until Ctrl+C (or the end of ctx), because they die
// with wtagent.
func (r *runEnv) endProcesses(ctx context.Context) {
	desc := r.stillRunning()
	if len(desc) == 0 {
		return
	}
	if r.renderer != nil {
		r.renderer.Sync() // the run's summary is on screen before the question
	}
	keep := r.o.Settings.KeepProcesses && !r.o.StopProcesses
	ios := r.o.Env.IO
	if !keep && !r.o.StopProcesses && ios.IsStdinTTY() && r.o.Input != nil && !r.hungUp {
		r.notice("still running: " + strings.Join(desc, "; "))
		ctx, stop := r.untilHangUp(ctx)
		k, err := r.o.Input.ReadKey(ctx, "keep them running? [k]eep (until Ctrl+C)  [s]top › ", "ks")
		keep = !stop() && err == nil && k == 'k'
	}
	if keep {
		r.notice("dev servers keep running: " + strings.Join(desc, "; ") + " — press Ctrl+C to stop them and exit")
		r.waitCtrlC(ctx)
	}
	r.stopProcesses(len(desc))
}

// stillRunning describes the dev servers still running (id, program, pid,
// URLs); none when they cannot be listed, which is noticed.
func (r *runEnv) stillRunning() []string {
	ps, err := r.rt.Processes()
	if err != nil {
		r.notice("could not list dev servers: " + err.Error())
		return nil
	}
	var desc []string
	for _, p := range running(ps) {
		d := fmt.Sprintf("%s (%s, pid %d)", p.ID, p.Program, p.PID)
		if len(p.URLs) > 0 {
			d += " at " + strings.Join(p.URLs, " ")
		}
		desc = append(desc, d)
	}
	return desc
}

// stopProcesses stops the n dev servers still running.
func (r *runEnv) stopProcesses(n int) {
	if _, err := r.rt.StopProcesses(time.Minute); err != nil {
		r.notice("stopping dev servers: " + err.Error())
		return
	}
	r.notice(fmt.Sprintf("stopped %d dev server(s)", n))
}

// waitCtrlC waits for Ctrl+C: the signal, or the key on a terminal the
// tui program keeps raw; or for the end of ctx.
func (r *runEnv) waitCtrlC(ctx context.Context) {
	sc, ok := r.o.Input.(*screenInput)
	if !ok {
		select {
		case <-r.sigs.c:
		case <-ctx.Done():
		}
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	key := make(chan struct{})
	go func() {
		defer close(key)
		sc.waitCtrlC(ctx)
	}()
	select {
	case <-r.sigs.c:
	case <-key:
	case <-ctx.Done():
	}
}
