// Command wtagent is a local coding agent whose model is your ChatGPT web
// session.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"

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

// run runs the command tree under a context that SIGINT and SIGTERM end.
// Once one has ended it, signals act as they would without main: a second
// Ctrl+C stops a command that does not watch its context. A run releases
// the signals to its own handlers and goes on under the context.
func run() int {
	ctx, release, cancel := signalContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	f := cmdutil.New()
	f.ReleaseSignals = release
	err := interrupted(ctx, root.NewCmdRoot(f).ExecuteContext(ctx))
	var ee *cmdutil.ExitError
	if err != nil && (!errors.As(err, &ee) || ee.Err != nil) {
		fmt.Fprintln(f.IOStreams.ErrOut, "wtagent:", err)
	}
	return cmdutil.ExitCode(err)
}

// interrupted turns the error of a command that ended because a signal
// ended its context into ExitCancelled, naming the signal. A context ended
// otherwise (no signal) leaves err as it is.
func interrupted(ctx context.Context, err error) error {
	// A signal's cause Is context.Canceled too: only a plain cancel's cause
	// is that very value.
	cause := context.Cause(ctx)
	if err == nil || !errors.Is(err, context.Canceled) || cause == nil || cause == context.Canceled {
		return err
	}
	return &cmdutil.ExitError{Code: cmdutil.ExitCancelled, Err: cause}
}
