package browser

import (
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestLongMessageExact sends 100 KB of code-like text and reads back
// replies whose rendering is lossy: the page must receive every byte, and
// the replies must come back byte for byte.
func TestLongMessageExact(t *testing.T) {
	long := replyWithCDATA(600)
	lossy := "Here it is:\n\n<agent_response><message>raw <b>tags</b> outside a fence</message><done>true</done></agent_response>\n\n```xml\n<x><![CDATA[```\ninner fence\n```]]></x>\n```"
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(
		model.ScriptLine{Reply: long},
		model.ScriptLine{Reply: lossy, Fault: mockchat.FaultDOMDiffers},
	)})
	tr := shared.use(t, url, nil)

	msg := codeLike(100 << 10)
	b, r := roundTrip(t, tr, 1, msg)
	got := srv.Received()
	if len(got) != 1 {
		t.Fatalf("the page sent %d messages, want 1", len(got))
	}
	if got[0].Text != msg {
		t.Fatalf("sent text differs: %s", firstDiff(got[0].Text, msg))
	}
	if b.TextSHA256 != textHash(msg) {
		t.Errorf("binding hash %s is not the text's", b.TextSHA256)
	}
	if r.Text != long {
		t.Fatalf("long reply differs (source %s): %s", r.Source, firstDiff(r.Text, long))
	}
	// The network stream is preferred, but on a loaded machine the page's
	// conversation document may answer first; both are the raw text. The
	// rendered page and the copy button are not.
	if r.Source != event.SourceNetwork && r.Source != event.SourceConversation {
		t.Errorf("source %s, want the network stream or the conversation document", r.Source)
	}

	_, r = roundTrip(t, tr, 2, "again")
	if r.Text != lossy {
		t.Fatalf("dom_differs reply differs (source %s): %s", r.Source, firstDiff(r.Text, lossy))
	}
	// The page's rendering differs from the raw text, so a DOM read would
	// have failed the comparison above.
	var md *string
	s, _ := tr.live()
	if err := s.call(ctxFor(t, hangGuard), 0, &md, "markdown", r.MessageID); err != nil || md == nil {
		t.Fatalf("markdown: %v", err)
	}
	if *md == lossy {
		t.Fatalf("the mock rendered the dom_differs reply losslessly; the test proves nothing")
	}
}
