package browser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestAttachments uploads files through the page's file input, waits for
// the uploads (the 2025 thumbnails, the 2026 file tiles without a progress
// bar), and sends them with the message, on each page generation.
func TestAttachments(t *testing.T) {
	for _, gen := range mockchat.Generations() {
		t.Run(gen, func(t *testing.T) { testAttachments(t, gen) })
	}
}

func testAttachments(t *testing.T, gen string) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: gen, Script: script(model.ScriptLine{Reply: "got them"})})
	tr := shared.use(t, url, nil)
	dir := t.TempDir()
	a := filepath.Join(dir, "notes.txt")
	b := filepath.Join(dir, "data.json")
	os.WriteFile(a, []byte("first file\n"), 0o644)
	os.WriteFile(b, []byte(`{"k": [1, 2, 3]}`), 0o644)
	ctx := ctxFor(t, hangGuard)
	bind, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "see the files", Attachments: []string{a, b}})
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	if _, err := tr.Await(ctx, bind, nil); err != nil {
		t.Fatalf("Await: %v", err)
	}
	got := srv.Received()[0]
	if got.Text != "see the files" || len(got.Attachments) != 2 {
		t.Fatalf("received %q with %d attachments", got.Text, len(got.Attachments))
	}
	if got.Attachments[0].Name != "notes.txt" || string(got.Attachments[0].Content) != "first file\n" ||
		got.Attachments[1].Name != "data.json" || string(got.Attachments[1].Content) != `{"k": [1, 2, 3]}` {
		t.Fatalf("attachments %+v", got.Attachments)
	}

	if _, err := tr.Send(ctx, messages.Outbound{Turn: 2, Text: "x", Attachments: []string{"relative.txt"}}); err == nil {
		t.Fatal("a relative attachment path was accepted")
	}
}

// TestLongTextAsFile: text over MaxInline goes as a .txt attachment with a
// short inline instruction; the file holds the exact text.
func TestLongTextAsFile(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: "read it"})})
	tr := shared.use(t, url, func(o *Options) { o.MaxInline = 4000 })
	msg := codeLike(20 << 10)
	_, r := roundTrip(t, tr, 7, msg)
	if r.Text != "read it" {
		t.Fatalf("reply %q", r.Text)
	}
	got := srv.Received()[0]
	if len(got.Attachments) != 1 || string(got.Attachments[0].Content) != msg || got.Attachments[0].Name != "message-turn-7.txt" {
		t.Fatalf("received %d attachments (%+v)", len(got.Attachments), got.Attachments)
	}
	if !strings.Contains(got.Text, "message-turn-7.txt") || len(got.Text) > 400 {
		t.Fatalf("inline text %q", got.Text)
	}
}

// TestTruncationNoticed: a page that cuts long messages is noticed, and
// the next long message goes as a file.
func TestTruncationNoticed(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, TruncateAt: 3000, Script: script(
		model.ScriptLine{Reply: "one"}, model.ScriptLine{Reply: "two"},
	)})
	tr := shared.use(t, url, nil)
	ctx := ctxFor(t, hangGuard)
	msg := codeLike(6000)
	if _, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: msg}); err == nil || !strings.Contains(err.Error(), "cuts long messages") {
		t.Fatalf("Send of a message the page cuts: %v", err)
	}
	if err := srv.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
	if _, r := roundTrip(t, tr, 2, msg); r.Text != "two" {
		t.Fatalf("reply %q", r.Text)
	}
	got := srv.Received()
	if len(got) != 2 || len(got[1].Attachments) != 1 || string(got[1].Attachments[0].Content) != msg {
		t.Fatalf("the second long message did not go as a file: %+v", got[len(got)-1])
	}
}
