package mockchat

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowser drives the mock page in one shared headless Chromium, the
// way a user (or the adapter) would: trusted input, real clicks and keys.
func TestBrowser(t *testing.T) {
	browser := startBrowser(t)
	for _, tc := range []struct {
		name string
		fn   func(*testing.T, context.Context)
	}{
		{"SendStreamsMarkdownReply", testSendStreamsMarkdownReply},
		{"EnterSubmitsShiftEnterSplits", testEnterSubmitsShiftEnterSplits},
		{"BigMessageByDOMReplacement", testBigMessageByDOMReplacement},
		{"PasteBecomesAttachment", testPasteBecomesAttachment},
		{"UploadDisablesSend", testUploadDisablesSend},
		{"ModelMenu", testModelMenu},
		{"LoginWall", testLoginWall},
		{"ChallengePage", testChallengePage},
		{"LimitCardAndRetry", testLimitCardAndRetry},
		{"ErrorCardAndRetry", testErrorCardAndRetry},
		{"ErrorCardAndRetry2026Sep", testErrorCard2026Sep},
		{"StopKeepsPartialText", testStopKeepsPartialText},
		{"ThoughtsAndSearchAreNotTheReply", testThoughts},
		{"CutStreamResumes", testCutStreamResumes},
		{"ReloadMidStreamResumes", testReloadMidStreamResumes},
		{"CopyButton", testCopyButton},
		{"ModalTrapsFocus", testModal},
		{"DOMDiffers", testDOMDiffers},
		{"VirtualisedThread", testVirtualised},
		{"Truncation", testTruncation},
		{"BreakLocator", testBreakLocator},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, browser) })
	}
}

func testSendStreamsMarkdownReply(t *testing.T, browser context.Context) {
	reply := "Hello **world**, see `x`.\n\n```xml\n<agent_response>\n  <message>hi</message>\n</agent_response>\n```\n"
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t,
		`{"reply":`+jsonString(reply)+`,"stream_ms":5,"expect":"website"}`)})
	// The thinking state lasts until the test has seen it, however slow the machine.
	release := p.srv.HoldReplies()
	defer release()
	p.navigate("/")
	p.waitJS("the composer", `document.querySelector('#prompt-textarea.ProseMirror[contenteditable="true"][role="textbox"]')`)
	if eval[bool](p, `!!document.querySelector('#composer-submit-button')`) || !eval[bool](p, `!!document.querySelector('[data-testid="composer-speech-button"]')`) {
		t.Fatal("an empty composer should show the voice button, not the submit button")
	}
	if eval[string](p, `getComputedStyle(document.getElementById('prompt-textarea')).whiteSpace`) != "break-spaces" {
		t.Fatal("the composer lacks ProseMirror's white-space CSS")
	}
	p.typeText("Build me a website")
	p.waitJS("an enabled send button", jsSendEnabled)
	if eval[string](p, `document.querySelector('textarea[name="prompt-textarea"]').value`) != "Build me a website" {
		t.Fatal("the hidden textarea does not follow the editor")
	}
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the stop button while thinking", jsStop)
	p.waitJS("the thinking indicator", `document.querySelector('article[data-turn="assistant"] .thinking-status')`)
	release()
	p.waitJS("the finished reply", jsIdle)

	rec := p.srv.Received()
	if len(rec) != 1 || rec[0].Text != "Build me a website" || rec[0].Outcome != OutcomeAnswered || rec[0].Model != "gpt-5-2" {
		t.Fatalf("received %+v", rec)
	}
	if path := eval[string](p, `location.pathname`); path != "/c/"+rec[0].ConversationID {
		t.Fatalf("location %q, conversation %q", path, rec[0].ConversationID)
	}
	doc, _ := p.srv.Conversation(rec[0].ConversationID)
	msg := `document.querySelector('article[data-testid="conversation-turn-2"][data-turn="assistant"] [data-message-author-role="assistant"]')`
	if id := eval[string](p, msg+`.dataset.messageId`); id != doc.CurrentNode {
		t.Fatalf("message id %q, current node %q", id, doc.CurrentNode)
	}
	if slug := eval[string](p, msg+`.dataset.messageModelSlug`); slug != "gpt-5-2" {
		t.Fatalf("model slug %q", slug)
	}
	if eval[string](p, `document.querySelector('article[data-testid="conversation-turn-1"]').dataset.turn`) != "user" {
		t.Fatal("turn 1 is not the user's")
	}
	code := eval[string](p, `document.querySelector('.markdown.prose pre code.language-xml').textContent`)
	if code != "<agent_response>\n  <message>hi</message>\n</agent_response>" {
		t.Fatalf("code block %q", code)
	}
	text := eval[string](p, jsLastReply)
	if strings.Contains(text, "```") || !strings.Contains(text, "Copy code") || !strings.Contains(text, "xml\n") || !strings.Contains(text, "<message>hi</message>") {
		t.Fatalf("innerText should lose the fences and show the code header: %q", text)
	}
	if eval[string](p, `document.querySelector('.markdown strong').textContent`) != "world" {
		t.Fatal("no bold")
	}
	for _, sel := range []string{"good-response-turn-action-button", "bad-response-turn-action-button"} {
		if !eval[bool](p, `!!document.querySelector('article:last-of-type [data-testid="`+sel+`"]')`) {
			t.Fatalf("no %s", sel)
		}
	}
	if !eval[bool](p, `!!document.querySelector('article:last-of-type button[aria-label="Share"]')`) {
		t.Fatal("no Share button")
	}
}

