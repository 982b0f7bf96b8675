package supervisor

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// refOf returns the Ref a typed reply echoes.
func refOf(t *testing.T, v any) Ref {
	t.Helper()
	switch r := v.(type) {
	case ChildStartResult:
		return r.Ref
	case ChildStopResult:
		return r.Ref
	case ChildrenResult:
		return r.Ref
	case WatchResult:
		return r.Ref
	case StopResult:
		return r.Ref
	case RequestFailed:
		return r.Ref
	}
	t.Fatalf("reply %#v is not a typed reply", v)
	return 0
}

// restartingSub starts root/sub, a supervisor that escalates its child's
// first crash, and returns its PID once root waits (an hour) to restart
// it: its PID is then held by a placeholder.
func restartingSub(t *testing.T, e *actor.Engine) *actor.PID {
	rec := newRecorder()
	sub := Spec{Intensity: -1, Children: []ChildSpec{spec("w", Permanent, workerOf(nil))}}
	startRoot(t, e, Spec{
		Children: []ChildSpec{{ID: "sub", Producer: New(sub), Backoff: Backoff{Min: time.Hour}}},
		OnEvent:  rec.hook,
	})
	e.Send(PIDOf(e, "root/sub/w"), boom{})
	rec.wait(t, "root/sub waits to restart", is(EventRestarting, "root/sub", 1))
	return PIDOf(e, "root/sub")
}

// closingRoot returns a root that is stopping: its child "slow" is in its
// Stopped handler, held until the test ends.
func closingRoot(t *testing.T, e *actor.Engine) *actor.PID {
	rec := newRecorder()
	release := make(chan struct{})
	slow := workerOf(nil, func(w *worker) {
		w.onStop = func(c *actor.Context) {
			select {
			case <-release:
			case <-Ctx(c).Done():
			}
		}
	})
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{{ID: "slow", Producer: slow, Shutdown: waitLimit}},
		OnEvent:  rec.hook,
	})
	t.Cleanup(func() { close(release) }) // runs before startRoot's shutdown
	e.Send(root.PID(), Stop{})
	rec.wait(t, "the root stops its child", is(EventStopping, "root/slow", 1))
	return root.PID()
}

// rootWith starts a root with one permanent worker "w".
func rootWith(t *testing.T, e *actor.Engine) *actor.PID {
	return startRoot(t, e, Spec{Children: []ChildSpec{spec("w", Permanent, workerOf(nil))}}).PID()
}

func emptyRoot(t *testing.T, e *actor.Engine) *actor.PID { return startRoot(t, e, Spec{}).PID() }

