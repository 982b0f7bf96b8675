package mcpclient

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/config"
)

// DefaultTimeout is the longest a call may take when the server's config
// sets no timeout.
const DefaultTimeout = 2 * time.Minute

// Conn is a connection to one MCP server, ready to call its tools.
type Conn struct {
	name    string
	timeout time.Duration
	cs      *mcp.ClientSession
	tools   []*mcp.Tool
	proc    *process // nil for a streamable HTTP server

	done     chan struct{}
	doneOnce sync.Once
	err      error // set before done is closed

	closeOnce sync.Once
	closeErr  error
	stopCtx   func() bool
}

// Connect connects to the server s named name: it starts a stdio server
// (with exactly env, the caller's scrubbed environment, plus s.Env, which
// wins; the working directory unchanged; stderr's last 8 KiB kept for
// errors) in a process group of its own, or reaches a streamable HTTP one
// (with s.Headers on each request),
// then initializes and lists all its tools (every page). ctx bounds the
// connection's life: when it ends, during Connect or after, the connection
// is closed as by Close. An error wraps ErrConnect (and ErrServerGone when
// the server exited), quoting its last stderr line; nothing is left
// running.
func Connect(ctx context.Context, name string, s config.MCPServer, env []string) (*Conn, error) {
	if err := s.Validate(name); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrConnect, err)
	}
	c := &Conn{name: name, timeout: DefaultTimeout, done: make(chan struct{})}
	if s.Timeout != nil {
		c.timeout = time.Duration(*s.Timeout)
	}
	var t mcp.Transport = httpTransport(s.URL, s.Headers)
	if s.Command != "" {
		var err error
		if c.proc, t, err = startProcess(s, env); err != nil {
			return nil, fmt.Errorf("%w: %q: %w", ErrConnect, name, err)
		}
	}
	if err := c.open(ctx, t); err != nil {
		return nil, err
	}
	go c.watch()
	c.stopCtx = context.AfterFunc(ctx, func() { c.closeWith(fmt.Errorf("%w: %w", ErrClosed, context.Cause(ctx)), false) })
	return c, nil
}

// open initializes the session and lists the tools; on an error the
// server is stopped and the error says how it ended.
func (c *Conn) open(ctx context.Context, t mcp.Transport) error {
	client := mcp.NewClient(&mcp.Implementation{Name: "wtagent", Version: buildinfo.Current().Version}, nil)
	cs, err := client.Connect(ctx, t, nil)
	what := "initialize"
	if err == nil {
		c.cs, what = cs, "list tools"
		c.tools, err = listTools(ctx, cs)
	}
	if err == nil {
		return nil
	}
	closed := closeSession(c.cs)
	err = fmt.Errorf("%w: %q: %s: %w", ErrConnect, c.name, what, err)
	if c.proc != nil {
		err = c.stopFailed(ctx, err)
	}
	<-closed
	return err
}

// closeSession closes cs (when there is one) in the background and
// returns where its error comes: closing waits for the session's reader,
// which on Windows only a dead server ends, so the server is stopped
// meanwhile.
func closeSession(cs *mcp.ClientSession) <-chan error {
	closed := make(chan error, 1)
	if cs == nil {
		closed <- nil
		return closed
	}
	go func() { closed <- cs.Close() }()
	return closed
}

// stopFailed stops the server of a failed Connect and adds to err how it
// ended: a server that exited on its own (given a moment, unless ctx
// ended) is gone; one that still ran is killed.
func (c *Conn) stopFailed(ctx context.Context, err error) error {
	wait := pipeGrace
	if ctx.Err() != nil {
		wait = 0
	}
	if c.proc.awaitExit(wait) {
		c.proc.stop()
		return fmt.Errorf("%w; %w: it %s", err, ErrServerGone, c.proc.status())
	}
	c.proc.stop()
	if line := c.proc.stderr.LastLine(); line != "" {
		return fmt.Errorf("%w; its stderr ends: %q", err, line)
	}
	return err
}

// listTools lists every tool, following the pages.
func listTools(ctx context.Context, cs *mcp.ClientSession) ([]*mcp.Tool, error) {
	var tools []*mcp.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// Name is the server's name in the config.
func (c *Conn) Name() string { return c.name }

// Tools are the server's tools, as listed when it connected.
func (c *Conn) Tools() []*mcp.Tool { return slices.Clone(c.tools) }

// Timeout is the longest one call may take.
func (c *Conn) Timeout() time.Duration { return c.timeout }

// Stderr is the last 8 KiB the server wrote to its stderr ("" for an
// HTTP server).
func (c *Conn) Stderr() string {
	if c.proc == nil {
		return ""
	}
	return c.proc.stderr.String()
}

// Done is closed when the connection has ended, for any reason: the
// server exited or crashed, closed the connection, or Close was called.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err says why the connection ended (nil while it lasts): an error
// wrapping ErrServerGone (with how the server ended and its last stderr
// line) or ErrClosed.
func (c *Conn) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

// finish ends the connection with err, once: the first reason stays.
func (c *Conn) finish(err error) {
	c.doneOnce.Do(func() {
		c.err = err
		close(c.done)
	})
}

// watch ends the connection when the server exits or the session ends.
func (c *Conn) watch() {
	ended := make(chan struct{})
	go func() {
		_ = c.cs.Wait()
		close(ended)
	}()
	var exited <-chan struct{}
	if c.proc != nil {
		exited = c.proc.exited
	}
	select {
	case <-exited:
	case <-ended:
		if c.proc != nil {
			c.proc.awaitExit(stopGrace) // for its exit status and last words
		}
	}
	c.finish(c.goneErr())
}

// goneErr is the error of a server that went away.
func (c *Conn) goneErr() error {
	if c.proc == nil {
		return fmt.Errorf("%w: %q closed the connection", ErrServerGone, c.name)
	}
	return fmt.Errorf("%w: %q %s", ErrServerGone, c.name, c.proc.status())
}

// Close ends the connection: the session is closed, a stdio server gets
// stopGrace to exit once its stdin is closed, then its whole process
// tree is killed, and Close waits for it. It is idempotent and safe to call
// from any goroutine; every call returns the first one's result.
func (c *Conn) Close() error {
	c.closeWith(ErrClosed, true)
	return c.closeErr
}

// closeWith closes the connection for reason; stopCtx says to stop
// watching Connect's context (not from the watch itself).
func (c *Conn) closeWith(reason error, stopCtx bool) {
	c.closeOnce.Do(func() {
		if stopCtx {
			c.stopCtx()
		}
		c.finish(reason)
		closed := closeSession(c.cs)
		if c.proc != nil {
			c.proc.stop()
		}
		if err := <-closed; err != nil && c.proc == nil {
			c.closeErr = fmt.Errorf("mcp server %q: close: %w", c.name, err)
		}
	})
}
