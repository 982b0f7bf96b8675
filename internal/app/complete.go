package app

import (
	"github.com/wtagent/wtagent/internal/app/slash"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// CompleteAttachment completes the @path mention the cursor is in (Tab at
// the prompt): before is the text before the cursor. It returns the byte
// offset where the path after "@" starts and the matching entries of its
// directory under root, directories with a trailing "/"; start is -1 when
// the cursor is not in an @mention. Dot-files are offered only when the
// typed name starts with a dot.
func CompleteAttachment(root, before string) (int, []string) {
	at := strings.LastIndexAny(before, " \t\n")
	word := before[at+1:]
	if !strings.HasPrefix(word, "@") || strings.ContainsAny(word, `"'`) {
		return -1, nil
	}
	start := at + 2
	typed := word[1:]
	dir, name := filepath.Split(typed)
	base := dir
	switch {
	case strings.HasPrefix(dir, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return start, nil
		}
		base = filepath.Join(home, dir[2:])
	case !filepath.IsAbs(dir):
		base = filepath.Join(root, dir)
	}
	entries, err := os.ReadDir(base)
	if err != nil {
		return start, nil
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, name) || strings.HasPrefix(n, ".") && !strings.HasPrefix(name, ".") {
			continue
		}
		if e.IsDir() {
			n += "/"
		}
		out = append(out, dir+n)
	}
	sort.Strings(out)
	return start, out
}

// CompleteSlash completes a slash command's name typed at the start of the
// prompt: the offset of the name after "/" and the matching names, each
// with a space after it; start is -1 when before is not a command name
// being typed.
func CompleteSlash(before string) (int, []string) {
	if !strings.HasPrefix(before, "/") || strings.ContainsAny(before, " \t\n") {
		return -1, nil
	}
	var out []string
	for _, n := range slash.Names() {
		if strings.HasPrefix(n, before[1:]) {
			out = append(out, n+" ")
		}
	}
	return 1, out
}
