package mockchat

import (
	"encoding/json"
	"testing"
)

// occluded is a control whose centre the pointer does not reach: another
// element is on top there.
type occluded struct {
	Control string `json:"control"`
	Hit     string `json:"hit"`
}

// occludedControls returns the controls (selector by name) whose centre is
// covered, as document.elementFromPoint sees it: a pointer press aimed at
// the control's centre lands on that other element. A missing or
// zero-size control is reported too.
func (p *page) occludedControls(controls map[string]string) []occluded {
	p.t.Helper()
	return eval[[]occluded](p, `(() => {
		const controls = `+jsonValue(controls)+`, out = [];
		const name = (el) => el ? el.tagName.toLowerCase() + [...el.attributes].map((a) => '[' + a.name + (a.value ? '="' + a.value + '"' : '') + ']').join('') : 'nothing';
		for (const [control, sel] of Object.entries(controls)) {
			const els = document.querySelectorAll(sel);
			if (els.length === 0) { out.push({ control, hit: 'no element ' + sel }); continue; }
			for (const el of els) {
				const r = el.getBoundingClientRect();
				if (r.width === 0 || r.height === 0) { out.push({ control, hit: 'a zero-size box' }); continue; }
				const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
				if (!hit || !el.contains(hit)) out.push({ control, hit: name(hit) });
			}
		}
		return out;
	})()`)
}

// TestPicker2026SepLayout: the 2026-09 picker's controls are laid out as
// on the real page, one under another, so a pointer aimed at the centre of
// any of them reaches it: the trigger, the power row and its track and the
// simple pane's toggle, then (after a pointer click on that toggle) the
// advanced pane's back toggle and each of its models, in a left-to-right
// and a right-to-left language.
func TestPicker2026SepLayout(t *testing.T) {
	browser := startBrowser(t)
	for _, lang := range []string{LangEnglish, LangArabic} {
		t.Run(lang, func(t *testing.T) {
			p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, Lang: lang, Script: script(t, `{"reply":"ok"}`)})
			p.navigate("/")
			p.openPicker()
			simple := map[string]string{
				"the trigger":            sepTrigger,
				"the power row":          sepRow,
				"the power track":        sepTrack,
				"the simple pane toggle": `[data-model-picker-view="simple"] [data-model-picker-view-toggle]`,
			}
			for _, o := range p.occludedControls(simple) {
				t.Errorf("%s: its centre is covered by %s", o.Control, o.Hit)
			}
			if t.Failed() {
				t.FailNow() // a pointer click on the toggle would land on what covers it
			}
			p.click(`[data-model-picker-view="simple"] [data-model-picker-view-toggle]`)
			p.waitJS("the advanced pane", `document.querySelector('[data-model-picker-view="advanced"][data-active="true"]')`)
			advanced := map[string]string{
				"the back toggle": `[data-model-picker-view="advanced"] [data-model-picker-view-toggle]`,
				"a model":         `[data-model-picker-view="advanced"] [role="menuitemradio"]`,
			}
			for _, o := range p.occludedControls(advanced) {
				t.Errorf("%s: its centre is covered by %s", o.Control, o.Hit)
			}
		})
	}
}

// jsonValue is v as a JavaScript literal.
func jsonValue(v map[string]string) string {
	b, _ := json.Marshal(v)
	return string(b)
}
