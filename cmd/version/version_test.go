package version

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

func TestNewCmdVersion(t *testing.T) {
	f, _, _, _ := cmdtest.Factory(t, nil)
	ran := false
	if err := cmdtest.Execute(f, NewCmdVersion(f, func(o *Options) error { ran = o.IO == f.IOStreams; return nil })); err != nil || !ran {
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
			want := buildinfo.Line() + "\n"
			if out.String() != want {
				t.Errorf("text: %q, want %q", out, want)
			}
			continue
		}
		var v map[string]string
		if err := json.Unmarshal(out.Bytes(), &v); err != nil || v["version"] != buildinfo.Current().Version || v["go"] != runtime.Version() || !strings.Contains(v["os"]+v["arch"], runtime.GOARCH) {
			t.Errorf("json: %q (%v)", out, err)
		}
	}
}
