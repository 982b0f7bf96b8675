package settings

import (
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/browser/picker"
	"github.com/wtagent/wtagent/internal/cmdutil"
)

// Flags are the flags of a run (and of a resume).
type Flags struct {
	Provider   string
	Script     string
	Approvals  string
	MaxTurns   int
	ChatGPTURL string
	Mode       string
	Effort     string
	Chrome     string
	// ChromeURL is --chrome-url: a Chrome the user started with remote
	// debugging; ChromeURLInsecureOK allows one on another machine.
	ChromeURL           string
	ChromeURLInsecureOK bool
	// Locators is --locators: the page locator override file.
	Locators      string
	Headless      bool
	NoMinimize    bool
	KeepProcesses bool
	Sandbox       string
	NoNetwork     bool
	TurnTimeout   time.Duration
	// RecordTransport saves each turn's raw page traffic to diagnostics/.
	RecordTransport bool
	ToolTimeout     time.Duration
	RunTimeout      time.Duration
	Verbose         bool
	// AllowConcurrent starts even when another run works in the project.
	AllowConcurrent bool
	// set reports whether a flag was given on the command line.
	set func(name string) bool
	// inherited lists the flags Inherit filled in from a session.
	inherited map[string]bool
}

// AddFlags registers the run flags on fs.
func AddFlags(fs *pflag.FlagSet, f *Flags) {
	fs.StringVar(&f.Provider, "provider", "chatgpt", "model provider: chatgpt (your ChatGPT web session) or script (a JSON Lines script)")
	fs.StringVar(&f.Script, "script", "", "scripted-model file (JSON Lines) for --provider script")
	fs.StringVar(&f.Approvals, "approvals", "", "how risky calls are approved: prompt, deny or allow (default: prompt on a terminal, deny otherwise)")
	fs.IntVar(&f.MaxTurns, "max-turns", 0, "most model turns per run (default from config, else 80)")
	fs.StringVar(&f.ChatGPTURL, "chatgpt-url", "", "ChatGPT origin, e.g. the URL \"wtagent mockchat\" prints (developers)")
	fs.StringVar(&f.Mode, "mode", "", "ChatGPT mode to select, e.g. thinking or pro (default: keep the current one)")
	fs.StringVar(&f.Effort, "effort", "", "ChatGPT effort tier to select after the mode: "+strings.Join(picker.EffortWords(), ", ")+
		" (default: keep the current one; a --mode that names another tier is an error)")
	fs.StringVar(&f.Locators, "locators", "", "page locator override file: routes around a ChatGPT page change (default: page-locators.json in the config directory, if any)")
	fs.StringVar(&f.Chrome, "chrome", "", "Chrome or Chromium binary (default: found automatically; WTAGENT_CHROME overrides)")
	AddChromeURLFlags(fs, &f.ChromeURL, &f.ChromeURLInsecureOK)
	fs.BoolVar(&f.Headless, "headless", false, "run Chrome headless (tests and CI only: you cannot log in)")
	fs.BoolVar(&f.NoMinimize, "no-minimize", false, "keep the Chrome window on screen")
	fs.BoolVar(&f.KeepProcesses, "keep-processes", false, "keep dev servers running at the end without asking")
	fs.StringVar(&f.Sandbox, "sandbox", "", "how the kernel confines commands: workspace-write (default: writes only in the project), read-only or off")
	fs.BoolVar(&f.NoNetwork, "no-network", false, "run commands without network access (loopback still works)")
	fs.BoolVar(&f.RecordTransport, "record-transport", false, "save each turn's raw ChatGPT traffic (redacted) to the session's diagnostics/transport.jsonl")
	fs.DurationVar(&f.TurnTimeout, "turn-timeout", 0, "longest wait for one model reply (default 20m)")
	fs.DurationVar(&f.ToolTimeout, "tool-timeout", 0, "longest any one tool call may run (default 1h)")
	fs.DurationVar(&f.RunTimeout, "run-timeout", 0, "longest a run may take (default 6h)")
	fs.BoolVarP(&f.Verbose, "verbose", "v", false, "show every output line instead of folding long outputs")
	fs.BoolVar(&f.AllowConcurrent, "allow-concurrent", false, "start even when another wtagent run works in the project (both may change the same files)")
	cmdutil.HideDeveloperFlags(fs)
	f.set = func(name string) bool {
		fl := fs.Lookup(name)
		return fl != nil && fl.Changed
	}
}

// Changed reports whether flag name was given, on the command line or by
// Inherit.
func (f *Flags) Changed(name string) bool {
	return f.inherited[name] || f.set != nil && f.set(name)
}

// Inherit sets a string flag to a resumed session's recorded value unless
// it was given on the command line (flags override the session; the
// session overrides the config file). An empty value changes nothing.
func (f *Flags) Inherit(name, value string) {
	if value == "" || f.Changed(name) {
		return
	}
	dst := map[string]*string{"provider": &f.Provider, "script": &f.Script, "approvals": &f.Approvals,
		"mode": &f.Mode, "effort": &f.Effort, "chatgpt-url": &f.ChatGPTURL}[name]
	if dst == nil {
		return
	}
	*dst = value
	if f.inherited == nil {
		f.inherited = map[string]bool{}
	}
	f.inherited[name] = true
}
