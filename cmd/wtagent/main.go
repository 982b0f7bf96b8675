// Command wtagent is a local coding agent whose model is your ChatGPT web
// session.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/wtagent/wtagent/cmd/root"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/sandbox"
)

func main() {
	// Commands wtagent runs must not read its secrets (its environment
	// holds the user's API keys) from /proc or by tracing it.
	_ = sandbox.ProtectSelf()
	os.Exit(run())
}

func run() int {
	f := cmdutil.New()
	err := root.NewCmdRoot(f).Execute()
	var ee *cmdutil.ExitError
	if err != nil && (!errors.As(err, &ee) || ee.Err != nil) {
		fmt.Fprintln(f.IOStreams.ErrOut, "wtagent:", err)
	}
	return cmdutil.ExitCode(err)
}
