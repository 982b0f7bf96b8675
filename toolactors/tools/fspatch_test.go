package tools

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/protocol"
)

// treeOf reads every file under dir: path → mode and content.
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			out[rel+"/"] = info.Mode().String()
			return nil
		}
		b, err := os.ReadFile(p)
		out[rel] = info.Mode().String() + " " + string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func patchArgs(body string) *protocol.FSPatchArgs {
	return &protocol.FSPatchArgs{Patch: "*** Begin Patch\n" + body + "*** End Patch\n"}
}

func TestFSPatchChangesEveryFile(t *testing.T) {
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{"main.go": "package main\n\nfunc main() {\n\tprintln(\"old\")\n}\n", "old.txt": "a\nb\n", "src/x.go": "x\r\ny\r\n"})
	res := run(t, Deps{Paths: b}, protocol.ToolFSPatch, patchArgs(
		"*** Add File: web/index.html\n+<h1>Hi</h1>\n*** Add File: web/app.js\n+let a = 1;\n+let b = 2;\n*** Add File: README.md\n+# x\n"+
			"*** Update File: main.go\n@@ func main() {\n-\tprintln(\"old\")\n+\tprintln(\"new\")\n"+
			"*** Update File: src/x.go\n*** Move to: src/y.go\n@@\n-x\n+z\n y\n"+
			"*** Delete File: old.txt\n"))
	tooltest.WantStatus(t, res, event.ToolOK)
	want := map[string]string{"web/index.html": "<h1>Hi</h1>\n", "web/app.js": "let a = 1;\nlet b = 2;\n", "README.md": "# x\n",
		"main.go": "package main\n\nfunc main() {\n\tprintln(\"new\")\n}\n", "src/y.go": "z\r\ny\r\n"}
	for name, content := range want {
		if got := b.Read(t, name); got != content {
			t.Errorf("%s = %q, want %q", name, got, content)
		}
	}
	for _, gone := range []string{"old.txt", "src/x.go"} {
		if _, err := os.Stat(filepath.Join(b.Dir(), gone)); !os.IsNotExist(err) {
			t.Errorf("%s still exists: %v", gone, err)
		}
	}
	got := tooltest.Decode[PatchResult](t, res)
	wantFiles := []PatchFile{{"web/index.html", "added", "", 1, 0}, {"web/app.js", "added", "", 2, 0}, {"README.md", "added", "", 1, 0},
		{"main.go", "updated", "", 1, 1}, {"src/x.go", "moved", "src/y.go", 1, 1}, {"old.txt", "deleted", "", 0, 2}}
	if len(got.Files) != len(wantFiles) {
		t.Fatalf("files = %+v", got.Files)
	}
	for i, f := range wantFiles {
		if got.Files[i] != f {
			t.Errorf("file %d = %+v, want %+v", i, got.Files[i], f)
		}
	}
	if !strings.Contains(res.Message, "patched 6 file(s): added web/index.html (+1 -0);") || !strings.Contains(res.Message, "moved src/x.go → src/y.go (+1 -1)") {
		t.Errorf("message %q", res.Message)
	}
	if strings.Join(res.Changed, ",") != "web/index.html,web/app.js,README.md,main.go,src/x.go,src/y.go,old.txt" {
		t.Errorf("changed = %v", res.Changed)
	}
	for _, d := range []string{"+++ b/web/app.js", "-\tprintln(\"old\")", "rename from src/x.go", "+++ /dev/null"} {
		if !strings.Contains(res.Diff, d) {
			t.Errorf("diff lacks %q:\n%s", d, res.Diff)
		}
	}
}

