package boundary

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks bounds symbolic-link resolution, like the kernel's ELOOP limit.
const maxLinks = 40

// Walk is the outcome of following a root-relative path through the root.
type Walk struct {
	// Rel is the resolved root-relative path (links replaced).
	Rel string
	// Info describes the final target; nil when missing.
	Info    fs.FileInfo
	Missing bool
	// Escape is the absolute place outside the root (or an absolute link
	// target, when links are followed the os.Root way) the path leads to.
	Escape string
	// Link is the root-relative symbolic link that led there, if any.
	Link string
}

// Follow resolves rel component by component through the root, following
// symbolic links as the kernel would, and stops at the first step that
// leaves the root. With kernelLinks false, every absolute link counts as an
// escape (os.Root never follows absolute links); with true, an absolute link
// back into the root is followed, as a program given the path would.
func (b *Boundary) Follow(rel string, kernelLinks bool) (Walk, error) {
	var done []string
	todo := splitPath(rel)
	lastLink := ""
	for links := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return Walk{Escape: filepath.Join(append([]string{filepath.Dir(b.dir)}, todo...)...), Link: lastLink}, nil
			}
			done = done[:len(done)-1]
			continue
		}
		name := filepath.Join(append(done, c)...)
		fi, err := b.root.Lstat(name)
		if missing(err) {
			return Walk{Rel: filepath.Join(append(append(done, c), todo...)...), Missing: true}, nil
		}
		if err != nil {
			return Walk{}, b.walkErr(rel, err)
		}
		if !MayBeLink(fi.Mode()) {
			done = append(done, c)
			continue
		}
		target, err := b.root.Readlink(name)
		if err != nil && fi.Mode()&fs.ModeSymlink == 0 {
			done = append(done, c) // an irregular file that is no link
			continue
		}
		if err != nil {
			return Walk{}, b.walkErr(rel, err)
		}
		if links++; links > maxLinks {
			return Walk{}, pathErr(rel, ErrBadPath, "too many levels of symbolic links")
		}
		lastLink = name
		if filepath.IsAbs(target) {
			in, inside := b.RelOf(filepath.Clean(target))
			if !inside || !kernelLinks {
				return Walk{Escape: filepath.Join(append([]string{target}, todo...)...), Link: name}, nil
			}
			done, todo = nil, append(splitPath(in), todo...)
			continue
		}
		todo = append(splitPath(target), todo...)
	}
	final := filepath.Join(done...)
	if final == "" {
		final = "."
	}
	fi, err := b.root.Lstat(final)
	if missing(err) {
		return Walk{Rel: final, Missing: true}, nil
	}
	if err != nil {
		return Walk{}, b.walkErr(rel, err)
	}
	return Walk{Rel: final, Info: fi}, nil
}

// MayBeLink reports a mode that can be a link to follow: a symbolic link,
// or an irregular file, which is how Go (since 1.23) reports a Windows
// junction (a mount-point reparse point). Root.Readlink reads both, so a
// junction is followed like the symbolic link it is to programs; its
// target is always absolute, so it never counts as inside the root for
// the file tools (os.Root does not follow it either).
func MayBeLink(m fs.FileMode) bool { return m&(fs.ModeSymlink|fs.ModeIrregular) != 0 }

func (b *Boundary) walkErr(rel string, err error) error {
	if IsEscape(err) {
		return pathErr(rel, ErrSymlinkEscape, "%s changed while it was checked and now leads outside the project root", rel)
	}
	return &PathError{Path: rel, Reason: fmt.Sprintf("cannot inspect %s: %v", rel, err), Err: err}
}

// missing reports errors that mean "nothing there": the name does not
// exist, or a parent is not a directory.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

func splitPath(p string) []string {
	return strings.Split(filepath.ToSlash(p), "/")
}
