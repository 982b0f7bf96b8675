// Package demo implements `wtagent demo`, the built-in acceptance scenario.
package demo

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/model"
)

// script is the demo conversation, in the scripted-model format.
//
//go:embed demo.jsonl
var script []byte

// Options are the inputs of `wtagent demo`.
type Options struct {
	F       *cmdutil.Factory
	Flags   app.Flags
	Browser string
	Keep    bool
	Dir     string
}

// NewCmdDemo returns the demo command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdDemo(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Run the built-in acceptance scenario in a temporary project",
		Long: `Runs the embedded demo in an empty temporary directory: a scripted
conversation creates a small multi-file website (a Go build step with a layout
and a broken-link check, a Go dev server, pages and a stylesheet), builds it,
meets an injected build error, fixes it, rebuilds, starts the dev server,
detects its URL and finishes with the URL, the changed files and the
verification commands.

With --browser auto (the default) the conversation goes through real headless
Chromium against the local mock ChatGPT page when Chromium is installed, and
through the scripted provider otherwise. It prints the same view a user sees.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(o)
			}
			return demoRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Browser, "browser", "auto", "auto, always (fail without Chromium) or never (scripted provider)")
	cmd.Flags().BoolVar(&o.Keep, "keep", false, "keep the dev server running at the end (until Ctrl+C)")
	cmd.Flags().StringVar(&o.Dir, "dir", "", "project directory to use (default: a new temporary directory)")
	app.AddFlags(cmd.Flags(), &o.Flags)
	return cmd
}

func demoRun(o *Options) error {
	o.F.ReleaseSignalHandling() // the run handles its signals
	lines, err := model.ParseScript(bytes.NewReader(script))
	if err != nil {
		return fmt.Errorf("demo script: %w", err)
	}
	home, err := o.F.Home()
	if err != nil {
		return err
	}
	dir := o.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "wtagent-demo-"); err != nil {
			return err
		}
	}
	o.F.Global.Dir = dir
	root, err := o.F.ProjectRoot()
	if err != nil {
		return err
	}
	settings, err := app.Resolve(config.File{}, &o.Flags, false)
	if err != nil {
		return err
	}
	settings.KeepProcesses = o.Keep
	ios := o.F.IOStreams
	useBrowser, why, err := o.chooseBrowser()
	if err != nil {
		return err
	}
	fmt.Fprintf(ios.ErrOut, "wtagent demo: project %s; %s\n", root, why)
	if useBrowser {
		srv := mockchat.New(mockchat.Options{Script: lines, LoggedIn: true, StreamGap: 4 * time.Millisecond})
		url, err := srv.Start("127.0.0.1:0")
		if err != nil {
			return fmt.Errorf("demo: mock ChatGPT page: %w", err)
		}
		defer srv.Close()
		profile, err := os.MkdirTemp("", "wtagent-demo-profile-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(profile)
		settings.Provider, settings.ChatGPTURL, settings.ProfileDir = "chatgpt", url, profile
		settings.Headless = settings.Headless || os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == ""
	} else {
		settings.Provider, settings.ScriptLines = "script", lines
	}
	task := "Build a small website with a home and an about page, a build step that catches broken links, and a dev server. Build it and start the server."
	return app.Execute(app.Options{F: o.F, Settings: settings, Home: home, Root: root, Task: task,
		StopProcesses: !o.Keep, Input: nil})
}

// chooseBrowser decides between real Chromium and the scripted provider.
func (o *Options) chooseBrowser() (bool, string, error) {
	switch o.Browser {
	case "never":
		return false, "through the scripted provider (--browser never)", nil
	case "always", "auto":
	default:
		return false, "", cmdutil.FlagErrorf("--browser must be auto, always or never, not %q", o.Browser)
	}
	found, err := chrome.Discover(o.F.Getenv, o.F.GOOS)
	if err != nil {
		if o.Browser == "always" {
			return false, "", fmt.Errorf("demo --browser always: %w", err)
		}
		return false, "no Chromium found, so through the scripted provider", nil
	}
	return true, fmt.Sprintf("through %s %s against the local mock ChatGPT page (its %s layout)", found.Kind, found.Version, mockchat.DefaultGeneration), nil
}
