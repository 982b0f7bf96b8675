package netstream

import (
	"github.com/chromedp/cdproto/network"

	"github.com/wtagent/wtagent/browser/wire/socket"
)

// The tracker reads the frames the page receives on the user's WebSocket
// (Network.webSocketFrameReceived, decoded by package socket) and feeds
// each new item to the parser of the turn whose topic it names; items
// that come before the turn's POST names its topic wait.

// rawFrame is a server frame as the page received it, kept for a
// transport recording until the turn it concerns is known.
type rawFrame struct {
	topics   []string
	complete []string
	data     string
}

// socketFrame takes one frame the page received on a WebSocket.
func (n *Tracker) socketFrame(e *network.EventWebSocketFrameReceived) {
	if e.Response == nil || e.Response.Opcode != 1 || len(e.Response.PayloadData) == 0 {
		return
	}
	items, complete, topics, controls := socket.Decode(e.Response.PayloadData)
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
func (n *Tracker) feedItemsLocked() {
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
		st.parser.DropPartial()
		st.parser.Write([]byte(it.SSE))
		st.parser.EndFragment()
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
func (n *Tracker) keepFramesLocked() {
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
func (n *Tracker) socketTurnOf(conv string) *netStream {
	var best *netStream
	for _, st := range n.streams {
		if st.Resume || len(st.frames) == 0 || st.ConvID != conv && st.parser.ConversationID() != conv {
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
func (n *Tracker) turnOfTopic(topic string) *netStream {
	var best, byControl *netStream
	conv, controlled := n.controls[topic]
	for _, st := range n.streams {
		if st.Resume {
			continue
		}
		r := st.parser.Result()
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
