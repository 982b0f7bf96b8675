package tools

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/protocol"
)

// helperEnv selects a helper mode of runHelper (see tooltest.Main).
const helperEnv = "WTAGENT_TOOLS_HELPER"

func TestMain(m *testing.M) { tooltest.Main(m, helperEnv, runHelper) }

// runHelper is the re-executed test binary's main.
func runHelper(mode string) int {
	switch mode {
	case "atomic-crash": // fs.write killed between fsync and rename
		dir := os.Getenv("HELPER_DIR")
		b, err := tooltest.OpenBoundary(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		d := Deps{Paths: b, hooks: &hooks{beforeRename: func(string) {
			p, _ := os.FindProcess(os.Getpid())
			_ = p.Kill()
			time.Sleep(time.Hour)
		}}}
		Run(context.Background(), d, tooltest.Invoke(protocol.ToolFSWrite, protocol.FSWriteArgs{Path: "data.txt", Content: os.Getenv("HELPER_CONTENT")}))
		return 3 // not reached
	}
	fmt.Fprintln(os.Stderr, "unknown helper mode", mode)
	return 2
}

// run runs one call with the boundary.
func run(t testing.TB, d Deps, tool string, args any) event.ToolResult {
	t.Helper()
	return Run(context.Background(), d, tooltest.Invoke(tool, args))
}
