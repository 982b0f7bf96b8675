package settings

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/browser/picker"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/sandbox"
	"github.com/wtagent/wtagent/session"
)

// Settings are a run's effective settings: defaults, then the config file,
// then flags.
type Settings struct {
	Provider   string
	Script     string
	Approvals  policy.Mode
	ChatGPTURL string
	Mode       string
	// Effort is the ChatGPT effort tier (picker.EffortTiers), in its one
	// spelling.
	Effort string
	Chrome string
	// ChromeURL is a Chrome the user started (--chrome-url), checked:
	// well formed, and on this machine unless ChromeURLInsecureOK.
	ChromeURL           string
	ChromeURLInsecureOK bool
	Headless            bool
	// Locators are the page locator overrides (LoadLocators) and
	// LocatorsFile the file they came from.
	Locators     pagescript.Overrides
	LocatorsFile string
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
	// AllowConcurrent starts even when another run holds the project.
	AllowConcurrent bool
	Limits          runlimit.Limits
	AllowEnv        []string
	Rules           []event.Rule
	// MCPServers are the user's MCP servers (config only).
	MCPServers config.MCPServers
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
// default approval mode. Settings are named as their flags and config keys.
func Resolve(fc config.File, f *Flags, stdinTTY bool) (Settings, error) {
	s := Settings{Provider: "chatgpt", Limits: runlimit.Default(), Sources: map[string]string{}}
	pick := func(name string, flagVal, cfgVal string, dst *string) {
		switch {
		case f.Changed(name):
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
	pick("provider", f.Provider, fc.Provider, &s.Provider)
	pick("mode", f.Mode, fc.Mode, &s.Mode)
	pick("effort", f.Effort, fc.Effort, &s.Effort)
	effort, err := CheckModeRequest(s.Mode, s.Effort)
	if err != nil {
		where := "--effort"
		if s.Sources["effort"] == "config" {
			where = "config file: effort"
		}
		return s, cmdutil.FlagErrorf("%s: %v", where, err)
	}
	s.Effort = effort
	pick("chatgpt-url", f.ChatGPTURL, fc.ChatGPTURL, &s.ChatGPTURL)
	pick("chrome", f.Chrome, fc.Chrome, &s.Chrome)
	pick("chrome-url", f.ChromeURL, fc.ChromeURL, &s.ChromeURL)
	approvals := ""
	pick("approvals", f.Approvals, fc.Approvals, &approvals)
	mode, err := policy.ParseMode(approvals, stdinTTY)
	if err != nil {
		return s, cmdutil.FlagErrorf("--approvals: %v", err)
	}
	s.Approvals = mode
	s.Script, s.Headless, s.NoMinimize, s.Verbose = f.Script, f.Headless, f.NoMinimize, f.Verbose
	s.RecordTransport, s.AllowConcurrent = f.RecordTransport, f.AllowConcurrent
	pickBool := func(name string, flagVal bool, cfgVal *bool, dst *bool) {
		switch {
		case f.Changed(name):
			*dst, s.Sources[name] = flagVal, "flag"
		case cfgVal != nil:
			*dst, s.Sources[name] = *cfgVal, "config"
		default:
			*dst = flagVal
		}
	}
	pickBool("keep-processes", f.KeepProcesses, fc.KeepProcesses, &s.KeepProcesses)
	pickBool("no-network", f.NoNetwork, fc.NoNetwork, &s.NoNetwork)
	pickBool("chrome-url-insecure-ok", f.ChromeURLInsecureOK, fc.ChromeURLInsecureOK, &s.ChromeURLInsecureOK)
	if err := CheckChromeURL(s.ChromeURL, s.ChromeURLInsecureOK); err != nil {
		return s, err
	}
	sb := ""
	pick("sandbox", f.Sandbox, fc.Sandbox, &sb)
	if s.Sandbox, err = sandbox.ParseMode(sb); err != nil {
		return s, cmdutil.FlagErrorf("--sandbox: %v", err)
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
	if err := applyLimits(&s, fc, f); err != nil {
		return s, err
	}
	if err := (policy.Config{Rules: fc.Rules}).Validate(); err != nil {
		return s, fmt.Errorf("config file: rules: %w", err)
	}
	s.AllowEnv, s.Rules, s.MCPServers = fc.AllowEnv, fc.Rules, fc.MCPServers
	return s, nil
}

// LoadLocators reads the page locator override file into s: --locators
// when given, else page-locators.json in the config directory when there
// is one. A malformed file is a usage error naming the entry.
func (s *Settings) LoadLocators(h session.Home, f *Flags) error {
	over, path, err := pagescript.LoadOverrides(h.Dir(), f.Locators)
	if err != nil {
		if f.Locators != "" {
			return cmdutil.FlagErrorf("--locators: %v", err)
		}
		return cmdutil.FlagErrorf("%v", err)
	}
	s.Locators, s.LocatorsFile = over, path
	return nil
}

// CheckModeRequest checks a (mode, effort) request and returns the effort
// tier's one spelling (the effort may be a tier or one of the page's
// words for it: high, xhigh, max…): an unknown tier is an error listing
// the tiers with their words, and
// so is a mode that names one tier with an effort that names another
// (--mode pro --effort light): the mode names the model, the effort the
// tier, and a tier is asked for once.
func CheckModeRequest(mode, effort string) (string, error) {
	if effort == "" {
		return "", nil
	}
	tier, ok := picker.EffortWord(effort)
	if !ok {
		return "", fmt.Errorf("unknown effort tier %q; want one of %s", effort, strings.Join(picker.EffortWords(), ", "))
	}
	if m, ok := picker.EffortTier(mode); ok && m != tier {
		return "", fmt.Errorf("the mode %s names the effort tier %s, the effort asks for %s: give the tier once (--mode for the model, --effort for the tier)", mode, m, tier)
	}
	return tier, nil
}

// applyLimits applies the config file's limits, then the limit flags.
func applyLimits(s *Settings, fc config.File, f *Flags) error {
	l := &s.Limits
	ints := []struct {
		name     string
		cfg, dst *int
	}{{"protocol-errors", fc.ProtocolErrors, &l.ProtocolErrors}, {"identical-calls", fc.IdenticalCalls, &l.IdenticalCalls},
		{"nudges", fc.Nudges, &l.Nudges}, {"done-refusals", fc.DoneRefusals, &l.DoneRefusals},
		{"output-per-call", fc.OutputPerCall, &l.OutputPerCall}}
	for _, c := range ints {
		if c.cfg != nil {
			*c.dst, s.Sources[c.name] = *c.cfg, "config"
		}
	}
	if n := fc.CallsPerReply; n != nil {
		if err := runlimit.CheckCallsPerReply(*n); err != nil {
			return cmdutil.FlagErrorf("config file: %v", err)
		}
		l.CallsPerReply, s.Sources["calls-per-reply"] = *n, "config"
	}
	if fc.OutputPerRun != nil {
		l.OutputPerRun, s.Sources["output-per-run"] = *fc.OutputPerRun, "config"
	}
	if fc.ChainChanges != nil {
		l.ChainChanges, s.Sources["chain-changes"] = *fc.ChainChanges, "config"
	}
	if n := fc.MaxSubagents; n != nil {
		if err := runlimit.CheckMaxSubagents(*n); err != nil {
			return cmdutil.FlagErrorf("config file: %v", err)
		}
		l.MaxSubagents, s.Sources["max-subagents"] = *n, "config"
	}
	switch {
	case f.Changed("max-turns"):
		l.MaxTurns, s.Sources["max-turns"] = f.MaxTurns, "flag"
	case fc.MaxTurns != nil:
		l.MaxTurns, s.Sources["max-turns"] = *fc.MaxTurns, "config"
	}
	durs := []struct {
		name string
		flag time.Duration
		cfg  *config.Duration
		dst  *time.Duration
	}{{"turn-timeout", f.TurnTimeout, fc.TurnTimeout, &l.TurnWait}, {"tool-timeout", f.ToolTimeout, fc.ToolTimeout, &l.ToolTime},
		{"run-timeout", f.RunTimeout, fc.RunTimeout, &l.RunDuration}}
	for _, d := range durs {
		switch {
		case f.Changed(d.name):
			*d.dst, s.Sources[d.name] = d.flag, "flag"
		case d.cfg != nil:
			*d.dst, s.Sources[d.name] = time.Duration(*d.cfg), "config"
		}
	}
	if _, set := s.Sources["turn-timeout"]; !set && (s.Mode != "" || s.Effort != "") {
		// The wait for a reply follows the mode and effort: minutes for
		// Instant, up to an hour for Pro and heavy efforts.
		l.TurnWait = browser.TurnWaitFor(s.Mode, s.Effort)
		s.Sources["turn-timeout"] = "mode"
	}
	if err := l.Validate(); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	return nil
}

// Describe lists the effective settings as name, value and source, for
// `wtagent config`; each name is the config key (and the flag, where
// there is one).
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
		{"effort", s.Effort, src("effort")},
		{"approvals", string(s.Approvals), src("approvals")},
		{"chatgpt-url", s.ChatGPTURL, src("chatgpt-url")},
		{"chrome", s.Chrome, src("chrome")},
		{"chrome-url", s.ChromeURL, src("chrome-url")},
		{"chrome-url-insecure-ok", strconv.FormatBool(s.ChromeURLInsecureOK), src("chrome-url-insecure-ok")},
		{"keep-processes", strconv.FormatBool(s.KeepProcesses), src("keep-processes")},
		{"sandbox", string(s.Sandbox), src("sandbox")},
		{"no-network", strconv.FormatBool(s.NoNetwork), src("no-network")},
		{"max-turns", strconv.Itoa(l.MaxTurns), src("max-turns")},
		{"turn-timeout", l.TurnWait.String(), src("turn-timeout")},
		{"tool-timeout", l.ToolTime.String(), src("tool-timeout")},
		{"run-timeout", l.RunDuration.String(), src("run-timeout")},
		{"protocol-errors", strconv.Itoa(l.ProtocolErrors), src("protocol-errors")},
		{"identical-calls", strconv.Itoa(l.IdenticalCalls), src("identical-calls")},
		{"nudges", strconv.Itoa(l.Nudges), src("nudges")},
		{"done-refusals", strconv.Itoa(l.DoneRefusals), src("done-refusals")},
		{"output-per-call", strconv.Itoa(l.OutputPerCall), src("output-per-call")},
		{"output-per-run", strconv.FormatInt(l.OutputPerRun, 10), src("output-per-run")},
		{"calls-per-reply", strconv.Itoa(max(l.CallsPerReply, 1)), src("calls-per-reply")},
		{"chain-changes", strconv.FormatBool(l.ChainChanges), src("chain-changes")},
		{"max-subagents", strconv.Itoa(cmp.Or(l.MaxSubagents, runlimit.DefaultMaxSubagents)), src("max-subagents")},
	}
	for _, d := range s.SandboxWritable {
		rows = append(rows, [3]string{"sandbox-writable", d, "config"})
	}
	for _, e := range s.AllowEnv {
		rows = append(rows, [3]string{"allow-env", e, "config"})
	}
	for _, r := range s.Rules {
		rows = append(rows, [3]string{"rules", strings.TrimSpace(r.Tool + " " + r.Kind + " " + strings.Join(r.Prefix, " ")), "config"})
	}
	return rows
}
