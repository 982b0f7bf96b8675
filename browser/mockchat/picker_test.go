package mockchat

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// The 2026-09 picker as the page's notes (§7) describe it.
const (
	sepTrigger = `button[data-codex-intelligence-trigger="true"]`
	sepRow     = `[role="menuitem"][data-reasoning-slider]`
	sepTrack   = sepRow + ` [data-model-picker-power-slider]`
	sepInput   = sepTrack + ` span[role="slider"]`
)

// TestPicker2026Sep drives the mock's 2026-09 picker in real Chromium: the
// effort lives on the trigger (data-selected-reasoning-effort, low … max;
// the text is the label); the slider input is an aria-hidden, zero-width
// span inside the track inside the menu row; the focused row takes the
// arrow keys and a press on the track sets the stop under it (from the
// right in a right-to-left language: Right steps down); the labels are the
// UI language's; the page posts the effort in its vocabulary. A pointer-only slider ignores the
// keys; a slider-only picker has no model list; a Pro-limited one stops
// at xhigh.
func TestPicker2026Sep(t *testing.T) {
	browser := startBrowser(t)
	for _, lang := range []string{LangEnglish, LangTurkish, LangArabic} {
		t.Run("keys, track and post/"+lang, func(t *testing.T) { testPickerKeysAndTrack(t, browser, lang) })
	}
	t.Run("pointer only, slider only", func(t *testing.T) { testPickerVariants(t, browser) })
}

// effortState is what the trigger and the slider show.
type effortState struct {
	Effort string `json:"effort"`
	Text   string `json:"text"`
	Now    string `json:"now"`
}

func (p *page) effortState() effortState {
	p.t.Helper()
	return eval[effortState](p, `(() => {
		const t = document.querySelector('`+sepTrigger+`'), i = document.querySelector('`+sepInput+`');
		return { effort: t.getAttribute('data-selected-reasoning-effort') || '', text: t.textContent, now: i ? i.getAttribute('aria-valuenow') : '' };
	})()`)
}

// openPicker presses the trigger and waits for the slider row.
func (p *page) openPicker() {
	p.t.Helper()
	p.click(sepTrigger)
	p.waitJS("the picker", `document.querySelector('`+sepRow+`') && document.querySelector('[data-radix-popper-content-wrapper]').style.transform`)
}

// pressStop presses the track at stop i of n (counted from the right on a
// right-to-left page).
func (p *page) pressStop(i, n int) {
	p.t.Helper()
	type box struct{ X, Y float64 }
	b := eval[box](p, fmt.Sprintf(`(() => { const t = document.querySelector('%s'), r = t.getBoundingClientRect();
		let f = %d / %d; if (getComputedStyle(t).direction === 'rtl') f = 1 - f;
		return { X: r.left + Math.min(Math.max(r.width * f, 1), r.width - 1), Y: r.top + r.height / 2 }; })()`, sepTrack, i, n-1))
	p.do(chromedp.MouseClickXY(b.X, b.Y))
}

func testPickerKeysAndTrack(t *testing.T, browser context.Context, lang string) {
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, Lang: lang, Script: script(t, `{"reply":"ok"}`)})
	words := Labels(lang)
	rtl := lang == LangArabic
	p.navigate("/")
	p.waitJS("the trigger", `document.querySelector('`+sepTrigger+`')`)
	if got := p.effortState(); got.Effort != "medium" || got.Text != words["effortMedium"] {
		t.Fatalf("fresh page: %+v, want medium shown as %q", got, words["effortMedium"])
	}
	p.openPicker()
	if !eval[bool](p, `(() => { const i = document.querySelector('`+sepInput+`'); const r = i.getBoundingClientRect();
		return i.getAttribute('aria-hidden') === 'true' && r.width === 0 && i.getAttribute('aria-valuemin') === '0' && i.getAttribute('aria-valuemax') === '4'; })()`) {
		t.Fatal("the slider input is not an aria-hidden zero-width span with 5 stops")
	}
	if eval[bool](p, `!!document.querySelector('[data-testid], [data-selected-reasoning-effort]:not(`+sepTrigger+`)')`) {
		t.Fatal("a testid, or the effort somewhere else than on the trigger")
	}
	if got := eval[string](p, `document.querySelector('`+sepRow+`').getAttribute('aria-label')`); got != words["power"] {
		t.Fatalf("the slider row is labelled %q, want %q", got, words["power"])
	}
	eval[bool](p, `(document.querySelector('`+sepRow+`').focus(), true)`)
	p.key("ArrowRight", 39, 0)
	want := effortState{Effort: "high", Text: words["effortHigh"], Now: "2"}
	if rtl {
		want = effortState{Effort: "low", Text: words["effortLow"], Now: "0"}
	}
	if got := p.effortState(); got != want {
		t.Fatalf("after ArrowRight: %+v, want %+v", got, want)
	}
	p.pressStop(4, 5)
	if got := p.effortState(); got.Effort != "max" || got.Text != words["effortMax"] || got.Now != "4" {
		t.Fatalf("after a press on the last stop: %+v", got)
	}
	p.key("Home", 36, 0)
	if got := p.effortState(); got.Effort != "low" || got.Text != words["effortLow"] {
		t.Fatalf("after Home: %+v", got)
	}
	p.pressStop(3, 5)
	p.do(chromedp.KeyEvent("\u001b"))
	p.waitJS("the closed picker", `!document.querySelector('`+sepRow+`')`)
	if got := p.effortState(); got.Effort != "xhigh" || got.Text != words["effortXhigh"] {
		t.Fatalf("closed: %+v", got)
	}
	p.typeText("which effort?")
	p.click(`form[data-chatgpt-composer] button[type="submit"]`)
	p.waitJS("the post", `document.querySelector('[data-markdown-text-style="assistant-message"]')`)
	if r := p.srv.Received(); len(r) != 1 || r[0].Effort != "xhigh" {
		t.Fatalf("received %+v, want one message at xhigh", r)
	}
}

func testPickerVariants(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, SliderPointerOnly: true, Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	p.openPicker()
	eval[bool](p, `(document.querySelector('`+sepRow+`').focus(), true)`)
	p.key("ArrowRight", 39, 0)
	if got := p.effortState(); got.Effort != "medium" {
		t.Fatalf("a pointer-only slider took a key: %+v", got)
	}
	p.pressStop(0, 5)
	if got := p.effortState(); got.Effort != "low" {
		t.Fatalf("a press on the first stop: %+v", got)
	}
	if !eval[bool](p, `!!document.querySelector('[data-model-picker-view-toggle]')`) {
		t.Fatal("the full picker has no model toggle")
	}

	p = openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, SliderOnly: true, ProLimited: true, Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	p.openPicker()
	if eval[bool](p, `!!document.querySelector('[data-model-picker-view-toggle], [data-model-picker-view="advanced"], [role="menuitemradio"]')`) {
		t.Fatal("a slider-only picker lists models")
	}
	eval[bool](p, `(document.querySelector('`+sepRow+`').focus(), true)`)
	p.key("End", 35, 0)
	if got := p.effortState(); got.Effort != "xhigh" || got.Now != "3" {
		t.Fatalf("a Pro-limited slider's end: %+v", got)
	}
}
