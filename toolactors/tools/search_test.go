package tools

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/protocol"
)

// ignoreTree is a project with nested .gitignore files using every
// feature: negation, directory-only, anchored and middle-slash patterns,
// "**", classes, escapes, trailing spaces, and .git/info/exclude.
var ignoreTree = map[string]string{
	".gitignore":           "# comment\n*.log\n!keep.log\n/build\ndocs/*.tmp\n**/cache/\nout/\n\\#hash.txt\ntrailing.txt   \nfoo/**/bar.txt\na?c.txt\n[xy]z.txt\n!important/\nimportant\nwith\\ space\n",
	"sub/.gitignore":       "*.txt\n!keep.txt\n/local\ndeep/\n",
	"sub/inner/.gitignore": "!*.txt\n",
	".git/info/exclude":    "secret*\n",
	"a.log":                "", "keep.log": "", "x/a.log": "", "x/keep.log": "",
	"build/out.js": "", "x/build/out.js": "",
	"docs/a.tmp": "", "docs/x/a.tmp": "",
	"cache/c.js": "", "x/cache/c.js": "", "y/cache": "",
	"out/o.md": "", "x/out/o.md": "",
	"#hash.txt": "", "trailing.txt": "", "with space": "",
	"foo/bar.txt": "", "foo/a/b/bar.txt": "", "foo/bar.md": "",
	"abc.txt": "", "aXc.txt": "", "ac.txt": "",
	"xz.txt": "", "yz.txt": "", "zz.txt": "",
	"important/i.md": "",
	"sub/a.txt":      "", "sub/keep.txt": "", "sub/a.md": "",
	"sub/local/l.md": "", "sub/x/local/l.md": "",
	"sub/deep/d.md": "", "sub/x/deep/d.md": "",
	"sub/inner/i.txt": "", "sub/inner/i.log": "", "sub/inner/i.md": "",
	"secret.md": "", "x/secret.md": "",
	"main.go": "", "x/y/z/w.go": "",
}

// gitFiles lists untracked files as git sees them: ignored or not.
func gitFiles(t *testing.T, dir string, ignored bool) []string {
	t.Helper()
	args := []string{"ls-files", "--others", "--exclude-standard", "-z"}
	if ignored {
		args = append(args, "--ignored")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) == 1 && files[0] == "" {
		return nil
	}
	slices.Sort(files)
	return files
}

func gitRepo(t *testing.T, files map[string]string) *tooltest.Boundary {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	b := tooltest.NewBoundary(t)
	cmd := exec.Command("git", "init", "-q", b.Dir())
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	b.Write(t, files)
	return b
}

