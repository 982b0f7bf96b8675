package sandbox

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/text/unicode/norm"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/seatbelt")

// macDataName is the name of the Mac plan's data directory (in NFC).
const macDataName = "état wtagent"

// macPlan is the plan newPlan makes on a Mac for mode, for a user whose
// home and project names hold a space, quotes, a backslash and non-ASCII
// letters, and who set wtagent's data directory inside the project, in a
// folder whose name has an accent (so it is cut out of the project's
// rules, in both Unicode spellings). Its per-user cache and
// temporary directories (getconf DARWIN_USER_CACHE_DIR, …_TEMP_DIR) are
// writable in workspace-write and readable in read-only.
func macPlan(mode Mode) plan {
	home := `/Users/Zoë O'Neil`
	root := home + `/src/my "app" \ 项目`
	tmp := "/private/var/folders/x7/k2/T/wtagent-s1-42"
	scratch := []string{"/private/var/folders/x7/k2/C", "/private/var/folders/x7/k2/T"}
	data := root + "/" + macDataName
	p := plan{
		reads: []string{"/Applications", "/Library/Apple", "/Library/Developer", "/System/Library",
			"/System/Volumes/Preboot", "/bin", "/opt/homebrew", "/private/etc/hosts", "/private/var/db/timezone",
			"/sbin", "/usr", home + "/.rustup", home + "/.gitconfig", home + "/go", home + "/.cargo/bin",
			home + "/.cargo/config.toml"},
		writes:  []string{tmp},
		devices: darwinDevices,
		hidden:  append(slices.Clone(darwinHidden), CredentialStores(home)...),
		scratch: scratch,
	}
	p.hidden = append(p.hidden, home, data, "/private/var/folders/x7/k2/T")
	if mode == ReadOnly {
		p.reads = append(p.reads, scratch...)
		p.reads = append(p.reads, root)
		return p
	}
	p.writes = append(p.writes, scratch...)
	p.writes = append(p.writes, root, home+"/Library/Caches/go-build", home+"/go/pkg/mod", home+"/.cargo/registry")
	p.readOnly = []string{root + "/.git/hooks", root + "/.git/config"}
	p.masks = []string{data}
	return p
}

// macHomePlan is the Mac plan when the project is the home (wtagent -C ~)
// in workspace-write: the programs on PATH and the configuration that
// runs code are cut out of the write rule, the credential stores and the
// data directory out of every rule, the caches stay writable.
func macHomePlan() plan {
	home := `/Users/Zoë O'Neil`
	p := macPlan(WorkspaceWrite)
	p.writes = []string{"/private/var/folders/x7/k2/T/wtagent-s1-42", "/private/var/folders/x7/k2/C",
		"/private/var/folders/x7/k2/T", home, home + "/Library/Caches/go-build", home + "/go/pkg/mod", home + "/.cargo/registry"}
	p.readOnly = []string{home + "/.cargo/bin", home + "/.cargo/config.toml", home + "/go/bin", home + "/.local/bin",
		home + "/.zshrc", home + "/.gitconfig", home + "/Library/LaunchAgents"}
	p.masks = []string{home + "/.ssh", home + "/.aws", home + "/.cargo/credentials.toml", home + "/Library/Keychains",
		home + "/Library/Application Support/" + macDataName}
	p.hidden = append(slices.Clone(darwinHidden), CredentialStores(home)...)
	p.hidden = append(p.hidden, home+"/Library/Application Support/"+macDataName, "/private/var/folders/x7/k2/T")
	return p
}

