package app

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// lockProject makes the run the project's only one. When another run holds
// it: --allow-concurrent warns and goes on; on a terminal the user is
// asked; otherwise the run is refused (exit 1). A nil lock and nil error
// mean the run goes on without the lock.
func lockProject(ctx context.Context, o Options) (*session.ProjectLock, error) {
	holder := session.ProjectHolder{PID: os.Getpid()}
	if o.Session != nil {
		holder.SessionID = o.Session.ID()
	}
	lock, err := session.LockProject(o.Home, o.Root, holder)
	var busy *session.BusyError
	if !errors.As(err, &busy) {
		return lock, err
	}
	errOut := o.Env.IO.ErrOut
	if o.Settings.AllowConcurrent {
		fmt.Fprintf(errOut, "wtagent: warning: %v; starting anyway (--allow-concurrent): both may change the same files\n", busy)
		return nil, nil
	}
	refused := &cmdutil.ExitError{Code: cmdutil.ExitFailed,
		Err: fmt.Errorf("%v; not starting a second one (wait for it, stop it, or pass --allow-concurrent)", busy)}
	if !o.Env.IO.IsStdinTTY() || o.Input == nil {
		return nil, refused
	}
	fmt.Fprintf(errOut, "wtagent: warning: %v; two runs may change the same files at once.\n", busy)
	k, err := o.Input.ReadKey(ctx, "start anyway? [y]es  [n]o › ", "yn")
	if err != nil || k != 'y' {
		return nil, refused
	}
	return nil, nil
}
