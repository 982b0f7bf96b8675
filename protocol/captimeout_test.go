package protocol

import (
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

func TestCapTimeout(t *testing.T) {
	for _, c := range []struct {
		asked, limit time.Duration
		want         int
	}{
		{30 * time.Minute, 10 * time.Minute, 600000},
		{5 * time.Minute, 10 * time.Minute, 300000},
		{time.Hour, time.Hour, 3600000},
	} {
		args := &ExecArgs{Program: "make", TimeoutMS: int(c.asked.Milliseconds())}
		got := CapTimeout(event.ToolCall{Name: ToolTerminalExec, Args: args}, c.limit)
		if ms := got.Args.(*ExecArgs).TimeoutMS; ms != c.want {
			t.Errorf("asked %v, limit %v: timeout_ms %d, want %d", c.asked, c.limit, ms, c.want)
		}
		if args.TimeoutMS != int(c.asked.Milliseconds()) {
			t.Errorf("the logged call's arguments were changed")
		}
	}
	read := event.ToolCall{Name: ToolFSRead, Args: &FSReadArgs{Path: "a"}}
	if got := CapTimeout(read, time.Second); got.Args != read.Args {
		t.Error("a non-program call was changed")
	}
}
