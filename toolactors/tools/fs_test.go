package tools

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/protocol"
)

func TestFSList(t *testing.T) {
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{
		"README.md":             "hi\n",
		"src/main.go":           "package main\n",
		"src/deep/a/b/c.txt":    "x",
		".git/HEAD":             "ref: refs/heads/main\n",
		".env":                  "SECRET=1\n",
		"node_modules/x/i.js":   "",
		"dist/bundle.js":        "",
		".gitignore":            "dist/\n",
		"src/.hidden/inner.txt": "",
	})
	d := Deps{Paths: b}
	res := run(t, d, protocol.ToolFSList, &protocol.FSListArgs{Path: ".", Depth: 1})
	tooltest.WantStatus(t, res, event.ToolOK)
	got := tooltest.Decode[ListResult](t, res)
	paths := map[string]ListEntry{}
	for _, e := range got.Entries {
		paths[e.Path] = e
	}
	for _, want := range []string{"README.md", "src/", "src/main.go", "src/deep/", "node_modules/", "dist/"} {
		if _, ok := paths[want]; !ok {
			t.Errorf("missing %s in %+v", want, got.Entries)
		}
	}
	for _, not := range []string{".git/", ".env", ".gitignore", "src/deep/a/", "node_modules/x/", "src/.hidden/"} {
		if _, ok := paths[not]; ok {
			t.Errorf("unexpected %s", not)
		}
	}
	if e := paths["README.md"]; e.Type != "file" || e.Size != 3 {
		t.Errorf("README.md = %+v", e)
	}
	if paths["dist/"].Skipped != "ignored" || paths["node_modules/"].Skipped != "vendored" || paths["src/deep/"].Skipped != "depth" {
		t.Errorf("skips: dist %q node_modules %q deep %q", paths["dist/"].Skipped, paths["node_modules/"].Skipped, paths["src/deep/"].Skipped)
	}
	// sorted depth-first order
	for i := 1; i < len(got.Entries); i++ {
		if !pathLess(got.Entries[i-1].Path, got.Entries[i].Path) {
			t.Errorf("not sorted: %s before %s", got.Entries[i-1].Path, got.Entries[i].Path)
		}
	}

	hidden := tooltest.Decode[ListResult](t, run(t, d, protocol.ToolFSList, &protocol.FSListArgs{Path: ".", Depth: 0, IncludeHidden: true}))
	var names []string
	for _, e := range hidden.Entries {
		names = append(names, e.Path)
	}
	if !slices.Contains(names, ".env") || !slices.Contains(names, ".git/") {
		t.Errorf("include_hidden: %v", names)
	}

	d.Limits.ListEntries = 3
	capped := tooltest.Decode[ListResult](t, run(t, d, protocol.ToolFSList, &protocol.FSListArgs{Path: ".", Depth: 8}))
	if !capped.Truncated || len(capped.Entries) != 3 {
		t.Errorf("limit: truncated=%v entries=%d", capped.Truncated, len(capped.Entries))
	}

	for _, tc := range []struct{ path, code string }{{"README.md", "not_directory"}, {"nope", "not_found"}} {
		res := run(t, d, protocol.ToolFSList, &protocol.FSListArgs{Path: tc.path})
		if res.Status != event.ToolError || tooltest.ErrorCode(t, res) != tc.code {
			t.Errorf("%s: %s %s", tc.path, res.Status, res.Data)
		}
	}
	if res := run(t, d, protocol.ToolFSList, &protocol.FSListArgs{Path: "../"}); res.Status != event.ToolError {
		t.Errorf("outside root listed: %s", res.Data)
	}
}

