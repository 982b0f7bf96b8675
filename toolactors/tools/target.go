package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// target is one file location: a root and a path relative to it. Inside
// the project it is the boundary's root; outside, a root opened at the
// granted prefix.
type target struct {
	root *os.Root
	// rel is the path relative to root ("." for the root itself).
	rel string
	// show is how results name it: project-relative with forward slashes,
	// or absolute for a granted outside path.
	show    string
	outside bool
	// prefix is the granted absolute directory of an outside root.
	prefix string
}

// display names a path relative to t.root the way results show it.
func (t target) display(rel string) string {
	if t.outside {
		return filepath.Join(t.prefix, rel)
	}
	return filepath.ToSlash(rel)
}

// close releases an outside root.
func (t target) close() {
	if t.outside && t.root != nil {
		_ = t.root.Close()
	}
}

// locate resolves a path the model gave. It returns the file's info, or a
// nil info when the file does not exist (the caller decides whether that
// is an error).
func (c call) locate(p string, forWrite bool) (target, fs.FileInfo, error) {
	b := c.d.Paths
	if b == nil {
		return target{}, nil, ErrNoBoundary
	}
	if p == "" {
		p = "."
	}
	if filepath.IsAbs(p) {
		clean := filepath.Clean(p)
		if !within(b.Dir(), clean) {
			return c.locateOutside(clean)
		}
	}
	rel, err := b.Resolve(p)
	if err != nil {
		return target{}, nil, fmt.Errorf("%s: %w", p, err)
	}
	t := target{root: b.Root(), rel: rel, show: filepath.ToSlash(rel)}
	info, err := b.Check(rel, forWrite)
	if errors.Is(err, fs.ErrNotExist) {
		return t, nil, nil
	}
	if err != nil {
		return target{}, nil, fmt.Errorf("%s: %w", p, err)
	}
	return t, info, nil
}

// locateDir is locate for a directory that must exist; hint is added to
// the error for a file.
func (c call) locateDir(p, hint string) (target, fs.FileInfo, error) {
	t, info, err := c.locateExisting(p)
	if err != nil {
		return target{}, nil, err
	}
	if !info.IsDir() {
		t.close()
		return target{}, nil, fmt.Errorf("%s: %w%s", p, ErrNotDir, hint)
	}
	return t, info, nil
}

// locateExisting is locate for a path that must exist; the caller closes
// the target.
func (c call) locateExisting(p string) (target, fs.FileInfo, error) {
	t, info, err := c.locate(p, false)
	if err != nil {
		return target{}, nil, err
	}
	if info == nil {
		t.close()
		return target{}, nil, fmt.Errorf("%s: %w", p, ErrNotFound)
	}
	return t, info, nil
}

// locateOutside opens a root for p when a grant covers it. A grant is an
// absolute path prefix: a directory (p is it or below it) or exactly a
// file. The root is opened at the deepest existing directory of the
// grant, so a file or directory that does not exist yet can be created;
// only p, inside the grant, is ever touched through it.
func (c call) locateOutside(p string) (target, fs.FileInfo, error) {
	for _, g := range c.inv.Outside {
		g = filepath.Clean(g)
		if !filepath.IsAbs(g) || !within(g, p) {
			continue
		}
		base := g
		for {
			st, err := os.Stat(base)
			if err == nil && st.IsDir() {
				break
			}
			if err == nil && base != g || base == filepath.Dir(base) {
				return target{}, nil, fmt.Errorf("granted path %s: %w", g, ErrNotDir)
			}
			base = filepath.Dir(base) // a granted file, or not created yet
		}
		r, err := os.OpenRoot(base)
		if err != nil {
			return target{}, nil, fmt.Errorf("granted path %s: %w", g, err)
		}
		rel, _ := filepath.Rel(base, p)
		t := target{root: r, rel: rel, show: p, outside: true, prefix: base}
		info, err := r.Stat(rel)
		if isNotExist(err) {
			return t, nil, nil
		}
		if err != nil {
			t.close()
			return target{}, nil, err
		}
		return t, info, nil
	}
	return target{}, nil, fmt.Errorf("%w: %s is outside the project root and was not granted", fs.ErrPermission, p)
}

// within reports whether p is dir or below it (both clean and absolute).
func within(dir, p string) bool {
	if p == dir {
		return true
	}
	if dir == string(filepath.Separator) {
		return strings.HasPrefix(p, dir)
	}
	return strings.HasPrefix(p, dir+string(filepath.Separator))
}

// join is a root-relative path join that keeps "." tidy.
func join(dir, name string) string {
	if dir == "" || dir == "." {
		return name
	}
	return dir + "/" + name
}
