package sandbox

import (
	"github.com/wtagent/wtagent/internal/owntemp"
	"path/filepath"
	"slices"
	"strings"
)

// Sandbox confines the programs of one session. A nil *Sandbox runs
// programs unconfined. It is safe for concurrent use.
type Sandbox struct {
	spec   Spec
	status Status
	plan   plan
	kernel kernelState
}

// Status says what the sandbox enforces.
func (s *Sandbox) Status() Status {
	if s == nil {
		return Status{Mode: Off, Network: true}
	}
	return s.status
}

// Summary is Status().String(), or "" for a nil Sandbox (no sandbox
// was set up, as in tests of other parts).
func (s *Sandbox) Summary() string {
	if s == nil {
		return ""
	}
	return s.status.String()
}

// Enforced reports whether the kernel confines programs.
func (s *Sandbox) Enforced() bool { return s != nil && s.status.Enforced }

// TempDir is the programs' temporary directory ("" when unconfined).
func (s *Sandbox) TempDir() string {
	if !s.Enforced() {
		return ""
	}
	return s.spec.TempDir
}

// Explain says why the sandbox refuses to read (or, when write, to
// change) path, as a short phrase such as "write outside the project";
// "" when the sandbox allows it or is not enforced. Relative paths are
// taken from dir.
func (s *Sandbox) Explain(dir, path string, write bool) string {
	if !s.Enforced() || path == "" {
		return ""
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	p := resolveExisting(filepath.Clean(path))
	in := func(list []string) bool {
		return slices.ContainsFunc(list, func(d string) bool { return under(p, d) })
	}
	data, own := clean(s.spec.DataDir), clean(owntemp.Path())
	switch {
	case data != "" && under(p, data):
		return "wtagent's data directory is off limits to commands"
	case under(p, own) && !under(p, clean(s.spec.TempDir)):
		return "wtagent's own temporary files are off limits to commands"
	case in(CredentialStores(clean(s.spec.Home))):
		return "read of a credential store"
	case write && in(s.plan.readOnly) && strings.Contains(p, "/.git/"):
		return "write to .git/hooks or .git/config (read-only to commands)"
	case write && in(s.plan.readOnly):
		return "write to a program or a configuration that runs code (read-only to commands)"
	case in(s.plan.masks):
		return "read of a credential store"
	case in(s.plan.devices):
		return ""
	case write && in(s.plan.writes):
		return ""
	case write && s.spec.Mode == ReadOnly && under(p, clean(s.spec.Root)):
		return "write in read-only mode"
	case write:
		return "write outside the project"
	case in(s.plan.reads) || in(s.plan.writes):
		return ""
	}
	return "read outside the project and the toolchains"
}

// Concealed lists what no tool may show the model, whether or not the
// kernel confines programs: wtagent's data directory, its own temporary
// files and the user's credential stores (absolute, links resolved). The
// file tools that walk a tree (fs.search) leave them out, as the sandbox
// hides them from commands. Nil for a nil Sandbox.
func (s *Sandbox) Concealed() []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, p := range append([]string{s.spec.DataDir, owntemp.Path()}, CredentialStores(clean(s.spec.Home))...) {
		if p = clean(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// resolveExisting resolves the symbolic links of p's longest existing
// prefix (spelled as on disk, see onDisk).
func resolveExisting(p string) string {
	rest := ""
	for cur := p; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(onDisk(r), rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

// Confined returns a sandbox like s whose programs may change only the
// given directories of the project (see Spec.Confine; none: the project
// is read-only to them), and whether it is a new one the caller closes.
// A sandbox that lets programs change nothing of the project already (nil,
// Off, ReadOnly) is returned as it is.
func (s *Sandbox) Confined(dirs []string) (*Sandbox, bool, error) {
	if s == nil || s.spec.Mode != WorkspaceWrite {
		return s, false, nil
	}
	spec := s.spec
	spec.Confine = append([]string{}, dirs...)
	c, err := New(spec)
	if err != nil {
		return nil, false, err
	}
	return c, true, nil
}
