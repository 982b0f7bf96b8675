package tools

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/internal/fault"
)

// writeOutcome is what an atomic write did.
type writeOutcome struct {
	Created bool
	Mode    fs.FileMode
}

// writeAtomic replaces rel under root with data (atomicfile.InRoot): the
// new file keeps the old one's mode (and owner, when allowed), or gets the
// default mode. A crash at any point leaves the old file or the new one,
// never a mix. Parent directories are created; a symlink, a directory or
// a special file is not replaced.
func writeAtomic(root *os.Root, rel string, data []byte, h *hooks) (writeOutcome, error) {
	var out writeOutcome
	dir := filepath.Dir(rel)
	if err := root.MkdirAll(dir, 0o755); err != nil {
		return out, fmt.Errorf("create parent directories: %w", err)
	}
	old, err := root.Lstat(rel)
	switch {
	case err == nil && old.Mode()&fs.ModeSymlink != 0:
		return out, fmt.Errorf("%s: %w; write to the file it points to instead", rel, ErrSymlink)
	case err == nil && old.IsDir():
		return out, fmt.Errorf("%s: %w", rel, ErrIsDir)
	case err == nil && !old.Mode().IsRegular():
		return out, fmt.Errorf("%s: not a regular file", rel)
	case err != nil && !isNotExist(err):
		return out, err
	}
	out.Created = err != nil
	w := atomicfile.InRoot{
		Root:        root,
		TempPattern: tempPattern(filepath.Base(rel)),
	}
	if !out.Created {
		w.Perm = old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		w.Owner = old
	}
	if h != nil && h.beforeRename != nil {
		w.BeforeRename = func(tmp string) error { h.beforeRename(tmp); return nil }
	}
	if fault.Env(os.Getenv, faultKillEnv) != "" {
		w.BeforeRename = func(string) error { fault.Kill(); return nil }
	}
	fi, err := w.WriteFile(rel, data)
	if err != nil {
		return out, err
	}
	out.Mode = fi.Mode().Perm()
	return out, nil
}

// faultKillEnv, when set in a wtfault build (package fault), makes
// wtagent kill itself with SIGKILL once an atomic write's temporary file
// is complete, before the rename: the end-to-end test of SweepLeftovers
// kills the real binary there.
const faultKillEnv = "WTAGENT_FAULT_WRITE_KILL"