// TestFSPatchBadInputWritesNothing: each kind of bad patch is a tool error
// naming the problem, and the tree is byte-identical afterwards.
func TestFSPatchBadInputWritesNothing(t *testing.T) {
	tests := []struct {
		name, patch string
		says        []string
	}{
		{"path outside", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Add File: /etc/x\n+x\n*** End Patch", []string{"/etc/x", "relative to the project root"}},
		{"path escapes", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Add File: ../x\n+x\n*** End Patch", []string{"leaves the project"}},
		{"hunk twice", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: dup.txt\n@@\n-x\n+y\n*** End Patch", []string{"dup.txt", "hunk 1", "matches more than once", "lines 1, 3"}},
		{"hunk missing", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: keep.txt\n@@\n one\n-tow\n+2\n*** End Patch", []string{"keep.txt", "hunk 1", "does not apply", "nearest match starts at line 1", `line 2 differs: the patch expects "tow"`}},
		{"update of a missing file", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: nope.txt\n@@\n-x\n+y\n*** End Patch", []string{"nope.txt", "no such file", "*** Add File:"}},
		{"add of an existing file", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Add File: keep.txt\n+x\n*** End Patch", []string{"keep.txt", "already exists"}},
		{"move over an existing file", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: dup.txt\n*** Move to: keep.txt\n*** End Patch", []string{"keep.txt", "already exists", "does not replace"}},
		{"binary patch", "*** Begin Patch\n*** Add File: a.txt\n+a\x00b\n*** End Patch", []string{"binary content"}},
		{"binary file", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: bin.dat\n@@\n-a\n+b\n*** End Patch", []string{"bin.dat", "binary"}},
		{"empty", "*** Begin Patch\n*** End Patch\n", []string{"empty patch"}},
		{"symbolic link", "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: link.txt\n@@\n-one\n+1\n*** End Patch", []string{"link.txt", "symbolic link"}},
		{"over 4 MiB", "*** Begin Patch\n*** Add File: a.txt\n+" + strings.Repeat("x", 4<<20) + "\n*** End Patch", []string{"patch too large"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tooltest.NewBoundary(t)
			b.Write(t, map[string]string{"keep.txt": "one\ntwo\n", "dup.txt": "x\nz\nx\n", "bin.dat": "a\x00\n"})
			if err := os.Symlink("keep.txt", filepath.Join(b.Dir(), "link.txt")); err != nil {
				t.Fatal(err)
			}
			before := treeOf(t, b.Dir())
			res := run(t, Deps{Paths: b}, protocol.ToolFSPatch, &protocol.FSPatchArgs{Patch: tt.patch})
			tooltest.WantStatus(t, res, event.ToolError)
			for _, s := range append(tt.says, "nothing was written") {
				if !strings.Contains(res.Message, s) {
					t.Errorf("message %q does not say %q", res.Message, s)
				}
			}
			after := treeOf(t, b.Dir())
			if len(after) != len(before) {
				t.Errorf("tree changed: %v → %v", before, after)
			}
			for k, v := range before {
				if after[k] != v {
					t.Errorf("%s changed: %q → %q", k, v, after[k])
				}
			}
		})
	}
}

// TestFSPatchUndoesWhenAWriteFails: the third write fails for real (its
// target became a directory); the two before it are undone.
func TestFSPatchUndoesWhenAWriteFails(t *testing.T) {
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{"b.txt": "one\ntwo\n"})
	before := treeOf(t, b.Dir())
	n := 0
	h := &hooks{beforeRename: func(string) {
		if n++; n == 3 {
			if err := os.Mkdir(filepath.Join(b.Dir(), "c.txt"), 0o755); err != nil {
				t.Error(err)
			}
		}
	}}
	res := run(t, Deps{Paths: b, hooks: h}, protocol.ToolFSPatch, patchArgs(
		"*** Add File: a.txt\n+a\n*** Update File: b.txt\n@@\n-one\n+1\n two\n*** Add File: c.txt\n+c\n"))
	tooltest.WantStatus(t, res, event.ToolError)
	if !strings.Contains(res.Message, "c.txt") || !strings.Contains(res.Message, "restored, so nothing changed") {
		t.Errorf("message %q", res.Message)
	}
	after := treeOf(t, b.Dir())
	delete(after, "c.txt/")
	if len(after) != len(before) || after["b.txt"] != before["b.txt"] {
		t.Errorf("tree after a failed write: %v, want %v", after, before)
	}
}
