package cmdutil

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestSessionIDArgs: a missing or an extra session id is a usage error
// (exit code 2) that says what to give.
func TestSessionIDArgs(t *testing.T) {
	cmd := &cobra.Command{Use: "diff"}
	for _, tc := range []struct {
		name string
		args func(*cobra.Command, []string) error
		in   []string
		want string // "" for no error
	}{
		{"exact: none", ExactSessionID, nil, "give a session id; see wtagent sessions"},
		{"exact: one", ExactSessionID, []string{"a"}, ""},
		{"exact: two", ExactSessionID, []string{"a", "b"}, "diff takes one session id, not 2 (a b)"},
		{"maybe: none", MaybeSessionID, nil, ""},
		{"maybe: two", MaybeSessionID, []string{"a", "b"}, "diff takes one session id, not 2 (a b)"},
		{"ids: none", SessionIDs, nil, "give one or more session ids; see wtagent sessions"},
		{"ids: three", SessionIDs, []string{"a", "b", "c"}, ""},
	} {
		err := tc.args(cmd, tc.in)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if err == nil || err.Error() != tc.want || ExitCode(err) != ExitUsage {
			t.Errorf("%s: %v (exit %d), want %q (exit 2)", tc.name, err, ExitCode(err), tc.want)
		}
	}
}

// TestUsageArgs: cobra's own argument errors become usage errors, on every
// command of the tree; a usage error stays as it is.
func TestUsageArgs(t *testing.T) {
	root := &cobra.Command{Use: "wtagent"}
	child := &cobra.Command{Use: "doctor", Args: cobra.NoArgs, Run: func(*cobra.Command, []string) {}}
	own := &cobra.Command{Use: "diff", Args: ExactSessionID, Run: func(*cobra.Command, []string) {}}
	root.AddCommand(child, own)
	UsageArgs(root)
	err := child.Args(child, []string{"x"})
	var fe *FlagError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "see wtagent doctor --help") {
		t.Errorf("cobra.NoArgs: %v", err)
	}
	if err := own.Args(own, nil); err == nil || err.Error() != errNoSessionID.Error() {
		t.Errorf("ExactSessionID wrapped: %v", err)
	}
	if err := child.Args(child, nil); err != nil {
		t.Errorf("no args: %v", err)
	}
}