func testEnterSubmitsShiftEnterSplits(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"one"}
{"reply":"two"}`)})
	p.navigate("/")
	p.typeText("line1")
	p.key("Enter", 13, 8) // Shift+Enter splits the block
	p.typeText("line2")
	if n := eval[int](p, `document.querySelectorAll('#prompt-textarea > p').length`); n != 2 {
		t.Fatalf("paragraphs after Shift+Enter: %d", n)
	}
	p.key("Enter", 13, 0) // Enter submits
	p.waitJS("the reply", jsIdle)
	// Trusted input with newlines and exact white space.
	text := "a\tb  c\n\n  indented \n<tag attr=\"1\">&amp;</tag> 日本 🙂"
	p.typeText(text)
	p.waitJS("an enabled send button", jsSendEnabled)
	p.click(`#composer-submit-button`)
	r, err := p.srv.WaitReceived(waitCtx(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	if r[0].Text != "line1\nline2" || r[1].Text != text {
		t.Fatalf("received %q and %q", r[0].Text, r[1].Text)
	}
	if r[1].ConversationID != r[0].ConversationID || r[1].ParentID == rootID {
		t.Fatal("the second message did not continue the conversation")
	}
}

// bigText is about n bytes of agent-like text: XML, CDATA, code with tabs
// and runs of spaces, blank lines, CJK and emoji.
func bigText(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<tool_result id=\"%d\">\n<![CDATA[\n\tfunc f%d() {\n\t\treturn  %d // 日本語 🙂\n\t}\n\n]]>\n</tool_result>\n", i, i, i)
	}
	return b.String()[:n]
}

