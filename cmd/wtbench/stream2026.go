package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// sse2026 builds 2026-shaped raw streams for the mock page (script lines
// with "sse", "resume_sse" and "ws"), with the mock's placeholders.
type sse2026 struct{ b strings.Builder }

func (s *sse2026) event(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // only maps of strings and numbers
	}
	if name != "" {
		s.b.WriteString("event: " + name + "\n")
	}
	s.b.WriteString("data: " + string(data) + "\n\n")
}

func (s *sse2026) raw(line string) { s.b.WriteString(line + "\n\n") }

// msg is a message envelope for an add.
func msg(id, role, ctype, channel, recipient string, extra map[string]any) map[string]any {
	content := map[string]any{"content_type": ctype}
	switch ctype {
	case "text":
		content["parts"] = []string{""}
	case "thoughts":
		content["thoughts"] = []any{}
	case "reasoning_recap":
		content["content"] = "Thought for 4s"
	}
	m := map[string]any{"id": id, "author": map[string]any{"role": role}, "content": content,
		"status": "in_progress", "recipient": recipient, "metadata": map[string]any{"turn_exchange_id": "{{turn}}"}}
	if channel != "" {
		m["channel"] = channel
	}
	for k, v := range extra {
		m[k] = v
	}
	return map[string]any{"message": m, "conversation_id": "{{conversation_id}}", "error": nil}
}

// head is the start of every stream: encoding, resume token, the hidden
// system message (long form), the metadata.
func (s *sse2026) head(turn string) {
	s.event("delta_encoding", "v1")
	s.event("", map[string]any{"type": "resume_conversation_token", "kind": "conduit", "token": "bench", "conversation_id": "{{conversation_id}}"})
	s.event("delta", map[string]any{"p": "", "o": "add", "c": 0, "v": msg("sys-"+turn, "system", "text", "", "all",
		map[string]any{"metadata": map[string]any{"is_visually_hidden_from_conversation": true}})})
	s.event("", map[string]any{"type": "server_ste_metadata", "conversation_id": "{{conversation_id}}",
		"metadata": map[string]any{"model_slug": "gpt-5-5-thinking", "resolved_model_slug": "gpt-5-5-thinking", "turn_exchange_id": turn}})
}

// reasoning streams thoughts, a recap, a commentary preamble and the
// answer, tokens as implicit appends, the last one in the end patch.
func (s *sse2026) reasoning(answer string) {
	s.event("delta", map[string]any{"c": 1, "v": msg("th", "assistant", "thoughts", "analysis", "all", nil)})
	s.event("delta", map[string]any{"p": "/message/content/thoughts", "o": "append", "v": []any{map[string]any{"summary": "Planning", "content": "Look at the tree."}}})
	s.event("delta", map[string]any{"o": "patch", "v": []any{map[string]any{"p": "/message/status", "o": "replace", "v": "finished_successfully"},
		map[string]any{"p": "/message/end_turn", "o": "replace", "v": false}}})
	s.event("delta", map[string]any{"c": 2, "v": msg("rr", "assistant", "reasoning_recap", "", "all", nil)})
	s.event("delta", map[string]any{"c": 3, "v": msg("cm", "assistant", "text", "commentary", "all", nil)})
	s.event("delta", map[string]any{"p": "/message/content/parts/0", "o": "append", "v": "Listing the project first."})
	s.event("delta", map[string]any{"c": 4, "v": msg("{{assistant_message_id}}", "assistant", "text", "final", "all", nil)})
	words := strings.SplitAfter(answer, " ")
	for i, w := range words[:len(words)-1] {
		if i == 0 {
			s.event("delta", map[string]any{"p": "/message/content/parts/0", "o": "append", "v": w})
		} else {
			s.event("delta", map[string]any{"v": w})
		}
	}
	s.event("", map[string]any{"type": "title_generation", "title": "Bench", "conversation_id": "{{conversation_id}}"})
	s.event("delta", map[string]any{"p": "", "o": "patch", "v": []any{
		map[string]any{"p": "/message/content/parts/0", "o": "append", "v": words[len(words)-1]},
		map[string]any{"p": "/message/status", "o": "replace", "v": "finished_successfully"},
		map[string]any{"p": "/message/end_turn", "o": "replace", "v": true},
		map[string]any{"p": "/message/metadata", "o": "append", "v": map[string]any{"is_complete": true, "finish_details": map[string]any{"type": "stop"}}}}})
	s.event("", map[string]any{"type": "message_stream_complete", "conversation_id": "{{conversation_id}}"})
	s.raw("data: [DONE]")
}