func TestFSRead(t *testing.T) {
	b := tooltest.NewBoundary(t)
	var lines []string
	for i := 1; i <= 1000; i++ {
		lines = append(lines, "line "+itoa(i))
	}
	b.Write(t, map[string]string{
		"big.txt":  strings.Join(lines, "\n") + "\n",
		"crlf.txt": "one\r\ntwo\r\nthree",
		"bin.dat":  "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"long.txt": strings.Repeat("x", 100<<10) + "\nshort\n",
		"empty":    "",
	})
	d := Deps{Paths: b}
	tests := []struct {
		name                  string
		args                  protocol.FSReadArgs
		first, last           string
		lines, total, next    int
		truncated, crlf, wrap bool
	}{
		{name: "window", args: protocol.FSReadArgs{Path: "big.txt", Offset: 10, Limit: 5}, first: "line 11", last: "line 15", lines: 5, total: 1000, next: 15, truncated: true},
		{name: "tail", args: protocol.FSReadArgs{Path: "big.txt", Offset: 998, Limit: 400}, first: "line 999", last: "line 1000", lines: 2, total: 1000},
		{name: "past end", args: protocol.FSReadArgs{Path: "big.txt", Offset: 5000, Limit: 10}, lines: 0, total: 1000},
		{name: "crlf", args: protocol.FSReadArgs{Path: "crlf.txt", Limit: 10}, first: "one", last: "three", lines: 3, total: 3, crlf: true},
		{name: "empty", args: protocol.FSReadArgs{Path: "empty", Limit: 10}, lines: 0, total: 0},
		{name: "long line cut", args: protocol.FSReadArgs{Path: "long.txt", Limit: 10}, lines: 2, total: 2, wrap: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, d, protocol.ToolFSRead, &tc.args)
			tooltest.WantStatus(t, res, event.ToolOK)
			r := tooltest.Decode[ReadResult](t, res)
			if r.Lines != tc.lines || r.TotalLines != tc.total || r.Truncated != tc.truncated || r.NextOffset != tc.next || r.CRLF != tc.crlf {
				t.Fatalf("got lines=%d total=%d truncated=%v next=%d crlf=%v", r.Lines, r.TotalLines, r.Truncated, r.NextOffset, r.CRLF)
			}
			got := strings.SplitAfter(strings.TrimSuffix(r.Content, "\n"), "\n")
			if tc.first != "" && (strings.TrimSuffix(got[0], "\n") != tc.first || strings.TrimSuffix(got[len(got)-1], "\n") != tc.last) {
				t.Fatalf("content %q", r.Content)
			}
			if tc.wrap && (r.CutLines != 1 || !strings.Contains(r.Content, "[line cut: 102401 bytes]") || len(r.Content) > 17<<10) {
				t.Fatalf("long line: cut=%d len=%d", r.CutLines, len(r.Content))
			}
		})
	}
	res := run(t, d, protocol.ToolFSRead, &protocol.FSReadArgs{Path: "bin.dat", Limit: 10})
	tooltest.WantStatus(t, res, event.ToolOK)
	if r := tooltest.Decode[ReadResult](t, res); !r.Binary || r.Content != "" || r.MIME != "image/png" || r.Size != 16 {
		t.Errorf("binary: %+v", r)
	}
	// byte cap per call: 4000 lines of 1000 bytes don't all fit
	b.Write(t, map[string]string{"wide.txt": strings.Repeat(strings.Repeat("w", 999)+"\n", 4000)})
	r := tooltest.Decode[ReadResult](t, run(t, d, protocol.ToolFSRead, &protocol.FSReadArgs{Path: "wide.txt", Limit: 4000}))
	if !r.Truncated || r.Lines != 49 || r.NextOffset != 49 || r.TotalLines != 4000 {
		t.Errorf("cap: lines=%d next=%d total=%d", r.Lines, r.NextOffset, r.TotalLines)
	}
	if res := run(t, d, protocol.ToolFSRead, &protocol.FSReadArgs{Path: "/etc/passwd", Limit: 1}); res.Status != event.ToolError {
		t.Errorf("read outside root without a grant: %s", res.Message)
	}
}

