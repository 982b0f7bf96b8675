package browser

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// enterOnce enters text with method, checks it is exact, clears the
// composer, and returns the entry time.
func enterOnce(b *testing.B, s *session, text string, method entryMethod) time.Duration {
	b.Helper()
	ctx := ctxFor(b, 10*time.Minute)
	start := time.Now()
	chk, err := s.enterText(ctx, text, method, false)
	d := time.Since(start)
	if err != nil || !chk.Equal {
		b.Fatalf("entry method %d: %v %s", method, err, chk)
	}
	if _, err := s.enterText(ctx, "", entryDOM, false); err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkTextEntry: the composer entry of a 100 KB code-like message
// (about 3 000 lines) by the one-call DOM replacement, against
// Input.insertText of the same text cut to 20 KB.
func BenchmarkTextEntry(b *testing.B) {
	_, url := newMock(b, mockchat.Options{LoggedIn: true})
	tr := shared.use(b, url, nil)
	s, _ := tr.live()
	text100 := codeLike(100 << 10)
	text20 := codeLike(20 << 10)
	b.Logf("100 KB: %d bytes, %d lines; 20 KB: %d bytes, %d lines", len(text100), strings.Count(text100, "\n")+1, len(text20), strings.Count(text20, "\n")+1)
	var dom100, dom20, ins20 time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dom100 += enterOnce(b, s, text100, entryDOM)
		dom20 += enterOnce(b, s, text20, entryDOM)
		ins20 += enterOnce(b, s, text20, entryInsert)
	}
	n := float64(b.N)
	b.ReportMetric(float64(dom100.Milliseconds())/n, "dom-100KB-ms")
	b.ReportMetric(float64(dom20.Milliseconds())/n, "dom-20KB-ms")
	b.ReportMetric(float64(ins20.Milliseconds())/n, "inserttext-20KB-ms")
	b.ReportMetric(float64(ins20)/float64(dom100), "inserttext20KB/dom100KB")
	b.ReportMetric(float64(ins20)/float64(dom20), "inserttext20KB/dom20KB")
}

// BenchmarkSendKeys2KB: one key event per character (what the adapter
// never does), on a 2 KB sample without newlines (Enter would submit).
func BenchmarkSendKeys2KB(b *testing.B) {
	_, url := newMock(b, mockchat.Options{LoggedIn: true})
	tr := shared.use(b, url, nil)
	s, _ := tr.live()
	sample := strings.NewReplacer("\n", " ", "\t", " ").Replace(codeLike(2 << 10))
	var total time.Duration
	for i := 0; i < b.N; i++ {
		ctx := ctxFor(b, 10*time.Minute)
		if _, err := s.enterText(ctx, "", entryDOM, false); err != nil {
			b.Fatal(err)
		}
		cctx, cancel := s.bind(ctx, 0)
		start := time.Now()
		err := chromedp.Do(cctx, chromedp.SendKeys(chromedp.CSS(strings.Join(pagescript.Locators()["composer"], ", ")), sample))
		total += time.Since(start)
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		var got *string
		if err := s.call(ctx, 0, &got, "composerText"); err != nil || got == nil || *got != sample {
			b.Fatalf("SendKeys entered %d bytes, want %d", len(deref(got)), len(sample))
		}
	}
	perKB := float64(total.Milliseconds()) / float64(b.N) / (float64(len(sample)) / 1024)
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "sendkeys-2KB-ms")
	b.ReportMetric(perKB*100/1000/60, "extrapolated-100KB-min")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// BenchmarkCompletionLatency: the time from the mock's flush of a reply's
// last token to Await returning, median over the replies, on the network
// path and on the DOM path alone (whose stability window it reports).
func BenchmarkCompletionLatency(b *testing.B) {
	for _, path := range []struct {
		name    string
		domOnly bool
	}{{"network", false}, {"dom", true}} {
		b.Run(path.name, func(b *testing.B) {
			lines := make([]model.ScriptLine, b.N)
			for i := range lines {
				lines[i] = model.ScriptLine{Reply: strings.Repeat("token ", 30) + "<done>true</done>", StreamMS: 3}
			}
			srv, url := newMock(b, mockchat.Options{LoggedIn: true, Script: script(lines...)})
			window := 120 * time.Millisecond
			tr := shared.use(b, url, func(o *Options) { o.domOnly, o.StableWindow = path.domOnly, window })
			var lat []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ctx := ctxFor(b, time.Minute)
				bind, err := tr.Send(ctx, messages.Outbound{Turn: i + 1, Text: "go"})
				if err != nil {
					b.Fatal(err)
				}
				r, err := tr.Await(ctx, bind, nil)
				done := time.Now()
				if err != nil || r.Text != lines[i].Reply {
					b.Fatalf("Await: %v (%d bytes)", err, len(r.Text))
				}
				lat = append(lat, done.Sub(srv.Stats().Messages[i].LastToken))
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
			b.ReportMetric(ms(lat[len(lat)*9/10]), "p90-ms")
			b.ReportMetric(ms(window), "window-ms")
		})
	}
}