func testBigMessageByDOMReplacement(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"received"}`)})
	p.navigate("/")
	text := bigText(100 << 10)
	text = strings.TrimRight(text, "\n") + "\nend"
	eval[bool](p, `((text) => {
		const ed = document.getElementById('prompt-textarea');
		const ps = text.split('\n').map((l) => { const p = document.createElement('p'); if (l === '') p.append(document.createElement('br')); else p.textContent = l; return p; });
		ed.replaceChildren(...ps);
		return true;
	})(`+jsonString(text)+`)`)
	p.waitJS("an enabled send button", jsSendEnabled)
	p.click(`[data-testid="send-button"]`)
	r, err := p.srv.WaitReceived(waitCtx(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	if r[0].Text != text {
		t.Fatalf("received %d bytes, want %d; first difference at %d", len(r[0].Text), len(text), firstDiff(r[0].Text, text))
	}
	p.waitJS("the reply", jsIdle)
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func testPasteBecomesAttachment(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"ok"}
{"reply":"ok"}`)})
	release := p.srv.HoldUploads() // the upload lasts until the test has seen it
	defer release()
	p.navigate("/")
	big := strings.Repeat("pasted line\n", 500) // 6,000 characters
	paste := `((text) => {
		const dt = new DataTransfer(); dt.setData('text/plain', text);
		document.getElementById('prompt-textarea').dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));
		return true;
	})`
	p.do(chromedp.Focus(chromedp.ID("prompt-textarea")))
	eval[bool](p, paste+`(`+jsonString(big)+`)`)
	p.waitJS("the uploading chip", `document.querySelector('#composer-attachments [aria-busy="true"]')`)
	if eval[bool](p, `(() => { const b = document.querySelector('[data-testid="send-button"]'); return !b || !b.disabled; })()`) {
		t.Fatal("send is enabled while the paste uploads")
	}
	release()
	p.waitJS("the attachment chip", `document.querySelector('#composer-attachments [data-testid$="-file-thumbnail"]')`)
	if eval[string](p, `document.querySelector('#composer-attachments .file-name').textContent`) != "pasted-text.txt" {
		t.Fatal("the chip is not pasted-text.txt")
	}
	if eval[string](p, `document.getElementById('prompt-textarea').innerText.trim()`) != "" {
		t.Fatal("the long paste went into the editor")
	}
	p.waitJS("an enabled send button", jsSendEnabled)
	p.click(`[data-testid="send-button"]`)
	r, err := p.srv.WaitReceived(waitCtx(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(r[0].Attachments) != 1 || r[0].Attachments[0].Name != "pasted-text.txt" || string(r[0].Attachments[0].Content) != big || r[0].Text != "" {
		t.Fatalf("received %q with %d attachments", r[0].Text, len(r[0].Attachments))
	}
	p.waitJS("the reply", jsIdle)
	// A short paste goes into the editor.
	p.do(chromedp.Focus(chromedp.ID("prompt-textarea")))
	eval[bool](p, paste+`("short paste")`)
	p.waitJS("the pasted text", `document.getElementById('prompt-textarea').innerText.trim() === 'short paste'`)
}

func testUploadDisablesSend(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"ok"}`)})
	release := p.srv.HoldUploads() // the upload lasts until the test has seen it
	defer release()
	p.navigate("/")
	path := filepath.Join(t.TempDir(), "notes.md")
	content := "# Notes\n\nsome\tcontent\n"
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if eval[bool](p, `!!document.querySelector('#upload-files').accept || document.querySelector('input[type=file][accept="image/*"]') === null`) {
		t.Fatal("want #upload-files without accept and an image input")
	}
	p.typeText("see the file")
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#upload-files"), []string{path}))
	p.waitJS("the uploading chip", `document.querySelector('#composer-attachments [aria-busy="true"]')`)
	if !eval[bool](p, `document.querySelector('[data-testid="send-button"]').disabled`) {
		t.Fatal("send is enabled while uploading")
	}
	p.key("Enter", 13, 0)
	if len(p.srv.Received()) != 0 {
		t.Fatal("Enter sent while uploading")
	}
	release()
	p.waitJS("the file chip", `document.querySelector('[data-testid$="-file-thumbnail"]')`)
	p.waitJS("an enabled send button", jsSendEnabled)
	p.click(`[data-testid="send-button"]`)
	r, err := p.srv.WaitReceived(waitCtx(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	if r[0].Text != "see the file" || len(r[0].Attachments) != 1 || string(r[0].Attachments[0].Content) != content || r[0].Attachments[0].Name != "notes.md" {
		t.Fatalf("received %+v", r[0])
	}
	p.waitJS("the reply", jsIdle)
}

func testModelMenu(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	trigger := `[data-testid="model-switcher-dropdown-button"]`
	if got := eval[string](p, `document.querySelector('`+trigger+`').getAttribute('aria-label')`); got != "Model selector, current model is 5.2" {
		t.Fatalf("label %q", got)
	}
	// A synthetic click() does not open a Radix menu; a real press does.
	eval[bool](p, `(document.querySelector('`+trigger+`').click(), true)`)
	if eval[string](p, `document.querySelector('`+trigger+`').getAttribute('aria-expanded')`) != "false" {
		t.Fatal("a synthetic click opened the menu")
	}
	eval[bool](p, `(() => {
		window.__menu = {};
		document.querySelector('`+trigger+`').addEventListener('pointerdown', () => { window.__menu.pressed = performance.now(); }, true);
		new MutationObserver(() => { if (!window.__menu.shown && document.querySelector('[role=menu]')) window.__menu.shown = performance.now(); })
			.observe(document.body, {childList: true});
		return true;
	})()`)
	p.click(trigger)
	p.waitJS("the menu", `document.querySelector('[role="menu"] [data-testid="model-switcher-gpt-5-2-thinking"]')`)
	if d := eval[float64](p, `window.__menu.shown - window.__menu.pressed`); d < 45 {
		t.Fatalf("the menu appeared %.0f ms after the press; want an asynchronous portal", d)
	}
	if !eval[bool](p, `document.body.lastElementChild.matches('[data-radix-popper-content-wrapper]') && !!document.body.lastElementChild.querySelector('[role=menu]')`) {
		t.Fatal("the menu is not a portal at the end of <body>")
	}
	if !eval[bool](p, `document.querySelector('[data-testid="model-switcher-gpt-5-2"]').getAttribute('aria-checked') === 'true'`) {
		t.Fatal("the current model is not checked")
	}
	pro := `[data-testid="model-switcher-gpt-5-2-pro"]`
	if !eval[bool](p, `(() => { const e = document.querySelector('`+pro+`'); return e.getAttribute('aria-disabled') === 'true' && e.hasAttribute('data-disabled'); })()`) {
		t.Fatal("Pro is not disabled")
	}
	p.click(pro)
	if !eval[bool](p, `!!document.querySelector('[role=menu]')`) || eval[string](p, `document.querySelector('`+trigger+`').getAttribute('aria-label')`) != "Model selector, current model is 5.2" {
		t.Fatal("clicking a disabled item changed the model or closed the menu")
	}
	// The submenu opens on pointer move, in its own portal.
	sub := `[role="menuitem"][aria-haspopup="menu"]`
	p.waitJS("the placed menu", `document.querySelector('[data-radix-popper-content-wrapper]').style.transform !== 'translate(0px, 0px)'`)
	x := eval[float64](p, `(() => { const r = document.querySelector('`+sub+`').getBoundingClientRect(); return r.left + r.width / 2; })()`)
	y := eval[float64](p, `(() => { const r = document.querySelector('`+sub+`').getBoundingClientRect(); return r.top + r.height / 2; })()`)
	p.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	p.waitJS("the submenu", `document.querySelectorAll('[role="menu"]').length === 2 && document.querySelector('[role="menu"] [data-testid="model-switcher-gpt-4o"]')`)
	if eval[string](p, `document.querySelector('`+sub+`').getAttribute('aria-expanded')`) != "true" {
		t.Fatal("the submenu trigger is not expanded")
	}
	p.click(`[data-testid="model-switcher-gpt-4o"]`)
	p.waitJS("the closed menu", `!document.querySelector('[role=menu]')`)
	if got := eval[string](p, `document.querySelector('`+trigger+`').getAttribute('aria-label')`); got != "Model selector, current model is 4o" {
		t.Fatalf("label after choosing %q", got)
	}
	// Esc closes the menu.
	p.click(trigger)
	p.waitJS("the menu again", `document.querySelector('[role=menu]')`)
	p.do(chromedp.KeyEvent("\u001b"))
	p.waitJS("Esc closing the menu", `!document.querySelector('[role=menu]') && document.querySelector('`+trigger+`').getAttribute('aria-expanded') === 'false'`)
	p.typeText("which model?")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle)
	if r := p.srv.Received(); r[0].Model != "gpt-4o" {
		t.Fatalf("sent with model %q", r[0].Model)
	}
	if slug := eval[string](p, `document.querySelector('[data-message-author-role="assistant"]').dataset.messageModelSlug`); slug != "gpt-4o" {
		t.Fatalf("reply slug %q", slug)
	}
}

func testLoginWall(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	p.waitJS("the logged-out home", `document.querySelector('[data-testid="login-button"]') && document.querySelector('[data-testid="signup-button"]') && document.querySelector('#prompt-textarea')`)
	if !strings.Contains(p.bodyText(), "Log in to get answers") {
		t.Fatal("no logged-out text")
	}
	if got := eval[string](p, `fetch('/api/auth/session').then(r => r.text())`); got != "{}" {
		t.Fatalf("session %q", got)
	}
	p.typeText("hello")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the login dialog", `document.querySelector('#login-dialog [role=dialog]')`)
	if r := p.srv.Received(); r[0].Outcome != OutcomeUnauthorized {
		t.Fatalf("received %+v", r)
	}
	p.navigate("/auth/login")
	if eval[bool](p, `!!document.querySelector('#prompt-textarea')`) || !strings.Contains(eval[string](p, `location.pathname`), "/auth/login") {
		t.Fatal("the login page shows a composer")
	}
	p.srv.SetLoggedIn(true)
	p.navigate("/")
	p.waitJS("the logged-in home", `!document.querySelector('[data-testid="login-button"]') && document.querySelector('[data-testid="profile-button"]')`)
	p.navigate("/auth/login")
	if path := eval[string](p, `location.pathname`); path != "/" {
		t.Fatalf("logged-in /auth/login stayed on %q", path)
	}
	p.typeText("hello again")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle)
}

func testChallengePage(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	if !eval[bool](p, `!!document.querySelector('script[src*="/challenge-platform/"]') && !document.querySelector('#challenge-running')`) {
		t.Fatal("the normal page should carry only the bot-management script")
	}
	p.srv.SetChallenge(true)
	p.navigate("/")
	if title := eval[string](p, `document.title`); title != "Just a moment..." {
		t.Fatalf("title %q", title)
	}
	if !eval[bool](p, `!!(document.querySelector('#challenge-running') && document.querySelector('iframe[src*="challenges.cloudflare.com"]') && document.querySelector('input[name="cf-turnstile-response"]'))`) {
		t.Fatal("the challenge page lacks its markers")
	}
	// The user ticks the box in the widget.
	p.waitJS("the widget", `(() => { const f = document.querySelector('iframe'); return f.contentDocument && f.contentDocument.getElementById('cf-checkbox'); })()`)
	// Ticking the box posts the form and loads the app.
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.WaitEvent(cdppage.LoadEventFired, nil,
			chromedp.Evaluate[chromedp.Void](`document.querySelector('iframe').contentDocument.getElementById('cf-checkbox').click()`))(ctx, tg)
		return err
	}))
	p.waitJS("the app after the challenge", `document.querySelector('#prompt-textarea')`)
	if p.srv.Challenged() {
		t.Fatal("the challenge is still on")
	}
}

func testLimitCardAndRetry(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"after the limit","fault":"rate_limit"}`)})
	p.navigate("/")
	p.typeText("hello")
	p.click(`[data-testid="send-button"]`)
	card := `article[data-turn="assistant"]:last-of-type`
	p.waitJS("the limit card", `document.querySelector('`+card+` .text-token-text-error') && document.querySelector('`+card+` [data-testid="regenerate-thread-error-button"]')`)
	if got := eval[string](p, `document.querySelector('`+card+` .text-token-text-error').textContent`); !strings.HasPrefix(got, "You've reached your usage limit") {
		t.Fatalf("card %q", got)
	}
	if !eval[bool](p, `!document.querySelector('[data-testid="stop-button"]')`) {
		t.Fatal("the stop button stayed after the limit")
	}
	p.click(card + ` [data-testid="regenerate-thread-error-button"]`)
	p.waitJS("the reply after retry", jsIdle)
	if got := eval[string](p, jsLastReply); got != "after the limit" {
		t.Fatalf("reply %q", got)
	}
	if r := p.srv.Received(); len(r) != 2 || r[0].Outcome != OutcomeRateLimited || r[1].Action != "variant" || r[1].Text != "hello" || r[1].MessageID != r[0].MessageID {
		t.Fatalf("received %+v", r)
	}
	if n := eval[int](p, `document.querySelectorAll('article').length`); n != 2 {
		t.Fatalf("%d turns after the retry, want 2", n)
	}
}

