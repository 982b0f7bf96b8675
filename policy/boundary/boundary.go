package boundary

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Boundary is the project root: every file operation the model asks for is
// resolved against it and performed through its *os.Root, which refuses
// (with openat, at the moment of use) any name that leaves the directory,
// so a symbolic link swapped in after a check cannot redirect the
// operation.
//
// On Windows (Go 1.26's os/root_windows.go, read, never run here): os.Root
// opens every name relative to the directory handle with OBJ_DONT_REPARSE,
// so no reparse point of any kind is crossed by the system; where one is
// met, os.Root reads it as a link if it is a symbolic link or a junction
// (mount point) and otherwise refuses the name. A junction's target is
// always absolute (C:\…), and os.Root follows no absolute link, so a
// junction is never followed by the file tools, even one pointing back
// into the root; reserved device names are refused too. Lstat reports a
// junction as an irregular file (not a symbolic link), which the checks
// here read as a link (see MayBeLink), so a command argument through a
// junction is judged where the junction leads. A file's hard links are
// counted from the open file there (see linkCount), and names compare
// case-insensitively (see Case).
//
// A Boundary is safe for concurrent use.
type Boundary struct {
	root  *os.Root
	dir   string // absolute, symbolic links resolved
	given string // absolute, as given (may go through links)
	cs    Case
}

// Location is where a model path points: inside the root (Rel) or outside
// it (only Abs). Abs is always the clean absolute path.
type Location struct {
	// Rel is the clean root-relative path ("." for the root) when Inside.
	Rel string
	// Abs is the absolute path, with "~" expanded.
	Abs string
	// Inside reports whether the path is under the project root.
	Inside bool
}

// Open opens the project root at dir. The directory must exist; the
// file-system root "/" is refused.
func Open(dir string) (*Boundary, error) {
	given, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("policy: project root: %w", err)
	}
	real, err := filepath.EvalSymlinks(given)
	if err != nil {
		return nil, fmt.Errorf("policy: project root: %w", err)
	}
	if filepath.Dir(real) == real {
		return nil, fmt.Errorf("policy: project root %s: refusing the file-system root", real)
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("policy: project root: %w", err)
	}
	return &Boundary{root: root, dir: real, given: filepath.Clean(given), cs: HostCase()}, nil
}

// Close closes the root.
func (b *Boundary) Close() error { return b.root.Close() }

// Root returns the *os.Root every in-root file operation must go through.
func (b *Boundary) Root() *os.Root { return b.root }

// Dir returns the absolute, symlink-resolved project directory.
func (b *Boundary) Dir() string { return b.dir }

// Given returns the project directory as given: absolute, but it may go
// through symbolic links.
func (b *Boundary) Given() string { return b.given }

// Case returns the path-case rules the boundary compares names by.
func (b *Boundary) Case() Case { return b.cs }

// SetCase makes the boundary compare names by another host's rules (a
// test of the Windows or macOS rules on any host).
func (b *Boundary) SetCase(c Case) { b.cs = c }

// Abs returns the absolute path of a root-relative path.
func (b *Boundary) Abs(rel string) string { return filepath.Join(b.dir, rel) }

// Resolve turns a model path into a clean root-relative path. It is purely
// lexical (see Check for the file-system checks). Errors are *PathError:
// ErrBadPath for malformed or hard-to-see forms, ErrOutsideRoot for "..",
// absolute paths elsewhere and "~".
func (b *Boundary) Resolve(p string) (string, error) {
	loc, err := b.Locate(p, "")
	if err != nil {
		return "", err
	}
	if !loc.Inside {
		return "", pathErr(p, ErrOutsideRoot, "%s is outside the project root %s", loc.Abs, b.dir)
	}
	return loc.Rel, nil
}

// Locate is Resolve for callers that handle outside paths: it returns the
// location of p, expanding "~" with home, and an error only for malformed
// paths (ErrBadPath). Tools that run an approved call on a path outside the
// root get Location.Abs in messages.InvokeTool.Outside (see Engine.Outside).
func (b *Boundary) Locate(p, home string) (Location, error) {
	if err := checkText(p); err != nil {
		return Location{}, err
	}
	abs, err := b.absolute(p, home)
	if err != nil {
		return Location{}, err
	}
	if rel, ok := b.RelOf(abs); ok {
		return Location{Rel: rel, Abs: filepath.Join(b.dir, rel), Inside: true}, nil
	}
	return Location{Abs: abs}, nil
}

