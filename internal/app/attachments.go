package app

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// attachPattern finds @path mentions: at the start or after white space, a
// quoted or bare path (so "mail@example.com" is not one).
func attachPattern() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|\s)@(?:"([^"]+)"|'([^']+)'|(\S+))`)
}

// Attachment is a file named with @path in a task.
type Attachment struct {
	// Path is the absolute path.
	Path string
	// Problem says why it cannot be attached ("" when it can).
	Problem string
}

// FindAttachments resolves the @path mentions of task against root:
// existing regular files are attached, existing paths that cannot be (a
// directory, a huge file) are reported. A mention that names no existing
// path is text, not an attachment (npm i -D @types/node, @Override,
// @alice): it is left out.
func FindAttachments(task, root string) []Attachment {
	var out []Attachment
	seen := map[string]bool{}
	for _, m := range attachPattern().FindAllStringSubmatch(task, -1) {
		p := m[1] + m[2] + m[3]
		p = strings.TrimRight(p, ",.;:!?)")
		if p == "" {
			continue
		}
		if strings.HasPrefix(p, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				p = filepath.Join(home, p[2:])
			}
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		p = filepath.Clean(p)
		if seen[p] {
			continue
		}
		seen[p] = true
		a := Attachment{Path: p}
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		switch {
		case !fi.Mode().IsRegular():
			a.Problem = "not a regular file"
		case fi.Size() > 512<<20:
			a.Problem = fmt.Sprintf("too large (%d MB)", fi.Size()>>20)
		}
		out = append(out, a)
	}
	return out
}
