package wiretest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// SocketFrames builds the server frames of a handed-off turn from the
// events of dir/<name>-items.txt (dir holds sse's testdata/sse2026), one
// stream item each: a subscribe reply whose catch-ups hold the first three
// items, live frames from the third item on (the third overlaps, as
// catch-ups and live items do), then the conversations topic's
// turn-complete. conv names the conversation in the last frame.
func SocketFrames(t testing.TB, dir, name, topic, conv string) []string {
	b, err := os.ReadFile(filepath.Join(dir, name+"-items.txt"))
	if err != nil {
		t.Fatal(err)
	}
	events := strings.SplitAfter(strings.TrimRight(string(b), "\n")+"\n\n", "\n\n")
	item := func(i int) map[string]any {
		return map[string]any{"type": "message", "topic_id": topic, "offset": i + 1, "payload": map[string]any{
			"type": "conversation-turn-stream", "payload": map[string]any{
				"type": "stream-item", "conversation_id": conv, "turn_id": "turn-1", "encoded_item": events[i],
				"stream_item_id": fmt.Sprintf("item-%d", i), "parent_stream_item_id": fmt.Sprintf("item-%d", i-1),
				"server_timestamp_ms": 1764700000000 + i}}}
	}
	enc := func(v any) string {
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	var frames []string
	var catchups []any
	for i := 0; i < 3 && i < len(events)-1; i++ {
		catchups = append(catchups, item(i))
	}
	frames = append(frames, enc(map[string]any{"id": 2, "type": "reply", "reply": map[string]any{"type": "subscribe", "topic_id": topic, "catchups": catchups}}))
	for i := 2; i < len(events); i++ {
		if events[i] == "" {
			continue
		}
		if i%2 == 0 {
			frames = append(frames, enc([]any{item(i)}))
		} else {
			frames = append(frames, enc(item(i))) // bare objects happen too
		}
	}
	frames = append(frames, enc([]any{map[string]any{"type": "message", "topic_id": "conversations", "payload": map[string]any{
		"type": "conversation-turn-complete", "payload": map[string]any{"conversation_id": conv}}}}))
	return frames
}
