package chrome

import (
	"os"
	"os/exec"
	"testing"
)

// chromium returns the browser binary for the tests, or skips (fails when
// WTAGENT_REQUIRE_BROWSER=1, except under -short, where it always skips).
func chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: starts Chromium; not under -short")
	}
	if f, err := Discover(os.Getenv, "linux"); err == nil {
		return f.Path
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("WTAGENT_REQUIRE_BROWSER") == "1" {
		t.Fatal("no Chromium found and WTAGENT_REQUIRE_BROWSER=1")
	}
	t.Skip("no Chromium found (set WTAGENT_CHROME)")
	return ""
}
