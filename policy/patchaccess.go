package policy

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol/applypatch"
)

// patchAccess checks every file an fs.patch call touches as fs.write
// checks its one file (the credential-file, hard-link, home-code and .git
// findings), and denies a path outside the project: a patch changes
// project files only. One verdict, and so one approval, covers every file;
// its subject lists them all. A patch that does not parse touches nothing:
// it is allowed, and the tool refuses it with the parse error.
func (e *Engine) patchAccess(text string) assessment {
	a := assessment{base: event.RiskWrite, subject: "fs.patch"}
	p, err := applypatch.Parse(text)
	if err != nil {
		a.allow = "applies a patch that does not parse, which the tool refuses (" + err.Error() + ")"
		return a
	}
	var did, files []string
	for _, f := range p.Files {
		for _, op := range patchOps(f) {
			loc, err := e.b.Locate(op.path, e.home)
			if err == nil && !loc.Inside {
				a.denied = op.path + " is outside the project; fs.patch changes project files only"
				return a
			}
			one := e.fileAccess(op.path, access{verb: op.verb, base: event.RiskWrite, content: true, write: true})
			if one.denied != "" {
				a.denied = op.path + ": " + one.denied
				return a
			}
			a.findings = append(a.findings, one.findings...)
			did, files = append(did, one.allow), append(files, op.path)
		}
	}
	a.subject, a.allow = strings.Join(files, ", "), "patches "+plural(len(files))+": "+strings.Join(did, "; ")
	return a
}

// patchOp is one path a file operation touches and what it does to it.
type patchOp struct{ path, verb string }

func patchOps(f applypatch.File) []patchOp {
	switch {
	case f.Action == applypatch.Add:
		return []patchOp{{f.Path, "adds"}}
	case f.Action == applypatch.Delete:
		return []patchOp{{f.Path, "deletes"}}
	case f.MoveTo != "":
		return []patchOp{{f.Path, "moves away"}, {f.MoveTo, "moves to"}}
	}
	return []patchOp{{f.Path, "updates"}}
}

func plural(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}