// TestIgnoreMatchesGit checks the matcher against git's own decision for
// every file of the tree.
func TestIgnoreMatchesGit(t *testing.T) {
	b := gitRepo(t, ignoreTree)
	ignored := gitFiles(t, b.Dir(), true)
	checker := newIgnoreChecker(b.Root(), false)
	for name := range ignoreTree {
		if strings.HasPrefix(name, ".git/") {
			continue
		}
		want := slices.Contains(ignored, name)
		if got := checker.ignored(name, false); got != want {
			t.Errorf("%s: ignored=%v, git says %v", name, got, want)
		}
	}
	// and the walk yields exactly git's non-ignored files (minus hidden)
	var walked []string
	err := walkFiles(t.Context(), b.Root(), ".", ancestorStack(b.Root(), "."), func(rel string) bool {
		walked = append(walked, rel)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(walked)
	var want []string
	for _, f := range gitFiles(t, b.Dir(), false) {
		if !hasHiddenPart(f) {
			want = append(want, f)
		}
	}
	if !reflect.DeepEqual(walked, want) {
		t.Errorf("walk:\n got %v\nwant %v", walked, want)
	}
}

func hasHiddenPart(p string) bool {
	for _, part := range strings.Split(p, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return false
}

// TestGlobRegexp: gitignore globs ("{" is a literal there).
func TestGlobRegexp(t *testing.T) {
	tests := []struct {
		glob  string
		match []string
		no    []string
	}{
		{"*.go", []string{"a.go", ".go"}, []string{"a/b.go", "a.gox"}},
		{"**/x", []string{"x", "a/x", "a/b/x"}, []string{"ax", "x/a"}},
		{"a/**", []string{"a/b", "a/b/c"}, []string{"a", "b/a/c"}},
		{"a/**/b", []string{"a/b", "a/x/b", "a/x/y/b"}, []string{"ab", "a/xb"}},
		{"a**b", []string{"ab", "axxb"}, []string{"a/b"}},
		{"?.txt", []string{"a.txt"}, []string{"ab.txt", "/.txt"}},
		{"[a-c]x", []string{"ax", "cx"}, []string{"dx", "/x"}},
		{"[!a-c]x", []string{"dx"}, []string{"ax", "/x"}},
		{"[[:digit:]]x", []string{"7x"}, []string{"ax"}},
		{`\*x`, []string{"*x"}, []string{"ax"}},
		{"{a,b}.ts", []string{"{a,b}.ts"}, []string{"a.ts"}},
	}
	for _, tc := range tests {
		re, err := globRegexp(tc.glob)
		if err != nil {
			t.Fatalf("%s: %v", tc.glob, err)
		}
		for _, m := range tc.match {
			if !re.MatchString(m) {
				t.Errorf("%s should match %s (%s)", tc.glob, m, re)
			}
		}
		for _, m := range tc.no {
			if re.MatchString(m) {
				t.Errorf("%s should not match %s (%s)", tc.glob, m, re)
			}
		}
	}
}

// TestPathGlob: fs.search's glob argument (doublestar): a name glob at any
// depth, a path glob from the searched directory, braces, classes.
func TestPathGlob(t *testing.T) {
	tests := []struct {
		glob  string
		match []string
		no    []string
	}{
		{"*.go", []string{"a.go", "x/y/b.go", ".go"}, []string{"a.gox", "a.go/x"}},
		{"src/*.go", []string{"src/a.go"}, []string{"a.go", "src/x/a.go", "x/src/a.go"}},
		{"./src/**/*.go", []string{"src/a.go", "src/x/y/a.go"}, []string{"a.go", "lib/a.go"}},
		{"/src/*.go", []string{"src/a.go"}, []string{"x/src/a.go"}},
		{"{a,b}.ts", []string{"a.ts", "x/b.ts"}, []string{"c.ts", "{a,b}.ts"}},
		{"[!a-c]x", []string{"dx"}, []string{"ax"}},
		{`\*x`, []string{"*x"}, []string{"ax"}},
	}
	for _, tc := range tests {
		g, err := compilePathGlob(tc.glob)
		if err != nil {
			t.Fatalf("%s: %v", tc.glob, err)
		}
		for _, m := range tc.match {
			if !g.match(m) {
				t.Errorf("%s should match %s", tc.glob, m)
			}
		}
		for _, m := range tc.no {
			if g.match(m) {
				t.Errorf("%s should not match %s", tc.glob, m)
			}
		}
	}
	for _, bad := range []string{"{a,b", "[a-"} {
		if _, err := compilePathGlob(bad); !errors.Is(err, ErrBadPattern) {
			t.Errorf("%q: %v, want ErrBadPattern", bad, err)
		}
	}
}

// searchTree puts "needle" lines in every file of ignoreTree and adds a
// file with many hits, a binary file, a hidden file and a symlink.
func searchTree(t *testing.T) *tooltest.Boundary {
	files := map[string]string{}
	for name, content := range ignoreTree {
		if strings.HasPrefix(name, ".git") || strings.HasSuffix(name, ".gitignore") {
			files[name] = content
			continue
		}
		files[name] = fmt.Sprintf("first line\nneedle in %s\nNEEDLE upper\nneeeedle 42\n", name)
	}
	var many strings.Builder
	for i := range 50 {
		fmt.Fprintf(&many, "needle %d\n", i)
	}
	files["m/many.txt"] = many.String()
	files["m/bin.dat"] = "needle\x00binary"
	files[".hidden/needle.txt"] = "needle hidden\n"
	files["m/crlf.md"] = "needle crlf\r\nsecond\r\n"
	files["m/long.md"] = "needle " + strings.Repeat("x", 1000) + "\n"
	b := gitRepo(t, files)
	if err := os.Symlink("many.txt", filepath.Join(b.Dir(), "m/link.txt")); err != nil {
		t.Fatal(err)
	}
	return b
}

func searchBoth(t *testing.T, b *tooltest.Boundary, args protocol.FSSearchArgs) (rg, gosr SearchResult, rgRes, goRes event.ToolResult) {
	t.Helper()
	if _, err := exec.LookPath("rg"); err != nil {
		t.Skip("rg not installed")
	}
	rgRes = run(t, Deps{Paths: b}, protocol.ToolFSSearch, &args)
	goRes = run(t, Deps{Paths: b, NoRipgrep: true}, protocol.ToolFSSearch, &args)
	if rgRes.Status == event.ToolOK {
		rg = tooltest.Decode[SearchResult](t, rgRes)
	}
	if goRes.Status == event.ToolOK {
		gosr = tooltest.Decode[SearchResult](t, goRes)
	}
	return
}

func TestSearchEnginesAgree(t *testing.T) {
	b := searchTree(t)
	tests := []struct {
		name string
		args protocol.FSSearchArgs
		want int // hits; -1 = don't care
		cut  bool
	}{
		{"literal", protocol.FSSearchArgs{Pattern: "needle", Path: ".", MaxResults: 2000}, -1, false},
		{"case insensitive", protocol.FSSearchArgs{Pattern: "needle", Path: ".", CaseInsensitive: true, MaxResults: 2000}, -1, false},
		{"regex", protocol.FSSearchArgs{Pattern: `ne+dle \d+$`, Path: ".", Regex: true, MaxResults: 2000}, -1, false},
		{"literal metachars", protocol.FSSearchArgs{Pattern: "needle in sub/a.md", Path: ".", MaxResults: 10}, 1, false},
		{"subdir", protocol.FSSearchArgs{Pattern: "needle", Path: "sub", MaxResults: 2000}, -1, false},
		{"nested subdir", protocol.FSSearchArgs{Pattern: "needle", Path: "sub/inner", MaxResults: 2000}, 2, false},
		{"basename glob", protocol.FSSearchArgs{Pattern: "needle", Path: ".", Glob: "*.txt", MaxResults: 2000}, -1, false},
		{"brace glob", protocol.FSSearchArgs{Pattern: "needle", Path: ".", Glob: "*.{md,go}", MaxResults: 2000}, -1, false},
		{"path glob", protocol.FSSearchArgs{Pattern: "needle", Path: ".", Glob: "sub/**/*.md", MaxResults: 2000}, -1, false},
		{"total cap", protocol.FSSearchArgs{Pattern: "needle", Path: "m", MaxResults: 7}, 7, true},
		{"cap across files", protocol.FSSearchArgs{Pattern: "needle", Path: ".", MaxResults: 5}, 5, true},
		{"no hits", protocol.FSSearchArgs{Pattern: "haystack", Path: ".", MaxResults: 10}, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rg, gosr, rgRes, goRes := searchBoth(t, b, tc.args)
			tooltest.WantStatus(t, rgRes, event.ToolOK)
			tooltest.WantStatus(t, goRes, event.ToolOK)
			if rg.Engine != "ripgrep" || gosr.Engine != "go" {
				t.Fatalf("engines %s/%s", rg.Engine, gosr.Engine)
			}
			if !reflect.DeepEqual(rg.Hits, gosr.Hits) || rg.Truncated != gosr.Truncated {
				t.Fatalf("engines differ:\nrg %v %v\ngo %v %v", rg.Truncated, rg.Hits, gosr.Truncated, gosr.Hits)
			}
			if tc.want >= 0 && len(rg.Hits) != tc.want {
				t.Errorf("%d hits, want %d: %v", len(rg.Hits), tc.want, rg.Hits)
			}
			if rg.Truncated != tc.cut {
				t.Errorf("truncated=%v, want %v", rg.Truncated, tc.cut)
			}
			for i := 1; i < len(rg.Hits); i++ {
				a, b := rg.Hits[i-1], rg.Hits[i]
				if a.Path == b.Path && a.Line >= b.Line || a.Path != b.Path && !pathLess(a.Path, b.Path) {
					t.Errorf("not sorted: %v then %v", a, b)
				}
			}
		})
	}
}

// TestSearchHonoursIgnore checks the hit set against git's own view.
func TestSearchHonoursIgnore(t *testing.T) {
	b := searchTree(t)
	var want []string
	for _, f := range gitFiles(t, b.Dir(), false) {
		if !hasHiddenPart(f) && f != "m/bin.dat" && f != "m/link.txt" {
			want = append(want, f)
		}
	}
	for _, d := range []Deps{{Paths: b}, {Paths: b, NoRipgrep: true}} {
		res := run(t, d, protocol.ToolFSSearch, &protocol.FSSearchArgs{Pattern: "first line|needle crlf|needle 0$|needle x", Regex: true, Path: ".", MaxResults: 2000})
		tooltest.WantStatus(t, res, event.ToolOK)
		sr := tooltest.Decode[SearchResult](t, res)
		var got []string
		for _, h := range sr.Hits {
			got = append(got, h.Path)
		}
		slices.Sort(got)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: files\n got %v\nwant %v", sr.Engine, got, want)
		}
	}
	// CRLF and long lines are shown the same way by both engines
	rg, _, _, _ := searchBoth(t, b, protocol.FSSearchArgs{Pattern: "needle", Path: "m", Glob: "*.md", MaxResults: 10})
	if len(rg.Hits) != 2 || rg.Hits[0].Text != "needle crlf" || !strings.HasSuffix(rg.Hits[1].Text, "…") || len(rg.Hits[1].Text) != DefaultLineBytes+len("…") {
		t.Errorf("hit text: %+v", rg.Hits)
	}
}

// TestSearchFallbackWithoutRg hides rg from PATH.
func TestSearchFallbackWithoutRg(t *testing.T) {
	b := searchTree(t)
	args := protocol.FSSearchArgs{Pattern: "needle", Path: ".", MaxResults: 2000}
	withRg := tooltest.Decode[SearchResult](t, run(t, Deps{Paths: b}, protocol.ToolFSSearch, &args))
	t.Setenv("PATH", t.TempDir())
	res := run(t, Deps{Paths: b}, protocol.ToolFSSearch, &args)
	tooltest.WantStatus(t, res, event.ToolOK)
	without := tooltest.Decode[SearchResult](t, res)
	if without.Engine != "go" {
		t.Fatalf("engine %s with rg hidden", without.Engine)
	}
	if withRg.Engine == "ripgrep" && !reflect.DeepEqual(withRg.Hits, without.Hits) {
		t.Errorf("results differ with and without rg")
	}
}

func TestSearchErrors(t *testing.T) {
	b := searchTree(t)
	for _, d := range []Deps{{Paths: b}, {Paths: b, NoRipgrep: true}} {
		for _, tc := range []struct {
			args protocol.FSSearchArgs
			code string
		}{
			{protocol.FSSearchArgs{Pattern: "(unclosed", Regex: true, Path: "."}, "invalid_pattern"},
			{protocol.FSSearchArgs{Pattern: "", Path: "."}, "invalid_arguments"},
			{protocol.FSSearchArgs{Pattern: "x", Path: "main.go"}, "not_directory"},
			{protocol.FSSearchArgs{Pattern: "x", Path: "nope"}, "not_found"},
			{protocol.FSSearchArgs{Pattern: "x", Path: ".", Glob: "{a"}, "invalid_pattern"},
		} {
			res := run(t, d, protocol.ToolFSSearch, &tc.args)
			if res.Status != event.ToolError || tooltest.ErrorCode(t, res) != tc.code {
				t.Errorf("%+v: %s %s", tc.args, res.Status, res.Data)
			}
		}
	}
}
