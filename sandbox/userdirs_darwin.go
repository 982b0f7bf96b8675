package sandbox

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// userScratchDirs asks getconf(1) for the user's Darwin cache and
// temporary directories (confstr's _CS_DARWIN_USER_CACHE_DIR and
// _CS_DARWIN_USER_TEMP_DIR: golang.org/x/sys/unix has no confstr and
// wtagent builds without cgo). One that getconf cannot give is left out:
// tools that write there are then refused, as before.
func userScratchDirs() []string {
	var out []string
	for _, name := range []string{"DARWIN_USER_CACHE_DIR", "DARWIN_USER_TEMP_DIR"} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		b, err := exec.CommandContext(ctx, "/usr/bin/getconf", name).Output()
		cancel()
		if d := strings.TrimSpace(string(b)); err == nil && filepath.IsAbs(d) {
			out = append(out, d)
		}
	}
	return out
}
