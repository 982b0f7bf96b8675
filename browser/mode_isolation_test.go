package browser

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestModeChoiceStaysWithItsServer: the shared test browser keeps its
// profile across tests, and a new mock server may get a port an earlier
// one had (the same origin, the same storage). A model chosen on one
// server's page must not become the next server's model there.
func TestModeChoiceStaysWithItsServer(t *testing.T) {
	first := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Mid, Script: script(model.ScriptLine{Reply: "ok"})})
	url, err := first.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(first.Close) // also when shared.use skips (-short, no Chromium)
	tr := shared.use(t, url, func(o *Options) { o.Mode = "pro" })
	roundTrip(t, tr, 1, "hi")
	if got := first.Received()[0].Model; got != "gpt-5-5-pro" {
		t.Fatalf("the first server got model %q, want gpt-5-5-pro (the selection itself failed)", got)
	}
	first.Close()

	addr := strings.TrimPrefix(strings.TrimSuffix(url, "/"), "http://")
	second := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Mid, Script: script(model.ScriptLine{Reply: "ok"})})
	url2, err := second.Start(addr)
	if err != nil {
		t.Fatalf("start a server on the first one's address %s again: %v", addr, err)
	}
	t.Cleanup(second.Close)
	tr = shared.use(t, url2, nil)
	roundTrip(t, tr, 1, "hi")
	if got := second.Received()[0].Model; got != "gpt-5-5" {
		t.Fatalf("a new server on the same origin got model %q, want its default gpt-5-5", got)
	}
}
