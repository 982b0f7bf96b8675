package mcptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// PageSize is how many tools one tools/list page holds: fewer than the
// tools, so a client must follow the cursor to see them all.
const PageSize = 3

// ImageSize is the size of the image tool's picture in bytes.
const ImageSize = 8

// pngBytes is the image tool's picture: a PNG signature and nothing more.
func pngBytes() []byte { return []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'} }

// newServer builds the server; stdio says it runs as its own process (the
// crash tool may end it).
func newServer(stdio bool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "mcptest", Version: "1"}, &mcp.ServerOptions{PageSize: PageSize})
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}
	destructive := true
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Return the text.\nA second line.", Annotations: readOnly}, echo)
	mcp.AddTool(s, &mcp.Tool{Name: "add", Description: "Add two numbers."}, add)
	mcp.AddTool(s, &mcp.Tool{Name: "getenv", Description: "Read an environment variable of the server process.", Annotations: readOnly}, getenv)
	mcp.AddTool(s, &mcp.Tool{Name: "write_note", Description: "Write a file.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &destructive}}, writeNote)
	mcp.AddTool(s, &mcp.Tool{Name: "crash", Description: "End the server process with status 3, answering nothing."}, crash(stdio))
	mcp.AddTool(s, &mcp.Tool{Name: "hang", Description: "Answer only when the call is cancelled."}, hang)
	mcp.AddTool(s, &mcp.Tool{Name: "wait_file", Description: "Wait until a file exists, then return its content.", Annotations: readOnly}, waitFile)
	mcp.AddTool(s, &mcp.Tool{Name: "image", Description: "Return a tiny PNG."}, image)
	mcp.AddTool(s, &mcp.Tool{Name: "tag", Description: "Echo labels and metadata back as JSON.", InputSchema: tagSchema()}, tag)
	mcp.AddTool(s, &mcp.Tool{Name: "spawn", Description: "Start a child process that waits to be killed; return its pid."}, spawn(stdio))
	return s
}

type echoIn struct {
	Text string `json:"text" jsonschema:"the text to return"`
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
	return textResult(in.Text), nil, nil
}

type addIn struct {
	A float64 `json:"a" jsonschema:"the first number"`
	B float64 `json:"b" jsonschema:"the second number"`
}

type addOut struct {
	Sum float64 `json:"sum" jsonschema:"a plus b"`
}

func add(_ context.Context, _ *mcp.CallToolRequest, in addIn) (*mcp.CallToolResult, addOut, error) {
	sum := in.A + in.B
	return textResult(strconv.FormatFloat(sum, 'g', -1, 64)), addOut{Sum: sum}, nil
}

type getenvIn struct {
	Name string `json:"name" jsonschema:"the variable's name"`
}

func getenv(_ context.Context, _ *mcp.CallToolRequest, in getenvIn) (*mcp.CallToolResult, any, error) {
	v, ok := os.LookupEnv(in.Name)
	if !ok {
		v = "(unset)"
	}
	return textResult(v), nil, nil
}

type noteIn struct {
	Path string `json:"path" jsonschema:"the file to write"`
	Text string `json:"text" jsonschema:"what to write in it"`
}

func writeNote(_ context.Context, _ *mcp.CallToolRequest, in noteIn) (*mcp.CallToolResult, any, error) {
	if err := os.WriteFile(in.Path, []byte(in.Text), 0o600); err != nil {
		return nil, nil, err
	}
	return textResult(fmt.Sprintf("wrote %d bytes to %s", len(in.Text), in.Path)), nil, nil
}

func crash(stdio bool) mcp.ToolHandlerFor[struct{}, any] {
	return func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		if !stdio {
			return nil, nil, errors.New("crash ends only a stdio server")
		}
		fmt.Fprintln(os.Stderr, CrashLine)
		os.Exit(3)
		return nil, nil, nil
	}
}

func hang(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	<-ctx.Done()
	return nil, nil, ctx.Err()
}

type waitFileIn struct {
	Path string `json:"path" jsonschema:"the file to wait for"`
}

// waitFile polls for the file: the test that creates it is in another
// process, so there is no event to wait on.
func waitFile(ctx context.Context, _ *mcp.CallToolRequest, in waitFileIn) (*mcp.CallToolResult, any, error) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if b, err := os.ReadFile(in.Path); err == nil {
			return textResult(string(b)), nil, nil
		}
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-tick.C:
		}
	}
}

func image(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: pngBytes(), MIMEType: "image/png"}}}, nil, nil
}

type tagIn struct {
	Labels []string       `json:"labels" jsonschema:"the labels"`
	Meta   map[string]any `json:"meta,omitempty" jsonschema:"any metadata"`
}

// tagSchema is tagIn's schema with labels an array, not "array or null"
// as a Go slice would have it.
func tagSchema() *jsonschema.Schema {
	s, err := jsonschema.For[tagIn](nil)
	if err != nil {
		panic(fmt.Sprintf("mcptest: tag's schema: %v", err))
	}
	labels := s.Properties["labels"]
	labels.Type, labels.Types = "array", nil
	return s
}

func tag(_ context.Context, _ *mcp.CallToolRequest, in tagIn) (*mcp.CallToolResult, any, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, nil, err
	}
	return textResult(string(b)), nil, nil
}

// spawn starts the test binary again as a process that waits to be
// killed, in the server's process group, holding the server's stderr
// (only a stdio server: over HTTP it would outlive the test).
func spawn(stdio bool) mcp.ToolHandlerFor[struct{}, any] {
	return func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		if !stdio {
			return nil, nil, errors.New("spawn runs only in a stdio server")
		}
		return startBlocker()
	}
}

func startBlocker() (*mcp.CallToolResult, any, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), EnvVar+"=block")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	return textResult(strconv.Itoa(cmd.Process.Pid)), nil, nil
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}
