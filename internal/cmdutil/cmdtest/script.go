package cmdtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// DoneScript writes a scripted model (--provider script) that answers
// once with a finished reply saying msg, and returns its path.
func DoneScript(t testing.TB, msg string) string {
	t.Helper()
	reply := "```xml\n<agent_response><done>true</done><message><![CDATA[" + msg + "]]></message></agent_response>\n```"
	b, err := json.Marshal(model.ScriptLine{Reply: reply})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "model.jsonl")
	if err := os.WriteFile(path, append(b, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
