// Command wtagent is a local coding agent whose model is your ChatGPT web
// session.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/cmd/root"
)

func main() {
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
