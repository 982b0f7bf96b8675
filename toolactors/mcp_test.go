//go:build unix

package toolactors

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/internal/mcpclient"
	"github.com/wtagent/wtagent/internal/mcptest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// mcpTree is an MCP subtree with one server, "t", run by the test binary
// (internal/mcptest), and the server's first connection.
type mcpTree struct {
	e       *actor.Engine
	root    *supervisor.Root
	front   *actor.PID
	first   *mcpclient.Conn
	changed chan supervisor.Event
}

func startMCPTree(t *testing.T) *mcpTree {
	t.Helper()
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	cfg, env := mcptest.Command(t), os.Environ()
	connect := func(ctx context.Context) (*mcpclient.Conn, error) { return mcpclient.Connect(ctx, "t", cfg, env) }
	first, err := connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m := &mcpTree{e: e, first: first, changed: make(chan supervisor.Event, 64)}
	m.root = supervisor.Start(e, "test", supervisor.Spec{
		OnEvent: func(ev supervisor.Event) {
			select {
			case m.changed <- ev:
			default:
			}
		},
		Children: []supervisor.ChildSpec{{ID: "mcp", Producer: NewMCPSupervisor(supervisor.PIDOf(e, "test/mcp"), []MCPServer{{Name: "t", Connect: connect, First: first}}),
			Restart: supervisor.Permanent, Shutdown: 15 * time.Second}},
	})
	m.front = MCPFront(supervisor.PIDOf(e, "test/mcp"))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
		defer cancel()
		m.root.Shutdown(ctx)
	})
	return m
}

// call runs one call of the server's tool through its tool function, as
// an invocation does.
func (m *mcpTree) call(t *testing.T, ctx context.Context, tool, args string) event.ToolResult {
	t.Helper()
	f := MCPTool(m.e, m.front, "t", tool, 4096)
	inv := messages.InvokeTool{CallID: "c", Call: event.ToolCall{Name: "mcp.t." + tool, CanonicalArgs: json.RawMessage(args)}}
	return f(ctx, tools.Deps{}, inv)
}

func TestMCPServerActorCalls(t *testing.T) {
	m := startMCPTree(t)
	ctx := context.Background()
	if r := m.call(t, ctx, "echo", `{"text":"hello 世界"}`); r.Status != event.ToolOK || r.Stdout != "hello 世界" {
		t.Fatalf("echo: %+v", r)
	}
	if r := m.call(t, ctx, "add", `{"a":2.5,"b":4}`); r.Status != event.ToolOK || !strings.Contains(r.Stdout, "6.5") {
		t.Fatalf("add: %+v", r)
	}
	if r := m.call(t, ctx, "tag", `{"labels":["x","y"],"meta":{"k":[1,2]}}`); r.Status != event.ToolOK || !strings.Contains(r.Stdout, `"k":[1,2]`) {
		t.Fatalf("tag: %+v", r)
	}
	if r := m.call(t, ctx, "image", `{}`); !strings.Contains(r.Stdout, "image/png") || !strings.Contains(r.Stdout, "not shown") {
		t.Fatalf("image: %+v", r)
	}
}

// TestMCPServerActorRestartsACrashedServer: a server that dies during a
// call fails that call with ErrMCPServerGone's clear message; the
// supervisor starts it again and the next call, made at once, is served
// by the new one.
func TestMCPServerActorRestartsACrashedServer(t *testing.T) {
	m := startMCPTree(t)
	ctx := context.Background()
	r := m.call(t, ctx, "crash", `{}`)
	if r.Status != event.ToolError || !strings.Contains(r.Message, "exited") {
		t.Fatalf("crash: %+v", r)
	}
	// At once: the call waits at the front while the server restarts.
	if r := m.call(t, ctx, "echo", `{"text":"again"}`); r.Status != event.ToolOK || r.Stdout != "again" {
		t.Fatalf("after the restart: %+v", r)
	}
	waitRestart(t, m.changed, "test/mcp/t")
	select {
	case <-m.first.Done():
	default:
		t.Fatal("the crashed server's connection is still open")
	}
}

// TestMCPServerActorCallEndsWithItsContext: a hung call ends when its
// context does (a timeout), and the server keeps serving.
func TestMCPServerActorCallEndsWithItsContext(t *testing.T) {
	m := startMCPTree(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan event.ToolResult, 1)
	go func() { done <- m.call(t, ctx, "hang", `{}`) }()
	cancel()
	r := <-done
	if r.Status == event.ToolOK {
		t.Fatalf("a cancelled call succeeded: %+v", r)
	}
	if r := m.call(t, context.Background(), "echo", `{"text":"still here"}`); r.Stdout != "still here" {
		t.Fatalf("after the cancelled call: %+v", r)
	}
}

// waitRestart waits until the actor at path has been restarted (started
// again after an exit).
func waitRestart(t *testing.T, changed <-chan supervisor.Event, path string) {
	t.Helper()
	hang := time.NewTimer(hangGuard)
	defer hang.Stop()
	exited := false
	for {
		select {
		case ev := <-changed:
			if ev.Child.Path != path {
				continue
			}
			switch ev.Kind {
			case supervisor.EventExited:
				exited = true
			case supervisor.EventStarted:
				if exited {
					return
				}
			}
		case <-hang.C:
			t.Fatalf("%s was not restarted", path)
		}
	}
}

// TestMCPServerGivenUpFailsItsCalls: a server that keeps dying is given
// up (only it: the subtree stays), and its calls then fail at once with
// the reason.
func TestMCPServerGivenUpFailsItsCalls(t *testing.T) {
	m := startMCPTree(t)
	ctx := context.Background()
	for i := 0; ; i++ {
		r := m.call(t, ctx, "crash", `{}`)
		if strings.Contains(r.Message, "stopped for good") {
			break
		}
		if r.Status != event.ToolError || i > mcpIntensity+1 {
			t.Fatalf("crash %d: %+v", i, r)
		}
	}
	r := m.call(t, ctx, "echo", `{"text":"x"}`)
	if r.Status != event.ToolError || !strings.Contains(r.Message, "stopped for good") {
		t.Fatalf("a call of the given-up server: %+v", r)
	}
}
