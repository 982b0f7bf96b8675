package browser

// This file holds every ChatGPT page fact the adapter relies on: the CSS
// locators, the text patterns and the page's own endpoints. Nothing else in
// the package names a selector; the page script (page.js) receives these
// tables and looks elements up by locator name.
//
// Order of preference inside each list: roles and stable attributes
// (data-testid, ids) first, then structure, CSS classes last. A lookup
// takes the first visible match in list order (or, for lists of elements,
// the union in document order).

// AdapterVersion names this set of locators and page assumptions. Adapter
// errors and diagnostics carry it; bump it whenever a locator changes.
const AdapterVersion = "chatgpt-web/2026.12.1"

// locatorTable returns the locators by name.
func locatorTable() map[string][]string {
	return map[string][]string{
		// The ProseMirror composer. A logged-out page shows one too, so its
		// presence proves nothing about the login.
		"composer": {
			`#prompt-textarea[contenteditable="true"]`,
			`div[contenteditable="true"][role="textbox"].ProseMirror`,
			`main [contenteditable="true"][role="textbox"]`,
			`main div[contenteditable="true"]`,
			`textarea#prompt-textarea`,
		},
		// The submit button while the composer holds text. The same element
		// turns into the stop button while a reply streams.
		"send": {
			`button[data-testid="send-button"]`,
			`#composer-submit-button[data-testid="send-button"]`,
			`button[aria-label="Send prompt"]`,
		},
		"stop": {
			`button[data-testid="stop-button"]`,
			`[data-testid="composer-stop-button"]`,
			`#composer-submit-button[data-testid="stop-button"]`,
			`button[aria-label="Stop streaming"]`,
		},
		// One conversation turn: conversation-turn-N.
		"turn": {
			`article[data-testid^="conversation-turn-"]`,
			`section[data-testid^="conversation-turn-"]`,
			`[data-testid^="conversation-turn-"]`,
		},
		// One message, with data-message-author-role, data-message-id and
		// data-message-model-slug.
		"message":  {`[data-message-author-role]`},
		"markdown": {`.markdown`, `[class*="markdown"]`},
		// The finished bar under a completed reply.
		"copyTurn": {
			`button[data-testid="copy-turn-action-button"]`,
			`[data-testid="copy-turn-action-button"]`,
		},
		"finishedBar": {
			`button[data-testid="copy-turn-action-button"]`,
			`button[data-testid="good-response-turn-action-button"]`,
			`button[data-testid="bad-response-turn-action-button"]`,
		},
		"switcher": {
			`[data-testid="model-switcher-dropdown-button"]`,
			`button[aria-label^="Model selector"]`,
			`button.__composer-pill[aria-haspopup="menu"]`,
		},
		// Radix menus render in a portal at the end of body.
		"menu":     {`[role="menu"]`, `[role="listbox"]`},
		"menuItem": {`[role="menuitemradio"]`, `[role="menuitem"]`, `[role="menuitemcheckbox"]`, `[role="option"]`},
		"upload": {
			`#upload-files`,
			`input[type="file"]:not([accept])`,
			`input[type="file"]`,
		},
		// A finished upload's chip (an uploading one has another testid).
		"attachmentChip": {`[data-testid$="-file-thumbnail"]:not([aria-busy="true"])`},
		"uploadError": {
			`[data-testid="attachment-error"]`,
			`[data-testid="toast-error"]`,
			`[role="alert"][class*="error"]`,
		},
		"modal": {`#modal-beacon`},
		"modalClose": {
			`button[aria-label*="close" i]`,
			`button[aria-label*="dismiss" i]`,
			`[data-testid="close-button"]`,
		},
		// Error and limit cards render as an assistant "message".
		"errorCard": {
			`[data-testid="regenerate-thread-error-button"]`,
			`[class*="text-token-text-error"]`,
			`[class*="bg-token-surface-error"]`,
			`[data-testid="toast-error"]`,
		},
		"retry": {`button[data-testid="regenerate-thread-error-button"]`},
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
			`iframe[src*="challenges.cloudflare.com"]`,
			`input[name="cf-turnstile-response"]`,
			`form[action*="/cdn-cgi/challenge-platform/"]`,
		},
	}
}

// patternTable returns the text patterns (JavaScript regular expressions,
// matched case-insensitively) by name.
func patternTable() map[string]string {
	return map[string]string{
		"loginLabel":     `^(log ?in|sign ?in|sign up|sign up for free|登录|注册|免费注册)$`,
		"loginText":      `log in to get answers|log in or sign up|get responses tailored to you|登录或注册|登录以`,
		"challengeTitle": `just a moment|attention required|verify you are human|security check|请稍候`,
		"challengeText":  `verify you are human|checking your browser|checking if the site connection is secure|suspicious activity detected`,
		"rateLimit":      `(reached|hit)\b.{0,40}\blimit|usage (limit|cap)|limits? (reached|exceeded)|too many requests|temporarily limited|rate limit|已达.{0,8}(限额|上限)|使用上限|额度.{0,6}用尽`,
		"tooLong":        `conversation (is )?too long|message (you submitted )?(was|is) too long|maximum (context|conversation) length|context length exceeded|start a new chat to continue|对话过长|消息过长`,
		"genericError":   `something went wrong|message delivery timed out|an error occurred|network error|error in message stream|出错了|发生错误`,
		"modalClose":     `^(close|dismiss|not now|maybe later|skip|got it|done|no thanks|ok|关闭|取消|暂不|稍后|跳过|知道了|完成)$`,
		"switcherLabel":  `current model is (.+)$`,
	}
}

// pageAPI returns the page's own endpoints (paths on BaseURL).
func pageAPI() map[string]string {
	return map[string]string{
		"session":      "/api/auth/session",
		"conversation": "/backend-api/conversation/",
		"stream":       "/backend-api/f/conversation",
		// A challenge-protected endpoint: 403 with cf-mitigated while a
		// challenge is up.
		"probe": "/backend-api/conversations?offset=0&limit=1",
	}
}

// Path patterns (Go regular expressions) of the page's URLs.
const (
	// conversationPathRE matches /c/<id> and /g/<gizmo>/c/<id>.
	conversationPathRE = `^/(?:g/[^/]+/)?c/([0-9A-Za-z][0-9A-Za-z-]{7,})/?$`
	// authPathRE matches the login pages.
	authPathRE = `^/(?:auth|login|log-in|signin|sign-in)(?:/|$)`
)
