package supervisor

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func TestCallReturnsTheTypedReply(t *testing.T) {
	e := newEngine(t)
	root := startRoot(t, e, Spec{})
	r := callOK[ChildStartResult](t, e, root.PID(), StartChild{Ask: Ask{Ref: 9}, Spec: spec("w", Temporary, workerOf(nil))})
	if r.Ref != 9 || r.ID != "w" || r.PID == nil {
		t.Fatalf("reply %+v", r)
	}
	// A failure comes back both in the reply and as the error.
	r, err := callT[ChildStartResult](t, e, root.PID(), StartChild{Ask: Ask{Ref: 10}, Spec: spec("w", Temporary, workerOf(nil))})
	if !errors.Is(err, ErrDuplicateChild) || !errors.Is(r.Err, ErrDuplicateChild) || r.Ref != 10 {
		t.Fatalf("reply %+v, %v; want ErrDuplicateChild", r, err)
	}
}

// silent is an actor that never answers.
func silent(t *testing.T, e *actor.Engine) *actor.PID {
	pid := e.SpawnFunc(func(*actor.Context) {}, "silent")
	t.Cleanup(func() { <-e.Poison(pid).Done() })
	return pid
}

func TestCallEndsWithItsContext(t *testing.T) {
	e := newEngine(t)
	pid := silent(t, e)

	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	_, err := Call[ChildrenResult](expired, e, pid, WhichChildren{})
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("past deadline: %v, want ErrTimeout and DeadlineExceeded", err)
	}

	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	_, err = Call[ChildrenResult](cancelled, e, pid, WhichChildren{})
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrTimeout) {
		t.Fatalf("cancelled: %v, want context.Canceled and no ErrTimeout", err)
	}
}

func TestCallRefusesAReplyTo(t *testing.T) {
	e := newEngine(t)
	pid := silent(t, e)
	_, err := Call[ChildrenResult](context.Background(), e, pid, WhichChildren{Ask{ReplyTo: pid}})
	if !errors.Is(err, ErrBadSpec) {
		t.Fatalf("Call with a ReplyTo: %v, want ErrBadSpec", err)
	}
}

func TestDecodeReply(t *testing.T) {
	pid := actor.NewPID("local", "supervisor/root")
	boom := errors.New("boom")
	tests := []struct {
		name    string
		reply   any
		want    ChildStartResult
		wantErr error
		errText string
	}{
		{name: "typed", reply: ChildStartResult{Ref: 1, ID: "w"}, want: ChildStartResult{Ref: 1, ID: "w"}},
		{name: "typed failure", reply: ChildStartResult{Ref: 2, ID: "w", Err: boom}, want: ChildStartResult{Ref: 2, ID: "w", Err: boom}, wantErr: boom},
		{name: "request failed", reply: RequestFailed{Ref: 3, Err: boom}, wantErr: boom},
		{name: "bare error", reply: boom, wantErr: boom},
		{name: "other type", reply: 42, errText: "answered supervisor.StartChild with a int, want a supervisor.ChildStartResult"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := decode[ChildStartResult](pid, StartChild{}, tt.reply)
			if got != tt.want {
				t.Errorf("reply %+v, want %+v", got, tt.want)
			}
			switch {
			case tt.errText != "":
				if err == nil || !strings.Contains(err.Error(), tt.errText) {
					t.Errorf("error %v, want one saying %q", err, tt.errText)
				}
			case tt.wantErr == nil && err != nil, !errors.Is(err, tt.wantErr):
				t.Errorf("error %v, want %v", err, tt.wantErr)
			}
		})
	}
}
