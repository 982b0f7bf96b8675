package app

import (
	"fmt"
	"github.com/wtagent/wtagent/internal/owntemp"
	"os"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/sandbox"
)

// openSandbox builds the session's sandbox and its temporary directory;
// the returned func closes both.
func openSandbox(o Options, sid, home string) (*sandbox.Sandbox, func(), error) {
	s := o.Settings
	tmp := ""
	if s.Sandbox != sandbox.Off {
		d, err := owntemp.MkdirTemp(sid + "-")
		if err != nil {
			return nil, nil, fmt.Errorf("sandbox temporary directory: %w", err)
		}
		tmp = d
	}
	sb, err := sandbox.New(sandbox.Spec{Mode: s.Sandbox, Root: o.Root, TempDir: tmp, Home: home,
		DataDir: o.Home.Dir(), NoNetwork: s.NoNetwork, Env: o.Env.Environ(), Writable: s.SandboxWritable})
	closeAll := func() {
		if sb != nil {
			sb.Close()
		}
		if tmp != "" {
			os.RemoveAll(tmp)
		}
	}
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return sb, closeAll, nil
}

// dataDirWarnings warns when wtagent's data directory (sessions, event
// logs, the Chrome profile) lies inside the project, as with `-C ~`: the
// tools refuse it, and commands see it only where the sandbox hides it.
func dataDirWarnings(data, root string, sb *sandbox.Sandbox) []string {
	rel, err := filepath.Rel(evalOrSelf(root), evalOrSelf(data))
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return nil
	}
	w := "wtagent's data directory " + data + " is inside the project: every tool refuses it"
	if sb.Hides(data) {
		w += " and the sandbox hides it from commands"
	} else {
		w += ", but commands run without a sandbox that hides it CAN read your sessions"
	}
	return []string{w + "; set WTAGENT_HOME outside the project, or run in a subdirectory"}
}

func evalOrSelf(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}
