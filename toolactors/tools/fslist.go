package tools

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// ListEntry is one fs.list entry.
type ListEntry struct {
	// Path is project-relative; directories end with "/".
	Path string `json:"path"`
	// Type is "file", "dir", "symlink" or "other".
	Type string `json:"type"`
	Size int64  `json:"size,omitempty"`
	// Skipped says why a directory was not expanded ("ignored",
	// "vendored", "depth"), when it was not.
	Skipped string `json:"skipped,omitempty"`
}

// ListResult is fs.list's Data.
type ListResult struct {
	Path      string      `json:"path"`
	Entries   []ListEntry `json:"entries"`
	Truncated bool        `json:"truncated,omitempty"`
}

// heavyDirs are listed but never expanded: dependency and build caches.
var heavyDirs = map[string]bool{"node_modules": true, ".venv": true, "__pycache__": true}

// fsList lists a directory breadth first, so a truncated listing keeps the
// shallowest entries, then sorts what it kept by path.
func fsList(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.FSListArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	t, _, err := c.locateDir(a.Path, "")
	if err != nil {
		return errResult(err, nil)
	}
	defer t.close()
	depth := max(a.Depth, 0)
	limit := c.d.Limits.ListEntries
	var ign *ignoreChecker
	if !t.outside {
		ign = newIgnoreChecker(t.root, false)
	}
	res := ListResult{Path: t.show}
	type dir struct {
		rel   string
		level int
	}
	queue := []dir{{t.rel, 0}}
	for len(queue) > 0 && !res.Truncated {
		if err := ctxErr(ctx); err != nil {
			return errResult(err, nil)
		}
		d := queue[0]
		queue = queue[1:]
		entries, err := fs.ReadDir(t.root.FS(), d.rel)
		if err != nil {
			if d.level == 0 {
				return errResult(err, nil)
			}
			continue
		}
		for _, e := range entries {
			name := e.Name()
			hidden := strings.HasPrefix(name, ".")
			if (hidden && !a.IncludeHidden) || (name == ".git" && !a.IncludeHidden) {
				continue
			}
			if len(res.Entries) >= limit {
				res.Truncated = true
				break
			}
			rel := join(d.rel, name)
			ent := listEntry(t, rel, e)
			if e.IsDir() {
				switch {
				case name == ".git":
					ent.Skipped = "git"
				case heavyDirs[name]:
					ent.Skipped = "vendored"
				case ign != nil && ign.ignored(rel, true):
					ent.Skipped = "ignored"
				case d.level >= depth:
					ent.Skipped = "depth"
				default:
					queue = append(queue, dir{rel, d.level + 1})
				}
			}
			res.Entries = append(res.Entries, ent)
		}
	}
	sort.Slice(res.Entries, func(i, j int) bool {
		return pathLess(res.Entries[i].Path, res.Entries[j].Path)
	})
	msg := fmt.Sprintf("%d entries", len(res.Entries))
	if res.Truncated {
		msg += fmt.Sprintf(" (truncated at %d)", limit)
	}
	return okResult(msg, res)
}

func listEntry(t target, rel string, e fs.DirEntry) ListEntry {
	show := t.display(rel)
	ent := ListEntry{Path: show}
	switch {
	case e.Type()&fs.ModeSymlink != 0:
		ent.Type = "symlink"
	case e.IsDir():
		ent.Type, ent.Path = "dir", show+"/"
	case e.Type().IsRegular():
		ent.Type = "file"
		if info, err := e.Info(); err == nil {
			ent.Size = info.Size()
		}
	default:
		ent.Type = "other"
	}
	return ent
}

// pathLess orders slash-separated paths component by component, which is
// the order of a depth-first walk with sorted directories ("a/b" before
// "a.txt").
func pathLess(a, b string) bool {
	for {
		ia, ib := strings.IndexByte(a, '/'), strings.IndexByte(b, '/')
		ca, cb := a, b
		if ia >= 0 {
			ca = a[:ia]
		}
		if ib >= 0 {
			cb = b[:ib]
		}
		if ca != cb {
			return ca < cb
		}
		if ia < 0 || ib < 0 {
			return ia < 0 && ib >= 0
		}
		a, b = a[ia+1:], b[ib+1:]
	}
}
