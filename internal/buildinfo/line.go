package buildinfo

import (
	"fmt"
	"runtime"
	"strings"
)

// Line is the one-line version that `wtagent version` and `wtagent
// --version` print: "wtagent 0.1.0-dev (go1.26.0, linux/amd64)", with the
// commit (12 digits, "-dirty" after it for uncommitted changes) and its
// date first in the parentheses when the build knows them.
func Line() string {
	return line(Current(), runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
}

func line(i Info, goVersion, platform string) string {
	var parts []string
	for _, p := range []string{i.shortCommit(), i.Date, goVersion, platform} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return fmt.Sprintf("wtagent %s (%s)", i.Version, strings.Join(parts, ", "))
}
