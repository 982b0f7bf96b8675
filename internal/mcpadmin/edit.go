package mcpadmin

import (
	"errors"
	"fmt"
	"maps"

	"github.com/wtagent/wtagent/internal/config"
)

// The errors of an edit.
var (
	// ErrExists: add names a server the config already has.
	ErrExists = errors.New("mcp server already configured")
	// ErrNotFound: remove names a server the config does not have.
	ErrNotFound = errors.New("no such mcp server")
)

// Add writes the server s named name into the config file (the first that
// exists, else the data root's). A name the file already has is
// ErrExists unless force is set; a config file that does not parse is an
// error, and nothing is written.
func Add(e Env, name string, s config.MCPServer, force bool) error {
	path, err := edit(e, func(servers config.MCPServers) error {
		if _, ok := servers[name]; ok && !force {
			return fmt.Errorf("%w: %q (replace it with --force, or remove it first)", ErrExists, name)
		}
		servers[name] = s
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.IO.ErrOut, "added MCP server %s (%s) to %s\nits tools are mcp.%s.*; check it with: wtagent mcp list\n",
		name, transport(s), path, name)
	return nil
}

// Remove deletes the server named name from the config file; a name it
// does not have is ErrNotFound.
func Remove(e Env, name string) error {
	path, err := edit(e, func(servers config.MCPServers) error {
		if _, ok := servers[name]; !ok {
			return notFound(name, servers)
		}
		delete(servers, name)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.IO.ErrOut, "removed MCP server %s from %s\n", name, path)
	return nil
}

func notFound(name string, servers config.MCPServers) error {
	if len(servers) == 0 {
		return fmt.Errorf("%w: %q (none is configured)", ErrNotFound, name)
	}
	return fmt.Errorf("%w: %q (configured: %v)", ErrNotFound, name, servers.Names())
}

// edit loads the config file, applies change to a copy of its servers and
// writes them back; it returns the file's path.
func edit(e Env, change func(config.MCPServers) error) (string, error) {
	h, err := e.Home()
	if err != nil {
		return "", err
	}
	fc, path, err := config.Load(h, e.Getenv)
	if err != nil {
		return "", fmt.Errorf("%w (fix it first; nothing was changed)", err)
	}
	if path == "" {
		path = config.WritePath(h, e.Getenv)
	}
	servers := maps.Clone(fc.MCPServers)
	if servers == nil {
		servers = config.MCPServers{}
	}
	if err := change(servers); err != nil {
		return "", err
	}
	return path, config.WriteMCPServers(path, servers)
}
