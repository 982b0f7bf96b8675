package browser

import (
	"sort"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// BenchmarkSendConfirm: how long Send takes from the page's conversation
// POST reaching the server to the send being confirmed (Send returns its
// binding), and the whole Send (composer entry, click, confirmation),
// medians over b.N sends: on the 2026-09 page as a Pro account meets it
// (Turkish labels, hidden mounted routes, a frozen copy, a six-exchange
// window) and, as the baseline, on the 2026-06 testid page.
func BenchmarkSendConfirm(b *testing.B) {
	for _, page := range []struct {
		name string
		opts mockchat.Options
	}{
		{"2026-09", mockchat.Options{DOM: mockchat.DOM2026Sep, Lang: mockchat.LangTurkish, HiddenRoutes: 2, FrozenCopy: true, Window: 6}},
		{"2026-06", mockchat.Options{DOM: mockchat.DOM2026Mid}},
	} {
		b.Run(page.name, func(b *testing.B) {
			lines := make([]model.ScriptLine, b.N)
			for i := range lines {
				lines[i] = model.ScriptLine{Reply: "ok"}
			}
			opts := page.opts
			opts.LoggedIn, opts.Script = true, script(lines...)
			srv, url := newMock(b, opts)
			tr := shared.use(b, url, nil)
			var confirm, total []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ctx := ctxFor(b, time.Minute)
				start := time.Now()
				bind, err := tr.Send(ctx, messages.Outbound{Turn: i + 1, Text: "go"})
				done := time.Now()
				if err != nil {
					b.Fatal(err)
				}
				// A follow-up's Send may return once its POST left, before
				// the server read it (under load): wait for the server.
				got, err := srv.WaitReceived(ctx, i+1)
				if err != nil {
					b.Fatalf("send %d: the mock never received it: %v", i+1, err)
				}
				if len(got) != i+1 || got[i].MessageID != bind.UserMessageID {
					b.Fatalf("send %d: the mock received %d messages, the last %+v; the binding names %s", i+1, len(got), got[len(got)-1], bind.UserMessageID)
				}
				confirm = append(confirm, done.Sub(got[i].At))
				total = append(total, done.Sub(start))
				if _, err := tr.Await(ctx, bind, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(medianMS(confirm), "post-to-confirmed-ms")
			b.ReportMetric(medianMS(total), "send-ms")
		})
	}
}

func medianMS(ds []time.Duration) float64 {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return float64(ds[len(ds)/2].Microseconds()) / 1000
}
