package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
)

// FileConfig is the config file (config.json under $WTAGENT_HOME, or under
// the XDG config directory): defaults that flags override.
type FileConfig struct {
	// Provider is chatgpt or script.
	Provider string `json:"provider,omitempty"`
	// Mode is the ChatGPT mode to select.
	Mode string `json:"mode,omitempty"`
	// Approvals is prompt, deny or allow.
	Approvals string `json:"approvals,omitempty"`
	// ChatGPTURL points the adapter at another origin (a mock page).
	ChatGPTURL string `json:"chatgpt_url,omitempty"`
	// Chrome is the browser binary.
	Chrome string `json:"chrome,omitempty"`
	// KeepProcesses keeps dev servers running at the end of a run without a
	// terminal.
	KeepProcesses *bool `json:"keep_processes,omitempty"`
	// Sandbox is workspace-write (default), read-only or off.
	Sandbox string `json:"sandbox,omitempty"`
	// SandboxNetwork false cuts sandboxed programs off the network.
	SandboxNetwork *bool `json:"sandbox_network,omitempty"`
	// SandboxWritable lists more directories sandboxed programs may write.
	SandboxWritable []string `json:"sandbox_writable,omitempty"`
	// Limits override the run limits by name (max_turns, turn_wait, …);
	// durations are Go duration strings.
	Limits map[string]json.RawMessage `json:"limits,omitempty"`
	// AllowEnv lists credential-looking environment variables that are
	// passed to programs anyway.
	AllowEnv []string `json:"allow_env,omitempty"`
	// Rules are task-wide grants applied to every run.
	Rules []messages.Rule `json:"rules,omitempty"`
}

// ConfigPaths lists where the config file is looked for, in order.
func ConfigPaths(h session.Home, getenv func(string) string) []string {
	paths := []string{h.ConfigFile()}
	xdg := getenv("XDG_CONFIG_HOME")
	if xdg == "" {
		if home := getenv("HOME"); home != "" {
			xdg = filepath.Join(home, ".config")
		}
	}
	if xdg != "" {
		paths = append(paths, filepath.Join(xdg, "wtagent", "config.json"))
	}
	return paths
}

// LoadConfig reads the first config file that exists. It returns the zero
// config and an empty path when there is none; a malformed file is an error
// naming it.
func LoadConfig(h session.Home, getenv func(string) string) (FileConfig, string, error) {
	for _, p := range ConfigPaths(h, getenv) {
		data, err := os.ReadFile(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return FileConfig{}, p, fmt.Errorf("read config %s: %w", p, err)
		}
		var fc FileConfig
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&fc); err != nil {
			return FileConfig{}, p, fmt.Errorf("config %s: %w", p, err)
		}
		return fc, p, nil
	}
	return FileConfig{}, "", nil
}
