//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestBrowserRetriesAnErrorCard: ChatGPT answers the first message with
// "Something went wrong" and a Retry button; the run clicks it, takes the
// retried reply, runs its call once and finishes. On the 2026-09 page the
// card is a bare alert with an unlabelled button (an inference the first
// real `doctor --page` confirms), found by structure, not by testid.
func TestBrowserRetriesAnErrorCard(t *testing.T) {
	needChromium(t)
	for _, gen := range []string{mockchat.DOM2025, mockchat.DOM2026Sep} {
		t.Run(gen, func(t *testing.T) {
			e := newEnv(t)
			srv, url := mockPageGen(t, gen, []model.ScriptLine{
				{Fault: mockchat.FaultErrorRetry, Reply: agentReply(false, "Write it.", callXML("fs.write", el("path", "a.txt"), el("content", "a\n")))},
				{Expect: "a.txt", Reply: agentReply(true, "Wrote a.txt after a retry.", "")},
			}, 0)
			code, out, errOut := e.run("--chatgpt-url", url, "--headless", "write a.txt")
			if code != 0 || !strings.Contains(out, "Wrote a.txt after a retry.") {
				t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
			}
			if !strings.Contains(out+errOut, "retrying (1 of") {
				t.Errorf("the run did not say it retried:\n%s\n%s", out, errOut)
			}
			if got, _ := e.read("a.txt"); got != "a\n" {
				t.Errorf("a.txt = %q", got)
			}
			rec := srv.Received()
			if len(rec) != 3 || rec[1].Action != "variant" || rec[1].MessageID != rec[0].MessageID {
				t.Fatalf("received %+v: want the task, one retry of it, the result", rec)
			}
		})
	}
}
