// Command wtrelease builds wtagent's release binaries (`make release`):
// one per target, reproducible (-trimpath, no build id, no cgo, the date
// of the commit rather than of the build), stamped with version, commit
// and date, plus a SHA256SUMS file that `sha256sum -c` reads. Each binary
// is checked after the build: its format and architecture (debug/elf,
// debug/pe, debug/macho), and for the host's own target its --version.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	var o options
	flag.StringVar(&o.Out, "out", "dist", "directory for the binaries and SHA256SUMS")
	flag.StringVar(&o.Stamp.Version, "version", "", "version to stamp (required)")
	flag.StringVar(&o.Stamp.Commit, "commit", "", "commit to stamp")
	flag.StringVar(&o.Stamp.Date, "date", "", "date to stamp (RFC 3339, the commit's)")
	targets := flag.String("targets", strings.Join(defaultTargets(), ","), "GOOS/GOARCH list")
	flag.Parse()
	o.Targets = strings.Split(*targets, ",")
	o.Pkg = "./cmd/wtagent"
	arts, err := release(context.Background(), o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wtrelease:", err)
		os.Exit(1)
	}
	for _, a := range arts {
		fmt.Printf("%s  %s  %s\n", a.SHA256, a.Target, a.Path)
	}
}