func testErrorCardAndRetry(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"second try","fault":"error_retry"}
{"reply":"x","fault":"too_long"}`)})
	p.navigate("/")
	p.typeText("hello")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the error card", `document.querySelector('article:last-of-type .text-token-text-error')`)
	if got := eval[string](p, `document.querySelector('article:last-of-type .text-token-text-error').textContent`); !strings.HasPrefix(got, "Something went wrong") {
		t.Fatalf("card %q", got)
	}
	p.click(`article:last-of-type [data-testid="regenerate-thread-error-button"]`)
	p.waitJS("the reply after retry", jsIdle)
	if got := eval[string](p, jsLastReply); got != "second try" {
		t.Fatalf("reply %q", got)
	}
	p.typeText("more")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the too-long card", `document.querySelector('article:last-of-type .text-token-text-error')`)
	if got := eval[string](p, `document.querySelector('article:last-of-type .text-token-text-error').textContent`); !strings.Contains(got, "conversation is too long") {
		t.Fatalf("card %q", got)
	}
}

// testErrorCard2026Sep: on the 2026-09 page an error card is a bare alert
// in the assistant unit (no testid, no error-token class: CONTRACT.md's
// inferred shape) whose button answers the message again.
func testErrorCard2026Sep(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, DOM: DOM2026Sep, Script: script(t, `{"reply":"second try","fault":"error_retry"}`)})
	p.navigate("/")
	p.typeText("hello")
	p.click(`form[data-chatgpt-composer] button[type="submit"]`)
	const card = `[data-content-search-unit-key$=":assistant"] [role="alert"]`
	p.waitJS("the error card", `document.querySelector('`+card+`')`)
	if got := eval[string](p, `document.querySelector('`+card+`').innerText`); !strings.HasPrefix(got, "Something went wrong") {
		t.Fatalf("card %q", got)
	}
	if eval[bool](p, `!!document.querySelector('[data-testid], .text-token-text-error, [class*="bg-token-surface-error"]')`) {
		t.Fatal("the 2026-09 page shows a testid or an error-token class")
	}
	p.click(card + ` button`)
	p.waitJS("the reply after retry", `!document.querySelector('`+card+`') && [...document.querySelectorAll('[data-markdown-text-style="assistant-message"]')].some((e) => e.textContent.includes('second try'))`)
	if rec := p.srv.Received(); len(rec) != 2 || rec[1].Action != "variant" || rec[1].MessageID != rec[0].MessageID {
		t.Fatalf("received %+v, want the message and its retry", rec)
	}
}

func testStopKeepsPartialText(t *testing.T, browser context.Context) {
	reply := strings.Repeat("streaming words ", 200)
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`,"stream_ms":15}`)})
	p.navigate("/")
	p.typeText("go")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("some streamed text", `(m => m && m.textContent.length > 40)(document.querySelector('[data-message-author-role="assistant"] .markdown'))`)
	p.click(`[data-testid="stop-button"]`)
	p.waitJS("send back after stop", `!document.querySelector('[data-testid="stop-button"]') && document.querySelector('[data-testid="copy-turn-action-button"]')`)
	if err := p.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	shown := eval[string](p, `document.querySelector('[data-message-author-role="assistant"] .markdown').textContent`)
	doc, _ := p.srv.Conversation(p.srv.Conversations()[0])
	m := doc.Mapping[doc.CurrentNode].Message
	if m.Status != "finished_partial_completion" || len(m.Text()) >= len(reply) || !strings.HasPrefix(strings.TrimSpace(m.Text()), strings.TrimSpace(shown)[:30]) {
		t.Fatalf("stored %s %d chars; shown %d chars", m.Status, len(m.Text()), len(shown))
	}
}

func testThoughts(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"the final answer","fault":"thoughts"}`)})
	p.navigate("/")
	p.typeText("think")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle)
	if n := eval[int](p, `document.querySelectorAll('[data-message-author-role="assistant"]').length`); n != 1 {
		t.Fatalf("%d assistant messages rendered, want 1", n)
	}
	if got := eval[string](p, jsLastReply); got != "the final answer" {
		t.Fatalf("reply %q", got)
	}
	if !strings.Contains(eval[string](p, `document.querySelector('article:last-of-type').innerText`), "Thought for 2s") {
		t.Fatal("no reasoning recap")
	}
}

