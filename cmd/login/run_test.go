package login

import (
	"context"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// TestLoginRun: loginRun over captured streams, with headless Chromium
// against the mock ChatGPT page: a logged-in profile is reported logged
// in; a Chrome binary that is not there fails the login, saying so.
func TestLoginRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium; not under -short")
	}
	if _, err := chrome.Discover(os.Getenv, runtime.GOOS); err != nil {
		t.Skipf("no Chrome or Chromium to log in with: %v", err)
	}
	srv := mockchat.New(mockchat.Options{LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	tests := []struct {
		name    string
		chrome  string
		want    string // in stdout
		wantErr string
	}{
		{name: "logged in", want: "✔ logged in to ChatGPT"},
		{name: "no such chrome", chrome: "/nonexistent/chrome", wantErr: "login: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, _ := cmdtest.Home(t, nil)
			ios, _, out, _ := iostreams.Test()
			o := &Options{IO: ios, Home: home, ChatGPTURL: url, Chrome: tc.chrome, Headless: true, Timeout: 90 * time.Second}
			err := loginRun(context.Background(), o)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one starting %q\n%s", err, tc.wantErr, out)
				}
				return
			}
			if err != nil || !strings.Contains(out.String(), tc.want) {
				t.Fatalf("err %v, stdout lacks %q:\n%s", err, tc.want, out)
			}
		})
	}
}
