package mcpclient

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/mcptest"
)

// hangGuard fails a test that waits too long for something that must
// happen.
const hangGuard = time.Minute

// connect connects to s as name and closes the connection at the end.
func connect(t *testing.T, name string, s config.MCPServer, env []string) *Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	t.Cleanup(cancel)
	c, err := Connect(ctx, name, s, env)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

// call calls tool and renders its result.
func call(t *testing.T, c *Conn, tool string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := c.Call(context.Background(), tool, args)
	if err != nil {
		t.Fatalf("call %s: %v", tool, err)
	}
	return ResultText(res, 0)
}

// TestConnectAndCall: over stdio and over streamable HTTP, every tool is
// listed (across pages) with its schema and annotations, and calls return
// their results.
func TestConnectAndCall(t *testing.T) {
	for _, tc := range []struct {
		name   string
		server func(t *testing.T) config.MCPServer
	}{
		{"stdio", func(t *testing.T) config.MCPServer { return mcptest.Command(t) }},
		{"http", func(t *testing.T) config.MCPServer { return config.MCPServer{URL: mcptest.ServeHTTP(t)} }},
		{"http with a header", func(t *testing.T) config.MCPServer {
			return config.MCPServer{URL: mcptest.ServeHTTPWithHeader(t, "Authorization", "Bearer t-1"),
				Headers: map[string]string{"Authorization": "Bearer t-1"}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := connect(t, "test", tc.server(t), nil)
			checkTools(t, c.Tools())
			if got, isErr := call(t, c, "echo", map[string]any{"text": "héllo <b>"}); got != "héllo <b>" || isErr {
				t.Errorf("echo: %q %v", got, isErr)
			}
			if got, _ := call(t, c, "add", map[string]any{"a": 2, "b": 3.5}); got != "5.5\n{\"sum\":5.5}" {
				t.Errorf("add: %q", got)
			}
			if got, _ := call(t, c, "image", nil); got != "[image image/png, 8 bytes, not shown]" {
				t.Errorf("image: %q", got)
			}
			args := map[string]any{"labels": []string{"a", "b"}, "meta": map[string]any{"k": 1}}
			if got, _ := call(t, c, "tag", args); got != `{"labels":["a","b"],"meta":{"k":1}}` {
				t.Errorf("tag: %q", got)
			}
			if got, isErr := call(t, c, "echo", map[string]any{"text": 3}); !isErr || !strings.Contains(got, "text") {
				t.Errorf("echo with a number: %q, isError %v", got, isErr)
			}
			note := filepath.Join(t.TempDir(), "note.txt")
			if _, isErr := call(t, c, "write_note", map[string]any{"path": note, "text": "hi"}); isErr {
				t.Errorf("write_note failed")
			}
			if _, err := c.Call(context.Background(), "nosuch", nil); !errors.Is(err, ErrCall) || !strings.Contains(err.Error(), "mcp.test.nosuch") {
				t.Errorf("unknown tool: %v", err)
			}
		})
	}
}

func checkTools(t *testing.T, tools []*mcp.Tool) {
	t.Helper()
	byName := map[string]*mcp.Tool{}
	for _, tool := range tools {
		byName[tool.Name] = tool
	}
	want := []string{"add", "crash", "echo", "getenv", "hang", "image", "spawn", "tag", "wait_file", "write_note"}
	if got := slices.Sorted(maps.Keys(byName)); !slices.Equal(got, want) || len(want) <= mcptest.PageSize {
		t.Fatalf("tools %v, want %v (more than a page)", got, want)
	}
	if !ReadOnly(byName["echo"]) || Destructive(byName["echo"]) || !Destructive(byName["write_note"]) || !Destructive(byName["add"]) {
		t.Errorf("annotations: echo %+v, write_note %+v", byName["echo"].Annotations, byName["write_note"].Annotations)
	}
	schema, _ := byName["tag"].InputSchema.(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	labels, _ := props["labels"].(map[string]any)
	if labels["type"] != "array" || labels["description"] != "the labels" {
		t.Errorf("tag's schema: %v", schema)
	}
}

// TestServerEnvironment: a stdio server gets exactly the environment it
// is given plus its own env, which wins.
func TestServerEnvironment(t *testing.T) {
	t.Setenv("WTAGENT_MCPTEST_PARENT", "not passed on")
	s := mcptest.Command(t)
	s.Env["OVER"] = "mine"
	c := connect(t, "env", s, []string{"KEEP=1", "OVER=base"})
	for name, want := range map[string]string{"KEEP": "1", "OVER": "mine", "WTAGENT_MCPTEST_PARENT": "(unset)", "HOME": "(unset)"} {
		if got, _ := call(t, c, "getenv", map[string]any{"name": name}); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

// TestServerCrash: a server that dies mid-call fails the call with
// ErrServerGone quoting its last stderr line, ends the connection, and
// fails later calls the same way.
func TestServerCrash(t *testing.T) {
	c := connect(t, "crashy", mcptest.Command(t), nil)
	_, err := c.Call(context.Background(), "crash", nil)
	if !errors.Is(err, ErrServerGone) || !strings.Contains(err.Error(), mcptest.CrashLine) || !strings.Contains(err.Error(), "exit status 3") {
		t.Fatalf("crash: %v", err)
	}
	select {
	case <-c.Done():
	default:
		t.Fatal("Done is not closed after the crash")
	}
	if !errors.Is(c.Err(), ErrServerGone) {
		t.Fatalf("Err = %v", c.Err())
	}
	if _, err := c.Call(context.Background(), "echo", map[string]any{"text": "x"}); !errors.Is(err, ErrServerGone) {
		t.Fatalf("a call after the crash: %v", err)
	}
	if !strings.Contains(c.Stderr(), mcptest.ServingLine) {
		t.Fatalf("stderr %q", c.Stderr())
	}
}

// TestCallTimeout: a call with no answer within the server's timeout is
// ErrTimeout, and the server goes on answering; a caller's own deadline is
// its own error.
func TestCallTimeout(t *testing.T) {
	s := mcptest.Command(t)
	d := config.Duration(200 * time.Millisecond)
	s.Timeout = &d
	c := connect(t, "slow", s, nil)
	if _, err := c.Call(context.Background(), "hang", nil); !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "200ms") {
		t.Fatalf("hang: %v", err)
	}
	if got, _ := call(t, c, "echo", map[string]any{"text": "still here"}); got != "still here" {
		t.Fatalf("echo after a timeout: %q", got)
	}
	d = config.Duration(hangGuard)
	c = connect(t, "slow2", s, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := c.Call(ctx, "hang", nil); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrTimeout) {
		t.Fatalf("hang under the caller's deadline: %v", err)
	}
}

// TestCloseDuringCall: Close ends a call in flight with ErrClosed, and
// is idempotent.
func TestCloseDuringCall(t *testing.T) {
	c := connect(t, "busy", mcptest.Command(t), nil)
	errc := make(chan error, 1)
	go func() {
		_, err := c.Call(context.Background(), "hang", nil)
		errc <- err
	}()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; !errors.Is(err, ErrClosed) {
		t.Fatalf("the call in flight: %v", err)
	}
	if err := c.Close(); err != nil || !errors.Is(c.Err(), ErrClosed) {
		t.Fatalf("second Close %v, Err %v", err, c.Err())
	}
}

// TestContextEndsConnection: the end of Connect's context closes the
// connection.
func TestContextEndsConnection(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Connect(ctx, "ctx", mcptest.Command(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-c.Done():
	case <-time.After(hangGuard):
		t.Fatal("the connection outlived its context")
	}
	if err := c.Err(); !errors.Is(err, ErrClosed) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Err = %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestConnectFails: a server that exits before answering, a command that
// does not exist, an HTTP server refusing a request without its header,
// and a bad config are ErrConnect errors that say why.
func TestConnectFails(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	_, err := Connect(ctx, "fails", mcptest.FailingCommand(t), nil)
	if !errors.Is(err, ErrConnect) || !errors.Is(err, ErrServerGone) || !strings.Contains(err.Error(), mcptest.FailLine) || !strings.Contains(err.Error(), "exit status 1") {
		t.Errorf("failing server: %v", err)
	}
	_, err = Connect(ctx, "missing", config.MCPServer{Command: filepath.Join(t.TempDir(), "no-such-server")}, nil)
	if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "no-such-server") {
		t.Errorf("missing command: %v", err)
	}
	_, err = Connect(ctx, "unauthorized", config.MCPServer{URL: mcptest.ServeHTTPWithHeader(t, "Authorization", "Bearer t-1")}, nil)
	if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "Unauthorized") {
		t.Errorf("http server without its header: %v", err)
	}
	var se *config.MCPServerError
	if _, err = Connect(ctx, "bad.name", config.MCPServer{Command: "x"}, nil); !errors.Is(err, ErrConnect) || !errors.As(err, &se) {
		t.Errorf("bad name: %v", err)
	}
}
