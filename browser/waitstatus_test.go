package browser

import (
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/wire/sse"
)

// TestWaitingStatus: the live status before the answer says what the model
// does and for how long.
func TestWaitingStatus(t *testing.T) {
	for _, tc := range []struct {
		r    sse.Result
		d    time.Duration
		want string
	}{
		{sse.Result{}, 42 * time.Second, "thinking 42s"},
		{sse.Result{Activity: "using tools"}, 75 * time.Second, "using tools 1m15s"},
		{sse.Result{Activity: "thinking", Handoff: true}, 185 * time.Second, "thinking, continued after a hand-off 3m05s"},
	} {
		if got := waitingStatus(tc.r, tc.d); got != tc.want {
			t.Errorf("%+v %s: %q, want %q", tc.r, tc.d, got, tc.want)
		}
	}
}
