package mcpserve

import (
	"context"
	"io"
	"strings"
	"time"

	"charm.land/log/v2"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/supervisor"
)

// Settings are `wtagent mcp serve`'s inputs: its flags, each falling back
// on the config file's key of the same name when not given.
type Settings struct {
	ChatGPTURL string
	Chrome     string
	// ChromeURL is --chrome-url: each call's tab opens in a Chrome the
	// user started with remote debugging, not in wtagent's own profile;
	// ChromeURLInsecureOK allows one on another machine.
	ChromeURL           string
	ChromeURLInsecureOK bool
	// Mode and Effort are the defaults of calls that give neither.
	Mode, Effort string
	Headless     bool
	// Locators is --locators: the page locator override file (default:
	// page-locators.json in the config directory, if any).
	Locators string
	// TurnTimeout, when set, is the longest wait for one reply whatever
	// the mode (else it follows the call's mode and effort, as a run's).
	TurnTimeout time.Duration
}

// withConfig fills in what the flags left empty from the config file and
// checks the mode and effort as a run does.
func (s Settings) withConfig(fc config.File) (Settings, error) {
	pick := func(dst *string, cfg string) {
		if *dst == "" {
			*dst = cfg
		}
	}
	pick(&s.ChatGPTURL, fc.ChatGPTURL)
	pick(&s.Chrome, fc.Chrome)
	pick(&s.ChromeURL, fc.ChromeURL)
	if !s.ChromeURLInsecureOK && fc.ChromeURLInsecureOK != nil {
		s.ChromeURLInsecureOK = *fc.ChromeURLInsecureOK
	}
	if err := settings.CheckChromeURL(s.ChromeURL, s.ChromeURLInsecureOK); err != nil {
		return s, err
	}
	if s.Mode == "" && s.Effort == "" {
		s.Mode, s.Effort = fc.Mode, fc.Effort
	}
	if s.TurnTimeout == 0 && fc.TurnTimeout != nil {
		s.TurnTimeout = time.Duration(*fc.TurnTimeout)
	}
	effort, err := settings.CheckModeRequest(s.Mode, s.Effort)
	if err != nil {
		return s, cmdutil.FlagErrorf("--effort: %v", err)
	}
	s.Effort = effort
	if s.ChatGPTURL == "" {
		s.ChatGPTURL = browser.DefaultBaseURL
	}
	s.ChatGPTURL = strings.TrimRight(s.ChatGPTURL, "/")
	return s, nil
}

// Env is what the server takes from the process.
type Env struct {
	// IO are the streams the protocol and the log go to.
	IO *iostreams.IOStreams
	// Home resolves the data root; Getenv reads the environment;
	// ProjectRoot is the directory relative paths resolve against (-C).
	Home        func() (session.Home, error)
	Getenv      func(string) string
	ProjectRoot func() (string, error)
	// LogLevel is --log-level.
	LogLevel string
}

// Run serves MCP on e's standard streams until the client closes them or
// ctx ends: ChatGPT in the dedicated Chrome profile under $WTAGENT_HOME.
func Run(ctx context.Context, e Env, s Settings) error {
	h, err := e.Home()
	if err != nil {
		return err
	}
	fc, _, err := config.Load(h, e.Getenv)
	if err != nil {
		return err
	}
	if s, err = s.withConfig(fc); err != nil {
		return err
	}
	over, overFile, err := pagescript.LoadOverrides(h.Dir(), s.Locators)
	if err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	dir, err := e.ProjectRoot()
	if err != nil {
		return err
	}
	if s.ChromeURL != "" {
		// Nothing is served over a Chrome that does not answer as
		// DevTools.
		if _, err := chrome.ResolveRemote(ctx, s.ChromeURL); err != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitFailed, Err: err}
		}
	}
	lvl, err := log.ParseLevel(strings.ToLower(e.LogLevel))
	if err != nil {
		return cmdutil.FlagErrorf("--log-level: %v (use debug, info, warn or error)", err)
	}
	logger := log.NewWithOptions(e.IO.ErrOut, log.Options{Level: lvl, Prefix: "browser"})
	profile := h.ProfileDir()
	newTransport := func(hk Hooks) model.Transport {
		return browser.New(browser.Options{ChromePath: s.Chrome, ChromeURL: s.ChromeURL, Tabs: settings.ChromeTabs(h), ProfileDir: profile, BaseURL: s.ChatGPTURL,
			Mode: s.Mode, Effort: s.Effort, Headless: s.Headless, TurnTimeout: longestWait,
			Locators: over, LocatorsFile: overFile, Logger: logger, Progress: hk.Note})
	}
	return Serve(ctx, Options{
		In: readCloser(e.IO.In), Out: writeCloser(e.IO.Out), NewTransport: newTransport,
		BaseURL: s.ChatGPTURL, Dir: dir, Mode: s.Mode, Effort: s.Effort, CheckMode: settings.CheckModeRequest,
		TurnWait: s.turnWait, Version: buildinfo.Current().Version, Logger: logger.WithPrefix("mcp"),
		Restart: supervisor.Backoff{Min: 500 * time.Millisecond, Max: 10 * time.Second},
	})
}

// longestWait bounds the browser's own wait for a reply: each call's wait
// (Settings.turnWait) is the one that ends it.
const longestWait = 2 * time.Hour

// turnWait is a call's longest wait for the reply.
func (s Settings) turnWait(mode, effort string) time.Duration {
	if s.TurnTimeout > 0 {
		return s.TurnTimeout
	}
	return browser.TurnWaitFor(mode, effort)
}

// readCloser is r, closable when it is not already (a test's buffer).
func readCloser(r io.Reader) io.ReadCloser {
	if rc, ok := r.(io.ReadCloser); ok {
		return rc
	}
	return io.NopCloser(r)
}

// writeCloser is w with a Close that leaves it open (stdout stays the
// process's).
func writeCloser(w io.Writer) io.WriteCloser { return nopWriteCloser{w} }

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
