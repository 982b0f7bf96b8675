//go:build linux

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// capFallbackSSE is a 2026 stream whose usage cap shows only as
// metadata.model_adjustments (the resolved model equal to the one asked
// for), answering reply.
func capFallbackSSE(t *testing.T, reply string) string {
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	msg := map[string]any{"id": "{{assistant_message_id}}", "author": map[string]any{"role": "assistant"},
		"content": map[string]any{"content_type": "text", "parts": []string{reply}}, "status": "in_progress",
		"recipient": "all", "channel": "final", "metadata": map[string]any{"model_slug": "gpt-5-5-thinking"}}
	return "event: delta_encoding\ndata: \"v1\"\n\n" +
		"data: " + enc(map[string]any{"type": "server_ste_metadata", "conversation_id": "{{conversation_id}}", "metadata": map[string]any{
		"model_slug": "gpt-5-5-thinking", "resolved_model_slug": "gpt-5-5-thinking",
		"model_adjustments": []string{"auto:smaller_model:reached_message_cap"}}}) + "\n\n" +
		"event: delta\ndata: " + enc(map[string]any{"p": "", "o": "add", "v": map[string]any{"message": msg, "conversation_id": "{{conversation_id}}"}, "c": 0}) + "\n\n" +
		`event: delta` + "\n" + `data: {"p":"","o":"patch","v":[{"p":"/message/status","o":"replace","v":"finished_successfully"},{"p":"/message/end_turn","o":"replace","v":true}]}` + "\n\n" +
		"data: [DONE]\n\n"
}

// TestCapFallbackReported: through the binary, Chromium and the 2026-09
// mock, a turn whose usage cap shows only as model_adjustments is
// reported as a model fallback is: one browser.note event (in --json) and
// its line in the live view.
func TestCapFallbackReported(t *testing.T) {
	needChromium(t)
	const note = "ChatGPT answers turn 1 with a smaller model (auto:smaller_model:reached_message_cap), not the model asked for (a usage cap or fallback)"
	reply := agentReply(true, "Answered under the cap.", "")
	for _, asJSON := range []bool{false, true} {
		_, url := mockPage(t, []model.ScriptLine{{Reply: reply, SSE: capFallbackSSE(t, reply), StreamMS: 1}}, 0)
		e := newEnv(t)
		args := []string{"--chatgpt-url", url, "--headless", "answer under the cap"}
		if asJSON {
			args = append([]string{"--json"}, args...)
		}
		code, out, errOut := e.run(args...)
		if code != 0 || !strings.Contains(out, "Answered under the cap.") {
			t.Fatalf("json %v: exit %d\n%s\n%s", asJSON, code, out, errOut)
		}
		if !asJSON {
			if strings.Count(out, note) != 1 {
				t.Errorf("the live view does not report the cap once:\n%s", out)
			}
			continue
		}
		n := 0
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var ev struct {
				Type    event.Type        `json:"type"`
				Payload event.TextPayload `json:"payload"`
			}
			if json.Unmarshal([]byte(line), &ev) == nil && ev.Type == event.EvBrowserNote && ev.Payload.Text == note {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d browser.note events report the cap, want 1:\n%s", n, out)
		}
	}
}
