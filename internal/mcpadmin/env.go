package mcpadmin

import (
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// Env is what the MCP admin commands take from the process.
type Env struct {
	IO *iostreams.IOStreams
	// Home resolves the data root; Getenv reads the environment (where the
	// config file is) and Environ is the whole of it (what a server
	// starts from).
	Home    func() (session.Home, error)
	Getenv  func(string) string
	Environ func() []string
	// JSON is --json.
	JSON bool
}
