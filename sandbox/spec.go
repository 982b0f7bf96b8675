package sandbox

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/policy/secrets"
)

// Spec is what a session's sandbox allows.
type Spec struct {
	Mode Mode
	// Root is the project root (absolute): readable and, in
	// WorkspaceWrite, writable.
	Root string
	// TempDir is the session's own temporary directory (absolute, made by
	// the caller): readable, writable and executable in every mode, and
	// the programs' TMPDIR.
	TempDir string
	// Home is the user's home directory; only its toolchain directories
	// are readable.
	Home string
	// DataDir is wtagent's own data directory: never readable.
	DataDir string
	// NoNetwork cuts programs off the network (loopback still works).
	NoNetwork bool
	// Env is the programs' environment: PATH and the toolchain variables
	// (GOCACHE, CARGO_HOME, npm_config_cache …) say where toolchains live.
	Env []string
	// Writable lists more directories programs may write (from config).
	Writable []string
	// Confine, when not nil, narrows what programs may change in the
	// project (WorkspaceWrite) to these directories inside Root
	// (absolute, existing; others are left out): a write sub-agent's
	// paths. An empty, non-nil list leaves the project read-only.
	Confine []string
}

// Status is what the sandbox enforces, for the banner, `wtagent status`,
// doctor and the events.
type Status struct {
	Mode Mode `json:"mode"`
	// Enforced is true when the kernel confines programs.
	Enforced bool `json:"enforced"`
	// Kernel names the mechanism, e.g. "landlock ABI 7".
	Kernel string `json:"kernel,omitempty"`
	// Network is false in a no-network sandbox.
	Network bool `json:"network"`
	// Isolated is true when programs run in their own user, mount and PID
	// namespaces: wtagent's processes are invisible to them, and
	// credential stores and wtagent's data inside the project covered.
	Isolated bool `json:"isolated"`
	// GitProtected is true when .git/hooks and .git/config are read-only
	// to programs.
	GitProtected bool `json:"git_protected"`
	// Reason says why the sandbox is not enforced, or what it lacks.
	Reason string `json:"reason,omitempty"`
	// Fix says what to run to get what Reason says is missing.
	Fix string `json:"fix,omitempty"`
}

// seatbeltKernel names macOS's mechanism in Status.
const seatbeltKernel = "seatbelt"

// HoldsWrites reports whether the kernel refuses programs' writes outside
// the project, the session's temporary directory and the toolchains.
func (s Status) HoldsWrites() bool { return s.Enforced }

// HoldsSignals reports whether programs cannot signal the user's other
// processes: they run in their own PID namespace, or under Seatbelt,
// whose profile lets them signal only the sandbox's own.
func (s Status) HoldsSignals() bool {
	return s.Enforced && (s.Isolated || s.Kernel == seatbeltKernel)
}

// HoldsCode reports whether what git or the shell runs is read-only to
// programs, inside the project too: .git/hooks, .git/config and the
// home's start-up files.
func (s Status) HoldsCode() bool { return s.Enforced && s.GitProtected }

// String is the one-line summary the banner shows.
func (s Status) String() string {
	if s.Mode == Off {
		return "off (commands run unconfined; the policy alone applies)"
	}
	if !s.Enforced {
		return fmt.Sprintf("%s requested but not available: %s; the policy alone applies", s.Mode, s.Reason)
	}
	parts := []string{string(s.Mode), s.Kernel}
	if s.Isolated {
		parts = append(parts, "own user, mount and PID namespaces")
	}
	if s.Network {
		parts = append(parts, "network on")
	} else {
		parts = append(parts, "no network")
	}
	if s.GitProtected {
		parts = append(parts, ".git/hooks and .git/config read-only")
	}
	out := parts[0] + " (" + strings.Join(parts[1:], ", ") + ")"
	if s.Reason != "" {
		out += "; " + s.Reason
	}
	return out
}

// CredentialStores returns the credential stores under home
// (secrets.CredentialStores), absolute.
func CredentialStores(home string) []string {
	if home == "" {
		return nil
	}
	stores := secrets.CredentialStores()
	out := make([]string, len(stores))
	for i, c := range stores {
		out[i] = filepath.Join(home, c)
	}
	return out
}

// under reports whether p is dir or inside it (both clean and absolute).
func under(p, dir string) bool {
	if dir == "" || p == "" {
		return false
	}
	if p == dir || dir == "/" {
		return true
	}
	return strings.HasPrefix(p, dir+"/")
}

func envValue(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == key {
			return v
		}
	}
	return ""
}

// withEnv returns env with key set to value.
func withEnv(env []string, key, value string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, key+"=") {
			out = append(out, kv)
		}
	}
	return append(out, key+"="+value)
}
