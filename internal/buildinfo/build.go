package buildinfo

import (
	"runtime/debug"
)

// Info is what a binary says about its source.
type Info struct {
	// Version is the release's, or the module's (go install …@v1.2.3 or a
	// pseudo-version), or UnstampedVersion.
	Version string
	// Commit and Date are the commit and its time.
	Commit, Date string
	// Modified is set when the build had uncommitted changes.
	Modified bool
}

// Current is this binary's Info: the release's stamps (cmd/wtrelease sets
// them with -ldflags -X) when it has them, otherwise what go build and go
// install recorded (runtime/debug.ReadBuildInfo: the module version and
// vcs.revision, vcs.time, vcs.modified).
func Current() Info {
	bi, _ := debug.ReadBuildInfo()
	return current(Version, Commit, Date, bi)
}

func current(version, commit, date string, bi *debug.BuildInfo) Info {
	i := Info{Version: version, Commit: commit, Date: date}
	stamped := version != UnstampedVersion || commit != "" || date != ""
	if stamped || bi == nil {
		return i
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		i.Version = v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			i.Commit = s.Value
		case "vcs.time":
			i.Date = s.Value
		case "vcs.modified":
			i.Modified = s.Value == "true"
		}
	}
	return i
}

// shortCommit is the commit as `make release` stamps it (12 hex digits),
// with "-dirty" after it for a build with uncommitted changes.
func (i Info) shortCommit() string {
	c := i.Commit
	if len(c) > 12 {
		c = c[:12]
	}
	if i.Modified && c != "" {
		c += "-dirty"
	}
	return c
}
