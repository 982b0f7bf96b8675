package socket

import (
	"reflect"
	"testing"
)

// TestDecode: a subscribe reply's catch-ups take the reply's topic, a bare
// frame and an array decode alike, a hand-off control names its topic
// (from the exchange id when it has none) and conversation, a
// turn-complete names its conversation, and what is not a frame is
// nothing.
func TestDecode(t *testing.T) {
	item := func(id, sse string) string {
		return `{"type":"message","payload":{"type":"conversation-turn-stream","payload":{"type":"stream-item","encoded_item":"` + sse + `","stream_item_id":"` + id + `"}}}`
	}
	reply := `{"type":"reply","reply":{"type":"subscribe","topic_id":"conversation-turn-t1","catchups":[` + item("i1", "a") + `,` + item("i2", "b") + `]}}`
	items, complete, topics, controls := Decode([]byte(reply))
	want := []Item{{Topic: "conversation-turn-t1", ID: "i1", SSE: "a"}, {Topic: "conversation-turn-t1", ID: "i2", SSE: "b"}}
	if !reflect.DeepEqual(items, want) || complete != nil || len(topics) != 2 || controls != nil {
		t.Fatalf("reply: %+v %v %v %v", items, complete, topics, controls)
	}

	live := `{"type":"message","topic_id":"conversation-turn-t1","payload":{"type":"conversation-turn-stream","payload":{"type":"stream-item","encoded_item":"c","stream_item_id":"i3"}}}`
	bare, _, _, _ := Decode([]byte(live))
	arr, _, _, _ := Decode([]byte("[" + live + "]"))
	if len(bare) != 1 || !reflect.DeepEqual(bare, arr) || bare[0].ID != "i3" {
		t.Fatalf("bare %+v, array %+v", bare, arr)
	}

	control := `[{"type":"message","topic_id":"user","payload":{"type":"conversation-turn-handoff-control","payload":{"conversation_id":"c9","turn_exchange_id":"tx9"}}},` +
		`{"type":"message","topic_id":"conversations","payload":{"type":"conversation-turn-complete","payload":{"conversation_id":"c8"}}}]`
	items, complete, topics, controls = Decode([]byte(control))
	if items != nil || !reflect.DeepEqual(complete, []string{"c8"}) || !reflect.DeepEqual(topics, []string{"conversation-turn-tx9"}) ||
		controls["conversation-turn-tx9"] != "c9" {
		t.Fatalf("control: %+v %v %v %v", items, complete, topics, controls)
	}

	// An item of a topic that is not a turn's is no item.
	other := `{"type":"message","topic_id":"user","payload":{"type":"conversation-turn-stream","payload":{"type":"stream-item","encoded_item":"x"}}}`
	for _, s := range []string{other, "not json", `"a string"`, `{}`} {
		if items, complete, topics, _ := Decode([]byte(s)); items != nil || complete != nil || topics != nil {
			t.Fatalf("%s: %+v %v %v", s, items, complete, topics)
		}
	}
}
