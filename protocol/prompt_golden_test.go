package protocol

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// promptGoldenDir holds the texts the model is taught the protocol with,
// for one and for MaxCallsLimit calls per reply (NAME-calls1.golden,
// NAME-calls8.golden) and for MaxCallsLimit with chain-changes
// (NAME-calls8-chain.golden). The calls1 files are the one-call protocol's texts
// and must not change when only the batch protocol does.
const promptGoldenDir = "testdata/prompt"

// promptTexts returns the teaching texts under a catalogue.
func promptTexts(cat *Catalogue) map[string]string {
	return map[string]string{
		"bootstrap": Bootstrap(BootstrapInput{Task: "build me a website", RootName: "site", Catalogue: cat, Mode: "ask"}),
		"rollover": Rollover(Checkpoint{Goal: "build", Changed: []string{"index.html"}, Verification: []string{"npm test: ok"},
			OpenItems: []string{"footer"}, LastMessage: "Wrote the page."}, cat, "site"),
		"catalogue": CatalogueText(cat),
		"reminder":  WithReminderFor("<tool_result name=\"fs.read\" status=\"ok\">\n</tool_result>", cat),
	}
}

func TestPromptGolden(t *testing.T) {
	for _, v := range []struct {
		n     int
		chain bool
	}{{1, false}, {MaxCallsLimit, false}, {MaxCallsLimit, true}} {
		cat, err := DefaultCatalogue().WithMaxCalls(v.n)
		if err != nil {
			t.Fatal(err)
		}
		suffix := ""
		if v.chain {
			cat, suffix = cat.WithChain(true), "-chain"
		}
		for name, text := range promptTexts(cat) {
			path := filepath.Join(promptGoldenDir, fmt.Sprintf("%s-calls%d%s.golden", name, v.n, suffix))
			if *update {
				if err := os.MkdirAll(promptGoldenDir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./protocol -run TestPromptGolden -update)", err)
			}
			if !bytes.Equal([]byte(text), want) {
				t.Errorf("%s differs from %s:\n--- got\n%s", name, path, text)
			}
		}
	}
}
