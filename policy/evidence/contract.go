package evidence

import "strings"

// Contract is what the done gate will hold the model to for one request,
// as the user sees it (the live view's needs line, /evidence, --json).
type Contract struct {
	// Items name each piece of evidence, in order ("a change", "a read of
	// CONVENTIONS.md", "a passing build, test or run").
	Items []string `json:"items"`
	// Change, Read, Verify are Needs' flags; ReadFiles the files to read,
	// Commands the named runs.
	Change    bool     `json:"change"`
	Read      bool     `json:"read"`
	ReadFiles []string `json:"read_files,omitempty"`
	Verify    bool     `json:"verify"`
	Commands  []string `json:"commands,omitempty"`
}

// Contract lists what the request needs, in words.
func (n Needs) Contract() Contract {
	c := Contract{Items: []string{}, Change: n.Change, Read: n.Read || len(n.ReadFiles) > 0, ReadFiles: n.ReadFiles, Verify: n.Verify, Commands: n.Commands}
	if n.Change {
		c.Items = append(c.Items, "a change")
	}
	for _, f := range n.ReadFiles {
		c.Items = append(c.Items, "a read of "+f)
	}
	if n.Read && len(n.ReadFiles) == 0 {
		c.Items = append(c.Items, "a read of the project")
	}
	switch {
	case !n.Verify:
	case len(n.Commands) > 0:
		c.Items = append(c.Items, "a run of "+strings.Join(n.Commands, " or "))
	case n.Reproduce:
		c.Items = append(c.Items, "a test run (failing tests show the bug)")
	default:
		c.Items = append(c.Items, "a passing build, test or run")
	}
	return c
}

// Line is the contract in one line: "needs: a change · a read of
// CONVENTIONS.md", or "needs: nothing (an answer)".
func (c Contract) Line() string {
	if len(c.Items) == 0 {
		return "needs: nothing (an answer)"
	}
	return "needs: " + strings.Join(c.Items, " · ")
}
