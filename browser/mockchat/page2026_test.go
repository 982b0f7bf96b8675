package mockchat

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestPage2026Sep checks the 2026-09 page's shape of notes §7 in
// Chromium: the submit control only while the composer holds text, nested
// units with the user id only on the search attribute and the reply's id
// listed last, hidden mounted routes, the frozen copy after a new chat's
// redirect, the window that recycles nodes, and the labels of every UI
// language.
func TestPage2026Sep(t *testing.T) {
	browser := startBrowser(t)
	t.Run("SubmitControlAndNestedUnits", func(t *testing.T) { testSubmitAndUnits(t, browser) })
	t.Run("HiddenRoutesAndFrozenCopy", func(t *testing.T) { testHiddenRoutes(t, browser) })
	t.Run("WindowRecyclesNodes", func(t *testing.T) { testWindow(t, browser) })
	for _, lang := range Langs() {
		t.Run("Labels/"+lang, func(t *testing.T) { testLabels(t, browser, lang) })
	}
}

const (
	// live is the shown route (hidden ones have a style, the frozen copy
	// sits in a wrapper).
	live       = `main > .route:not([style]) `
	js26Submit = `document.querySelector('form[data-chatgpt-composer] button[type="submit"]')`
	js26Idle   = `(() => { const u = [...document.querySelectorAll('[data-chatgpt-search-unit-key$=":assistant"]')].pop(); return !!u && !!u.querySelector('.turn-action-controls'); })()`
)

func testSubmitAndUnits(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, Script: script(t, `{"reply":"the answer","fault":"thoughts"}`)})
	p.navigate("/")
	p.waitJS("the composer", `document.querySelector('form[data-chatgpt-composer] [contenteditable="true"][role="textbox"]')`)
	if eval[bool](p, `!!`+js26Submit) {
		t.Fatal("an empty composer shows a submit control")
	}
	p.typeText("hello")
	p.waitJS("the submit control", js26Submit)
	if got := eval[string](p, js26Submit+`.getAttribute('aria-label')`); got != "Send" {
		t.Fatalf("the submit control's label is %q, want Send", got)
	}
	p.click(live + `form[data-chatgpt-composer] button[type="submit"]`)
	p.waitJS("the reply", js26Idle)
	rec := p.srv.Received()
	if len(rec) != 1 {
		t.Fatalf("received %+v", rec)
	}
	outer := eval[int](p, `document.querySelectorAll('[data-chatgpt-search-unit-key]').length`)
	inner := eval[int](p, `document.querySelectorAll('[data-chatgpt-search-unit-key] > [data-content-search-unit-key]').length`)
	if outer != 2 || inner != 2 {
		t.Fatalf("%d outer units, %d nested inner ones: want 2 and 2", outer, inner)
	}
	user := eval[string](p, `document.querySelector('[data-chatgpt-search-unit-key$=":user"]').getAttribute('data-chatgpt-search-message-ids')`)
	if user != rec[0].MessageID {
		t.Fatalf("the user unit lists %q, want %s", user, rec[0].MessageID)
	}
	if eval[bool](p, `!!document.querySelector('[data-chatgpt-search-unit-key$=":user"] [data-chatgpt-selection-message-id]')`) {
		t.Fatal("the user unit carries a selection id")
	}
	doc, _ := p.srv.Conversation(rec[0].ConversationID)
	ids := strings.Fields(eval[string](p, `document.querySelector('[data-chatgpt-search-unit-key$=":assistant"]').getAttribute('data-chatgpt-search-message-ids')`))
	if len(ids) < 2 || ids[len(ids)-1] != doc.CurrentNode {
		t.Fatalf("the assistant unit lists %v, want several ids ending with the reply %s", ids, doc.CurrentNode)
	}
}