func TestFSReadOutsideGrant(t *testing.T) {
	b := tooltest.NewBoundary(t)
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inv := tooltest.Invoke(protocol.ToolFSRead, &protocol.FSReadArgs{Path: filepath.Join(other, "notes.txt"), Limit: 5})
	if res := Run(t.Context(), Deps{Paths: b}, inv); res.Status != event.ToolError {
		t.Fatalf("ungranted outside read: %s", res.Status)
	}
	inv.Outside = []string{other}
	res := Run(t.Context(), Deps{Paths: b}, inv)
	tooltest.WantStatus(t, res, event.ToolOK)
	if r := tooltest.Decode[ReadResult](t, res); r.Content != "outside\n" || r.Path != filepath.Join(other, "notes.txt") {
		t.Errorf("granted read: %+v", r)
	}
	// a grant of one prefix does not cover its sibling
	inv.Outside = []string{other + "x"}
	if res := Run(t.Context(), Deps{Paths: b}, inv); res.Status != event.ToolError {
		t.Errorf("prefix-sibling grant accepted")
	}
	// a grant may be exactly a file, existing or not
	inv.Outside = []string{filepath.Join(other, "notes.txt")}
	if res := Run(t.Context(), Deps{Paths: b}, inv); res.Status != event.ToolOK || tooltest.Decode[ReadResult](t, res).Content != "outside\n" {
		t.Errorf("file grant: %s %s", res.Status, res.Message)
	}
	newFile := filepath.Join(other, "new", "made.txt")
	w := tooltest.Invoke(protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: newFile, Content: "made\n"})
	w.Outside = []string{newFile}
	tooltest.WantStatus(t, Run(t.Context(), Deps{Paths: b}, w), event.ToolOK)
	if got, _ := os.ReadFile(newFile); string(got) != "made\n" {
		t.Errorf("granted new file: %q", got)
	}
	// the file grant does not cover its sibling
	sib := tooltest.Invoke(protocol.ToolFSRead, &protocol.FSReadArgs{Path: filepath.Join(other, "notes.txt"), Limit: 5})
	sib.Outside = []string{newFile}
	if res := Run(t.Context(), Deps{Paths: b}, sib); res.Status != event.ToolError {
		t.Errorf("sibling of a file grant read")
	}
}

