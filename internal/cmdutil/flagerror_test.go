package cmdutil

import (
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestFlagErrorFunc: a value a flag cannot take is a usage error naming
// the flag and what it takes, in words.
func TestFlagErrorFunc(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-turns", "x"}, `--max-turns: want a whole number, not "x"`},
		{[]string{"--max-turns=99999999999999999999"}, `--max-turns: want a whole number, not "99999999999999999999"`},
		{[]string{"--turn-timeout", "soon"}, `--turn-timeout: want a duration such as 90s, 20m or 1h30m, not "soon"`},
		{[]string{"--no-network=maybe"}, `--no-network: want true or false, not "maybe"`},
		{[]string{"--no-such-flag"}, `unknown flag: --no-such-flag`},
	} {
		cmd := &cobra.Command{Use: "wtagent", Run: func(*cobra.Command, []string) {}, SilenceErrors: true, SilenceUsage: true}
		cmd.Flags().Int("max-turns", 0, "")
		cmd.Flags().Duration("turn-timeout", time.Minute, "")
		cmd.Flags().Bool("no-network", false, "")
		cmd.SetFlagErrorFunc(FlagErrorFunc)
		cmd.SetArgs(tc.args)
		err := cmd.Execute()
		if err == nil || err.Error() != tc.want || ExitCode(err) != ExitUsage {
			t.Errorf("%v: %v (exit %d), want %q (exit 2)", tc.args, err, ExitCode(err), tc.want)
		}
	}
}
