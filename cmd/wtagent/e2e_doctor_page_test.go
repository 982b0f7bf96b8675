//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// seedChat sends one message to the mock as its page would (the session's
// bearer token, the conversation POST) and reads the answer to its end,
// so the sidebar lists a conversation.
func seedChat(t *testing.T, url, text string) {
	t.Helper()
	res, err := http.Get(url + "/api/auth/session")
	if err != nil {
		t.Fatal(err)
	}
	var sess struct {
		AccessToken string `json:"accessToken"`
	}
	err = json.NewDecoder(res.Body).Decode(&sess)
	res.Body.Close()
	if err != nil || sess.AccessToken == "" {
		t.Fatalf("session: %v", err)
	}
	body := fmt.Sprintf(`{"action":"next","messages":[{"id":"aaaaaaaa-0000-4000-8000-000000000001","author":{"role":"user"},"content":{"content_type":"text","parts":[%q]},"metadata":{"attachments":[]}}],"parent_message_id":"client-created-root","model":"gpt-5-5"}`, text)
	req, _ := http.NewRequest("POST", url+"/backend-api/f/conversation", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+sess.AccessToken)
	req.Header.Set("Content-Type", "application/json")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(b), "[DONE]") {
		t.Fatalf("seed message: %d %s", res.StatusCode, b)
	}
}

// TestDoctorPage runs `wtagent doctor --page --json` against the mock page
// of each generation (Chromium, headless): it names the generation, finds
// the composer, the picker (its models and, on 2026 pages, its effort
// slider; on the 2026-11 menu each model with the efforts it offers), the newest conversation's thread and answer, and saves a
// redacted snapshot; the 2026-09 page's Work mode is reported. A fresh
// account's empty sidebar is a warning.
func TestDoctorPage(t *testing.T) {
	needChromium(t)
	for _, gen := range mockchat.Generations() {
		t.Run(gen, func(t *testing.T) {
			e := newEnv(t)
			os.Chmod(e.home, 0o700)
			srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: gen, WorkMode: true, Script: []model.ScriptLine{{Line: 1, Reply: "The seeded answer."}}})
			url, err := srv.Start("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(srv.Close)
			seedChat(t, url, "hello")
			// No display: --headless needs none.
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
			defer cancel()
			cmd := e.command(ctx, "doctor", "--page", "--headless", "--chatgpt-url", url, "--json", "--timeout", "3m")
			cmd.Env = withDisplay(cmd.Env, "")
			var outb, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &outb, &errb
			_ = cmd.Run()
			code, out, errOut := cmd.ProcessState.ExitCode(), outb.String(), errb.String()
			res := map[string]struct{ Level, Detail, Fix string }{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var r struct{ Name, Level, Detail, Fix string }
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("doctor --page --json: %v: %s\n%s", err, out, errOut)
				}
				res[r.Name] = struct{ Level, Detail, Fix string }{r.Level, r.Detail, r.Fix}
			}
			want := map[string][]string{
				"page":     {"ok", gen + " page at " + url},
				"login":    {"ok", "logged in"},
				"composer": {"ok", "("},
				"switcher": {"ok", "("},
				"upload":   {"ok", "#upload-files"},
				"picker":   {"ok", gen + " picker"},
				"thread":   {"ok", "the newest answer"},
				"snapshot": {"ok", ".html"},
				// Reported though no error card is up: where it shows.
				"retry":        {"warning", "error card"},
				"display":      {"ok", "headless Chrome needs none"},
				"send-control": {"ok", "found by testid"},
				"language":     {"ok", "UI language en"},
			}
			switch gen {
			case mockchat.DOM2026Sep, mockchat.DOM2026Nov:
				want["composer"] = []string{"ok", "form[data-chatgpt-composer]"}
				want["picker"] = []string{"ok", "models: gpt-5-5, gpt-5-5-instant, gpt-5-5-thinking; effort slider at medium (1 of 0..4)"}
				want["upload"] = []string{"ok", `input[type="file"]:not([accept])`}
				want["send-control"] = []string{"ok", "found by structure"}
				want["thread"] = []string{"ok", "message [data-content-search-unit-key] (2)"}
				want["chat-mode"] = []string{"ok", "on Work"}
				if gen == mockchat.DOM2026Nov { // each model once, with the efforts it offers
					want["picker"] = []string{"ok", "2026-11 picker (shows \"Medium\"); models: gpt-latest, gpt-6-2-sol (standard/medium, extended/high, extra-high/xhigh), " +
						"gpt-6-2-sol-instant, gpt-6 (extended/high, pro/max), gpt-6-instant, gpt-5-6-sol (light/low, standard/medium, extended/high)"}
				}
			case mockchat.DOM2026Mid:
				want["picker"] = []string{"ok", "models: gpt-5-5, gpt-5-5-instant, gpt-5-5-thinking, gpt-5-5-pro; effort slider at standard"}
				want["thread"] = []string{"ok", "turn section[data-testid^=\"conversation-turn-\"] (2)"}
			default:
				want["picker"] = []string{"ok", "models: gpt-5-2, gpt-5-2-instant, gpt-5-2-thinking, gpt-5-2-pro"}
				want["thread"] = []string{"ok", "answer .markdown (1)"}
			}
			for name, w := range want {
				r := res[name]
				if r.Level != w[0] || !strings.Contains(r.Detail, w[1]) {
					t.Errorf("%s: %s %q, want %s with %q", name, r.Level, r.Detail, w[0], w[1])
				}
			}
			if snap := strings.TrimPrefix(strings.SplitN(res["snapshot"].Detail, ",", 2)[0], "redacted DOM snapshot "); snap != "" {
				b, err := os.ReadFile(snap)
				if err != nil || !strings.Contains(string(b), "wtagent chatgpt-web/") || strings.Contains(string(b), "mock-access-token") {
					t.Errorf("snapshot %s: %v (a header, no token)", snap, err)
				}
			}
			if code != 0 {
				t.Errorf("exit %d with a healthy page: %s", code, out)
			}

			if gen != mockchat.DOM2026Sep {
				return
			}
			// A fresh account: nothing in the sidebar to check the thread
			// with is a warning with its fix.
			fresh := mockchat.New(mockchat.Options{LoggedIn: true, DOM: gen})
			furl, err := fresh.Start("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(fresh.Close)
			_, out, _ = e.run("doctor", "--page", "--headless", "--chatgpt-url", furl, "--json", "--timeout", "3m")
			if !strings.Contains(out, `"name":"thread","level":"warning","detail":"no conversation in the sidebar`) {
				t.Errorf("doctor --page on a fresh account:\n%s", out)
			}
		})
	}
}

