package sandbox

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolchainsBuildConfined: with programs and configuration read-only
// and only the caches writable, the real toolchains of this machine
// still build a small project inside the sandbox (each one that is
// installed: cargo, go).
func TestToolchainsBuildConfined(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real cargo and go builds; not under -short")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		tool  string
		files map[string]string
		build string
	}{
		{"cargo", map[string]string{"Cargo.toml": "[package]\nname = \"p\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
			"src/main.rs": "fn main() { println!(\"built\"); }\n"}, "cargo build --offline -q && ./target/debug/p"},
		{"go", map[string]string{"go.mod": "module p\n\ngo 1.21\n", "main.go": "package main\n\nfunc main() { println(\"built\") }\n"},
			"go build -o p . && ./p"},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			if _, err := exec.LookPath(tc.tool); err != nil {
				t.Skipf("%s is not installed", tc.tool)
			}
			root, tmp := t.TempDir(), t.TempDir()
			for name, body := range tc.files {
				p := filepath.Join(root, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sb, err := New(Spec{Mode: WorkspaceWrite, Root: root, TempDir: tmp, Home: home, Env: os.Environ()})
			if err != nil {
				t.Fatal(err)
			}
			defer sb.Close()
			if !sb.Enforced() {
				t.Skipf("no sandbox here: %s", sb.Status())
			}
			cmd := exec.Command("/bin/sh", "-c", tc.build)
			cmd.Dir, cmd.Env = root, os.Environ()
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			prog, err := sb.Start(cmd)
			if err != nil {
				t.Fatal(err)
			}
			if exit, err := prog.Wait(); err != nil || exit.Code != 0 || !strings.Contains(out.String(), "built") {
				t.Errorf("%s: %+v %v\n%s", tc.build, exit, err, out.String())
			}
		})
	}
}
