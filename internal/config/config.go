package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/session"
)

// File is the config file (config.json under $WTAGENT_HOME, or under
// the XDG config directory): defaults that flags override. A key that a
// flag also sets has the flag's name ("chatgpt-url" is --chatgpt-url).
type File struct {
	// Provider is chatgpt or script.
	Provider string `json:"provider,omitempty"`
	// Mode is the ChatGPT mode to select.
	Mode string `json:"mode,omitempty"`
	// Effort is the ChatGPT effort tier to select.
	Effort string `json:"effort,omitempty"`
	// Approvals is prompt, deny or allow.
	Approvals string `json:"approvals,omitempty"`
	// ChatGPTURL points the adapter at another origin (a mock page).
	ChatGPTURL string `json:"chatgpt-url,omitempty"`
	// Chrome is the browser binary.
	Chrome string `json:"chrome,omitempty"`
	// ChromeURL is a Chrome the user started with remote debugging.
	ChromeURL string `json:"chrome-url,omitempty"`
	// ChromeURLInsecureOK allows a ChromeURL on another machine.
	ChromeURLInsecureOK *bool `json:"chrome-url-insecure-ok,omitempty"`
	// KeepProcesses keeps dev servers running at the end of a run without
	// asking.
	KeepProcesses *bool `json:"keep-processes,omitempty"`
	// Sandbox is workspace-write (default), read-only or off.
	Sandbox string `json:"sandbox,omitempty"`
	// NoNetwork cuts sandboxed programs off the network.
	NoNetwork *bool `json:"no-network,omitempty"`
	// SandboxWritable lists more directories sandboxed programs may write.
	SandboxWritable []string `json:"sandbox-writable,omitempty"`
	// The run limits: the first four are also flags.
	MaxTurns       *int      `json:"max-turns,omitempty"`
	TurnTimeout    *Duration `json:"turn-timeout,omitempty"`
	ToolTimeout    *Duration `json:"tool-timeout,omitempty"`
	RunTimeout     *Duration `json:"run-timeout,omitempty"`
	ProtocolErrors *int      `json:"protocol-errors,omitempty"`
	IdenticalCalls *int      `json:"identical-calls,omitempty"`
	Nudges         *int      `json:"nudges,omitempty"`
	DoneRefusals   *int      `json:"done-refusals,omitempty"`
	OutputPerCall  *int      `json:"output-per-call,omitempty"`
	OutputPerRun   *int64    `json:"output-per-run,omitempty"`
	// CallsPerReply is how many tool calls one model reply may hold
	// (1..8; 1 is one call per reply).
	CallsPerReply *int `json:"calls-per-reply,omitempty"`
	// ChainChanges lets a reply carry several changes after its reads,
	// run in order until one does not succeed (default on; off keeps one
	// change per reply, last).
	ChainChanges *bool `json:"chain-changes,omitempty"`
	// MaxSubagents is how many sub-agents (agent.run) run at once (1..8,
	// default 3); the rest wait.
	MaxSubagents *int `json:"max-subagents,omitempty"`
	// AllowEnv lists credential-looking environment variables that are
	// passed to programs anyway.
	AllowEnv []string `json:"allow-env,omitempty"`
	// Rules are task-wide grants applied to every run.
	Rules []event.Rule `json:"rules,omitempty"`
	// MCPServers are the user's MCP servers by name, whose tools a run
	// offers as mcp.NAME.TOOL.
	MCPServers MCPServers `json:"mcp-servers,omitempty"`
}

// Duration is a config duration, written as a Go duration string ("20m").
type Duration time.Duration

// UnmarshalJSON parses "20m", "1h30m" and the like.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("want a duration such as \"20m\", not %s", b)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as \"20m\": %w", err)
	}
	*d = Duration(v)
	return nil
}

// MarshalJSON writes the duration string.
func (d Duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(time.Duration(d).String())
}

// Keys lists the keys the config file accepts, in order.
func Keys() []string {
	t := reflect.TypeFor[File]()
	keys := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		keys = append(keys, name)
	}
	return keys
}

// Paths lists where the config file is looked for, in order.
func Paths(h session.Home, getenv func(string) string) []string {
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

// Load reads the first config file that exists. It returns the zero
// config and an empty path when there is none; a malformed file, or one
// with an unknown key, is an error naming it.
func Load(h session.Home, getenv func(string) string) (File, string, error) {
	for _, p := range Paths(h, getenv) {
		data, err := os.ReadFile(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return File{}, p, fmt.Errorf("read config %s: %w", p, err)
		}
		fc, err := Parse(data)
		if err != nil {
			return File{}, p, fmt.Errorf("config %s: %w", p, err)
		}
		return fc, p, nil
	}
	return File{}, "", nil
}

// Parse decodes a config file: a JSON object (blank is the empty one)
// with nothing after it. Every error is one plain line naming the key at
// fault: an unknown key lists the known ones (and names the flag-style key
// an old snake_case one is now), a value of the wrong type says what the
// key takes, and a task-wide rule or an MCP server entry that does not
// validate says which and why, as a run would refuse it.
func Parse(data []byte) (File, error) {
	members, err := splitObject(data)
	if err != nil {
		return File{}, plainJSONError(data, err)
	}
	var fc File
	for _, m := range members {
		if err := knownKey(m.key); err != nil {
			return File{}, err
		}
		if err := decodeMember(&fc, m); err != nil {
			return File{}, err
		}
	}
	if err := validateRules(fc.Rules); err != nil {
		return File{}, err
	}
	if err := fc.MCPServers.Validate(); err != nil {
		return File{}, err
	}
	return fc, nil
}

// knownKey refuses a key the config file does not have.
func knownKey(key string) error {
	keys := Keys()
	for _, k := range keys {
		if key == k {
			return nil
		}
	}
	for _, k := range keys {
		if strings.ReplaceAll(key, "_", "-") == k {
			return fmt.Errorf("unknown key %q: config keys are the flag names, write %q", key, k)
		}
	}
	if key == "limits" {
		return fmt.Errorf("unknown key \"limits\": each limit is a key of its own, named as its flag (\"max-turns\": 80, \"turn-timeout\": \"20m\")")
	}
	return fmt.Errorf("unknown key %q (known: %s)", key, strings.Join(keys, ", "))
}