func testHiddenRoutes(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, HiddenRoutes: 3, FrozenCopy: true,
		Script: script(t, `{"reply":"one"}`+"\n"+`{"reply":"two"}`+"\n"+`{"reply":"three"}`)})
	for i, text := range []string{"first chat", "second chat"} {
		p.navigate("/")
		p.typeText(text)
		p.click(live + `form[data-chatgpt-composer] button[type="submit"]`)
		p.waitJS(fmt.Sprintf("reply %d", i+1), js26Idle)
	}
	release := p.srv.HoldReplies()
	defer release()
	p.navigate("/")
	p.waitJS("two hidden routes", `document.querySelectorAll('.route[style*="display: none"]').length === 2`)
	p.typeText("third chat")
	p.click(live + `form[data-chatgpt-composer] button[type="submit"]`)
	p.waitJS("the frozen copy with its own Stop", `(() => { const f = document.querySelector('.frozen-route'); return !!f && f.getBoundingClientRect().width === 0 && !!f.querySelector('form[data-chatgpt-composer] button[aria-label="Stop"]'); })()`)
	release()
	p.waitJS("the third reply", `[...document.querySelectorAll('.route:not([style*="display"]) [data-markdown-text-style]')].some((e) => e.textContent.includes('three'))`)
	if n := eval[int](p, `document.querySelectorAll('form[data-chatgpt-composer]').length`); n != 4 {
		t.Fatalf("%d composer forms, want 4 (the shown route, two hidden, the frozen copy)", n)
	}
}

func testWindow(t *testing.T, browser context.Context) {
	var lines []string
	for i := 1; i <= 5; i++ {
		lines = append(lines, fmt.Sprintf(`{"reply":"reply %d"}`, i))
	}
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, Window: 2, Script: script(t, strings.Join(lines, "\n"))})
	p.navigate("/")
	var first string
	for i := 1; i <= 5; i++ {
		p.typeText(fmt.Sprintf("message %d", i))
		p.click(live + `form[data-chatgpt-composer] button[type="submit"]`)
		p.waitJS(fmt.Sprintf("reply %d", i), fmt.Sprintf(`[...document.querySelectorAll('[data-markdown-text-style]')].some((e) => e.textContent === 'reply %d') && `, i)+js26Idle)
		if i == 1 {
			eval[bool](p, `(window.__firstGroup = document.querySelector('[data-turn-key]'), true)`)
			first = eval[string](p, `window.__firstGroup.getAttribute('data-turn-key')`)
		}
	}
	if n := eval[int](p, `document.querySelectorAll('[data-turn-key]').length`); n != 2 {
		t.Fatalf("%d exchanges rendered, want the window's 2", n)
	}
	if !eval[bool](p, `window.__firstGroup.isConnected`) || eval[string](p, `window.__firstGroup.getAttribute('data-turn-key')`) == first {
		t.Fatal("the first exchange's node was not recycled for a later one")
	}
	// A reload renders the conversation's five exchanges into the window.
	p.navigate("/c/" + p.srv.Conversations()[0])
	p.waitJS("the reloaded window", `[...document.querySelectorAll('[data-markdown-text-style]')].some((e) => e.textContent === 'reply 5') && document.querySelectorAll('[data-turn-key]').length === 2`)
}

func testLabels(t *testing.T, browser context.Context, lang string) {
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, Lang: lang, Script: script(t, `{"reply":"ok"}`)})
	table := Labels(lang)
	p.navigate("/")
	p.typeText("hi")
	p.waitJS("the submit control", js26Submit)
	if got := eval[string](p, js26Submit+`.getAttribute('aria-label')`); got != table["send"] {
		t.Fatalf("send label %q, want %q", got, table["send"])
	}
	p.click(live + `form[data-chatgpt-composer] button[type="submit"]`)
	p.waitJS("the reply", js26Idle)
	if got := eval[string](p, `document.querySelector('.turn-action-controls button').getAttribute('aria-label')`); got != table["copy"] {
		t.Fatalf("copy label %q, want %q", got, table["copy"])
	}
	if got := eval[string](p, `document.documentElement.lang + ' ' + document.documentElement.dir`); got != lang+" "+map[bool]string{true: "rtl", false: "ltr"}[lang == LangArabic] {
		t.Fatalf("<html> says %q", got)
	}
}
