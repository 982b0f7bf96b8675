package browser

import (
	"encoding/json"
	"strings"

	"github.com/chromedp/cdproto/network"
)

// The user's WebSocket (one per user, found from celsius/ws/user's
// websocket_url) carries a handed-off turn: frames of topic
// conversation-turn-<turn_exchange_id> whose payload is a
// conversation-turn-stream of stream-items, each a complete v1 SSE
// fragment in encoded_item. The subscribe reply's catch-ups and the live
// items overlap: items are deduplicated by stream_item_id. The tracker
// reads the frames the page receives (Network.webSocketFrameReceived) and
// feeds each new item to the parser of the turn whose topic it names;
// items that come before the turn's POST names its topic wait.

// socketItem is one stream item of a turn topic.
type socketItem struct {
	Topic string
	ID    string
	SSE   string
}

// socketFrame is the part of a server frame the tracker reads.
type socketFrame struct {
	Type    string          `json:"type"`
	TopicID string          `json:"topic_id"`
	Payload json.RawMessage `json:"payload"`
	Reply   *struct {
		Type     string        `json:"type"`
		TopicID  string        `json:"topic_id"`
		Catchups []socketFrame `json:"catchups"`
	} `json:"reply"`
}

// socketPayload is a frame's payload: conversation-turn-stream (with a
// stream-item inside), conversation-turn-handoff-control,
// conversation-turn-complete.
type socketPayload struct {
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

// socketItems returns the stream items of one frame (an array of frames or
// a bare one), the conversations it says are complete and the turn topics
// it names (its items' and a hand-off control's).
func socketItems(data []byte) (items []socketItem, complete, topics []string, controls map[string]string) {
	var frames []socketFrame
	if json.Unmarshal(data, &frames) != nil {
		var one socketFrame
		if json.Unmarshal(data, &one) != nil {
			return nil, nil, nil, nil
		}
		frames = []socketFrame{one}
	}
	var walk func(f socketFrame)
	walk = func(f socketFrame) {
		if f.Reply != nil {
			for _, c := range f.Reply.Catchups {
				if c.TopicID == "" {
					c.TopicID = f.Reply.TopicID
				}
				walk(c)
			}
			return
		}
		var p socketPayload
		if len(f.Payload) == 0 || json.Unmarshal(f.Payload, &p) != nil {
			return
		}
		switch {
		case p.Type == "conversation-turn-stream" && p.Payload.Type == "stream-item" && strings.HasPrefix(f.TopicID, "conversation-turn-"):
			items = append(items, socketItem{Topic: f.TopicID, ID: p.Payload.StreamItemID, SSE: p.Payload.EncodedItem})
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

// rawFrame is a server frame as the page received it, kept for a
// transport recording until the turn it concerns is known.
type rawFrame struct {
	topics   []string
	complete []string
	data     string
}

// socketFrame takes one frame the page received on a WebSocket.
func (n *netTracker) socketFrame(e *network.EventWebSocketFrameReceived) {
	if e.Response == nil || e.Response.Opcode != 1 || len(e.Response.PayloadData) == 0 {
		return
	}
	items, complete, topics, controls := socketItems(e.Response.PayloadData)
	if len(items) == 0 && len(complete) == 0 && len(topics) == 0 {
		return
	}
	n.mu.Lock()
	for t, conv := range controls {
		n.controls[t] = conv
	}
	for _, c := range complete {
		n.complete[c] = true
	}
	n.pendingItems = append(n.pendingItems, items...)
	n.pendingFrames = append(n.pendingFrames, rawFrame{topics: topics, complete: complete, data: string(e.Response.PayloadData)})
	n.feedItemsLocked()
	n.mu.Unlock()
	n.signal()
}

// feedItemsLocked feeds the waiting items to the turns whose topic they
// name, once each. n.mu must be held.
func (n *netTracker) feedItemsLocked() {
	defer n.keepFramesLocked()
	if len(n.pendingItems) == 0 {
		return
	}
	keep := n.pendingItems[:0]
	for _, it := range n.pendingItems {
		st := n.turnOfTopic(it.Topic)
		if st == nil {
			keep = append(keep, it)
			continue
		}
		if st.items == nil {
			st.items = map[string]bool{}
		}
		if it.ID != "" && st.items[it.ID] {
			continue // a catch-up and a live item overlap
		}
		st.items[it.ID] = true
		st.Continued = true
		st.parser.dropPartial()
		st.parser.write([]byte(it.SSE))
		st.parser.endFragment()
		st.socketItems++
	}
	n.pendingItems = keep
	if len(n.pendingItems) > 4096 {
		n.pendingItems = n.pendingItems[len(n.pendingItems)-4096:]
	}
}

// keepFramesLocked gives each waiting raw frame to the turn it concerns
// (by the topics it names, else by the conversation it completes, to a
// turn the socket continued), verbatim and in order, for a recording.
// n.mu must be held.
func (n *netTracker) keepFramesLocked() {
	keep := n.pendingFrames[:0]
	for _, f := range n.pendingFrames {
		var st *netStream
		for _, t := range f.topics {
			if st = n.turnOfTopic(t); st != nil {
				break
			}
		}
		for _, c := range f.complete {
			if st == nil {
				st = n.socketTurnOf(c)
			}
		}
		switch {
		case st != nil:
			if st.frameBytes+len(f.data) <= maxRaw {
				st.frames = append(st.frames, f.data)
				st.frameBytes += len(f.data)
			}
		case len(f.topics) > 0:
			keep = append(keep, f) // its turn's POST has not named the topic yet
		}
	}
	n.pendingFrames = keep
	if len(n.pendingFrames) > 4096 {
		n.pendingFrames = n.pendingFrames[len(n.pendingFrames)-4096:]
	}
}

// socketTurnOf is the newest conversation POST of conversation conv that
// the socket continued. n.mu must be held.
func (n *netTracker) socketTurnOf(conv string) *netStream {
	var best *netStream
	for _, st := range n.streams {
		if st.Resume || len(st.frames) == 0 || st.ConvID != conv && st.parser.convID != conv {
			continue
		}
		if best == nil || st.Seq > best.Seq {
			best = st
		}
	}
	return best
}

// turnOfTopic is the newest conversation POST whose turn has topic; for
// a topic a hand-off control named before its POST said anything, the
// newest POST of the control's conversation (or, in a new chat, the newest
// one that knows no conversation and no topic yet). n.mu must be held.
func (n *netTracker) turnOfTopic(topic string) *netStream {
	var best, byControl *netStream
	conv, controlled := n.controls[topic]
	for _, st := range n.streams {
		if st.Resume {
			continue
		}
		r := st.parser.result()
		if r.TopicID == topic && (best == nil || st.Seq > best.Seq) {
			best = st
		}
		known := st.ConvID
		if known == "" {
			known = r.ConversationID
		}
		if controlled && r.TopicID == "" && (known == conv || known == "") && (byControl == nil || st.Seq > byControl.Seq) {
			byControl = st
		}
	}
	if best == nil {
		return byControl
	}
	return best
}
