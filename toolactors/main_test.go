package toolactors

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/mcptest"
	"github.com/wtagent/wtagent/internal/tooltest"
)

// helperEnv selects a helper mode of runHelper (see tooltest.Main).
const helperEnv = "WTAGENT_TOOLACTORS_HELPER"

func TestMain(m *testing.M) {
	mcptest.ServeIfAsked()
	tooltest.Main(m, helperEnv, runHelper)
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
