package browser

import (
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestImageOnlyReply: a reply that holds one image and no text completes
// as "the reply holds no text (an image)" on the network path (the
// stream's image part) and on the DOM path (the finished message shows
// only an image), never as an empty reply after EmptyTimeout.
func TestImageOnlyReply(t *testing.T) {
	for _, path := range []struct {
		name   string
		dom    bool
		source event.ReplySource
	}{{"network", false, event.SourceNetwork}, {"dom", true, event.SourceDOM}} {
		t.Run(path.name, func(t *testing.T) {
			_, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep,
				Script: script(model.ScriptLine{SSE: rawFixture(t, "image-only", "a11")})})
			tr := shared.use(t, url, func(o *Options) { o.domOnly, o.noDoc = path.dom, path.dom })
			_, r := roundTrip(t, tr, 1, "draw a cat")
			if r.Text != ImageOnlyReply || r.Source != path.source {
				t.Fatalf("reply %q from %s, want %q from %s", r.Text, r.Source, ImageOnlyReply, path.source)
			}
		})
	}
}
