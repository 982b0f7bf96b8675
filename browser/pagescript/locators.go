package pagescript

// This file holds every ChatGPT page fact the adapter relies on: the CSS
// locators, the text patterns and the page's own endpoints. Nothing else in
// wtagent names a selector; the page script (page.js) receives these
// tables and looks elements up by locator name.
//
// Three page generations are covered (see generation() in page.js): the
// 2024–25 page, the mid-2026 page (section turns, commentary before the
// answer, testid modals) and the page since 2026-09-25 (no data-testid at
// all: message units, the answer root, form[data-chatgpt-composer]). A
// locator lists the forms of every generation; which generation a page
// shows is read from the page, never from a date.
//
// Order of preference inside each list: roles and stable attributes
// (data-testid, ids) first, then structure, CSS classes last. A lookup
// takes the first visible match in list order (or, for lists of elements,
// the union in document order).

// Version names this set of locators and page assumptions. Adapter
// errors and diagnostics carry it; bump it whenever a locator changes.
const Version = "chatgpt-web/2026.12.6"

// Locators returns the locators by name.
func Locators() map[string][]string {
	return map[string][]string{
		// The ProseMirror composer. A logged-out page shows one too, so its
		// presence proves nothing about the login.
		"composer": {
			`#prompt-textarea[contenteditable="true"]`,
			`form[data-chatgpt-composer] div.ProseMirror[contenteditable="true"][role="textbox"]`,
			`div[contenteditable="true"][role="textbox"].ProseMirror`,
			`main [contenteditable="true"][role="textbox"]`,
			`main div[contenteditable="true"]`,
			`textarea#prompt-textarea`,
		},
		// The submit button while the composer holds text. The same element
		// turns into the stop button while a reply streams; on the 2026-09
		// page it is also the voice button while the composer is empty.
		// Only the testid forms are listed: the page script finds the
		// 2026-09 control by structure and state (sendButton, stopButton in
		// page.js: the composer form's submit control; its primary button
		// while a turn runs), since every label there is localised. The
		// English labels are the last fallback.
		"send": {
			`button[data-testid="send-button"]`,
			`#composer-submit-button[data-testid="send-button"]`,
		},
		"sendLabel": {
			`form[data-chatgpt-composer] button[aria-label="Send"]`,
			`button[aria-label="Send prompt"]`,
		},
		"stop": {
			`button[data-testid="stop-button"]`,
			`[data-testid="composer-stop-button"]`,
			`#composer-submit-button[data-testid="stop-button"]`,
		},
		"stopLabel": {
			`button[aria-label="Stop streaming"]`,
			`form[data-chatgpt-composer] button[aria-label="Stop"]`,
		},
		// One conversation turn: conversation-turn-N (2025: an article,
		// mid-2026: a section in div[data-turn-id-container]), or the
		// 2026-09 turn group.
		"turn": {
			`article[data-testid^="conversation-turn-"]`,
			`section[data-testid^="conversation-turn-"]`,
			`[data-testid^="conversation-turn-"]`,
			`[data-turn-key]`,
		},
		"turnContainer": {`div[data-turn-id-container]`},
		// One message: data-message-author-role, data-message-id and
		// data-message-model-slug; on the 2026-09 page a unit
		// "<turn>:<index>:<role>" with data-chatgpt-selection-message-id.
		"message": {
			`[data-message-author-role]`,
			`[data-content-search-unit-key]`,
			`[data-chatgpt-search-unit-key]`,
		},
		"messageID": {`[data-message-id]`, `[data-chatgpt-selection-message-id]`},
		// The 2026-09 unit's message ids: a user unit's only id, or an
		// assistant unit's ids (the last is the reply).
		"messageIDs": {`[data-chatgpt-search-message-ids]`},
		// The 2026-09 role heading and user bubble.
		"roleHeading": {`h4[data-conversation-role]`},
		"userBubble":  {`[data-user-message-bubble]`},
		// The answer root: the last one of a message outside any
		// streaming-status block (which holds commentary and thinking).
		"answer": {
			`[data-markdown-text-style="assistant-message"]`,
			`.markdown`,
			`[class*="markdown"]`,
		},
		"streamingStatus": {`[data-streaming-response-status]`},
		// The finished bar under a completed reply; on the 2026-09 page the
		// action bar's first button is Copy (its label is localised).
		"copyTurn": {
			`button[data-testid="copy-turn-action-button"]`,
			`[data-testid="copy-turn-action-button"]`,
			`.turn-action-controls button:first-of-type`,
			`.turn-action-controls button[aria-label="Copy"]`,
		},
		"finishedBar": {
			`button[data-testid="copy-turn-action-button"]`,
			`button[data-testid="good-response-turn-action-button"]`,
			`button[data-testid="bad-response-turn-action-button"]`,
			`.turn-action-controls button`,
		},
		// Notices and banners (usage caps, warnings): doctor --page lists
		// their text.
		"notice": {`[role="alert"]`, `[role="status"]`, `[aria-live="assertive"]`, `[aria-live="polite"]`},
		// A conversation in the sidebar (doctor --page reads the newest).
		"historyItem": {`nav a[href^="/c/"]`, `nav a[href*="/c/"]`},
		// The 2026-09 page's Chat/Work switch: wtagent works in Chat. The
		// page script finds it as the toggle group of the composer's form;
		// the English label is the fallback.
		"modeSwitch": {`[role="group"][aria-label="Composer mode"]`},
		// The model picker's trigger, of four generations: the 2025
		// model-switcher menu, the 2026-06 pill (it shows the effort), the
		// 2026-09 intelligence trigger (it shows the effort too) and the
		// 2026-11 trigger, found by structure: the reasoning navigation
		// target of the composer's form (the Work composer's form has no
		// data-chatgpt-composer), then anywhere; the 2026-09 attribute is
		// the fallback. Its aria-label is localised.
		"switcher": {
			`[data-testid="model-switcher-dropdown-button"]`,
			`form:has([contenteditable="true"]) button[data-composer-navigation-target="reasoning"]`,
			`button[data-composer-navigation-target="reasoning"]`,
			`[data-composer-navigation-target="reasoning"]`,
			`button[data-codex-intelligence-trigger="true"]`,
			`button[aria-label^="Model selector"]`,
			`button.__composer-pill[aria-haspopup="menu"]`,
			`button.__composer-pill`,
		},
		"pickerSep": {`button[data-codex-intelligence-trigger="true"]`},
		"pickerNov": {`[data-composer-navigation-target="reasoning"]`},
		"pickerLegacy": {
			`[data-testid="model-switcher-dropdown-button"]`,
			`button[aria-label^="Model selector"]`,
		},
		// The 2026-06 picker: its content, the Advanced button and view.
		"pickerContent": {`[data-testid="composer-intelligence-picker-content"]`},
		"pickerPro":     {`[data-testid="composer-intelligence-pro-thinking-effort-trigger"]`},
		"pickerAdvanced": {
			`[data-testid="composer-intelligence-picker-content"] [data-testid*="advanced"]:not([data-testid$="-view"])`,
		},
		// The 2026-09 picker: its panes and the simple pane's toggle.
		"pickerPane":   {`[data-model-picker-view]`},
		"pickerToggle": {`[data-model-picker-view="simple"] [data-model-picker-view-toggle]`},
		// The effort (power) slider of both 2026 pickers: on 2026-09 the
		// menu row that takes the arrow keys, holding the track and the
		// input (an aria-hidden, zero-width span); on 2026-06 the slider.
		"effortSlider": {
			`[role="menuitem"][data-reasoning-slider]`,
			`[data-reasoning-slider]`,
			`[data-model-reasoning-effort-slider][role="slider"]`,
			`[data-model-reasoning-effort-slider]`,
		},
		"sliderTrack": {`[data-model-picker-power-slider]`},
		"sliderInput": {`[role="slider"]`},
		// Radix menus render in a portal at the end of body; the 2026
		// pickers' model lists are menus too.
		"menu": {
			`[role="menu"]`,
			`[role="listbox"]`,
			`[data-testid="composer-model-picker-slider-advanced-view"]`,
			`[data-model-picker-view="advanced"][data-active="true"]`,
		},
		"menuItem": {`[role="menuitemradio"]`, `[role="menuitem"]`, `[role="menuitemcheckbox"]`, `[role="option"]`},
		"upload": {
			`#upload-files`,
			`input[type="file"]:not([accept])`,
			`input[type="file"]`,
		},
		// A finished upload's chip (an uploading one has another testid).
		"attachmentChip": {`[data-testid$="-file-thumbnail"]:not([aria-busy="true"])`},
		// A file tile's remove button by its English label: the fallback.
		// The page script finds tiles by structure (fileTiles in page.js:
		// the composer form's groups with a button that are no toggles; a
		// tile shows a progress bar while the upload runs) and a file's
		// tile by its name.
		"fileTileLabel": {
			`form button[aria-label^="Remove file"]`,
			`form button[aria-label^="Remove Pasted text"]`,
		},
		"progress": {`[role="progressbar"]`, `progress`},
		"uploadError": {
			`[data-testid="attachment-error"]`,
			`[data-testid="toast-error"]`,
			`[role="alert"][class*="error"]`,
		},
		// Modals: the mid-2026 testids, the 2025 id, and a bare modal
		// dialog (the 2026-09 page has no testids).
		"modal": {
			`[data-testid="modal-conversation-history-rate-limit"]`,
			`[data-testid="modal-beacon"]`,
			`#modal-beacon`,
			`[role="dialog"][aria-modal="true"]`,
		},
		"modalRateLimit": {`[data-testid="modal-conversation-history-rate-limit"]`},
		"modalClose": {
			`button[aria-label*="close" i]`,
			`button[aria-label*="dismiss" i]`,
			`[data-testid="close-button"]`,
		},
		// Error and limit cards render as an assistant "message". The
		// 2026-09 forms (an alert inside a message unit or its turn group)
		// are an inference, not a capture: no 2026-09 error card has been
		// seen yet; the first real `wtagent doctor --page` on a
		// conversation with an error confirms or corrects them.
		"errorCard": {
			`[data-testid="regenerate-thread-error-button"]`,
			`[class*="text-token-text-error"]`,
			`[class*="bg-token-surface-error"]`,
			`[data-testid="toast-error"]`,
			`[data-content-search-unit-key] [role="alert"]`,
			`[data-turn-key] [role="alert"]`,
		},
		// The inferred 2026-09 error card forms above: such an alert is an
		// error card when its message shows no answer (it stands in place
		// of the reply) or when its words say so (rateLimit, tooLong,
		// genericError), since other alerts may sit beside an answer.
		"errorAlert": {
			`[data-content-search-unit-key] [role="alert"]`,
			`[data-turn-key] [role="alert"]`,
		},
		// The error card's Retry button: the 2025/2026-06 testid, else (the
		// 2026-09 inference above) the button of an alert in a message unit
		// or turn group — found by structure, since that page has no
		// testids and its label is localised.
		"retry": {
			`button[data-testid="regenerate-thread-error-button"]`,
			`[data-content-search-unit-key] [role="alert"] button`,
			`[data-turn-key] [role="alert"] button`,
		},
		// "Continue generating" under a reply cut at the output limit
		// (finish_details max_tokens). The 2026 page's own control is not
		// in any public capture: the testid the page family uses; on the
		// 2026-09 page the page script finds it by structure (continueButton
		// in page.js: a button after the cut reply's answer, outside its
		// action bar, alerts and commentary); the English label is the
		// last fallback.
		"continue":      {`button[data-testid="continue-generating-button"]`},
		"continueLabel": {`button[aria-label="Continue generating"]`},
		// Login controls on a logged-out page; their text is checked too
		// (loginLabel).
		"login": {
			`[data-testid="login-button"]`,
			`[data-testid="signup-button"]`,
			`a[href*="/auth/login"]`,
			`button`,
			`a`,
		},
		// Strong challenge signals only: a bare challenge-platform script is
		// injected on normal pages too.
		"challenge": {
			`#challenge-running`,
			`#challenge-stage`,
			`#cf-challenge-running`,
			`[data-testid="challenge-stage"]`,
			`form[action*="/cdn-cgi/challenge-platform/"]`,
		},
		// A challenge widget is a challenge only when no app shell is
		// present (the page embeds one on healthy pages too).
		"challengeWidget": {
			`iframe[src*="challenges.cloudflare.com"]`,
			`input[name="cf-turnstile-response"]`,
		},
		// What tells the page generations apart (generation() in
		// page.js), newest first.
		// The 2026-11 page is the 2026-09 page whose picker trigger lost
		// data-codex-intelligence-trigger.
		"gen2026Nov": {
			`[data-composer-navigation-target="reasoning"]:not([data-codex-intelligence-trigger])`,
		},
		"gen2026Sep": {
			`[data-content-search-unit-key]`,
			`[data-chatgpt-search-unit-key]`,
			`form[data-chatgpt-composer]`,
			`button[data-codex-intelligence-trigger]`,
			`[data-markdown-text-style="assistant-message"]`,
		},
		"gen2026Mid": {
			`div[data-turn-id-container]`,
			`section[data-testid^="conversation-turn-"]`,
			`[data-testid="modal-beacon"]`,
			`[data-testid="composer-intelligence-picker-content"]`,
			`button.__composer-pill:not([data-testid^="model-switcher"])`,
		},
		"gen2025": {
			`article[data-testid^="conversation-turn-"]`,
			`[data-testid="model-switcher-dropdown-button"]`,
			`#modal-beacon`,
		},
		"appShell": {
			`form[data-chatgpt-composer]`,
			`form[data-type="unified-composer"]`,
			`#prompt-textarea`,
			`[data-message-author-role]`,
			`[data-content-search-unit-key]`,
			`nav[aria-label="Chat history"]`,
		},
	}
}

