package browser

import (
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
)

// BenchmarkModeSelection2026Nov: how long selecting a (mode, effort)
// request takes on the 2026-11 page's three-family menu (open the
// trigger, read the rows, press one, see the trigger's effort change),
// median over b.N selections alternating between two requests so each
// one moves the page: the time a run's first message spends on --mode
// and --effort.
func BenchmarkModeSelection2026Nov(b *testing.B) {
	_, url := newMock(b, mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Nov, Lang: mockchat.LangTurkish})
	tr := shared.use(b, url, nil)
	ctx := ctxFor(b, 5*time.Minute)
	s, err := tr.live()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tr.prepare(ctx, s); err != nil {
		b.Fatal(err)
	}
	requests := [][2]string{{"6", "pro"}, {"GPT-6.2 Sol", "extended"}}
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req := requests[i%2]
		start := time.Now()
		res := tr.picker(s).Select(ctx, req[0], req[1])
		took = append(took, time.Since(start))
		if res.Outcome != "selected" || res.Effort == nil || res.Effort.Outcome != "selected" {
			b.Fatalf("selection %d: %+v (effort %+v)", i+1, res, res.Effort)
		}
	}
	b.StopTimer()
	b.ReportMetric(medianMS(took), "select-ms")
}
