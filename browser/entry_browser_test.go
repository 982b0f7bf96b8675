package browser

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestEntryMethodsGenerations enters text into the composer of each page
// generation by each method (trusted insertText, the chunked synthetic
// paste, the one-shot DOM replacement) and reads it back exactly; then
// sends 100 KB of code-like text (blank lines, tabs, tags, CJK and emoji)
// by the method chosen for it, which must arrive exact in the POST body
// and as text, not as an attachment. With a paste-to-attachment threshold
// below the chunk size, the paste that became an attachment is detected
// and removed, and the next method enters the text.
func TestEntryMethodsGenerations(t *testing.T) {
	long := codeLike(100<<10) + "\n\n你好世界 🚀 end\n"
	short := "a short message\n\twith a tab, <tags> & an emoji 🚀"
	for _, gen := range mockchat.Generations() {
		for _, threshold := range []int{0, 3000} {
			name := gen
			if threshold > 0 {
				name += "/threshold-3000"
			}
			t.Run(name, func(t *testing.T) {
				srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: gen, PasteThreshold: threshold,
					Script: script(model.ScriptLine{Reply: "got it"})})
				tr := shared.use(t, url, nil)
				s, _ := tr.live()
				if threshold == 0 {
					for _, tc := range []struct {
						m    entryMethod
						text string
					}{{entryInsert, short}, {entryPaste, short}, {entryPaste, long}, {entryDOM, long}} {
						chk, err := s.enterText(ctxFor(t, hangGuard), tc.text, tc.m, true)
						if err != nil || !chk.Equal || !chk.Send {
							t.Fatalf("%s of %d bytes: %v, %s, send enabled %t", tc.m, len(tc.text), err, chk, chk.Send)
						}
					}
				} else {
					_, err := s.enterText(ctxFor(t, hangGuard), long, entryPaste, true)
					if err != errPastedAsFile {
						t.Fatalf("a paste over the threshold: %v, want errPastedAsFile", err)
					}
					var n int
					pageCall(t, tr, &n, "chips")
					if n != 0 {
						t.Fatalf("%d attachments left after the paste became one", n)
					}
				}
				roundTrip(t, tr, 1, long)
				got := srv.Received()
				if len(got) != 1 || len(got[0].Attachments) != 0 {
					t.Fatalf("received %d messages (attachments %v)", len(got), got)
				}
				if got[0].Text != long {
					t.Fatalf("posted text differs: %s", firstDiff(got[0].Text, long))
				}
				if strings.Contains(got[0].Text, "\r") {
					t.Fatal("a carriage return reached the page")
				}
			})
		}
	}
}
