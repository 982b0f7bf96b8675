package actors

import (
	"encoding/json"
	"os"

	"github.com/wtagent/wtagent/instructions"
	"github.com/wtagent/wtagent/protocol"
)

// projectFiles returns the project's instruction files (AGENTS.md …) of
// the root and of the directories on the way to rels that this
// conversation has not been sent yet, and marks them sent.
func (c *controller) projectFiles(rels ...string) []protocol.ProjectFile {
	root, err := os.OpenRoot(c.cfg.Root)
	if err != nil {
		return nil
	}
	defer root.Close()
	if c.sentFiles == nil {
		c.sentFiles = map[string]bool{}
	}
	var out []protocol.ProjectFile
	for _, rel := range append([]string{"."}, rels...) {
		for _, f := range instructions.OnTheWay(root, rel) {
			if c.sentFiles[f.Path] {
				continue
			}
			c.sentFiles[f.Path] = true
			out = append(out, protocol.ProjectFile{Path: f.Path, Text: f.Text, Cut: f.Cut})
		}
	}
	return out
}

// newConversationFiles forgets what was sent (a fresh conversation) and
// returns the files for its first message.
func (c *controller) newConversationFiles(rels ...string) []protocol.ProjectFile {
	c.sentFiles = nil
	return c.projectFiles(rels...)
}

// callFiles returns the instruction files a call's path brings in: those
// on the way to the file or directory it works on, not sent yet.
func (c *controller) callFiles(callID string) string {
	op, ok := c.rp.Ledger.ByCallID(callID)
	if !ok {
		return ""
	}
	var args struct {
		Path string `json:"path"`
		Cwd  string `json:"cwd"`
	}
	if json.Unmarshal(op.Call.CanonicalArgs, &args) != nil {
		return ""
	}
	rel := args.Path
	if rel == "" {
		rel = args.Cwd
	}
	if rel == "" {
		return ""
	}
	files := c.projectFiles(rel)
	if len(files) == 0 {
		return ""
	}
	return protocol.ProjectInstructions(files)
}