func testCutStreamResumes(t *testing.T, browser context.Context) {
	reply := strings.Repeat("piece ", 30) + "done"
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`,"fault":"cut","stream_ms":5}`)})
	p.navigate("/")
	p.typeText("go")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the complete reply", jsIdle+` && document.querySelector('[data-message-author-role="assistant"]').innerText === `+jsonString(reply))
	if st := p.srv.Stats(); st.Streams != 2 || st.Messages[0].Streams != 2 {
		t.Fatalf("streams %d (message %d), want the POST and a resume", st.Streams, st.Messages[0].Streams)
	}
}

func testReloadMidStreamResumes(t *testing.T, browser context.Context) {
	reply := strings.Repeat("resumable ", 60) + "end"
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`,"stream_ms":15}`)})
	// The reply is held server-side until the reloaded tab has reattached,
	// so no machine is too slow for the reload to land mid-reply.
	release := p.srv.HoldReplies()
	defer release()
	p.navigate("/")
	p.typeText("go")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply in progress", `document.querySelector('article[data-turn="assistant"] .thinking-status')`)
	// The page shows its thinking state before the POST reached the server.
	rec, err := p.srv.WaitReceived(waitCtx(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	path := "/c/" + rec[0].ConversationID
	p.navigate(path) // the tab reloads while the reply is generated server-side
	p.waitJS("the history and the resumed stream", `document.querySelector('[data-message-author-role="user"]') && document.querySelector('[data-testid="stop-button"]')`)
	release()
	p.waitJS("the complete reply", jsIdle)
	if got := eval[string](p, jsLastReply); got != reply {
		t.Fatalf("reply after reload %q", got)
	}
	if n := eval[int](p, `document.querySelectorAll('article').length`); n != 2 {
		t.Fatalf("%d turns", n)
	}
	// A finished conversation renders from the document alone.
	p.navigate(path)
	p.waitJS("the rendered history", jsIdle)
	if got := eval[string](p, jsLastReply); got != reply {
		t.Fatalf("history %q", got)
	}
}

func testCopyButton(t *testing.T, browser context.Context) {
	reply := "Copy **this**:\n\n```go\nfmt.Println(1)\n```\n\n"
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`}`)})
	p.navigate("/")
	eval[bool](p, `(navigator.clipboard.writeText = async (t) => { window.__copied = t; }, true)`)
	p.typeText("go")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle)
	p.click(`[data-testid="copy-turn-action-button"]`)
	p.waitJS("the copy", `typeof window.__copied === 'string'`)
	if got := eval[string](p, `window.__copied`); got != strings.TrimRight(reply, "\n") {
		t.Fatalf("copied %q", got)
	}
	p.click(`pre button[data-code-copy]`)
	p.waitJS("the code copy", `window.__copied === 'fmt.Println(1)'`)
}

