package classify

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/secrets"
)

// Judge decides what path-like command arguments mean. The lexical judge
// (Classify) knows no project root; the engine's judge resolves arguments
// against the root, the call's cwd and the symbolic links on disk.
type Judge interface {
	// Arg records findings for a path-like argument at word i.
	Arg(c *Classifier, i int, p string)
	// Program records findings for the program word at index at.
	Program(c *Classifier, at int)
	// Kind says what a path argument names: "file", "dir", "missing",
	// "outside", or "" when it cannot tell.
	Kind(p string) string
	// Wipes says what deleting p would destroy when that is a hard deny
	// (the file-system root, the home directory, the project root or a
	// directory above it), or "".
	Wipes(p string) string
	// Cases is how the platform compares names.
	Cases() boundary.Case
	// Matches returns the paths a file-name pattern (an unquoted glob)
	// matches now, at most limit of them, as the program would get them;
	// ok is false when the judge cannot list them.
	Matches(pattern string, limit int) (matches []string, ok bool)
	// Script returns the code of a script file a program runs (python
	// x.py, sh x.sh) when it may be the model's: a regular file inside the
	// project that is not committed unchanged, not too large to read; ok
	// is false otherwise (the project's own code runs like npm test).
	Script(p string) (code string, ok bool)
	// Uncommitted is the number of tracked files with uncommitted changes
	// in the git work tree the command runs in; -1 when it cannot tell.
	Uncommitted() int
	// Holds is what the sandbox contains of the command: what the
	// classifier may leave to the kernel.
	Holds() Containment
	// RunsCode reports a path whose content git or the shell runs:
	// .git/hooks, .git/config, the home's programs and start-up files.
	RunsCode(p string) bool
}

// scanPaths judges every word that may be a path: "~", "/…", "../…",
// option values (--out=/x, -I/usr/include), NAME=value (make and dd
// operands), @file (curl data) and file:// URLs. Words marked as patterns,
// messages or code are skipped.
func (c *Classifier) scanPaths() {
	for i := 1; i < len(c.Words); i++ {
		if c.skip[i] {
			continue
		}
		if c.pattern(i) {
			c.globArg(i, c.Words[i])
			continue
		}
		if c.unknownAt(i) {
			// Where a program takes a path, a word known only at run time
			// can name any file.
			c.Add(event.RiskSensitive, ProgramName(c.Words[0])+" gets "+c.Words[i]+", whose value is known only when it runs and may name any file", i)
			continue
		}
		if p, ok := c.pathCandidate(c.Words[i]); ok {
			if GitRunsFrom(p, c.judge.Cases()) {
				c.Add(event.RiskDestructive, "names "+p+": git runs what .git/hooks and .git/config say on later git calls", i)
			}
			c.judge.Arg(c, i, p)
		}
	}
}

// GitRunsFrom reports .git/hooks (and what is in it) and .git/config,
// under the platform's Case (.GIT/Hooks on Windows): writing there
// makes later git calls run commands, as fs.write there asks.
func GitRunsFrom(p string, cs boundary.Case) bool {
	p = "/" + cs.Key(path.Clean(cs.Slash(p)))
	return strings.HasSuffix(p, "/.git/hooks") || strings.Contains(p, "/.git/hooks/") || strings.HasSuffix(p, "/.git/config")
}

// pathCandidate extracts the path a word of c may name: @name is a file
// only for the programs that read it so (curl, HTTPie, gh …); elsewhere
// "@/*" is an import alias and @types/node a package.
func (c *Classifier) pathCandidate(t string) (string, bool) {
	if strings.HasPrefix(t, "@") && !c.atFiles {
		return t, true
	}
	if strings.HasPrefix(t, "-") {
		if _, v, ok := strings.Cut(t, "="); ok && strings.HasPrefix(v, "@") && !c.atFiles {
			return v, true
		}
	}
	return pathCandidate(t)
}

