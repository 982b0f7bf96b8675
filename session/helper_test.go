package session

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// runHelper runs one crash helper in a child process. It reports readiness
// by writing to stdout and then blocks or loops until killed.
func runHelper(mode string) error {
	h, err := NewHome(os.Getenv("WTAGENT_HOME"))
	if err != nil {
		return err
	}
	s, err := Open(h, os.Getenv("WTAGENT_SESSION_ID"))
	if err != nil {
		return err
	}
	switch mode {
	case "state-before-rename":
		// Write the new state's temp file, then hang before the rename.
		s.hooks = &hooks{beforeRename: func(string) error {
			fmt.Println("ready")
			select {}
		}}
		st, err := s.LoadState()
		if err != nil {
			return err
		}
		st.Phase, st.Turn = event.PhaseExecuting, 99
		return s.SaveState(st)
	case "fsize":
		return helperFsize(s)
	case "append-loop":
		l, err := s.OpenLog()
		if err != nil {
			return err
		}
		payload := []byte(`{"text":"padding padding padding padding padding padding"}`)
		for i := 0; ; i++ {
			if _, err := l.Append(event.Event{Type: event.EvToolOutput, Payload: payload}, i%50 == 0); err != nil {
				return err
			}
			if i == 200 {
				fmt.Println("ready")
			}
		}
	}
	return errors.New("unknown helper " + mode)
}

// startHelper starts a crash helper for session id under home and waits
// until it says it is ready.
func startHelper(t *testing.T, mode string, home Home, id string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "WTAGENT_HOME="+home.Dir(), "WTAGENT_SESSION_ID="+id)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan error, 1)
	go func() {
		buf := make([]byte, 6)
		_, err := out.Read(buf)
		ready <- err
	}()
	select {
	case err := <-ready:
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("helper %s: %v", mode, err)
		}
	case <-time.After(3 * time.Minute): // a hang guard
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper %s never got ready", mode)
	}
	return cmd
}

// killHelper kills the helper with SIGKILL and reaps it.
func killHelper(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
}
