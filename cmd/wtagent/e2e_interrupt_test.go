//go:build linux

package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// TestStatusEndsOnFirstInterrupt: `wtagent status` asks a live session's
// socket that takes the connection and never answers; the first SIGINT
// ends it at once with ExitCancelled, printing no listing (before, the
// query ignored the signal, waited out its own bound and printed the
// session as running).
func TestStatusEndsOnFirstInterrupt(t *testing.T) {
	e := newEnv(t)
	sock := filepath.Join(t.TempDir(), "status.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c // held open, never answered
		}
	}()
	h, err := session.NewHome(e.home)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := session.Create(h, session.Meta{Root: e.root, Task: "stuck", Provider: "script", PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.UpdateState(func(st *session.State) error { st.Socket = sock; return nil }); err != nil {
		t.Fatal(err)
	}
	sess.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := e.command(ctx, "status")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c, ok := <-accepted // status is now waiting on the socket
	if !ok {
		t.Fatal("the listener closed before status connected")
	}
	defer c.Close()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	ee, isExit := err.(*exec.ExitError)
	if !isExit || ee.ExitCode() != cmdutil.ExitCancelled {
		t.Fatalf("status after SIGINT: %v, want exit %d\nstdout:\n%s\nstderr:\n%s", err, cmdutil.ExitCancelled, &out, &errOut)
	}
	if out.Len() != 0 || !strings.Contains(errOut.String(), "interrupt") {
		t.Fatalf("status after SIGINT printed:\nstdout:\n%s\nstderr:\n%s", &out, &errOut)
	}
}
