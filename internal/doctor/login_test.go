package doctor

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session"
)

// TestCheckLoginOffline: without Chrome, a profile never opened is not
// logged in (an error); an opened one is reported as not checked, and the
// summary says wtagent is ready but the login was not checked.
func TestCheckLoginOffline(t *testing.T) {
	home := t.TempDir()
	h, err := session.ResolveHome(func(k string) string {
		if k == "WTAGENT_HOME" {
			return home
		}
		return ""
	}, "linux")
	if err != nil {
		t.Fatal(err)
	}
	r := checkLoginOffline(h)
	if r.Level != levelError || !strings.Contains(r.Detail, "never been opened") || r.Fix != fixLogin {
		t.Errorf("a fresh profile: %+v", r)
	}
	if err := os.MkdirAll(h.ProfileDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h.ProfileDir(), chromeProfileMark), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	r = checkLoginOffline(h)
	if r.Level != levelWarning || r.Detail != detailUnchecked {
		t.Errorf("an opened profile: %+v", r)
	}
	for _, tc := range []struct {
		results []Result
		want    string
	}{
		{[]Result{{Name: "home", Level: levelOK}, r}, "wtagent is ready, but its ChatGPT login was not checked: wtagent doctor --login starts Chrome and checks it."},
		{[]Result{{Name: "home", Level: levelOK}, {Name: "login", Level: levelOK}}, "wtagent is ready."},
		{[]Result{{Name: "login", Level: levelError}}, "wtagent is not ready: 1 problem(s) block use; see the fixes above."},
	} {
		var b bytes.Buffer
		Print(&b, tc.results, false)
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		if got := lines[len(lines)-1]; got != tc.want {
			t.Errorf("Print(%+v) ends %q, want %q", tc.results, got, tc.want)
		}
	}
}
