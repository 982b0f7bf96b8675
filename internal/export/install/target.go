package install

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/session"
)

// Target is where an installed export goes and the command that opens it.
type Target struct {
	Path    string
	Command string
}

// TargetFor is where the format's tool looks for the session:
// Codex's $CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl
// (CODEX_HOME defaults to ~/.codex; the date is the session's creation,
// local time, as Codex names its own), or Claude Code's
// <config>/projects/<root with every non-alphanumeric as ->/<uuid>.jsonl
// (config is $CLAUDE_CONFIG_DIR, default ~/.claude).
func TargetFor(format string, getenv func(string) string, st session.State) (Target, error) {
	id := export.SessionUUID(st.ID)
	if format == FormatCodex {
		dir, err := toolDir(getenv, "CODEX_HOME", ".codex")
		if err != nil {
			return Target{}, err
		}
		created := st.Created.Local()
		name := "rollout-" + created.Format("2006-01-02T15-04-05") + "-" + id + ".jsonl"
		return Target{
			Path:    filepath.Join(dir, "sessions", created.Format("2006"), created.Format("01"), created.Format("02"), name),
			Command: "cd " + shellWord(st.Root) + " && codex resume " + id,
		}, nil
	}
	dir, err := toolDir(getenv, "CLAUDE_CONFIG_DIR", ".claude")
	if err != nil {
		return Target{}, err
	}
	return Target{
		Path:    filepath.Join(dir, "projects", ClaudeProject(st.Root), id+".jsonl"),
		Command: "cd " + shellWord(st.Root) + " && claude -r " + id,
	}, nil
}

// toolDir is $env, or ~/dot.
func toolDir(getenv func(string) string, env, dot string) (string, error) {
	if d := getenv(env); d != "" {
		return d, nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", fmt.Errorf("%w (set %s)", ErrNoHome, env)
	}
	return filepath.Join(home, dot), nil
}

// ClaudeProject is Claude Code's directory name for a project: its path
// with every character that is not a letter or digit replaced by '-'.
func ClaudeProject(root string) string {
	var b strings.Builder
	for _, c := range root {
		if c < 128 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b.WriteRune(c)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// shellWord quotes s for a POSIX shell when it needs quoting.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