func testModal(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"ok","fault":"modal"}
{"reply":"after the modal"}`)})
	p.navigate("/")
	p.typeText("one")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the modal", `document.querySelector('#modal-beacon [role="dialog"]')`)
	p.do(chromedp.Focus(chromedp.ID("prompt-textarea")))
	if !eval[bool](p, `!document.getElementById('prompt-textarea').contains(document.activeElement)`) {
		t.Fatal("the modal does not trap focus")
	}
	p.do(chromedp.KeyEvent("\u001b"))
	p.waitJS("the closed modal", `!document.querySelector('#modal-beacon')`)
	p.typeText("two")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle+` && document.querySelectorAll('article').length === 4`)
	if r := p.srv.Received(); len(r) != 2 || r[1].Text != "two" {
		t.Fatalf("received %+v", r)
	}
}

func testDOMDiffers(t *testing.T, browser context.Context) {
	reply := "<agent_response><message>hi</message></agent_response>"
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`}
{"reply":`+jsonString(reply)+`,"fault":"dom_differs"}`)})
	p.navigate("/")
	p.typeText("plain")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle)
	if got := eval[string](p, jsLastReply); got != reply {
		t.Fatalf("raw tags outside code should show as text: %q", got)
	}
	p.typeText("lossy")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the second reply", jsIdle+` && document.querySelectorAll('article').length === 4`)
	if got := eval[string](p, jsLastReply); got != "hi" {
		t.Fatalf("dom_differs rendered %q", got)
	}
	doc, _ := p.srv.Conversation(p.srv.Conversations()[0])
	if doc.Mapping[doc.CurrentNode].Message.Text() != reply {
		t.Fatal("the stored text differs from the script")
	}
}

func testVirtualised(t *testing.T, browser context.Context) {
	var lines []string
	for i := range 4 {
		lines = append(lines, fmt.Sprintf(`{"reply":"reply %d\n\n%s"}`, i, strings.Repeat("filler paragraph\\n\\n", 20)))
	}
	p := openPage(t, browser, Options{LoggedIn: true, VirtualTurns: 2, Script: script(t, strings.Join(lines, "\n"))})
	p.navigate("/")
	for i := range 4 {
		p.typeText(fmt.Sprintf("question %d", i))
		p.click(`[data-testid="send-button"]`)
		p.waitJS("the reply", jsIdle+fmt.Sprintf(` && document.querySelector('[data-testid="conversation-turn-%d"] [data-testid="copy-turn-action-button"]')`, 2*i+2))
	}
	if n := eval[int](p, `document.querySelectorAll('article').length`); n >= 8 {
		t.Fatalf("%d turns mounted; old turns should be unmounted", n)
	}
	if eval[bool](p, `!!document.querySelector('[data-testid="conversation-turn-1"]')`) {
		t.Fatal("the first turn is still mounted")
	}
	eval[bool](p, `(document.getElementById('thread').scrollTop = 0, true)`)
	p.waitJS("the first turn after scrolling up", `document.querySelector('[data-testid="conversation-turn-1"]')`)
}

func testTruncation(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, TruncateAt: 10, Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	p.typeText("0123456789abcdefghij")
	p.click(`[data-testid="send-button"]`)
	r, err := p.srv.WaitReceived(waitCtx(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	if r[0].Text != "0123456789" {
		t.Fatalf("received %q", r[0].Text)
	}
}

func testBreakLocator(t *testing.T, browser context.Context) {
	p := openPage(t, browser, Options{LoggedIn: true, Script: script(t, `{"reply":"ok"}`)})
	p.navigate("/")
	p.typeText("x")
	p.click(`[data-testid="send-button"]`)
	p.waitJS("the reply", jsIdle)
	path := eval[string](p, `location.pathname`)
	for _, tc := range []struct{ name, gone, kept string }{
		{LocatorComposer, `#prompt-textarea`, `.ProseMirror[contenteditable="true"]`},
		{LocatorTurn, `[data-testid^="conversation-turn-"]`, `article[data-testid^="chat-turn-"]`},
		{LocatorMessage, `[data-message-author-role]`, `[data-role="assistant"]`},
		{LocatorCopyButton, `[data-testid="copy-turn-action-button"]`, `[data-testid="copy-action"]`},
		{LocatorModelSwitcher, `[data-testid="model-switcher-dropdown-button"]`, `button[aria-label^="Model selector"]`},
		{LocatorUpload, `#upload-files`, `input[type=file]:not([accept])`},
	} {
		if err := p.srv.BreakLocator(tc.name); err != nil {
			t.Fatal(err)
		}
		p.navigate(path)
		p.waitJS(tc.name+": the page", `document.querySelector('`+tc.kept+`')`)
		p.waitJS(tc.name+": the rendered history", `document.querySelector('.turn-actions')`)
		if eval[bool](p, `!!document.querySelector('`+tc.gone+`')`) {
			t.Fatalf("%s: %s is still there", tc.name, tc.gone)
		}
		p.srv.RestoreLocators()
	}
	for _, name := range []string{LocatorSendButton, LocatorStopButton} {
		if err := p.srv.BreakLocator(name); err != nil {
			t.Fatal(err)
		}
	}
	p.navigate("/")
	p.typeText("y")
	p.waitJS("the renamed send button", `document.querySelector('[data-testid="composer-send"]') && !document.querySelector('[data-testid="send-button"], #composer-submit-button')`)
	p.srv.RestoreLocators()
}
