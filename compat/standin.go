//go:build compat

package compat

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
)

// standIn is a loopback model API that records request bodies and answers
// every model request with one short assistant text.
type standIn struct {
	srv  *http.Server
	addr string

	mu       sync.Mutex
	requests []json.RawMessage
}

// newStandIn serves a model API, answered by answer, on 127.0.0.1 at a free port.
func newStandIn(answer func(w http.ResponseWriter, body map[string]any)) (*standIn, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &standIn{addr: ln.Addr().String()}
	s.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusOK)
			return
		}
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if !strings.HasSuffix(r.URL.Path, "/responses") && !strings.HasSuffix(r.URL.Path, "/messages") {
			http.NotFound(w, r)
			return
		}
		s.mu.Lock()
		s.requests = append(s.requests, raw)
		s.mu.Unlock()
		answer(w, body)
	})}
	go s.srv.Serve(ln)
	return s, nil
}

// URL is the stand-in's base URL.
func (s *standIn) URL() string { return "http://" + s.addr }

// Requests returns the recorded model requests.
func (s *standIn) Requests() []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]json.RawMessage(nil), s.requests...)
}

// Close stops the server.
func (s *standIn) Close() error { return s.srv.Close() }

// sse writes one server-sent event whose data is v with its type set.
func sse(w http.ResponseWriter, typ string, v map[string]any) {
	v["type"] = typ
	b, _ := json.Marshal(v)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// answerText is what the stand-ins answer.
const answerText = "compat stand-in: resumed."

// responsesAnswer answers a Responses API request (Codex) with a streamed
// assistant message.
func responsesAnswer(w http.ResponseWriter, _ map[string]any) {
	w.Header().Set("Content-Type", "text/event-stream")
	sse(w, "response.created", map[string]any{"response": map[string]any{"id": "resp_compat"}})
	sse(w, "response.output_item.done", map[string]any{"item": map[string]any{
		"type": "message", "role": "assistant", "id": "msg_compat",
		"content": []any{map[string]any{"type": "output_text", "text": answerText}}}})
	sse(w, "response.completed", map[string]any{"response": map[string]any{"id": "resp_compat",
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}}})
}

// messagesAnswer answers a Messages API request (Claude Code), streamed
// or not as asked.
func messagesAnswer(w http.ResponseWriter, body map[string]any) {
	model, _ := body["model"].(string)
	msg := map[string]any{"id": "msg_compat", "type": "message", "role": "assistant", "model": model,
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 1}}
	if stream, _ := body["stream"].(bool); !stream {
		msg["content"] = []any{map[string]any{"type": "text", "text": answerText}}
		msg["stop_reason"] = "end_turn"
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	sse(w, "message_start", map[string]any{"message": msg})
	sse(w, "content_block_start", map[string]any{"index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
	sse(w, "content_block_delta", map[string]any{"index": 0, "delta": map[string]any{"type": "text_delta", "text": answerText}})
	sse(w, "content_block_stop", map[string]any{"index": 0})
	sse(w, "message_delta", map[string]any{"delta": map[string]any{"stop_reason": "end_turn", "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 5}})
	sse(w, "message_stop", map[string]any{})
}
