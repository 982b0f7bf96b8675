package buildinfo

// UnstampedVersion is Version in a build that `make release` did not
// stamp: a pre-release of the next version, never one that looks like a
// release (go build outside a checkout, without a module version).
const UnstampedVersion = "0.1.0-dev"

// Version, Commit and Date describe this build: `make release` stamps
// them with -ldflags -X (the only package-level variables here, since -X
// can set nothing else). An unstamped build has Version UnstampedVersion
// and no commit or date; Current reads what go build recorded then.
var (
	Version = UnstampedVersion
	Commit  = ""
	Date    = ""
)
