package config

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session"
)

// TestWritePath: the first config file that exists, else the data root's.
func TestWritePath(t *testing.T) {
	h, err := session.NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	xdg := t.TempDir()
	getenv := func(k string) string { return map[string]string{"XDG_CONFIG_HOME": xdg}[k] }
	if got := WritePath(h, getenv); got != h.ConfigFile() {
		t.Fatalf("no file: %s, want %s", got, h.ConfigFile())
	}
	xdgFile := filepath.Join(xdg, "wtagent", "config.json")
	writeFile(t, xdgFile, "{}")
	if got := WritePath(h, getenv); got != xdgFile {
		t.Fatalf("XDG file only: %s, want %s", got, xdgFile)
	}
	writeFile(t, h.ConfigFile(), "{}")
	if got := WritePath(h, getenv); got != h.ConfigFile() {
		t.Fatalf("both: %s, want %s", got, h.ConfigFile())
	}
}

// TestWriteMCPServersKeepsTheRest: the other keys keep their bytes and
// their places, the servers replace the old key in its place, and the file
// is private and parses.
func TestWriteMCPServersKeepsTheRest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.json")
	orig := `{
  "mode": "thinking",
  "mcp-servers": {"old": {"command": "old"}},
  "rules": [
      {"tool": "fs.write", "kind": "path", "prefix": ["/srv/docs"]}
  ],
  "allow-env": ["NPM_TOKEN", "A<B&C"]
}
`
	writeFile(t, path, orig)
	servers := MCPServers{"fs": {Command: "npx", Args: []string{"-y", "fs"}}, "web": {URL: "https://h/mcp"}}
	if err := WriteMCPServers(path, servers); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	for _, want := range []string{`"mode": "thinking",` + "\n  \"mcp-servers\": {",
		"\"rules\": [\n      {\"tool\": \"fs.write\", \"kind\": \"path\", \"prefix\": [\"/srv/docs\"]}\n  ],",
		`"allow-env": ["NPM_TOKEN", "A<B&C"]`} {
		if !strings.Contains(got, want) {
			t.Errorf("the file lost %q:\n%s", want, got)
		}
	}
	fc, err := Parse([]byte(got))
	if err != nil {
		t.Fatalf("written file: %v\n%s", err, got)
	}
	if len(fc.MCPServers) != 2 || fc.MCPServers["fs"].Args[1] != "fs" || fc.MCPServers["web"].URL != "https://h/mcp" || fc.Mode != "thinking" || len(fc.Rules) != 1 {
		t.Fatalf("written config %+v", fc)
	}
	if runtime.GOOS != "windows" {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("mode %v, %v", fi.Mode(), err)
		}
	}
	if err := WriteMCPServers(path, nil); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); strings.Contains(got, "mcp-servers") || !strings.Contains(got, `"allow-env": ["NPM_TOKEN", "A<B&C"]`) {
		t.Fatalf("no servers: the key stays, or the rest went:\n%s", got)
	}
}

// TestWriteMCPServersCreates: a missing file and its directory are made.
func TestWriteMCPServersCreates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "dir", "config.json")
	if err := WriteMCPServers(path, MCPServers{"s": {Command: "srv"}}); err != nil {
		t.Fatal(err)
	}
	fc, err := Parse([]byte(readFile(t, path)))
	if err != nil || fc.MCPServers["s"].Command != "srv" {
		t.Fatalf("%+v %v", fc, err)
	}
}

// TestWriteMCPServersRefuses: a bad server, or a file that is not a valid
// config, is an error and leaves the file as it was.
func TestWriteMCPServersRefuses(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"bad server", `{"mode": "x"}`, "give a command"},
		{"not JSON", `{"mode": `, "config"},
		{"an array", `["x"]`, "not a JSON object"},
		{"trailing data", `{} {}`, "more after"},
		{"unknown key", `{"speed": 1}`, `unknown key "speed"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.json")
			writeFile(t, path, c.file)
			servers := MCPServers{"s": {Command: "srv"}}
			if c.name == "bad server" {
				servers = MCPServers{"s": {}}
			}
			err := WriteMCPServers(path, servers)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
			if got := readFile(t, path); got != c.file {
				t.Fatalf("the file changed to %q", got)
			}
		})
	}
}

// TestWriteMCPServersThroughALink: a linked config file (a dotfiles
// checkout) stays a link, and its target gets the edit.
func TestWriteMCPServersThroughALink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	target, link := filepath.Join(dir, "dotfiles.json"), filepath.Join(dir, "config.json")
	writeFile(t, target, `{"mode": "pro"}`)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteMCPServers(link, MCPServers{"s": {Command: "srv"}}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi, err)
	}
	if got := readFile(t, target); !strings.Contains(got, `"srv"`) || !strings.Contains(got, `"mode": "pro"`) {
		t.Fatalf("target:\n%s", got)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