// TestDoctorPageSendControl: doctor --page types one character, sees the
// send control and deletes it again, sending nothing, and names the UI
// language (a Turkish page); on a 2026-09 page whose send control cannot
// be found (no submit control, no label) it fails.
func TestDoctorPageSendControl(t *testing.T) {
	needChromium(t)
	for _, broken := range []bool{false, true} {
		t.Run(fmt.Sprintf("broken=%t", broken), func(t *testing.T) {
			e := newEnv(t)
			os.Chmod(e.home, 0o700)
			srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep, Lang: mockchat.LangTurkish})
			url, err := srv.Start("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(srv.Close)
			if broken {
				if err := srv.BreakLocator(mockchat.LocatorSendButton); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errOut := e.run("doctor", "--page", "--headless", "--chatgpt-url", url, "--json", "--timeout", "3m")
			res := map[string]struct{ Level, Detail string }{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var r struct{ Name, Level, Detail string }
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("doctor --page --json: %v: %s\n%s", err, out, errOut)
				}
				res[r.Name] = struct{ Level, Detail string }{r.Level, r.Detail}
			}
			if l := res["language"]; l.Level != "ok" || !strings.Contains(l.Detail, "UI language tr (ltr)") {
				t.Errorf("language: %+v", l)
			}
			sc := res["send-control"]
			switch {
			case broken && (sc.Level != "error" || !strings.Contains(sc.Detail, "no send control")):
				t.Errorf("send-control on a page without one: %+v", sc)
			case broken && code == 0:
				t.Errorf("doctor --page passed on a page without a send control:\n%s", out)
			case !broken && (sc.Level != "ok" || !strings.Contains(sc.Detail, "found by structure")):
				t.Errorf("send-control: %+v\n%s", sc, out)
			}
			if n := len(srv.Received()); n != 0 {
				t.Errorf("the check sent %d messages", n)
			}
		})
	}
}