func (b *Boundary) absolute(p, home string) (string, error) {
	if strings.HasPrefix(p, "~") {
		if p != "~" && !strings.HasPrefix(p, "~/") {
			return "", pathErr(p, ErrBadPath, "~user paths are not supported; give the absolute path")
		}
		if home == "" || !filepath.IsAbs(home) {
			return "", pathErr(p, ErrOutsideRoot, "home-directory paths (~) are outside the project root")
		}
		p = filepath.Join(home, p[1:])
	}
	if err := checkNames(p); err != nil {
		return "", err
	}
	if runtime.GOOS == "windows" {
		if err := checkWindowsNames(p); err != nil {
			return "", err
		}
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p), nil
	}
	return filepath.Join(b.dir, p), nil
}

// RelOf returns abs relative to the root when it is inside it, matching the
// resolved directory or the directory as given, under the platform's
// Case: on Windows C:/proj/a is in the root C:\Proj. Where the rule
// asks for confirmation (macOS), a root matched only by folding case must
// be the same directory on disk.
func (b *Boundary) RelOf(abs string) (string, bool) {
	for _, d := range []string{b.dir, b.given} {
		if rel, ok := (Case{}).Within(abs, d, filepath.Separator); ok {
			return rel, true
		}
		rel, ok := b.cs.Within(abs, d, filepath.Separator)
		if ok && (!b.cs.confirm || sameDir(strings.TrimSuffix(strings.TrimSuffix(abs, rel), string(filepath.Separator)), d)) {
			return rel, true
		}
	}
	return "", false
}

// sameDir reports whether a and b are the same existing directory.
func sameDir(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// Check inspects a root-relative path (from Resolve) through the root
// without following anything outside it. It refuses, with a *PathError:
// symbolic links in any parent or the target that lead outside the root or
// are absolute (ErrSymlinkEscape), and devices, FIFOs and sockets
// (ErrSpecialFile). A missing target is fine for a write (nil, nil) and an
// error wrapping fs.ErrNotExist for a read. The FileInfo describes the final
// target after in-root links; see LinkCount for hard links.
//
// Check is advice for a decision; the operation itself must still go
// through Root (or OpenFile), which re-checks at the moment of use.
func (b *Boundary) Check(rel string, forWrite bool) (fs.FileInfo, error) {
	w, err := b.Probe(rel, forWrite)
	return w.Info, err
}

// Probe is Check returning the whole walk (the resolved path too).
func (b *Boundary) Probe(rel string, forWrite bool) (Walk, error) {
	if rel != "." && !filepath.IsLocal(rel) {
		return Walk{}, pathErr(rel, ErrBadPath, "not a root-relative path")
	}
	w, err := b.Follow(rel, false)
	if err != nil {
		return Walk{}, err
	}
	switch {
	case w.Escape != "":
		return Walk{}, b.escapeErr(rel, w)
	case w.Missing && forWrite:
		return w, nil
	case w.Missing:
		return w, pathErr(rel, fs.ErrNotExist, "%s does not exist", rel)
	}
	if kind := SpecialKind(w.Info.Mode()); kind != "" {
		return Walk{}, pathErr(rel, ErrSpecialFile, "%s is a %s, not a regular file or directory", rel, kind)
	}
	return w, nil
}

func (b *Boundary) escapeErr(rel string, w Walk) error {
	if _, inside := b.RelOf(w.Escape); inside {
		return pathErr(rel, ErrSymlinkEscape, "%s is an absolute symbolic link; tools follow only relative links inside the root, so name its target %s instead", w.Link, w.Escape)
	}
	if w.Link == "" {
		return pathErr(rel, ErrSymlinkEscape, "%s leads outside the project root to %s", rel, w.Escape)
	}
	return pathErr(rel, ErrSymlinkEscape, "%s is a symbolic link to %s, outside the project root; ask for that path directly if you need it", w.Link, w.Escape)
}

// SpecialKind names a file type the tools never open, or returns "".
func SpecialKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeIrregular != 0:
		return "irregular file"
	}
	return ""
}

// IsEscape reports whether err is os.Root refusing a name that leaves the
// root (the os package does not export this error).
func IsEscape(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Err != nil && pe.Err.Error() == "path escapes from parent"
}
