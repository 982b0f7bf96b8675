package netstream

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"

	"github.com/wtagent/wtagent/browser/wire/sse"
	"github.com/wtagent/wtagent/browser/wire/wiretest"
)

// TestSocketContinuesHandoff: a turn handed off to the WebSocket is
// continued by the topic's stream items, catch-ups and live items
// deduplicated, commentary never the reply; frames that arrive before the
// POST's hand-off wait for it; a frame of another topic is ignored.
func TestSocketContinuesHandoff(t *testing.T) {
	for _, early := range []bool{false, true} {
		t.Run(fmt.Sprintf("frames first %v", early), func(t *testing.T) {
			n := New(func(func(context.Context)) {})
			n.streams["post"] = &netStream{ID: "post", Seq: 1, parser: &sse.Parser{}, Streaming: true}
			post, err := os.ReadFile(filepath.Join(sse2026, "handoffws.sse"))
			if err != nil {
				t.Fatal(err)
			}
			frames := wiretest.SocketFrames(t, sse2026, "handoffws", "conversation-turn-tx11", "c11")
			other := strings.ReplaceAll(frames[1], "conversation-turn-tx11", "conversation-turn-other")
			other = strings.ReplaceAll(other, "Work is", "WRONG")
			send := func() {
				for _, f := range append([]string{other}, frames...) {
					n.Handle(&network.EventWebSocketFrameReceived{RequestID: "ws", Response: &network.WebSocketFrame{Opcode: 1, PayloadData: []byte(f)}})
				}
			}
			if early {
				send()
			}
			n.Handle(&network.EventDataReceived{RequestID: "post", Data: post})
			if !early {
				v, _ := n.Get("post")
				if v.Result.Finished || !v.Result.Handoff || v.Result.TopicID != "conversation-turn-tx11" {
					t.Fatalf("after the POST: %+v", v.Result)
				}
				send()
			}
			v, _ := n.Get("post")
			if got := n.Text("post"); got != "Work is done: 7 files." || !v.Result.Finished || !v.SocketComplete {
				t.Fatalf("text %q, %+v, complete %v", got, v.Result, v.SocketComplete)
			}
			if v.SocketItems != 7 {
				t.Fatalf("%d items fed, want 7 (the overlapping one once)", v.SocketItems)
			}
		})
	}
}

// TestHandoffControlBeforeThePost: a conversation-turn-handoff-control
// frame on the socket before the POST yields a byte binds the topic's
// items to that POST (of the control's conversation): the reply comes
// from the socket alone; another conversation's POST never gets them.
func TestHandoffControlBeforeThePost(t *testing.T) {
	n := New(func(func(context.Context)) {})
	n.streams["other"] = &netStream{ID: "other", Seq: 1, ConvID: "c-other", parser: &sse.Parser{}, Streaming: true}
	n.streams["post"] = &netStream{ID: "post", Seq: 2, ConvID: "c11", parser: &sse.Parser{}, Streaming: true}
	control := `{"type":"message","topic_id":"user-topic","payload":{"type":"conversation-turn-handoff-control","payload":{"handoff_attempt_id":"h1","conversation_id":"c11","turn_exchange_id":"tx11","topic_id":"conversation-turn-tx11"}}}`
	for _, f := range append([]string{control}, wiretest.SocketFrames(t, sse2026, "handoffws", "conversation-turn-tx11", "c11")...) {
		n.Handle(&network.EventWebSocketFrameReceived{RequestID: "ws", Response: &network.WebSocketFrame{Opcode: 1, PayloadData: []byte(f)}})
	}
	v, _ := n.Get("post")
	if got := n.Text("post"); got != "Work is done: 7 files." || !v.Result.Finished {
		t.Fatalf("text %q, %+v", got, v.Result)
	}
	if got := n.Text("other"); got != "" {
		t.Fatalf("another conversation's POST got %q", got)
	}
}

// TestResumeWaitsForItsPost: bytes of a resume POST that arrive while the
// first POST's bytes still wait (streaming not on yet) are fed after them,
// so the turn's events stay in order.
func TestResumeWaitsForItsPost(t *testing.T) {
	bodies := wiretest.TurnStreams(t, sse2026, "handoff-resume")
	n := New(func(func(context.Context)) {})
	post := &netStream{ID: "post", Seq: 1, parser: &sse.Parser{}}
	n.streams["post"] = post
	n.Handle(&network.EventDataReceived{RequestID: "post", Data: []byte(bodies[0])})
	n.streams["resume"] = &netStream{ID: "resume", Seq: 2, Resume: true, Of: "post", parser: post.parser, Streaming: true}
	n.Handle(&network.EventDataReceived{RequestID: "resume", Data: []byte(bodies[1])})
	if got := n.Text("post"); got != "" {
		t.Fatalf("the resume was read before its POST: %q", got)
	}
	n.mu.Lock()
	post.Streaming = true
	n.flushLocked(post)
	n.flushResumesLocked("post")
	n.mu.Unlock()
	v, _ := n.Get("post")
	if got := n.Text("post"); got != "By induction on n, QED." || !v.Result.Finished {
		t.Fatalf("text %q %+v", got, v.Result)
	}
}