// TestSeatbeltProfileGolden checks the plan-dependent part of the profile
// and its parameters, per mode and network, against testdata/seatbelt
// (go test ./sandbox -run Seatbelt -update rewrites them).
func TestSeatbeltProfileGolden(t *testing.T) {
	for _, mode := range []Mode{WorkspaceWrite, ReadOnly, "workspace-write-home"} {
		for _, network := range []bool{true, false} {
			name := string(mode) + map[bool]string{true: "-network", false: "-no-network"}[network]
			if mode == "workspace-write-home" && !network {
				continue
			}
			t.Run(name, func(t *testing.T) {
				p := macHomePlan()
				if mode != "workspace-write-home" {
					p = macPlan(mode)
				}
				profile, params := seatbeltProfile(p, network)
				if !strings.HasPrefix(profile, seatbeltBase) {
					t.Fatal("the profile does not start with the base profile")
				}
				rules := strings.TrimPrefix(profile, seatbeltBase)
				var got strings.Builder
				got.WriteString(rules)
				got.WriteString("\n; sandbox-exec -D parameters\n")
				for _, q := range params {
					got.WriteString("; -D " + q.Key + "=" + q.Value + "\n")
					if strings.Contains(rules, q.Value) {
						t.Errorf("path %q is spliced into the profile text", q.Value)
					}
				}
				golden := filepath.Join("testdata", "seatbelt", name+".sb")
				if *update {
					if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				if got.String() != string(want) {
					t.Errorf("profile differs from %s (-update rewrites it):\n%s", golden, got.String())
				}
			})
		}
	}
}

// TestSeatbeltProfileMeaning evaluates the macOS plans' profiles: what
// may be read and written, network and loopback.
func TestSeatbeltProfileMeaning(t *testing.T) {
	home := `/Users/Zoë O'Neil`
	root := home + `/src/my "app" \ 项目`
	data := root + "/" + macDataName
	type probe struct {
		path        string
		read, write bool
	}
	for _, tc := range []struct {
		mode   Mode
		probes []probe
	}{
		{WorkspaceWrite, []probe{
			{root + "/main.go", true, true},
			{root + "/.git/hooks/pre-commit", true, false},
			{root + "/.git/config", true, false},
			{root + "/.git/HEAD", true, true},
			{data + "/sessions/s1/events.jsonl", false, false},
			{data, false, false},
			{data + "-not", true, true},
			// The data directory spelt in NFD: whole, and below the
			// project as on disk (APFS finds it either way).
			{norm.NFD.String(data + "/sessions/s1/events.jsonl"), false, false},
			{root + "/" + norm.NFD.String(macDataName) + "/sessions/s1/events.jsonl", false, false},
			{norm.NFD.String(root + "/main.go"), true, true},
			{norm.NFD.String(home + "/.ssh/id_ed25519"), false, false},
			{home + "/.ssh/id_ed25519", false, false},
			{home + "/Library/Caches/go-build/ab/cd", true, true},
			{home + "/.rustup/toolchains/x/bin/rustc", true, false},
			{home + "/go/pkg/mod/golang.org/x/y@v1/y.go", true, true},
			{home + "/go/bin/git", true, false},
			{home + "/.cargo/registry/index/x", true, true},
			{home + "/.cargo/bin/git", true, false},
			{home + "/.cargo/config.toml", true, false},
			{home + "/.cargo/credentials.toml", false, false},
			{home + "/Documents/taxes.pdf", false, false},
			{"/usr/bin/env", true, false},
			{"/private/tmp/x", false, false},
			{"/private/var/folders/x7/k2/T/wtagent-s1-42/f", true, true},
			{"/private/var/folders/x7/k2/T/xcrun_db", true, true},
			{"/private/var/folders/x7/k2/C/clang/ModuleCache/x.pcm", true, true},
			{"/private/var/folders/x7/k2/X/other", false, false},
			{"/private/var/folders/q1/zz/C/other-user", false, false},
			{"/dev/null", true, true},
			{"/dev/ttys004", true, true},
		}},
		{ReadOnly, []probe{
			{root + "/main.go", true, false},
			{root + "/.git/config", true, false},
			{home + "/go/pkg/mod/x", true, false},
			{home + "/.cargo/bin/git", true, false},
			{"/private/var/folders/x7/k2/T/wtagent-s1-42/f", true, true},
			{"/private/var/folders/x7/k2/T/xcrun_db", true, false},
			{"/private/var/folders/x7/k2/C/clang/ModuleCache/x.pcm", true, false},
		}},
		{"home", []probe{
			{home + "/notes.txt", true, true},
			{home + "/go/pkg/mod/golang.org/x/y@v1/y.go", true, true},
			{home + "/.cargo/registry/index/x", true, true},
			{home + "/go/bin/git", true, false},
			{home + "/.cargo/bin/git", true, false},
			{home + "/.cargo/config.toml", true, false},
			{home + "/.zshrc", true, false},
			{home + "/Library/LaunchAgents/evil.plist", true, false},
			{home + "/.cargo/credentials.toml", false, false},
			{home + "/.ssh/id_ed25519", false, false},
			{home + "/.aws/credentials", false, false},
			{home + "/Library/Application Support/" + macDataName + "/sessions/s1/events.jsonl", false, false},
			{home + "/Library/Application Support/" + macDataName + "-not", true, true},
		}},
	} {
		t.Run(string(tc.mode), func(t *testing.T) {
			p := macPlan(tc.mode)
			if tc.mode == "home" {
				p = macHomePlan()
			}
			profile, params := seatbeltProfile(p, true)
			sb := parseSBPL(t, profile, params)
			for _, pr := range tc.probes {
				if got := sb.allows("file-read", pr.path); got != pr.read {
					t.Errorf("read %s: allowed %v, want %v", pr.path, got, pr.read)
				}
				if got := sb.allows("file-write", pr.path); got != pr.write {
					t.Errorf("write %s: allowed %v, want %v", pr.path, got, pr.write)
				}
				if !strings.HasPrefix(pr.path, "/dev/") && p.seatbeltHides(pr.path) == pr.read {
					t.Errorf("seatbeltHides(%s) = %v, want %v", pr.path, !pr.read, pr.read)
				}
			}
		})
	}
	// Unix sockets: in the project, yes; other programs' sockets in the
	// user's scratch directories (an editor's IPC socket in TMPDIR), no.
	for _, mode := range []Mode{WorkspaceWrite, ReadOnly} {
		profile, params := seatbeltProfile(macPlan(mode), false)
		sb := parseSBPL(t, profile, params)
		for _, c := range []struct {
			op, path string
			want     bool
		}{
			{"network-outbound", root + "/run/db.sock", true},
			{"network-bind", root + "/run/db.sock", mode == WorkspaceWrite},
			{"network-bind", "/private/var/folders/x7/k2/T/wtagent-s1-42/s.sock", true},
			{"network-outbound", "/private/var/folders/x7/k2/T/vscode-ipc-1.sock", false},
			{"network-bind", "/private/var/folders/x7/k2/T/x.sock", false},
			{"network-outbound", "/private/var/folders/x7/k2/C/x.sock", false},
		} {
			if got := sb.allowsUnix(c.op, c.path); got != c.want {
				t.Errorf("%s: %s on %s allowed %v, want %v", mode, c.op, c.path, got, c.want)
			}
		}
	}
	for _, network := range []bool{true, false} {
		profile, params := seatbeltProfile(macPlan(WorkspaceWrite), network)
		sb := parseSBPL(t, profile, params)
		for _, c := range []struct {
			op, addr string
			want     bool
		}{
			{"network-outbound", "localhost:5432", true},
			{"network-outbound", "140.82.112.3:443", network},
			{"network-inbound", "localhost:3000", true},
			{"network-inbound", "192.168.1.7:3000", network},
			{"network-bind", "*:3000", true},
		} {
			if got := sb.allowsIP(c.op, c.addr); got != c.want {
				t.Errorf("network %v: %s %s allowed %v, want %v", network, c.op, c.addr, got, c.want)
			}
		}
	}
}

// TestSeatbeltCommand checks the rewrite: sandbox-exec by absolute path,
// the profile and parameters, then the program and its arguments exactly,
// with the directory, environment (plus TMPDIR), streams and SysProcAttr
// untouched.
func TestSeatbeltCommand(t *testing.T) {
	attr := &syscall.SysProcAttr{}
	cmd := exec.Command("/opt/homebrew/bin/rg", "-n", "it's a \"quoted\" word", "dir with space/", "--", "-x")
	cmd.Args[0] = "rg"
	cmd.Dir = "/Users/zoë/my proj"
	cmd.Env = []string{"PATH=/usr/bin:/bin", "TMPDIR=/elsewhere", "LANG=C.UTF-8"}
	cmd.Stdin = strings.NewReader("in")
	cmd.SysProcAttr = attr
	params := []seatbeltParam{{"READ_0", "/usr"}, {"WRITE_0", "/Users/zoë/my proj"}}
	seatbeltCommand(cmd, "(version 1)", params, "/private/var/folders/x/T/wtagent-1")
	want := []string{"sandbox-exec", "-p", "(version 1)", "-D", "READ_0=/usr", "-D", "WRITE_0=/Users/zoë/my proj",
		"--", "/opt/homebrew/bin/rg", "-n", "it's a \"quoted\" word", "dir with space/", "--", "-x"}
	if cmd.Path != "/usr/bin/sandbox-exec" || !slices.Equal(cmd.Args, want) {
		t.Errorf("command %s %q,\nwant /usr/bin/sandbox-exec %q", cmd.Path, cmd.Args, want)
	}
	bare := &exec.Cmd{Path: "build.sh", Args: []string{"build.sh", "-v"}, Dir: "/p"}
	seatbeltCommand(bare, "(version 1)", nil, "")
	if want := []string{"sandbox-exec", "-p", "(version 1)", "--", "./build.sh", "-v"}; !slices.Equal(bare.Args, want) || bare.Env != nil {
		t.Errorf("a program named without a slash: %q env %q, want %q and no env", bare.Args, bare.Env, want)
	}
	wantEnv := []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TMPDIR=/private/var/folders/x/T/wtagent-1"}
	if cmd.Dir != "/Users/zoë/my proj" || !slices.Equal(cmd.Env, wantEnv) || cmd.SysProcAttr != attr || cmd.Stdin == nil {
		t.Errorf("dir %q env %q attr kept %v stdin kept %v", cmd.Dir, cmd.Env, cmd.SysProcAttr == attr, cmd.Stdin != nil)
	}
}

// TestSeatbeltDenials reads macOS's error lines (BSD tools name the path
// unquoted, spaces and all; Seatbelt refusals are "Operation not
// permitted") into the same explanations as on Linux.
func TestSeatbeltDenials(t *testing.T) {
	home := `/Users/Zoë O'Neil`
	root := home + `/src/my "app" \ 项目`
	sb := &Sandbox{spec: Spec{Mode: WorkspaceWrite, Root: root, Home: home, DataDir: root + "/.wtagent"},
		status: Status{Mode: WorkspaceWrite, Enforced: true}, plan: macPlan(WorkspaceWrite)}
	out := strings.Join([]string{
		"touch: " + root + "/.git/hooks/pre-commit: Operation not permitted",
		"cat: " + home + "/.ssh/id_ed25519: Operation not permitted",
		"ls: ./.wtagent/sessions: Operation not permitted",
		"cp: /Library/LaunchAgents/evil.plist: Operation not permitted",
		"go: writing stat cache: open " + root + "/go.sum: permission denied",
		"everything is fine",
	}, "\n")
	want := []Denial{
		{root + "/.git/hooks/pre-commit", "write to .git/hooks or .git/config (read-only to commands)"},
		{home + "/.ssh/id_ed25519", "read of a credential store"},
		{"./.wtagent/sessions", "wtagent's data directory is off limits to commands"},
		{"/Library/LaunchAgents/evil.plist", "write outside the project"},
	}
	if got := sb.Denials(root, out, 10); !slices.Equal(got, want) {
		t.Errorf("denials\n%q\nwant\n%q", got, want)
	}
}
