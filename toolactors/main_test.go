package toolactors

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/wtagent/wtagent/messages"
)

// helperEnv selects a helper mode when the test binary is re-executed as a
// program under test.
const helperEnv = "WTAGENT_TOOLACTORS_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(runHelper(mode))
	}
	goleak.VerifyTestMain(m)
}

// runHelper is the re-executed test binary's main.
func runHelper(mode string) int {
	switch mode {
	case "server": // a dev server: prints its URL in colour, logs requests
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 2
		}
		if d := os.Getenv("HELPER_DELAY"); d != "" {
			dd, _ := time.ParseDuration(d)
			time.Sleep(dd)
		}
		fmt.Printf("\x1b[32m  ➜  Local:\x1b[0m   \x1b[36mhttp://127.0.0.1:\x1b[1m%d\x1b[22m/\x1b[39m\n", ln.Addr().(*net.TCPAddr).Port)
		if os.Getenv("HELPER_CRASH") != "" {
			time.Sleep(50 * time.Millisecond)
			fmt.Println("fatal: crashing on purpose")
			return 1
		}
		_ = http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Printf("GET %s\n", r.URL.Path)
			fmt.Fprintln(w, "hello")
		}))
		return 0
	case "listen-quiet": // listens but prints nothing
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 2
		}
		_ = http.Serve(ln, http.NotFoundHandler())
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown helper mode", mode)
	return 2
}

// testBoundary is a minimal project-root boundary over os.Root, standing
// in for boundary.Boundary.
type testBoundary struct {
	root *os.Root
	dir  string
}

var errOutside = errors.New("path is outside the project root")

func openBoundary(dir string) (*testBoundary, error) {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &testBoundary{root: r, dir: dir}, nil
}

func newBoundary(t testing.TB) *testBoundary {
	t.Helper()
	b, err := openBoundary(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.root.Close() })
	return b
}

func (b *testBoundary) Root() *os.Root { return b.root }
func (b *testBoundary) Dir() string    { return b.dir }

func (b *testBoundary) Resolve(p string) (string, error) {
	if filepath.IsAbs(p) {
		rel, err := filepath.Rel(b.dir, filepath.Clean(p))
		if err != nil {
			return "", err
		}
		p = rel
	}
	rel := filepath.Clean(p)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("%s: %w", p, errOutside)
	}
	return rel, nil
}

func (b *testBoundary) Check(rel string, forWrite bool) (fs.FileInfo, error) {
	if forWrite && (rel == ".git" || strings.HasPrefix(rel, ".git/")) {
		return nil, fmt.Errorf("%s: %w", rel, fs.ErrPermission)
	}
	return b.root.Stat(rel)
}

// write creates files under the boundary's directory.
func (b *testBoundary) write(t testing.TB, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(b.dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func (b *testBoundary) read(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(b.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// invoke builds an InvokeTool with typed arguments.
func invoke(tool string, args any) messages.InvokeTool {
	return messages.InvokeTool{CallID: "call_test_" + strings.ReplaceAll(tool, ".", "_"), OpKey: "op-" + tool,
		Call: messages.ToolCall{Name: tool, Args: args}}
}

// decode unmarshals a result's Data.
func decode[T any](t testing.TB, res messages.ToolResult) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(res.Data, &v); err != nil {
		t.Fatalf("decode %s: %v", res.Data, err)
	}
	return v
}

// wantStatus fails unless res has the status.
func wantStatus(t testing.TB, res messages.ToolResult, want messages.ToolStatus) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status = %s, want %s; message %q; data %s; stderr %q", res.Status, want, res.Message, res.Data, res.Stderr)
	}
}

// errorCodeOf returns Data.error.
func errorCodeOf(t testing.TB, res messages.ToolResult) string {
	t.Helper()
	var v struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(res.Data, &v)
	return v.Error
}

// helperProgram is the test binary, run as a helper program.
func helperProgram(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
