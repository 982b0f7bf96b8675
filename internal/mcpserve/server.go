package mcpserve

import (
	"context"
	"fmt"
	"io"
	"time"

	"charm.land/log/v2"
	"github.com/anthdm/hollywood/actor"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/supervisor"
)

// Options configure a server.
type Options struct {
	// In and Out are the client's stream (the process's stdin and stdout).
	In  io.ReadCloser
	Out io.WriteCloser
	// NewTransport makes a fresh transport for each incarnation of the
	// chatgpt actor (the browser on the dedicated profile, or a script).
	NewTransport func(Hooks) model.Transport
	// BaseURL is the ChatGPT origin a conversation id is made a URL on.
	BaseURL string
	// Dir is what relative file paths are resolved against.
	Dir string
	// Mode and Effort are the defaults of calls that give none.
	Mode, Effort string
	// CheckMode checks a (mode, effort) request as the run's flags are
	// checked and returns the effort's one spelling.
	CheckMode func(mode, effort string) (string, error)
	// TurnWait is the longest wait for one reply under a mode and effort.
	TurnWait func(mode, effort string) time.Duration
	// Version is the server's version in the MCP handshake.
	Version string
	// Logger receives the server's warnings (nil discards them).
	Logger *log.Logger
	// Restart is the chatgpt actor's restart backoff (the zero value
	// restarts at once).
	Restart supervisor.Backoff
}

// Serve runs the server until the client closes its stream, ctx ends or
// the actors give up (Chrome crashing again and again).
func Serve(ctx context.Context, o Options) error {
	o = o.withDefaults()
	tool, err := chatgptTool()
	if err != nil {
		return err
	}
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		return fmt.Errorf("mcpserve: engine: %w", err)
	}
	tree := startTree(e, o)
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = tree.root.Shutdown(sctx) // what failed is logged by the transport
	}()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-tree.root.Done():
			cancel()
		case <-ctx.Done():
		}
	}()
	h := &handler{o: o, e: e, queue: tree.queue, done: tree.root.Done()}
	s := mcp.NewServer(&mcp.Implementation{Name: "wtagent", Title: "wtagent: ChatGPT", Version: o.Version}, nil)
	mcp.AddTool(s, tool, h.call)
	err = s.Run(ctx, &mcp.IOTransport{Reader: o.In, Writer: o.Out})
	if rerr := tree.root.Err(); rerr != nil {
		return fmt.Errorf("mcpserve: ChatGPT gave up: %w", rerr)
	}
	if ctx.Err() != nil {
		return nil // a signal or the caller: a clean stop
	}
	return err
}

// chatgptTool is the tool's description; its schemas come from Args and
// Output (inputSchema made portable by argsSchema).
func chatgptTool() (*mcp.Tool, error) {
	in, err := argsSchema()
	if err != nil {
		return nil, err
	}
	return &mcp.Tool{
		Name:  "chatgpt",
		Title: "Ask ChatGPT",
		Description: "Send a prompt (and files) to ChatGPT in the user's own ChatGPT web session and return " +
			"its reply exactly, with the conversation's URL. Pass that URL (or its id) as conversation to " +
			"continue the conversation. Calls run one at a time; a long reply may take minutes.",
		InputSchema: in,
	}, nil
}

// argsSchema is Args' JSON schema with files a plain array: the inferred
// ["null", "array"] type is legal but less portable (clients that map
// schemas onto one type per property reject it).
func argsSchema() (*jsonschema.Schema, error) {
	s, err := jsonschema.For[Args](nil)
	if err != nil {
		return nil, fmt.Errorf("mcpserve: the tool's input schema: %w", err)
	}
	if f := s.Properties["files"]; f != nil {
		f.Types, f.Type = nil, "array"
	}
	return s, nil
}

// withDefaults fills in CheckMode (any request) and TurnWait (20
// minutes) when they are nil.
func (o Options) withDefaults() Options {
	if o.CheckMode == nil {
		o.CheckMode = func(_, effort string) (string, error) { return effort, nil }
	}
	if o.Logger == nil {
		o.Logger = log.New(io.Discard)
	}
	if o.TurnWait == nil {
		o.TurnWait = func(string, string) time.Duration { return 20 * time.Minute }
	}
	return o
}