// Patterns returns the text patterns (JavaScript regular expressions,
// matched case-insensitively) by name.
func Patterns() map[string]string {
	return map[string]string{
		"loginLabel":     `^(log ?in|sign ?in|sign up|sign up for free|登录|注册|免费注册)$`,
		"loginText":      `log in to get answers|log in or sign up|get responses tailored to you|登录或注册|登录以`,
		"challengeTitle": `just a moment|attention required|verify you are human|security check|请稍候`,
		"challengeText":  `verify you are human|checking your browser|checking if the site connection is secure|suspicious activity detected`,
		"rateLimit":      `(reached|hit)\b.{0,40}\blimit|usage (limit|cap)|limits? (reached|exceeded)|too many requests|temporarily limited|rate limit|已达.{0,8}(限额|上限)|使用上限|额度.{0,6}用尽`,
		"tooLong":        `conversation (is )?too long|message (you submitted )?(was|is) too long|maximum (context|conversation) length|context length exceeded|start a new chat to continue|对话过长|消息过长`,
		"genericError":   `something went wrong|message delivery timed out|an error occurred|network error|error in message stream|unusual activity|出错了|发生错误`,
		// policy is the notice the page shows in place of a message or a
		// reply its content policy blocked (the words ChatGPT has used;
		// the 2026 notice's element is not in any public capture).
		"policy":        `(may )?violate (our )?(usage |content )?polic(y|ies)|content polic(y|ies)|usage polic(y|ies)|违反.{0,8}(使用|内容)?政策`,
		"modalClose":    `^(close|dismiss|not now|maybe later|skip|got it|done|no thanks|ok|关闭|取消|暂不|稍后|跳过|知道了|完成)$`,
		"switcherLabel": `current model is (.+)$`,
	}
}

// API returns the page's own endpoints (paths on BaseURL).
func API() map[string]string {
	return map[string]string{
		"session":      "/api/auth/session",
		"conversation": "/backend-api/conversation/",
		// The linear read the 2026-09 page uses (newest turns).
		"conversations": "/backend-api/conversations/",
		// The sidebar's list of conversations, newest first.
		"conversationList": "/backend-api/conversations",
		"stream":           "/backend-api/f/conversation",
		"resume":           "/backend-api/f/conversation/resume",
		// A challenge-protected endpoint: 403 with cf-mitigated while a
		// challenge is up. The session endpoint, not the conversation list
		// (which answers 429 under bursts).
		"probe": "/api/auth/session",
	}
}

// Path patterns (Go regular expressions) of the page's URLs.
const (
	// ConversationPathRE matches /c/<id> and /g/<gizmo>/c/<id>.
	ConversationPathRE = `^/(?:g/[^/]+/)?c/([0-9A-Za-z][0-9A-Za-z-]{7,})/?$`
	// AuthPathRE matches the login pages.
	AuthPathRE = `^/(?:auth|login|log-in|signin|sign-in)(?:/|$)`
)
