package buildinfo

import (
	"runtime/debug"
	"testing"
)

// TestLine: a build shows its commit (12 digits, "-dirty" when it had
// uncommitted changes) and date when it knows them.
func TestLine(t *testing.T) {
	for _, tc := range []struct {
		i    Info
		want string
	}{
		{Info{Version: "0.1.0"}, "wtagent 0.1.0 (go1.26.0, linux/amd64)"},
		{Info{Version: "v1.2.3", Commit: "0123456789ab", Date: "2026-12-03T08:00:00Z"}, "wtagent v1.2.3 (0123456789ab, 2026-12-03T08:00:00Z, go1.26.0, linux/amd64)"},
		{Info{Version: "0.1.0", Commit: "0123456789abcdef0123456789abcdef01234567", Date: "2026-12-03T08:00:00Z", Modified: true},
			"wtagent 0.1.0 (0123456789ab-dirty, 2026-12-03T08:00:00Z, go1.26.0, linux/amd64)"},
	} {
		if got := line(tc.i, "go1.26.0", "linux/amd64"); got != tc.want {
			t.Errorf("line(%+v) = %q, want %q", tc.i, got, tc.want)
		}
	}
}

// TestCurrent: release stamps win; without them the module version and
// the VCS settings go build recorded describe the build.
func TestCurrent(t *testing.T) {
	vcs := &debug.BuildInfo{Main: debug.Module{Path: "github.com/wtagent/wtagent", Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "-buildmode", Value: "exe"}, {Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-12-03T08:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	installed := &debug.BuildInfo{Main: debug.Module{Path: "github.com/wtagent/wtagent", Version: "v0.0.0-20261203080000-0123456789ab"}}
	unstamped := UnstampedVersion
	for _, tc := range []struct {
		name                  string
		version, commit, date string
		bi                    *debug.BuildInfo
		want                  Info
	}{
		{"go build in a checkout", unstamped, "", "", vcs,
			Info{Version: unstamped, Commit: "0123456789abcdef0123456789abcdef01234567", Date: "2026-12-03T08:00:00Z", Modified: true}},
		{"go install …@latest", unstamped, "", "", installed, Info{Version: "v0.0.0-20261203080000-0123456789ab"}},
		{"release", "v1.2.3", "fedcba987654", "2026-12-01T00:00:00Z", vcs, Info{Version: "v1.2.3", Commit: "fedcba987654", Date: "2026-12-01T00:00:00Z"}},
		{"release without git", "v1.2.3", "", "", installed, Info{Version: "v1.2.3"}},
		{"no build info", unstamped, "", "", nil, Info{Version: unstamped}},
	} {
		if got := current(tc.version, tc.commit, tc.date, tc.bi); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
