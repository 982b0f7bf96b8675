// Package config implements `wtagent config`.
package config

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/instructions"
	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent config`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root; Getenv reads the environment (the
	// config file's places); ProjectRoot is the project directory (-C).
	Home        func() (session.Home, error)
	Getenv      func(string) string
	ProjectRoot func() (string, error)
	// JSON is --json.
	JSON  bool
	Flags settings.Flags
}

// NewCmdConfig returns the config command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdConfig(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv, ProjectRoot: f.ProjectRoot}
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and where each value came from",
		Long: `Prints the effective settings — provider, ChatGPT mode, approvals, limits,
allowed environment variables and task-wide rules — and where each value came
from: a default, the config file, or a flag given to this command (it takes
the flags of a run that change a setting).

The config file is JSON at $WTAGENT_HOME/config.json, or at
${XDG_CONFIG_HOME:-~/.config}/wtagent/config.json. A key that a flag also
sets has the flag's name:

  {"mode": "thinking", "effort": "extended", "approvals": "prompt",
   "max-turns": 120, "turn-timeout": "30m", "tool-timeout": "1h",
   "run-timeout": "6h", "keep-processes": false, "sandbox": "workspace-write",
   "no-network": false, "sandbox-writable": ["/srv/cache"],
   "protocol-errors": 5, "identical-calls": 3, "nudges": 3, "done-refusals": 3,
   "output-per-call": 16384, "output-per-run": 8388608,
   "allow-env": ["NPM_TOKEN"],
   "rules": [{"tool": "terminal.exec", "kind": "command", "prefix": ["make"]}]}

An unknown key is an error that names the right one. --json prints one
line: {"home", "config_file", "project", "project_instructions",
"settings": [{"name", "value", "source"}]}.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.JSON = f.Global.JSON
			if runF != nil {
				return runF(o)
			}
			return configRun(o)
		},
	}
	settings.AddFlags(cmd.Flags(), &o.Flags)
	hideRunOnlyFlags(cmd.Flags())
	return cmd
}

// runOnlyFlags are the run's flags that change no setting config prints:
// config still parses them (a run's command line works as it is), but its
// help does not list them.
func runOnlyFlags() []string {
	return []string{"script", "no-minimize", "record-transport", "verbose", "allow-concurrent"}
}

func hideRunOnlyFlags(fs *pflag.FlagSet) {
	for _, name := range runOnlyFlags() {
		_ = fs.MarkHidden(name) // cannot fail: settings.AddFlags added it
	}
}

// shownRows are the settings config prints: a developer setting (the
// mock page's URL) only when something set it.
func shownRows(rows [][3]string) [][3]string {
	dev := map[string]bool{}
	for _, name := range cmdutil.DeveloperFlags() {
		dev[name] = true
	}
	out := rows[:0:0]
	for _, r := range rows {
		if !dev[r[0]] || r[2] != "default" {
			out = append(out, r)
		}
	}
	return out
}

func configRun(o *Options) error {
	h, err := o.Home()
	if err != nil {
		return err
	}
	fc, path, err := config.Load(h, o.Getenv)
	if err != nil {
		return err
	}
	st, err := settings.Resolve(fc, &o.Flags, o.IO.IsStdinTTY())
	if err != nil && !(o.Flags.Provider == "script" && o.Flags.Script == "") {
		return err
	}
	out := o.IO.Out
	rows := shownRows(st.Describe())
	project, files := projectInstructions(o.ProjectRoot)
	if o.JSON {
		type row struct {
			Name   string `json:"name"`
			Value  string `json:"value"`
			Source string `json:"source"`
		}
		list := []row{}
		for _, r := range rows {
			list = append(list, row{r[0], r[1], r[2]})
		}
		return cmdutil.NewJSONLines(out).Line(map[string]any{"config_file": path, "home": h.Dir(), "settings": list,
			"project": project, "project_instructions": files})
	}
	if path == "" {
		path = "(none; looked in " + strings.Join(config.Paths(h, o.Getenv), ", ") + ")"
	}
	fmt.Fprintf(out, "data root:   %s\nconfig file: %s\n", h.Dir(), path)
	writeInstructions(out, project, files)
	fmt.Fprintln(out)
	table := [][]string{{"SETTING", "VALUE", "FROM"}}
	for _, r := range rows {
		v := r[1]
		if v == "" {
			v = "-"
		}
		table = append(table, []string{r[0], v, r[2]})
	}
	return cellwidth.Table(out, table)
}

// projectInstructions lists the project's instruction files (AGENTS.md,
// or CLAUDE.md where a directory has no AGENTS.md).
func projectInstructions(projectRoot func() (string, error)) (string, []string) {
	dir, err := projectRoot()
	if err != nil {
		return "", nil
	}
	return dir, instructions.Paths(dir, 100)
}

func writeInstructions(w io.Writer, project string, files []string) {
	if project == "" {
		return
	}
	fmt.Fprintf(w, "project:     %s\n", project)
	if len(files) == 0 {
		fmt.Fprintln(w, "instructions: none (no AGENTS.md or CLAUDE.md)")
		return
	}
	fmt.Fprintln(w, "instructions (the root's go in each conversation's first message, a directory's once the agent works there):")
	for _, p := range files {
		fmt.Fprintf(w, "  %s\n", p)
	}
}
