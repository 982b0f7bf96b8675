package version

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/cmd/cmdutil/cmdtest"
)

func TestNewCmdVersion(t *testing.T) {
	f, _, _, _ := cmdtest.Factory(t, nil)
	ran := false
	if err := cmdtest.Execute(f, NewCmdVersion(f, func(o *Options) error { ran = o.F == f; return nil })); err != nil || !ran {
		t.Fatalf("err %v, ran %v", err, ran)
	}
	if err := cmdtest.Execute(f, NewCmdVersion(f, func(*Options) error { return nil }), "extra"); err == nil {
		t.Fatal("an argument was accepted")
	}
}

func TestVersionRun(t *testing.T) {
	for _, json_ := range []bool{false, true} {
		f, _, out, _ := cmdtest.Factory(t, nil)
		f.Global.JSON = json_
		if err := cmdtest.Execute(f, NewCmdVersion(f, nil)); err != nil {
			t.Fatal(err)
		}
		if !json_ {
			want := "wtagent " + cmdutil.Version + " (" + runtime.Version() + ", " + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
			if out.String() != want {
				t.Errorf("text: %q, want %q", out, want)
			}
			continue
		}
		var v map[string]string
		if err := json.Unmarshal(out.Bytes(), &v); err != nil || v["version"] != cmdutil.Version || v["go"] != runtime.Version() || !strings.Contains(v["os"]+v["arch"], runtime.GOARCH) {
			t.Errorf("json: %q (%v)", out, err)
		}
	}
}

// TestLine: a stamped build shows its commit and date, an unstamped one
// leaves them out.
func TestLine(t *testing.T) {
	for _, tc := range []struct{ version, commit, date, want string }{
		{"0.1.0", "", "", "wtagent 0.1.0 (go1.26.0, linux/amd64)"},
		{"v1.2.3", "0123456789ab", "2026-12-03T08:00:00Z", "wtagent v1.2.3 (0123456789ab, 2026-12-03T08:00:00Z, go1.26.0, linux/amd64)"},
	} {
		if got := line(tc.version, tc.commit, tc.date, "go1.26.0", "linux/amd64"); got != tc.want {
			t.Errorf("line(%q, %q, %q) = %q, want %q", tc.version, tc.commit, tc.date, got, tc.want)
		}
	}
}
