package main

import (
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/mod/module"
)

// TestModuleFileNames: every tracked file has a name the go command
// accepts in a module zip, so `go install …@latest` can fetch the module.
// The rules are the Windows file-name rules among others: a file named
// "nul" (once a fuzz corpus entry) made the whole module unfetchable, on
// every OS.
func TestModuleFileNames(t *testing.T) {
	out, err := exec.Command("git", "ls-files", "-z", "--full-name", ":/").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	n := 0
	for _, p := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if err := module.CheckFilePath(p); err != nil {
			t.Errorf("%v", err)
		}
		n++
	}
	if n < 100 {
		t.Fatalf("git listed %d files; expected the whole repository", n)
	}
}
