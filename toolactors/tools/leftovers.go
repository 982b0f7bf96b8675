package tools

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// tempName is the name of an atomic write's temporary file, beside the
// file written: "." + base + ".wtagent-" + pid + "-" + 12 hex digits +
// ".tmp" (the pid is wtagent's, so a sweep can tell a write in flight in
// another session from one a killed wtagent left behind). Names from
// before the pid was added ("." + base + ".wtagent-" + 12 hex + ".tmp")
// are recognised too.
var tempName = regexp.MustCompile(`^\..+\.wtagent-(?:([0-9]{1,10})-)?[0-9a-f]{12}\.tmp$`)

// tempPattern is the atomicfile.InRoot pattern for a write of base.
func tempPattern(base string) string {
	return "." + base + ".wtagent-" + strconv.Itoa(os.Getpid()) + "-*.tmp"
}

// staleAge is when a temporary file counts as abandoned whatever its pid
// says (the pid may have been reused).
const staleAge = 24 * time.Hour

// maxSweep bounds the entries SweepLeftovers looks at.
const maxSweep = 200_000

// SweepLeftovers removes, under root, the temporary files that wtagent's
// atomic writes (fs.write, fs.edit) left when wtagent was killed during
// one, and returns their root-relative paths. Only wtagent's own are
// removed: a regular file (not a link) named as tempName says, owned by
// this user, whose writer is no longer running (or that is older than a
// day; a name without a pid must be older than an hour). .git and
// node_modules are not entered; the walk stops after maxSweep entries.
func SweepLeftovers(root string, now time.Time) []string {
	var removed []string
	seen := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > maxSweep {
			return filepath.SkipAll
		}
		if d.IsDir() {
			if p != root && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		m := tempName.FindStringSubmatch(d.Name())
		if m == nil || !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || !ownedByMe(info) || !abandoned(m[1], info.ModTime(), now) {
			return nil
		}
		if os.Remove(p) == nil {
			rel, _ := filepath.Rel(root, p)
			removed = append(removed, filepath.ToSlash(rel))
		}
		return nil
	})
	return removed
}

// abandoned reports whether a temporary file written by pid (its name's
// digits, "" for an old name) at mod is no write in flight.
func abandoned(pid string, mod, now time.Time) bool {
	age := now.Sub(mod)
	if pid == "" {
		return age > time.Hour
	}
	n, err := strconv.Atoi(pid)
	if err != nil || age > staleAge {
		return err == nil
	}
	return n != os.Getpid() && !running(n)
}
