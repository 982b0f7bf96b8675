package mcpadmin

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/policy"
)

// descriptionCells is how much of a tool's description's first line the
// list shows.
const descriptionCells = 80

// List prints every configured server, its state and its tools (JSON
// Lines with --json), each server connected to with the scrubbed
// environment (the config's allow-env) and within timeout. The exit
// status is 1 when a server failed.
func List(ctx context.Context, e Env, timeout time.Duration) error {
	h, err := e.Home()
	if err != nil {
		return err
	}
	fc, _, err := config.Load(h, e.Getenv)
	if err != nil {
		return err
	}
	env := ServerEnv(e.Environ, fc)
	entries := InspectAll(ctx, fc.MCPServers, env, timeout)
	out := e.IO.Out
	if e.JSON {
		err = cmdutil.WriteJSONLines(out, entries)
	} else {
		err = Print(out, entries)
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.State != StateReady {
			return &cmdutil.ExitError{Code: cmdutil.ExitFailed}
		}
	}
	return nil
}

// ServerEnv is the environment every MCP server gets before its own env:
// the process's, scrubbed of credential-looking variables but those the
// config's allow-env names (policy.ScrubEnv, as for commands).
func ServerEnv(environ func() []string, fc config.File) []string {
	return policy.ScrubEnv(environ(), fc.AllowEnv)
}

// Print writes the entries for people: a line per server (name, how it
// is reached, its state), then its tools with their description's first
// line (control characters dropped: a server does not write escapes to
// the terminal).
func Print(w io.Writer, entries []Entry) error {
	if len(entries) == 0 {
		_, err := fmt.Fprintln(w, "no MCP servers configured; add one with: wtagent mcp add NAME -- COMMAND [ARGS...]")
		return err
	}
	for _, e := range entries {
		state := e.State
		if e.Error != "" {
			state += ": " + e.Error
		}
		s := config.MCPServer{Command: e.Command, Args: e.Args, URL: e.URL}
		fmt.Fprintf(w, "%s (%s): %s\n", e.Name, printable(transport(s)), printable(state))
		if len(e.Tools) == 0 {
			continue
		}
		rows := make([][]string, 0, len(e.Tools))
		for _, t := range e.Tools {
			first, _, _ := strings.Cut(strings.TrimSpace(t.Description), "\n")
			rows = append(rows, []string{"  " + printable(t.Name), cellwidth.Truncate(printable(first), descriptionCells, "…")})
		}
		if err := cellwidth.Table(w, rows); err != nil {
			return err
		}
	}
	return nil
}

// printable is s without control characters.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}