// TestRequestReplies sends each supervisor request from an actor's point
// of view (Send, a Ref, a ReplyTo) and checks the typed reply: its type,
// the Ref echoed, and its failure.
func TestRequestReplies(t *testing.T) {
	failing := workerOf(nil, func(w *worker) { w.onStart = func(*actor.Context) { panic("no") } })
	tests := []struct {
		name    string
		sup     func(*testing.T, *actor.Engine) *actor.PID
		req     func(Ask) Request
		want    any   // a zero value of the reply's type
		wantErr error // nil: success
		check   func(*testing.T, *actor.Engine, any)
	}{
		{
			name: "start", sup: emptyRoot, want: ChildStartResult{},
			req: func(a Ask) Request { return StartChild{Ask: a, Spec: spec("w", Temporary, workerOf(nil))} },
			check: func(t *testing.T, e *actor.Engine, v any) {
				if r := v.(ChildStartResult); r.ID != "w" || r.PID == nil || !r.PID.Equals(PIDOf(e, "root/w")) {
					t.Errorf("reply %+v, want ID w and PID of root/w", r)
				}
			},
		},
		{
			name: "start duplicate", sup: rootWith, want: ChildStartResult{}, wantErr: ErrDuplicateChild,
			req: func(a Ask) Request { return StartChild{Ask: a, Spec: spec("w", Temporary, workerOf(nil))} },
		},
		{
			name: "start invalid spec", sup: emptyRoot, want: ChildStartResult{}, wantErr: ErrBadSpec,
			req: func(a Ask) Request { return StartChild{Ask: a, Spec: spec("bad/id", Temporary, workerOf(nil))} },
		},
		{
			name: "start failing in Started", sup: emptyRoot, want: ChildStartResult{}, wantErr: ErrChildFailed,
			req: func(a Ask) Request { return StartChild{Ask: a, Spec: spec("f", Temporary, failing)} },
		},
		{
			name: "start while shutting down", sup: closingRoot, want: ChildStartResult{}, wantErr: ErrShuttingDown,
			req: func(a Ask) Request { return StartChild{Ask: a, Spec: spec("late", Temporary, workerOf(nil))} },
		},
		{
			name: "start on a restarting supervisor", sup: restartingSub, want: ChildStartResult{}, wantErr: ErrRestarting,
			req: func(a Ask) Request { return StartChild{Ask: a, Spec: spec("x", Temporary, workerOf(nil))} },
			check: func(t *testing.T, _ *actor.Engine, v any) {
				if r := v.(ChildStartResult); r.ID != "x" || r.PID != nil {
					t.Errorf("reply %+v, want ID x and no PID", r)
				}
			},
		},
		{
			name: "stop", sup: rootWith, want: ChildStopResult{},
			req: func(a Ask) Request { return StopChild{Ask: a, ID: "w"} },
			check: func(t *testing.T, _ *actor.Engine, v any) {
				if r := v.(ChildStopResult); r.ID != "w" || r.Reason != Shutdown {
					t.Errorf("reply %+v, want w stopped with reason shutdown", r)
				}
			},
		},
		{
			name: "stop unknown child", sup: rootWith, want: ChildStopResult{}, wantErr: ErrNoChild,
			req: func(a Ask) Request { return StopChild{Ask: a, ID: "nobody"} },
		},
		{
			name: "stop on a restarting supervisor", sup: restartingSub, want: ChildStopResult{}, wantErr: ErrRestarting,
			req: func(a Ask) Request { return StopChild{Ask: a, ID: "w"} },
		},
		{
			name: "which children", sup: rootWith, want: ChildrenResult{},
			req: func(a Ask) Request { return WhichChildren{Ask: a} },
			check: func(t *testing.T, _ *actor.Engine, v any) {
				if r := v.(ChildrenResult); len(r.Children) != 1 || r.Children[0].Path != "root/w" {
					t.Errorf("reply %+v, want root/w", r)
				}
			},
		},
		{
			name: "which children of a restarting supervisor", sup: restartingSub, want: ChildrenResult{}, wantErr: ErrRestarting,
			req: func(a Ask) Request { return WhichChildren{Ask: a} },
		},
		{
			name: "watch", sup: rootWith, want: WatchResult{},
			req: func(a Ask) Request { return Watch{Ask: a} },
		},
		{
			name: "stop the supervisor", sup: rootWith, want: StopResult{},
			req: func(a Ask) Request { return Stop{Ask: a} },
		},
		{
			name: "another request to a restarting child", sup: restartingSub, want: RequestFailed{}, wantErr: ErrRestarting,
			req: func(a Ask) Request { return get{a} },
		},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t)
			sup := tt.sup(t, e)
			to, replies := inbox(t, e)
			ref := Ref(100 + i)
			e.Send(sup, tt.req(Ask{Ref: ref, ReplyTo: to}))
			v := next(t, replies)
			if fmt.Sprintf("%T", v) != fmt.Sprintf("%T", tt.want) {
				t.Fatalf("reply %#v, want a %T", v, tt.want)
			}
			if got := refOf(t, v); got != ref {
				t.Errorf("reply Ref %d, want %d", got, ref)
			}
			err := v.(result).failure()
			if tt.wantErr == nil && err != nil || !errors.Is(err, tt.wantErr) {
				t.Errorf("reply error %v, want %v", err, tt.wantErr)
			}
			if tt.check != nil {
				tt.check(t, e, v)
			}
		})
	}
}

