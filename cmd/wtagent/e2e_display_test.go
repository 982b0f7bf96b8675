//go:build linux

package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// wmReady is what the window manager prints once it manages the display.
const wmReady = "wtagent-test-wm-ready"

// virtualDisplay starts an X server of the test's own (Xvfb, on a display
// number it picks itself: -displayfd) with a window manager (openbox:
// minimising and restoring a window is the window manager's work; on a
// bare X server Chrome's window stays as it is) and returns the DISPLAY
// value for the wtagent under test; the test's own environment is left
// alone. Both are stopped at cleanup. Without them the test skips, or
// fails under WTAGENT_REQUIRE_BROWSER (CI installs both).
func virtualDisplay(t *testing.T) string {
	t.Helper()
	skipShort(t)
	for _, prog := range []string{"Xvfb", "openbox"} {
		if _, err := exec.LookPath(prog); err != nil {
			noDisplay(t, prog+" is not installed (Debian: apt-get install xvfb openbox)")
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var xerr bytes.Buffer
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp")
	x.ExtraFiles, x.Stderr = []*os.File{w}, &xerr
	err = x.Start()
	w.Close()
	if err != nil {
		r.Close()
		noDisplay(t, "Xvfb: "+err.Error())
	}
	stopAtCleanup(t, x)
	// Xvfb writes the display number once it accepts clients; the pipe
	// ends without one when it exits first.
	hang := time.AfterFunc(hangGuard, func() { x.Process.Kill() })
	num, err := bufio.NewReader(r).ReadString('\n')
	hang.Stop()
	r.Close()
	if err != nil {
		x.Wait()
		noDisplay(t, "Xvfb did not start: "+strings.TrimSpace(xerr.String()))
	}
	display := ":" + strings.TrimSpace(num)
	startWindowManager(t, display)
	return display
}

// startWindowManager starts openbox on display and returns once it
// manages it (it runs its --startup command then).
func startWindowManager(t *testing.T, display string) {
	t.Helper()
	wm := exec.Command("openbox", "--sm-disable", "--startup", "echo "+wmReady)
	wm.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+t.TempDir())
	out, err := wm.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var wmErr bytes.Buffer
	wm.Stderr = &wmErr
	if err := wm.Start(); err != nil {
		noDisplay(t, "openbox: "+err.Error())
	}
	stopAtCleanup(t, wm)
	hang := time.AfterFunc(hangGuard, func() { wm.Process.Kill() })
	defer hang.Stop()
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if lines.Text() == wmReady {
			go io.Copy(io.Discard, out) // what it prints later
			return
		}
	}
	wm.Wait()
	noDisplay(t, "openbox did not start on "+display+": "+strings.TrimSpace(wmErr.String()))
}

// stopAtCleanup ends cmd (SIGTERM: Xvfb removes its socket and lock) and
// waits for it when the test ends.
func stopAtCleanup(t *testing.T, cmd *exec.Cmd) {
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
}

// noDisplay skips a headed test that has no X server (fails it under
// WTAGENT_REQUIRE_BROWSER), saying why.
func noDisplay(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("WTAGENT_REQUIRE_BROWSER") != "" {
		t.Fatalf("WTAGENT_REQUIRE_BROWSER is set but no X server can be started for a visible Chrome: %s", why)
	}
	t.Skip("no X server for a visible Chrome: " + why)
}
