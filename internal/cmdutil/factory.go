package cmdutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// GlobalOptions are the flags every command takes.
type GlobalOptions struct {
	// Dir is the project directory (-C/--cd); empty means the working
	// directory.
	Dir string
	// JSON asks for machine-readable output.
	JSON bool
	// LogLevel is the stderr log level (debug, info, warn, error).
	LogLevel string
}

// Factory carries the dependencies commands need, so tests can replace any
// of them.
type Factory struct {
	IOStreams *iostreams.IOStreams
	// Getenv reads the environment.
	Getenv func(string) string
	// Environ is the environment as KEY=VALUE pairs (for child processes).
	Environ func() []string
	// Getwd is the working directory.
	Getwd func() (string, error)
	// Now is the clock.
	Now func() time.Time
	// GOOS is the operating system the data root is resolved for.
	GOOS string
	// Global holds the parsed global flags.
	Global *GlobalOptions
	// Executable is the path of the running wtagent binary.
	Executable func() (string, error)
	// ReleaseSignals gives SIGINT and SIGTERM back to their default action
	// (and to the handlers of a command that installs its own): main stops
	// the watch that ends the command tree's context on a signal, and the
	// context stays live. A command that handles signals itself — a run,
	// which tells Ctrl+C at a prompt from Ctrl+C in a turn — calls it
	// first, so a signal before its handler is installed stops wtagent as
	// it always did. Nil (tests) does nothing.
	ReleaseSignals func()
}

// ReleaseSignalHandling calls ReleaseSignals when it is set.
func (f *Factory) ReleaseSignalHandling() {
	if f.ReleaseSignals != nil {
		f.ReleaseSignals()
	}
}

// New returns the Factory of a real process.
func New() *Factory {
	return &Factory{
		IOStreams:  iostreams.System(os.Getenv),
		Getenv:     os.Getenv,
		Environ:    os.Environ,
		Getwd:      os.Getwd,
		Now:        time.Now,
		GOOS:       runtime.GOOS,
		Global:     &GlobalOptions{},
		Executable: os.Executable,
	}
}

// Home resolves the data root ($WTAGENT_HOME or the OS application-data
// directory) and makes sure its layout exists.
func (f *Factory) Home() (session.Home, error) {
	return HomeOf(f.Getenv, f.GOOS)()
}

// HomeOf is what resolves the data root from getenv for goos and makes
// sure its layout exists: a command's Options.Home.
func HomeOf(getenv func(string) string, goos string) func() (session.Home, error) {
	return func() (session.Home, error) {
		h, err := session.ResolveHome(getenv, goos)
		if err != nil {
			return session.Home{}, err
		}
		if err := h.EnsureLayout(); err != nil {
			return session.Home{}, err
		}
		return h, nil
	}
}

// ProjectRoot is the project directory: -C/--cd, or the working directory,
// made absolute with symbolic links resolved. It must be a directory that
// can be read: one that is missing and one that cannot be opened are the
// same usage error, one plain line naming it.
func (f *Factory) ProjectRoot() (string, error) {
	return ProjectRoot(f.Global.Dir, f.Getwd)
}

// ProjectRoot is the project directory dir (-C), or the working directory
// getwd gives when dir is empty, checked as Factory.ProjectRoot says.
func ProjectRoot(dir string, getwd func() (string, error)) (string, error) {
	what := "-C " + dir
	if dir == "" {
		wd, err := getwd()
		if err != nil {
			return "", FlagErrorf("the working directory: %s (give the project with -C)", pathProblem(err))
		}
		dir, what = wd, "the working directory "+wd
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", FlagErrorf("%s: %s", what, pathProblem(err))
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", FlagErrorf("%s: %s", what, pathProblem(err))
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", FlagErrorf("%s: %s", what, pathProblem(err))
	}
	if !fi.IsDir() {
		return "", FlagErrorf("%s: not a directory", what)
	}
	d, err := os.Open(real)
	if err != nil {
		return "", FlagErrorf("%s: cannot open the project directory: %s", what, pathProblem(err))
	}
	d.Close()
	return real, nil
}

// pathProblem says what is wrong with a path in words: "no such file or
// directory", "permission denied", without the system call's name.
func pathProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
