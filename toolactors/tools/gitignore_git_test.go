package tools

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// ignoreCase is one path of testdata/gitignore/tree.txt.
type ignoreCase struct {
	path  string
	isDir bool
}

// loadIgnoreTree builds testdata/gitignore/tree.txt under dir (a git
// repository) and returns every path in it, directories included.
func loadIgnoreTree(t *testing.T, dir string) []ignoreCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "gitignore", "tree.txt"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[ignoreCase]bool{}
	add := func(p string, isDir bool) {
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			seen[ignoreCase{d, true}] = true
		}
		seen[ignoreCase{p, isDir}] = true
	}
	var ignoreDir string
	var ignoreText strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case ignoreDir != "" && line == "end":
			name := filepath.Join(dir, ignoreDir, ".gitignore")
			if ignoreDir == ".git/info" {
				name = filepath.Join(dir, ".git", "info", "exclude")
			}
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, []byte(ignoreText.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			ignoreDir = ""
			ignoreText.Reset()
		case ignoreDir != "":
			ignoreText.WriteString(line + "\n")
		case strings.HasPrefix(line, "ignore: "):
			ignoreDir = strings.TrimPrefix(line, "ignore: ")
		case strings.HasPrefix(line, "file: "):
			p := strings.TrimPrefix(line, "file: ")
			if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, p), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			add(p, false)
		case strings.HasPrefix(line, "dir: "):
			p := strings.TrimPrefix(line, "dir: ")
			if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
				t.Fatal(err)
			}
			add(p, true)
		}
	}
	var out []ignoreCase
	for c := range seen {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// gitIgnored asks `git check-ignore` about every path at once and returns
// those git ignores (a negated last match is not ignored).
func gitIgnored(t *testing.T, dir string, cases []ignoreCase) map[string]bool {
	t.Helper()
	var in bytes.Buffer
	for _, c := range cases {
		in.WriteString(c.path + "\x00")
	}
	cmd := exec.Command("git", "-C", dir, "check-ignore", "--stdin", "-z", "-v", "-n")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("git check-ignore: %v: %s", err, out)
		}
	}
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(fields)%4 != 0 {
		t.Fatalf("git check-ignore output: %q", out)
	}
	ignored := map[string]bool{}
	for i := 0; i < len(fields); i += 4 {
		pattern, p := fields[i+2], fields[i+3]
		ignored[p] = pattern != "" && !strings.HasPrefix(pattern, "!")
	}
	if len(ignored) != len(cases) {
		t.Fatalf("git answered for %d of %d paths", len(ignored), len(cases))
	}
	return ignored
}

// TestIgnoreTreeMatchesCheckIgnore: for every path of a tree of ignore cases (nested
// .gitignore files, .git/info/exclude, negation, anchoring, "**",
// classes, escapes, trailing spaces, directory-only rules, excluded
// parents), the matcher says what `git check-ignore` says.
func TestIgnoreTreeMatchesCheckIgnore(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	cases := loadIgnoreTree(t, dir)
	want := gitIgnored(t, dir, cases)
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	c := newIgnoreChecker(root, false)
	nIgnored := 0
	for _, tc := range cases {
		if want[tc.path] {
			nIgnored++
		}
		if got := c.ignored(tc.path, tc.isDir); got != want[tc.path] {
			t.Errorf("%q (dir %v): ignored %v, git says %v", tc.path, tc.isDir, got, want[tc.path])
		}
	}
	if nIgnored == 0 || nIgnored == len(cases) {
		t.Fatalf("git ignores %d of %d paths: the tree tests nothing", nIgnored, len(cases))
	}
}
