package mockchat

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// BenchmarkStreamReply100KB streams a 100 KB reply over HTTP (no gaps)
// and replays its deltas; it reports the stream's size and event count.
func BenchmarkStreamReply100KB(b *testing.B) {
	reply := bigText(100 << 10)
	line := `{"reply":` + jsonString(reply) + `}`
	lines := strings.TrimSuffix(strings.Repeat(line+"\n", b.N), "\n")
	c := newTestServer(b, Options{LoggedIn: true, Script: script(b, lines)})
	b.SetBytes(int64(len(reply)))
	b.ResetTimer()
	var events, wire int
	for range b.N {
		res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(sendReq{Text: "go"}.body()))
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("%d: %v", res.StatusCode, err)
		}
		wire += len(body)
		events += strings.Count(string(body), "\n\n")
	}
	b.ReportMetric(float64(events)/float64(b.N), "events/op")
	b.ReportMetric(float64(wire)/float64(b.N)/1024, "wire-KB/op")
}

// BenchmarkPageCompletion measures, in headless Chromium, how long after
// the server flushed a reply's last token the page shows the finished
// turn (stop button gone, copy button present): the DOM signal an adapter
// can watch.
func BenchmarkPageCompletion(b *testing.B) {
	if findChromium() == "" {
		b.Skip("no Chromium")
	}
	tab := startBrowser(b)
	lines := strings.TrimSuffix(strings.Repeat(`{"reply":"`+strings.Repeat("token ", 200)+`end","stream_ms":1}`+"\n", b.N), "\n")
	p := openPage(b, tab, Options{LoggedIn: true, Script: script(b, lines)})
	p.navigate("/")
	eval[bool](p, `(() => {
		window.__done = [];
		new MutationObserver(() => {
			const n = document.querySelectorAll('[data-testid="copy-turn-action-button"]').length;
			if (n > window.__done.length && !document.querySelector('[data-testid="stop-button"]')) window.__done.push(Date.now());
		}).observe(document.body, {subtree: true, childList: true, attributes: true});
		return true;
	})()`)
	var after time.Duration
	b.ResetTimer()
	for i := range b.N {
		p.typeText(fmt.Sprintf("message %d", i))
		p.click(`[data-testid="send-button"]`)
		p.waitJS("the finished turn", fmt.Sprintf(`window.__done.length > %d`, i))
		last := p.srv.Stats().Messages[i].LastToken
		shown := time.UnixMilli(int64(eval[float64](p, fmt.Sprintf(`window.__done[%d]`, i))))
		after += shown.Sub(last)
	}
	b.ReportMetric(float64(after.Microseconds())/1000/float64(b.N), "ms-after-last-token")
}

// BenchmarkComposerReplace100KB measures the one-shot DOM replacement of
// a 100 KB, 5,000-line message in the ProseMirror composer, until the
// editor state holds it and send is enabled.
func BenchmarkComposerReplace100KB(b *testing.B) {
	if findChromium() == "" {
		b.Skip("no Chromium")
	}
	tab := startBrowser(b)
	p := openPage(b, tab, Options{LoggedIn: true})
	p.navigate("/")
	text := bigText(100 << 10)
	eval[bool](p, `(window.__text = `+jsonString(text)+`, true)`)
	var total float64
	b.ResetTimer()
	for range b.N {
		ms := eval[float64](p, `(async () => {
			const ed = document.getElementById('prompt-textarea');
			const t0 = performance.now();
			ed.replaceChildren(...window.__text.split('\n').map((l) => { const p = document.createElement('p'); if (l === '') p.append(document.createElement('br')); else p.textContent = l; return p; }));
			for (;;) {
				await new Promise((r) => setTimeout(r, 0));
				const b = document.querySelector('[data-testid="send-button"]');
				if (b && !b.disabled && document.querySelector('textarea[name="prompt-textarea"]').value === window.__text) break;
			}
			return performance.now() - t0;
		})()`)
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "ms/replace")
}
