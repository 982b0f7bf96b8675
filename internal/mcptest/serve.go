package mcptest

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/internal/config"
)

// EnvVar is the environment variable that makes a test binary an MCP
// server: "1" serves on stdio, "fail" writes a line to stderr and exits 1
// without serving, "block" (the grandchild of the spawn tool) waits to be
// killed.
const EnvVar = "WTAGENT_MCPTEST_SERVE"

// Stderr lines the server writes, for tests that look for them in an
// error.
const (
	ServingLine = "mcptest: serving on stdio"
	CrashLine   = "mcptest: crash: exiting with status 3"
	FailLine    = "mcptest: asked to fail before serving"
)

// ServeIfAsked is the first call of a TestMain: when EnvVar is set, the
// process is the server (or its grandchild) and never returns; otherwise
// it does nothing.
func ServeIfAsked() {
	switch os.Getenv(EnvVar) {
	case "":
		return
	case "1":
		fmt.Fprintln(os.Stderr, ServingLine)
		if err := newServer(true).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, "mcptest:", err)
		}
		os.Exit(0)
	case "block":
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt)
		<-c
		os.Exit(0)
	default:
		fmt.Fprintln(os.Stderr, FailLine)
		os.Exit(1)
	}
}

// Command is the config of a stdio server that runs the current test
// binary as the server; its TestMain must call ServeIfAsked first (else
// the binary runs no test and exits, and the connection fails).
func Command(t testing.TB) config.MCPServer {
	t.Helper()
	return command(t, "1")
}

// FailingCommand is Command's server that writes FailLine to stderr and
// exits 1 before answering anything.
func FailingCommand(t testing.TB) config.MCPServer {
	t.Helper()
	return command(t, "fail")
}

func command(t testing.TB, mode string) config.MCPServer {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("mcptest: the test binary: %v", err)
	}
	return config.MCPServer{Command: exe, Args: []string{"-test.run=^$"}, Env: map[string]string{EnvVar: mode}}
}