// pathCandidate extracts the path a word may name.
func pathCandidate(t string) (string, bool) {
	if t == "" {
		return "", false
	}
	if rest, ok := strings.CutPrefix(t, "file://"); ok {
		return rest, rest != ""
	}
	if strings.Contains(t, "://") {
		return "", false
	}
	if strings.HasPrefix(t, "-") {
		if _, v, ok := strings.Cut(t, "="); ok {
			return pathCandidate(v)
		}
		rest := strings.TrimLeft(t, "-")
		rest = strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		if strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "~") || strings.HasPrefix(rest, "..") {
			return rest, true
		}
		return "", false
	}
	if name, v, ok := strings.Cut(t, "="); ok && validEnvName(name) {
		return pathCandidate(v)
	}
	if rest, ok := strings.CutPrefix(t, "@"); ok {
		return rest, rest != ""
	}
	return t, true
}

// HomePath reports whether p is "~" or under "~/".
func HomePath(p string) bool { return p == "~" || strings.HasPrefix(p, "~/") }

// HarmlessDevice lists absolute paths every program may name.
func HarmlessDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/zero", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty",
		"/dev/random", "/dev/urandom":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/")
}

// SystemProgram reports whether an absolute program path is in one of
// the system's program directories (/usr/bin/go is the go on PATH; a
// program under /tmp or a home is something else).
func SystemProgram(p string) bool {
	switch filepath.Dir(filepath.Clean(p)) {
	case "/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/usr/local/go/bin":
		return true
	}
	return false
}

// SystemPath reports a path in the system's directories of programs,
// libraries, headers, shared data and configuration, which every user
// may read and which hold no one's private data (but for the few files
// listed: shadow passwords, sudoers, private keys). /proc is not one:
// /proc/PID/environ holds a process's secrets.
func SystemPath(p string) bool {
	p = filepath.ToSlash(filepath.Clean(p))
	switch {
	case strings.HasPrefix(p, "/etc/shadow"), strings.HasPrefix(p, "/etc/gshadow"), strings.HasPrefix(p, "/etc/sudoers"),
		strings.HasPrefix(p, "/etc/ssl/private"), strings.HasPrefix(p, "/etc/ssh/ssh_host_") && !strings.HasSuffix(p, ".pub"),
		secrets.IsCredentialPath(p):
		return false
	}
	for _, dir := range [...]string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/etc",
		"/nix/store", "/snap", "/Library", "/System", "/Applications", "/private/etc"} {
		if p == dir || strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

// TempPath reports a path in a shared temporary directory (/tmp,
// /var/tmp, macOS's /private/tmp and /private/var/folders, or the
// platform's TMPDIR).
func TempPath(p string) bool {
	p = filepath.Clean(p)
	for _, dir := range [...]string{"/tmp", "/var/tmp", "/private/tmp", "/private/var/folders", filepath.Clean(os.TempDir())} {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// HomeToolchain reports a path (relative to the home, with slashes) in a
// toolchain's directory: version managers, language toolchains, package
// caches. The sandbox lets programs read them; the credential files some
// hold (~/.cargo/credentials.toml, ~/.m2/settings.xml,
// ~/.gradle/gradle.properties) are not among them.
func HomeToolchain(rel string) bool {
	switch path.Base(rel) {
	case "credentials", "credentials.toml", "settings.xml", "settings-security.xml", "gradle.properties", ".npmrc", ".pypirc":
		return false
	}
	for _, dir := range [...]string{".nvm", ".volta", ".fnm", ".cargo", ".rustup", "go", ".pyenv", ".rbenv", ".sdkman",
		".gradle", ".m2", ".npm", ".cache", ".bun", ".deno", ".dotnet", ".nuget/packages", ".conda", "miniconda3",
		"anaconda3", ".asdf", ".local/share/pnpm", "Library/pnpm", ".local/share/mise", ".jenv", ".pub-cache", ".rye"} {
		if rel == dir || strings.HasPrefix(rel, dir+"/") {
			return !secrets.IsCredentialPath(rel)
		}
	}
	return false
}

// OutsideReason explains an argument that leads outside the root.
func OutsideReason(shown, abs string) string {
	if secrets.IsCredentialPath(abs) {
		return "reads the credential file " + shown + ", outside the project root"
	}
	return "refers to " + shown + ", outside the project root"
}
