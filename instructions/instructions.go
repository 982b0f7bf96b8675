// Package instructions finds a project's instruction files — AGENTS.md,
// or CLAUDE.md where a directory has no AGENTS.md — that the user wrote
// for coding agents. They go to the model as project data, in the first
// message of a conversation (the root's) and as the agent works in a
// directory (that directory's and those on the way to it).
package instructions

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// Names are the instruction file names, by preference: a directory's
// CLAUDE.md is used only when it has no AGENTS.md.
var Names = []string{"AGENTS.md", "CLAUDE.md"}

// MaxSize caps one file's text sent to the model.
const MaxSize = 32 << 10

// File is one instruction file: its slash-separated path relative to the
// project root and its text (cut to MaxSize).
type File struct {
	Path string
	Text string
	// Cut is set when the file was longer than MaxSize.
	Cut bool
}

// InDir returns the instruction file of one directory (relative to the
// root, "." for the root), if it has one.
func InDir(root *os.Root, dir string) (File, bool) {
	for _, name := range Names {
		p := path.Join(dir, name)
		fi, err := root.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		f, err := root.Open(p)
		if err != nil {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
		f.Close()
		if err != nil {
			continue
		}
		file := File{Path: p, Text: string(b)}
		if len(b) > MaxSize {
			file.Text, file.Cut = string(b[:MaxSize]), true
		}
		return file, true
	}
	return File{}, false
}

// OnTheWay returns the instruction files of the directories from the root
// down to the one holding rel (a project-relative path), root first. rel
// may name a directory or a file; a path outside the root yields nothing.
func OnTheWay(root *os.Root, rel string) []File {
	rel = path.Clean(strings.ReplaceAll(rel, "\\", "/"))
	if path.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, "../") {
		return nil
	}
	dir := rel
	if fi, err := root.Stat(rel); err != nil || !fi.IsDir() {
		dir = path.Dir(rel)
	}
	dirs := []string{"."}
	if dir != "." {
		parts := strings.Split(dir, "/")
		for i := range parts {
			dirs = append(dirs, strings.Join(parts[:i+1], "/"))
		}
	}
	var out []File
	for _, d := range dirs {
		if f, ok := InDir(root, d); ok {
			out = append(out, f)
		}
	}
	return out
}

// skipDirs are never searched by All.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".hg": true, ".svn": true}

// Paths lists the paths of the instruction files of the project in dir
// (at most limit), root first, for `wtagent config`: nil when dir cannot
// be opened, an empty list when it has none.
func Paths(dir string, limit int) []string {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	files := []string{}
	for _, file := range All(root, limit) {
		files = append(files, file.Path)
	}
	return files
}

// All lists every instruction file of the project (at most limit), root
// first, for `wtagent config`.
func All(root *os.Root, limit int) []File {
	var out []File
	// The walk ends early (errLimit) once limit files are found.
	_ = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() {
			return nil
		}
		if p != "." && (skipDirs[d.Name()] || strings.HasPrefix(d.Name(), ".")) {
			return fs.SkipDir
		}
		if f, ok := InDir(root, p); ok {
			out = append(out, f)
			if len(out) >= limit {
				return errLimit
			}
		}
		return nil
	})
	return out
}

var errLimit = errors.New("limit")
