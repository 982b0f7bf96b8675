package socket

import (
	"encoding/json"
	"strings"
)

// Item is one stream item of a turn topic: Topic names the turn
// (conversation-turn-<turn_exchange_id>), ID is its stream_item_id and SSE
// the complete v1 SSE fragment it encodes.
type Item struct {
	Topic string
	ID    string
	SSE   string
}

// frame is the part of a server frame the decoder reads.
type frame struct {
	Type    string          `json:"type"`
	TopicID string          `json:"topic_id"`
	Payload json.RawMessage `json:"payload"`
	Reply   *struct {
		Type     string  `json:"type"`
		TopicID  string  `json:"topic_id"`
		Catchups []frame `json:"catchups"`
	} `json:"reply"`
}

// payload is a frame's payload: conversation-turn-stream (with a
// stream-item inside), conversation-turn-handoff-control,
// conversation-turn-complete.
type payload struct {
	Type    string `json:"type"`
	Payload struct {
		Type           string `json:"type"`
		ConversationID string `json:"conversation_id"`
		TurnExchangeID string `json:"turn_exchange_id"`
		TopicID        string `json:"topic_id"`
		EncodedItem    string `json:"encoded_item"`
		StreamItemID   string `json:"stream_item_id"`
	} `json:"payload"`
}

// Decode returns the stream items of one frame (an array of frames or
// a bare one), the conversations it says are complete and the turn topics
// it names (its items' and a hand-off control's).
func Decode(data []byte) (items []Item, complete, topics []string, controls map[string]string) {
	var frames []frame
	if json.Unmarshal(data, &frames) != nil {
		var one frame
		if json.Unmarshal(data, &one) != nil {
			return nil, nil, nil, nil
		}
		frames = []frame{one}
	}
	var walk func(f frame)
	walk = func(f frame) {
		if f.Reply != nil {
			for _, c := range f.Reply.Catchups {
				if c.TopicID == "" {
					c.TopicID = f.Reply.TopicID
				}
				walk(c)
			}
			return
		}
		var p payload
		if len(f.Payload) == 0 || json.Unmarshal(f.Payload, &p) != nil {
			return
		}
		switch {
		case p.Type == "conversation-turn-stream" && p.Payload.Type == "stream-item" && strings.HasPrefix(f.TopicID, "conversation-turn-"):
			items = append(items, Item{Topic: f.TopicID, ID: p.Payload.StreamItemID, SSE: p.Payload.EncodedItem})
			topics = append(topics, f.TopicID)
		case p.Type == "conversation-turn-handoff-control":
			t := p.Payload.TopicID
			if id := p.Payload.TurnExchangeID; t == "" && id != "" {
				t = "conversation-turn-" + id
			}
			if t != "" {
				topics = append(topics, t)
				if controls == nil {
					controls = map[string]string{}
				}
				controls[t] = p.Payload.ConversationID
			}
		case p.Type == "conversation-turn-complete":
			complete = append(complete, p.Payload.ConversationID)
		}
	}
	for _, f := range frames {
		walk(f)
	}
	return items, complete, topics, controls
}
