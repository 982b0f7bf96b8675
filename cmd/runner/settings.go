package runner

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/sandbox"
)

// Settings are a run's effective settings: defaults, then the config file,
// then flags.
type Settings struct {
	Provider   string
	Script     string
	Approvals  policy.Mode
	ChatGPTURL string
	Mode       string
	Chrome     string
	Headless   bool
	// RecordTransport saves each turn's raw page traffic (--record-transport).
	RecordTransport bool
	NoMinimize      bool
	KeepProcesses   bool
	// Sandbox is how the kernel confines commands; NoNetwork cuts them off
	// the network; SandboxWritable are more directories they may write.
	Sandbox         sandbox.Mode
	NoNetwork       bool
	SandboxWritable []string
	Verbose         bool
	Limits          actors.Limits
	AllowEnv        []string
	Rules           []messages.Rule
	// ScriptLines, when set, is the script itself (the demo's embedded
	// one) instead of the file Script names.
	ScriptLines []model.ScriptLine
	// ProfileDir, when set, replaces the dedicated Chrome profile (the demo
	// uses a throwaway one against the mock page).
	ProfileDir string
	// Sources says where each setting came from ("default", "config",
	// "flag"), by name.
	Sources map[string]string
}

// Resolve merges the config file and the flags. stdinTTY decides the
// default approval mode.
func Resolve(fc cmdutil.FileConfig, f *Flags, stdinTTY bool) (Settings, error) {
	s := Settings{Provider: "chatgpt", Limits: actors.DefaultLimits(), Sources: map[string]string{}}
	pick := func(name string, flagSet bool, flagVal, cfgVal string, dst *string) {
		switch {
		case flagSet:
			*dst, s.Sources[name] = flagVal, "flag"
		case cfgVal != "":
			*dst, s.Sources[name] = cfgVal, "config"
		default:
			if *dst == "" {
				*dst = flagVal
			}
			s.Sources[name] = "default"
		}
	}
	pick("provider", f.Changed("provider"), f.Provider, fc.Provider, &s.Provider)
	pick("mode", f.Changed("mode"), f.Mode, fc.Mode, &s.Mode)
	pick("chatgpt_url", f.Changed("chatgpt-url"), f.ChatGPTURL, fc.ChatGPTURL, &s.ChatGPTURL)
	pick("chrome", f.Changed("chrome"), f.Chrome, fc.Chrome, &s.Chrome)
	approvals := ""
	pick("approvals", f.Changed("approvals"), f.Approvals, fc.Approvals, &approvals)
	mode, err := policy.ParseMode(approvals, stdinTTY)
	if err != nil {
		return s, cmdutil.FlagErrorf("--approvals: %v", err)
	}
	s.Approvals = mode
	s.Script, s.Headless, s.NoMinimize, s.Verbose = f.Script, f.Headless, f.NoMinimize, f.Verbose
	s.RecordTransport = f.RecordTransport
	s.KeepProcesses = f.KeepProcesses
	if !f.Changed("keep-processes") && fc.KeepProcesses != nil {
		s.KeepProcesses, s.Sources["keep_processes"] = *fc.KeepProcesses, "config"
	}
	sb := ""
	pick("sandbox", f.Changed("sandbox"), f.Sandbox, fc.Sandbox, &sb)
	if s.Sandbox, err = sandbox.ParseMode(sb); err != nil {
		return s, cmdutil.FlagErrorf("--sandbox: %v", err)
	}
	s.NoNetwork = f.NoNetwork
	if !f.Changed("no-network") && fc.SandboxNetwork != nil {
		s.NoNetwork, s.Sources["sandbox_network"] = !*fc.SandboxNetwork, "config"
	} else if f.Changed("no-network") {
		s.Sources["sandbox_network"] = "flag"
	}
	s.SandboxWritable = fc.SandboxWritable
	switch s.Provider {
	case "chatgpt":
	case "script":
		if s.Script == "" && s.ScriptLines == nil {
			return s, cmdutil.FlagErrorf("--provider script needs --script FILE")
		}
	default:
		return s, cmdutil.FlagErrorf("--provider must be chatgpt or script, not %q", s.Provider)
	}
	if err := applyLimits(&s, fc.Limits, f); err != nil {
		return s, err
	}
	s.AllowEnv, s.Rules = fc.AllowEnv, fc.Rules
	return s, nil
}

