package app

import (
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// Env is what a session takes from the process: the streams, the
// environment, the clock, the project directory and the global flags.
type Env struct {
	IO *iostreams.IOStreams
	// Getenv reads the environment, Environ is the whole of it (for child
	// processes), GOOS the operating system.
	Getenv  func(string) string
	Environ func() []string
	GOOS    string
	// Now is the clock.
	Now func() time.Time
	// ProjectRoot is the project directory (-C, or the working directory);
	// Dir is -C itself (empty: not given).
	ProjectRoot func() (string, error)
	Dir         string
	// JSON and LogLevel are --json and --log-level.
	JSON     bool
	LogLevel string
}

// EnvOf is the Env of f, with the global flags as parsed.
func EnvOf(f *cmdutil.Factory) Env {
	return Env{IO: f.IOStreams, Getenv: f.Getenv, Environ: f.Environ, GOOS: f.GOOS, Now: f.Now,
		ProjectRoot: f.ProjectRoot, Dir: f.Global.Dir, JSON: f.Global.JSON, LogLevel: f.Global.LogLevel}
}
