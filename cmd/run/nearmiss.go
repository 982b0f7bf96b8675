package run

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
)

// nearMiss refuses a task that is one word within cobra's suggestion
// distance of a command (`wtagent sesions`): a usage error that asks
// whether the command was meant, rather than a ChatGPT run. A word after
// "--", or one that names a file or directory of the project, is a task.
func nearMiss(cmd *cobra.Command, f *cmdutil.Factory, args []string) error {
	if len(args) != 1 || cmd.ArgsLenAtDash() == 0 {
		return nil
	}
	word := args[0]
	if word == "" || strings.ContainsAny(word, " \t\n/") || isProjectPath(f, word) {
		return nil
	}
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default, which it sets only for a subcommand it cannot find
	}
	var named []string
	for _, s := range cmd.SuggestionsFor(word) {
		// cobra's own commands are too near greetings ("hello": help).
		if s != "help" && s != "completion" {
			named = append(named, fmt.Sprintf("`%s %s`", cmd.CommandPath(), s))
		}
	}
	if len(named) == 0 {
		return nil
	}
	return cmdutil.FlagErrorf("unknown command %q: did you mean %s? (to give it to ChatGPT as a task: %s -- %s)",
		word, strings.Join(named, " or "), cmd.CommandPath(), word)
}

// isProjectPath reports whether name is a file or directory of the
// project directory (-C, or the working directory).
func isProjectPath(f *cmdutil.Factory, name string) bool {
	dir := f.Global.Dir
	if dir == "" {
		wd, err := f.Getwd()
		if err != nil {
			return false
		}
		dir = wd
	}
	_, err := os.Lstat(filepath.Join(dir, name))
	return err == nil
}