func TestFSWrite(t *testing.T) {
	b := tooltest.NewBoundary(t)
	d := Deps{Paths: b}
	res := run(t, d, protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: "a/b/new.txt", Content: "one\n"})
	tooltest.WantStatus(t, res, event.ToolOK)
	if w := tooltest.Decode[WriteResult](t, res); w.Action != "created" || w.Bytes != 4 || res.Changed[0] != "a/b/new.txt" {
		t.Errorf("create: %+v %v", w, res.Changed)
	}
	if got := b.Read(t, "a/b/new.txt"); got != "one\n" {
		t.Errorf("content %q", got)
	}

	// replacing an executable keeps +x and returns a diff
	b.Write(t, map[string]string{"run.sh": "#!/bin/sh\necho old\n"})
	if err := os.Chmod(filepath.Join(b.Dir(), "run.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	res = run(t, d, protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: "run.sh", Content: "#!/bin/sh\necho new\n"})
	tooltest.WantStatus(t, res, event.ToolOK)
	st, err := os.Stat(filepath.Join(b.Dir(), "run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o755 {
		t.Errorf("mode after write = %o, want 755", st.Mode().Perm())
	}
	if w := tooltest.Decode[WriteResult](t, res); w.Action != "replaced" || w.Mode != "0755" {
		t.Errorf("replace: %+v", w)
	}
	if !strings.Contains(res.Diff, "-echo old\n+echo new\n") {
		t.Errorf("diff %q", res.Diff)
	}
	if out, err := exec.Command(filepath.Join(b.Dir(), "run.sh")).Output(); err != nil || string(out) != "new\n" {
		t.Errorf("script after write: %q %v", out, err)
	}

	res = run(t, d, protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: "a/b/new.txt", Content: "two\n", Mode: "append"})
	tooltest.WantStatus(t, res, event.ToolOK)
	if got := b.Read(t, "a/b/new.txt"); got != "one\ntwo\n" {
		t.Errorf("append: %q", got)
	}

	if err := os.Symlink("run.sh", filepath.Join(b.Dir(), "link.sh")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args protocol.FSWriteArgs
		code string
	}{
		{protocol.FSWriteArgs{Path: "link.sh", Content: "x"}, "symlink"},
		{protocol.FSWriteArgs{Path: "a", Content: "x"}, "is_directory"},
		{protocol.FSWriteArgs{Path: "../escape.txt", Content: "x"}, "error"},
		{protocol.FSWriteArgs{Path: "x.txt", Content: "x", Mode: "truncate"}, "invalid_arguments"},
	} {
		res := run(t, d, protocol.ToolFSWrite, &tc.args)
		if res.Status != event.ToolError || tooltest.ErrorCode(t, res) != tc.code {
			t.Errorf("%+v: %s %s", tc.args, res.Status, res.Data)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(b.Dir()), "escape.txt")); err == nil {
		t.Error("wrote outside the root")
	}
	if got := b.Read(t, "run.sh"); got != "#!/bin/sh\necho new\n" {
		t.Errorf("write through symlink: %q", got)
	}
	// no temporary files are left behind
	entries, _ := os.ReadDir(b.Dir())
	for _, e := range entries {
		if strings.Contains(e.Name(), ".wtagent-") {
			t.Errorf("leftover %s", e.Name())
		}
	}
}

// TestFSWriteAtomicCrash kills a helper process with SIGKILL after the
// temporary file is written and fsynced but before the rename: the target
// must still hold the complete old content.
func TestFSWriteAtomicCrash(t *testing.T) {
	b := tooltest.NewBoundary(t)
	old := strings.Repeat("old content line\n", 10000)
	b.Write(t, map[string]string{"data.txt": old})
	cmd := exec.Command(tooltest.HelperProgram(t), "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"=atomic-crash", "HELPER_DIR="+b.Dir(), "HELPER_CONTENT="+strings.Repeat("NEW", 30000))
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ProcessState.String() != "signal: killed" {
		t.Fatalf("helper did not die by SIGKILL: %v %s", err, out)
	}
	if got := b.Read(t, "data.txt"); got != old {
		t.Fatalf("target changed by a crashed write: %d bytes", len(got))
	}
	// the fsynced temporary file is complete (a later write would replace
	// it); it never shadows the target
	matches, _ := filepath.Glob(filepath.Join(b.Dir(), ".data.txt.wtagent-*.tmp"))
	if len(matches) != 1 {
		t.Fatalf("temporary files: %v", matches)
	}
	if tmp, _ := os.ReadFile(matches[0]); len(tmp) != 90000 {
		t.Errorf("temporary file has %d bytes", len(tmp))
	}
	// a normal write afterwards succeeds
	tooltest.WantStatus(t, run(t, Deps{Paths: b}, protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: "data.txt", Content: "fresh\n"}), event.ToolOK)
	if got := b.Read(t, "data.txt"); got != "fresh\n" {
		t.Errorf("after crash: %q", got)
	}
}

func TestFSEdit(t *testing.T) {
	b := tooltest.NewBoundary(t)
	d := Deps{Paths: b}
	src := "package main\n\nfunc a() int { return 1 }\n\nfunc b() int { return 1 }\n"
	reset := func() {
		b.Write(t, map[string]string{"main.go": src, "win.txt": "alpha\r\nbeta\r\ngamma\r\n"})
		if err := os.Chmod(filepath.Join(b.Dir(), "main.go"), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		args   protocol.FSEditArgs
		status event.ToolStatus
		code   string
		want   string // file content after; "" = unchanged
		msg    string // substring of the message
		diff   string // substring of the diff
	}{
		{name: "unique", args: protocol.FSEditArgs{Path: "main.go", OldText: "func a() int { return 1 }", NewText: "func a() int { return 2 }"},
			status: event.ToolOK, want: strings.Replace(src, "a() int { return 1", "a() int { return 2", 1), diff: "@@ -1,5 +1,5 @@\n package main\n \n-func a() int { return 1 }\n+func a() int { return 2 }\n"},
		{name: "ambiguous", args: protocol.FSEditArgs{Path: "main.go", OldText: "return 1", NewText: "return 3"},
			status: event.ToolError, code: "old_text_not_unique", msg: "occurs 2 times (at lines 3, 5)"},
		{name: "replace all", args: protocol.FSEditArgs{Path: "main.go", OldText: "return 1", NewText: "return 3", ReplaceAll: true},
			status: event.ToolOK, want: strings.ReplaceAll(src, "return 1", "return 3")},
		{name: "missing", args: protocol.FSEditArgs{Path: "main.go", OldText: "func c()", NewText: "x"},
			status: event.ToolError, code: "old_text_not_found"},
		{name: "missing with whitespace hint", args: protocol.FSEditArgs{Path: "main.go", OldText: "  func b() int { return 1 }", NewText: "x"},
			status: event.ToolError, code: "old_text_not_found", msg: "appears at line 5"},
		{name: "no-op", args: protocol.FSEditArgs{Path: "main.go", OldText: "main", NewText: "main"},
			status: event.ToolError, code: "no_change"},
		{name: "list of edits", args: protocol.FSEditArgs{Path: "main.go", Edits: []protocol.Edit{
			{OldText: "func a()", NewText: "func first()"}, {OldText: "func b()", NewText: "func second()"}}},
			status: event.ToolOK, want: strings.Replace(strings.Replace(src, "func a()", "func first()", 1), "func b()", "func second()", 1)},
		{name: "list fails atomically", args: protocol.FSEditArgs{Path: "main.go", Edits: []protocol.Edit{
			{OldText: "func a()", NewText: "func first()"}, {OldText: "nope", NewText: "x"}}},
			status: event.ToolError, code: "old_text_not_found", msg: "edit 2 of 2"},
		{name: "crlf file, lf old text", args: protocol.FSEditArgs{Path: "win.txt", OldText: "alpha\nbeta\n", NewText: "ALPHA\nBETA\n"},
			status: event.ToolOK},
		{name: "missing file", args: protocol.FSEditArgs{Path: "nope.go", OldText: "a", NewText: "b"},
			status: event.ToolError, code: "not_found"},
		{name: "no edits", args: protocol.FSEditArgs{Path: "main.go"}, status: event.ToolError, code: "invalid_arguments"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reset()
			res := run(t, d, protocol.ToolFSEdit, &tc.args)
			tooltest.WantStatus(t, res, tc.status)
			if tc.code != "" && tooltest.ErrorCode(t, res) != tc.code {
				t.Errorf("code %q, want %q (%s)", tooltest.ErrorCode(t, res), tc.code, res.Message)
			}
			if !strings.Contains(res.Message, tc.msg) {
				t.Errorf("message %q lacks %q", res.Message, tc.msg)
			}
			if !strings.Contains(res.Diff, tc.diff) {
				t.Errorf("diff %q lacks %q", res.Diff, tc.diff)
			}
			got := b.Read(t, "main.go")
			switch {
			case tc.want != "" && got != tc.want:
				t.Errorf("content %q, want %q", got, tc.want)
			case tc.want == "" && tc.args.Path == "main.go" && got != src:
				t.Errorf("file changed by a failed edit: %q", got)
			}
			if st, _ := os.Stat(filepath.Join(b.Dir(), "main.go")); st.Mode().Perm() != 0o750 {
				t.Errorf("mode %o, want 750", st.Mode().Perm())
			}
		})
	}
	reset()
	tooltest.WantStatus(t, run(t, d, protocol.ToolFSEdit, &protocol.FSEditArgs{Path: "win.txt", OldText: "alpha\nbeta\n", NewText: "ALPHA\nBETA\n"}), event.ToolOK)
	if got := b.Read(t, "win.txt"); got != "ALPHA\r\nBETA\r\ngamma\r\n" {
		t.Errorf("crlf edit: %q", got)
	}
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(i)) }

func fmtInt(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}