// applyLimits applies the config file's limits, then the limit flags.
func applyLimits(s *Settings, cfg map[string]json.RawMessage, f *Flags) error {
	l := &s.Limits
	ints := map[string]*int{"max_turns": &l.MaxTurns, "protocol_errors": &l.ProtocolErrors,
		"identical_calls": &l.IdenticalCalls, "nudges": &l.Nudges, "output_per_call": &l.OutputPerCall}
	durs := map[string]*time.Duration{"turn_wait": &l.TurnWait, "tool_time": &l.ToolTime, "run_duration": &l.RunDuration}
	for name, raw := range cfg {
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("config limits.%s: %w", name, err)
		}
		switch {
		case ints[name] != nil:
			n, ok := v.(float64)
			if !ok || n != float64(int(n)) {
				return fmt.Errorf("config limits.%s must be a whole number", name)
			}
			*ints[name] = int(n)
		case durs[name] != nil:
			str, _ := v.(string)
			d, err := time.ParseDuration(str)
			if err != nil {
				return fmt.Errorf("config limits.%s must be a duration such as \"20m\": %v", name, err)
			}
			*durs[name] = d
		case name == "output_per_run":
			n, ok := v.(float64)
			if !ok {
				return fmt.Errorf("config limits.output_per_run must be a number of bytes")
			}
			l.OutputPerRun = int64(n)
		default:
			return fmt.Errorf("config limits.%s: unknown limit", name)
		}
		s.Sources["limits."+name] = "config"
	}
	set := func(flag, name string, apply func()) {
		if f.Changed(flag) {
			apply()
			s.Sources["limits."+name] = "flag"
		}
	}
	set("max-turns", "max_turns", func() { l.MaxTurns = f.MaxTurns })
	set("turn-timeout", "turn_wait", func() { l.TurnWait = f.TurnTimeout })
	set("tool-timeout", "tool_time", func() { l.ToolTime = f.ToolTimeout })
	set("run-timeout", "run_duration", func() { l.RunDuration = f.RunTimeout })
	if _, set := s.Sources["limits.turn_wait"]; !set && s.Mode != "" {
		// The wait for a reply follows the mode: minutes for Instant, up
		// to an hour for Pro and heavy efforts.
		l.TurnWait = browser.TurnWaitFor(s.Mode)
		s.Sources["limits.turn_wait"] = "mode"
	}
	if err := l.Validate(); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	return nil
}

// Describe lists the effective settings as name, value and source, for
// `wtagent config`.
func (s Settings) Describe() [][3]string {
	src := func(name string) string {
		if v, ok := s.Sources[name]; ok {
			return v
		}
		return "default"
	}
	l := s.Limits
	rows := [][3]string{
		{"provider", s.Provider, src("provider")},
		{"mode", s.Mode, src("mode")},
		{"approvals", string(s.Approvals), src("approvals")},
		{"chatgpt_url", s.ChatGPTURL, src("chatgpt_url")},
		{"chrome", s.Chrome, src("chrome")},
		{"keep_processes", strconv.FormatBool(s.KeepProcesses), src("keep_processes")},
		{"sandbox", string(s.Sandbox), src("sandbox")},
		{"sandbox_network", strconv.FormatBool(!s.NoNetwork), src("sandbox_network")},
		{"limits.max_turns", strconv.Itoa(l.MaxTurns), src("limits.max_turns")},
		{"limits.turn_wait", l.TurnWait.String(), src("limits.turn_wait")},
		{"limits.tool_time", l.ToolTime.String(), src("limits.tool_time")},
		{"limits.run_duration", l.RunDuration.String(), src("limits.run_duration")},
		{"limits.protocol_errors", strconv.Itoa(l.ProtocolErrors), src("limits.protocol_errors")},
		{"limits.identical_calls", strconv.Itoa(l.IdenticalCalls), src("limits.identical_calls")},
		{"limits.nudges", strconv.Itoa(l.Nudges), src("limits.nudges")},
		{"limits.output_per_call", strconv.Itoa(l.OutputPerCall), src("limits.output_per_call")},
		{"limits.output_per_run", strconv.FormatInt(l.OutputPerRun, 10), src("limits.output_per_run")},
	}
	for _, e := range s.AllowEnv {
		rows = append(rows, [3]string{"allow_env", e, "config"})
	}
	for _, r := range s.Rules {
		rows = append(rows, [3]string{"rule", fmt.Sprintf("%s %s %v", r.Tool, r.Kind, r.Prefix), "config"})
	}
	return rows
}
