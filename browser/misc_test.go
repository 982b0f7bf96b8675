package browser

import (
	"slices"
	"strings"
	"testing"
)

func TestRedactHTML(t *testing.T) {
	in := `<html><script>window.__boot={"accessToken":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop"}</script>` +
		`<div data-x='{"session_token":"abcdefgh12345"}'>Bearer abcdefghijklmnopqrst</div>` +
		`<input type="password" value="hunter2hunter2"><a href="/x?csrf_token=1234567890abcdef">x</a>` +
		`<p>eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop</p><p>keep this text</p></html>`
	out := redactHTML(in)
	for _, secret := range []string{"eyJhbGci", "abcdefgh12345", "abcdefghijklmnopqrst", "hunter2", "1234567890abcdef"} {
		if strings.Contains(out, secret) {
			t.Errorf("%q survived: %s", secret, out)
		}
	}
	if !strings.Contains(out, "keep this text") {
		t.Errorf("the page text went too: %s", out)
	}
}

func TestClassifyAuth(t *testing.T) {
	base := "https://chatgpt.com"
	for _, tc := range []struct {
		name string
		p    pageSnap
		want LoginState
	}{
		{"logged in", pageSnap{Origin: base, Path: "/", JSON: true, User: true, Composer: true}, LoginOK},
		{"composer but no user", pageSnap{Origin: base, Path: "/", JSON: true, Composer: true, Login: "Log in"}, LoginRequired},
		{"auth page", pageSnap{Origin: base, Path: "/auth/login"}, LoginRequired},
		{"challenge element", pageSnap{Origin: base, Path: "/", Challenge: "element", JSON: true, User: true}, LoginChallenge},
		{"challenged session endpoint", pageSnap{Origin: base, Status: 403, CF: "challenge"}, LoginChallenge},
		{"identity provider", pageSnap{Origin: "https://auth.openai.com", Path: "/log-in"}, LoginElsewhere},
		{"limit banner", pageSnap{Origin: base, JSON: true, User: true, Err: &cardState{Kind: "rate_limit"}}, LoginRateLimited},
		{"no answer", pageSnap{Origin: base, FetchError: "TypeError"}, LoginUnknown},
	} {
		if got := classifyAuth(tc.p, base); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestClassifyCardText(t *testing.T) {
	for text, want := range map[string]string{
		"You've reached your usage limit. Please try again later.": "rate_limit",
		"You've hit your limit for GPT-5.2 Pro":                    "rate_limit",
		"The conversation is too long, please start a new one.":    "too_long",
		"Something went wrong while generating the response.":      "error",
		"已达到使用上限":                                                  "rate_limit",
	} {
		if got := classifyCardText(text); got != want {
			t.Errorf("%q: %s, want %s", text, got, want)
		}
	}
}

func TestEntryChoice(t *testing.T) {
	if normalizeText("a\r\nb\rc\n") != "a\nb\nc\n" {
		t.Fatal("normalizeText")
	}
	for _, tc := range []struct {
		text string
		want []entryMethod
	}{
		{"short text\nwith two lines", []entryMethod{entryInsert, entryPaste, entryDOM}},
		{codeLike(100 << 10), []entryMethod{entryPaste, entryDOM}},
		{strings.Repeat("x", 10<<10), []entryMethod{entryPaste, entryDOM, entryInsert}},
	} {
		if got := entryOrder(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("entryOrder(%d bytes) = %v, want %v", len(tc.text), got, tc.want)
		}
	}
}

// TestChunks: pieces of at most n UTF-16 code units that join to the
// text, never cutting a rune (an emoji is two units).
func TestChunks(t *testing.T) {
	for _, tc := range []struct {
		text  string
		n     int
		parts []string
	}{
		{"", 4, nil},
		{"abcd", 4, []string{"abcd"}},
		{"abcde", 4, []string{"abcd", "e"}},
		{"abc🚀d", 4, []string{"abc", "🚀d"}},
		{"你好世界你", 2, []string{"你好", "世界", "你"}},
	} {
		if got := chunks(tc.text, tc.n); !slices.Equal(got, tc.parts) {
			t.Errorf("chunks(%q, %d) = %q, want %q", tc.text, tc.n, got, tc.parts)
		}
	}
}

func TestCheckCursor(t *testing.T) {
	tr := New(Options{BaseURL: "https://chatgpt.com/", ProfileDir: t.TempDir()})
	for cursor, ok := range map[string]bool{
		"https://chatgpt.com/c/6a80ebc2-4b12-4293-8e93-2b9f09a17050":         true,
		"https://chatgpt.com/g/g-abc/c/6a80ebc2-4b12-4293-8e93-2b9f09a17050": true,
		"https://evil.example/c/6a80ebc2-4b12-4293-8e93-2b9f09a17050":        false,
		"https://chatgpt.com/settings":                                       false,
		"javascript:alert(1)":                                                false,
		"/c/6a80ebc2-4b12-4293-8e93-2b9f09a17050":                            false,
	} {
		if _, err := tr.checkCursor(cursor); (err == nil) != ok {
			t.Errorf("checkCursor(%q): %v", cursor, err)
		}
	}
}
