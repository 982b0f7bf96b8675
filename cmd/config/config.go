// Package config implements `wtagent config`.
package config

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/cmd/runner"
)

// Options are the inputs of `wtagent config`.
type Options struct {
	F     *cmdutil.Factory
	Flags runner.Flags
}

// NewCmdConfig returns the config command.
func NewCmdConfig(f *cmdutil.Factory) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and where each value came from",
		Long: `Prints the effective settings — provider, ChatGPT mode, approvals, limits,
allowed environment variables and task-wide rules — and where each value came
from: a default, the config file, or a flag given to this command (it takes
the same flags as a run).

The config file is JSON at $WTAGENT_HOME/config.json, or at
${XDG_CONFIG_HOME:-~/.config}/wtagent/config.json:

  {"mode": "thinking", "approvals": "prompt",
   "limits": {"max_turns": 120, "turn_wait": "30m"},
   "allow_env": ["NPM_TOKEN"],
   "rules": [{"tool": "terminal.exec", "kind": "command", "prefix": ["make"]}]}`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return configRun(o) },
	}
	runner.AddFlags(cmd.Flags(), &o.Flags)
	return cmd
}

func configRun(o *Options) error {
	h, err := o.F.Home()
	if err != nil {
		return err
	}
	fc, path, err := cmdutil.LoadConfig(h, o.F.Getenv)
	if err != nil {
		return err
	}
	st, err := runner.Resolve(fc, &o.Flags, o.F.IOStreams.IsStdinTTY())
	if err != nil && !(o.Flags.Provider == "script" && o.Flags.Script == "") {
		return err
	}
	out := o.F.IOStreams.Out
	rows := st.Describe()
	if o.F.Global.JSON {
		type row struct{ Name, Value, Source string }
		var list []row
		for _, r := range rows {
			list = append(list, row{r[0], r[1], r[2]})
		}
		return json.NewEncoder(out).Encode(map[string]any{"config_file": path, "home": h.Dir(), "settings": list})
	}
	if path == "" {
		path = "(none; looked in " + fmt.Sprint(cmdutil.ConfigPaths(h, o.F.Getenv)) + ")"
	}
	fmt.Fprintf(out, "data root:   %s\nconfig file: %s\n\n", h.Dir(), path)
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SETTING\tVALUE\tFROM")
	for _, r := range rows {
		v := r[1]
		if v == "" {
			v = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r[0], v, r[2])
	}
	return tw.Flush()
}
