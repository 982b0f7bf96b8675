package policy

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

func patchCall(body string) event.ToolCall {
	return event.ToolCall{Name: protocol.ToolFSPatch, Args: &protocol.FSPatchArgs{Patch: "*** Begin Patch\n" + body + "*** End Patch\n"}}
}

// TestPatchChecksEveryFile: one verdict for a patch covers every file it
// touches, with fs.write's findings for each and a subject naming them all.
func TestPatchChecksEveryFile(t *testing.T) {
	p := newProject(t)
	p.Symlink(p.Outside, "out")
	tests := []struct {
		name, body string
		mode       Mode
		want       event.Decision
		says       []string
	}{
		{"plain files", "*** Add File: web/a.html\n+a\n*** Update File: src/main.go\n*** Move to: cmd/main.go\n*** Delete File: old.txt\n",
			ModeDeny, event.DecisionAllow, []string{"patches 4 files", "adds web/a.html", "moves away src/main.go", "moves to cmd/main.go", "deletes old.txt"}},
		{"a credential file asks once for the patch", "*** Add File: web/a.html\n+a\n*** Add File: .env\n+K=v\n",
			ModePrompt, event.DecisionAsk, []string{"adds the credential file .env"}},
		{"inside .git asks", "*** Add File: .git/hooks/pre-commit\n+x\n", ModePrompt, event.DecisionAsk, []string{"inside .git"}},
		{"a symlink out of the project is denied", "*** Add File: web/a.html\n+a\n*** Add File: out/x\n+x\n",
			ModeAllow, event.DecisionDeny, []string{"out/x"}},
		{"a patch that does not parse is left to the tool", "garbage\n", ModeDeny, event.DecisionAllow, []string{"does not parse"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := engineFor(p, tt.mode).Check(patchCall(tt.body))
			if v.Decision != tt.want {
				t.Fatalf("decision %s (%s), want %s", v.Decision, v.Reason, tt.want)
			}
			for _, s := range tt.says {
				if !strings.Contains(v.Reason, s) {
					t.Errorf("reason %q does not say %q", v.Reason, s)
				}
			}
		})
	}
	v := engineFor(p, ModePrompt).Check(patchCall("*** Add File: web/a.html\n+a\n*** Add File: .env\n+K=v\n"))
	if v.Subject != "web/a.html, .env" || v.Risk != event.RiskSensitive {
		t.Errorf("subject %q risk %s; want every file and the highest risk", v.Subject, v.Risk)
	}
}