// gate is a child whose Started waits for the test: its supervisor, which
// runs Started, is blocked until then.
func gate(release <-chan struct{}) actor.Producer {
	return workerOf(nil, func(w *worker) {
		w.onStart = func(*actor.Context) { <-release }
	})
}

// startMany is the caller actor's cue to send its requests.
type startMany struct{ a, b *actor.PID }

// TestManyStartChildInFlight: one actor sends many StartChild requests at
// once, to two supervisors, without waiting; the first one blocks its
// supervisor, so its reply comes last. The actor matches every reply to
// its request by Ref alone.
func TestManyStartChildInFlight(t *testing.T) {
	const n = 40
	e := newEngine(t)
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	root := startRoot(t, e, Spec{Children: []ChildSpec{
		{ID: "a", Producer: New(Spec{})},
		{ID: "b", Producer: New(Spec{})},
	}})
	t.Cleanup(open)
	a, b := ChildPID(root.PID(), "a"), ChildPID(root.PID(), "b")

	// sent[ref] is the request; each reply is checked against it.
	type matched struct {
		sent  StartChild
		reply ChildStartResult
	}
	got := make(chan matched, 2*n)
	sent := map[Ref]StartChild{}
	var refs Refs
	caller := e.SpawnFunc(func(c *actor.Context) {
		switch m := c.Message().(type) {
		case startMany:
			send := func(to *actor.PID, cs ChildSpec) {
				req := StartChild{Ask: Ask{Ref: refs.Next()}, Spec: cs}
				sent[req.Ref] = req
				c.Send(to, req)
			}
			send(m.a, spec("gated", Temporary, gate(release)))
			for i := range n {
				id := fmt.Sprintf("c-%d", i)
				switch i % 4 {
				case 1: // a second start of the previous ID
					id = fmt.Sprintf("c-%d", i-1)
				case 2:
					id = fmt.Sprintf("bad/%d", i)
				}
				send(m.b, spec(id, Temporary, workerOf(nil)))
			}
		case ChildStartResult:
			got <- matched{sent: sent[m.Ref], reply: m}
		}
	}, "caller")
	t.Cleanup(func() { <-e.Poison(caller).Done() })
	e.Send(caller, startMany{a: a, b: b})

	seen := map[Ref]bool{}
	check := func(m matched) {
		t.Helper()
		ref, id := m.reply.Ref, m.sent.Spec.ID
		if seen[ref] {
			t.Fatalf("a second reply for Ref %d", ref)
		}
		seen[ref] = true
		var want error
		switch {
		case m.sent.Ref != ref:
			t.Fatalf("reply with Ref %d matches no request", ref)
		case id == "gated":
		case id[0] == 'b':
			want = ErrBadSpec
		case int(ref)%4 == 3: // the request sent second for its ID
			want = ErrDuplicateChild
		}
		if m.reply.ID != id || !errors.Is(m.reply.Err, want) || want == nil && m.reply.Err != nil || (m.reply.PID != nil) != (want == nil) {
			t.Errorf("Ref %d (start %s): reply %+v, want error %v", ref, id, m.reply, want)
		}
	}
	for range n {
		m := next(t, got)
		if m.sent.Spec.ID == "gated" {
			t.Fatal("the blocked supervisor answered before it was released")
		}
		check(m)
	}
	open()
	last := next(t, got)
	if last.sent.Spec.ID != "gated" || last.reply.Ref != 1 {
		t.Fatalf("last reply %+v, want the gated start (Ref 1)", last)
	}
	check(last)
	if len(children(t, e, b)) != n/2 {
		t.Errorf("b has %d children, want %d", len(children(t, e, b)), n/2)
	}
}