// handoff ends a POST that hands the turn off.
func (s *sse2026) handoff(turn string, resume bool) {
	opts := []any{}
	if resume {
		opts = append(opts, map[string]any{"type": "resume_sse_endpoint"})
	}
	opts = append(opts, map[string]any{"type": "subscribe_ws_topic", "topic_id": "conversation-turn-" + turn})
	s.event("", map[string]any{"type": "stream_handoff", "conversation_id": "{{conversation_id}}", "options": opts})
	s.raw("data: [DONE]")
}

// line2026 is a script line for one 2026 turn: kind 0 a reasoning turn on
// the POST, 1 a hand-off continued by the resume POST, 2 one continued on
// the WebSocket.
func line2026(n, kind int, answer string) model.ScriptLine {
	turn := fmt.Sprintf("bench-turn-%d", n)
	fix := func(s string) string { return strings.ReplaceAll(s, "{{turn}}", turn) }
	var post, rest sse2026
	post.head(turn)
	l := model.ScriptLine{Line: n, Reply: answer, StreamMS: 2}
	switch kind {
	case 0:
		post.reasoning(answer)
	case 1:
		post.handoff(turn, true)
		rest.reasoning(answer)
		l.ResumeSSE = fix(rest.b.String())
	case 2:
		post.handoff(turn, false)
		rest.reasoning(answer)
		topic := "conversation-turn-" + turn
		for i, ev := range strings.SplitAfter(rest.b.String(), "\n\n") {
			if ev == "" {
				continue
			}
			f, _ := json.Marshal([]any{map[string]any{"type": "message", "topic_id": topic, "offset": i + 1,
				"payload": map[string]any{"type": "conversation-turn-stream", "payload": map[string]any{
					"type": "stream-item", "conversation_id": "{{conversation_id}}", "encoded_item": fix(ev),
					"stream_item_id": fmt.Sprintf("%s-%d", turn, i)}}}})
			l.WS = append(l.WS, string(f))
		}
	}
	l.SSE = fix(post.b.String())
	return l
}

// handoffLatency runs a conversation of 2026 turns (reasoning on the POST,
// hand-offs to the resume POST and to the WebSocket, in turn) through
// wtagent and real Chromium, and measures the last token → parsed turn.
func (b *bench) handoffLatency() result {
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		return result{measured: "not measured", baseline: "-", ok: "n/a", note: err.Error()}
	}
	n := 18
	if b.quick {
		n = 6
	}
	var lines []model.ScriptLine
	for i := 0; i < n; i++ {
		lines = append(lines, line2026(i+1, i%3, reply(false, "Looking at the tree now.",
			fmt.Sprintf(`<tool_call name="fs.list"><args><depth>%d</depth></args></tool_call>`, i%8))))
	}
	lines = append(lines, line2026(n+1, 0, reply(true, "Listed.", "")))
	srv := mockchat.New(mockchat.Options{Script: lines, LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return failed(err)
	}
	defer srv.Close()
	home, root := b.project("latency2026")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := b.wtagent(ctx, home, root, "--chatgpt-url", url, "--headless", "--max-turns", "100", "list the project")
	if out, err := cmd.CombinedOutput(); err != nil {
		return failed(fmt.Errorf("wtagent: %v\n%s", err, out))
	}
	evs, _, err := events(home)
	if err != nil {
		return failed(err)
	}
	stats := srv.Stats().Messages
	lat := map[int][]time.Duration{}
	early := 0
	for _, ev := range evs {
		if ev.Type != event.EvProtocolParsed || ev.Turn < 1 || ev.Turn > len(stats) {
			continue
		}
		d := ev.TS.Sub(stats[ev.Turn-1].LastToken)
		if d < 0 {
			early++
		}
		lat[(ev.Turn-1)%3] = append(lat[(ev.Turn-1)%3], d)
	}
	median := func(ds []time.Duration) time.Duration {
		if len(ds) == 0 {
			return -1
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		return ds[len(ds)/2]
	}
	var all []time.Duration
	for _, ds := range lat {
		all = append(all, ds...)
	}
	if len(all) == 0 {
		return failed(fmt.Errorf("no parsed turns"))
	}
	med := median(all)
	return result{
		measured: fmt.Sprintf("%s median over %d turns (reasoning %s, resume POST %s, WebSocket %s); %d early",
			ms(med), len(all), ms(median(lat[0])), ms(median(lat[1])), ms(median(lat[2])), early),
		baseline: "the plain-stream row above",
		ok:       verdict(med < 300*time.Millisecond && early == 0),
	}
}
