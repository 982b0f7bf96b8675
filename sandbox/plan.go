package sandbox

import (
	"github.com/wtagent/wtagent/internal/owntemp"
	"github.com/wtagent/wtagent/policy"
	"os"
	"path/filepath"
	"runtime"
	"slices"
)

// plan is the filesystem view a Spec gives programs.
type plan struct {
	// reads are trees programs may read and run from.
	reads []string
	// writes are trees programs may also change.
	writes []string
	// devices are device files (and /dev/pts) programs may read, write
	// and use ioctl on.
	devices []string
	// hidden are never readable: credential stores, wtagent's data
	// directory, other users' homes, temporary directories not ours.
	hidden []string
	// masks are hidden paths inside a granted tree (the project is the
	// home, the data directory is inside the project): covered by an
	// empty read-only mount when namespaces are available.
	masks []string
	// readOnly are paths inside a writable tree that stay read-only
	// (.git/hooks, .git/config), by a read-only bind mount.
	readOnly []string
	// scratch are the OS's per-user scratch directories granted (also
	// in reads or writes, see layout.scratch): the Unix sockets other
	// programs of the user leave there (editors' IPC sockets in the
	// user's TMPDIR) stay out of reach.
	scratch []string
}

// newPlan works out what spec's programs may read and write on this OS.
func newPlan(spec Spec) plan {
	sys := layoutFor(runtime.GOOS)
	sys.scratch = userScratchDirs()
	return planFor(spec, sys)
}

// planFor works out what spec's programs may read and write given the
// OS's layout sys.
func planFor(spec Spec, sys layout) plan {
	var p plan
	home := clean(spec.Home)
	data := clean(spec.DataDir)
	creds := CredentialStores(home)
	p.hidden = append(p.hidden, sys.hidden...)
	p.hidden = append(p.hidden, creds...)
	// wtagent's own temporary files (owntemp) stay hidden even where the
	// system's temporary directory is granted (macOS: the Darwin temporary
	// directory is scratch); the session's own TempDir inside it is
	// granted on its own.
	for _, h := range []string{home, data, clean(os.TempDir()), clean(owntemp.Path())} {
		if h != "" {
			p.hidden = append(p.hidden, h)
		}
	}
	p.reads = systemReads("/", p.hidden)
	root := clean(spec.Root)
	tmp := clean(spec.TempDir)
	tc := findToolchains(home, spec.Env)
	// safe rejects a toolchain path that would open the home, wtagent's
	// data or a credential store.
	safe := func(d string) bool {
		if d == "" || d == "/" || under(home, d) || under(data, d) || under(d, data) || !exists(d) {
			return false
		}
		return !slices.ContainsFunc(creds, func(c string) bool { return under(c, d) || under(d, c) })
	}
	for _, d := range tc.read {
		d = clean(d)
		// A toolchain directory that holds a credential file
		// (~/.cargo/credentials.toml) is granted without it.
		if inner := slices.ContainsFunc(creds, func(c string) bool { return under(c, d) && c != d }); inner &&
			d != "" && !under(home, d) && !under(d, data) && !under(data, d) && exists(d) {
			p.reads = append(p.reads, systemReads(d, creds)...)
		} else if safe(d) {
			p.reads = append(p.reads, d)
		}
	}
	if tmp != "" {
		p.writes = append(p.writes, tmp)
	}
	p.scratch = scratchDirs(sys.scratch, home)
	if spec.Mode == WorkspaceWrite {
		p.writes = append(p.writes, p.scratch...)
		if root != "" {
			p.writes = append(p.writes, confinedWrites(root, spec.Confine)...)
			if spec.Confine != nil {
				p.reads = append(p.reads, root)
			}
			for _, g := range []string{".git/hooks", ".git/config"} {
				if g := filepath.Join(root, g); exists(g) {
					p.readOnly = append(p.readOnly, g)
				}
			}
		}
		for _, d := range append(tc.write, spec.Writable...) {
			if d = clean(d); safe(d) {
				p.writes = append(p.writes, d)
			}
		}
		p.readOnly = append(p.readOnly, codeCovers(home, root, tc.read, p.writes, append(slices.Clone(creds), data))...)
	} else {
		p.reads = append(p.reads, p.scratch...)
		if root != "" {
			p.reads = append(p.reads, root)
		}
	}
	for _, d := range sys.devices {
		if exists(d) {
			p.devices = append(p.devices, d)
		}
	}
	if exists("/dev/shm") {
		p.writes = append(p.writes, "/dev/shm")
	}
	granted := append(append([]string(nil), p.reads...), p.writes...)
	for _, h := range append(append([]string(nil), creds...), data, "/run/docker.sock", "/var/run/docker.sock") {
		if h == "" || !exists(h) {
			continue
		}
		if slices.ContainsFunc(granted, func(g string) bool { return under(h, g) }) {
			p.masks = append(p.masks, h)
		}
	}
	return p
}

// codeCovers lists the programs and the configuration that makes tools
// run code (policy.HomeCode under home, the PATH and the toolchain directories
// in reads) that lie inside a writable tree, as when the project is the
// home: they stay read-only. A PATH or toolchain directory inside a
// project that is not (or does not hold) the home is the project's own
// (its .venv/bin, node_modules/.bin) and stays writable with it. Hidden
// paths (credential stores, wtagent's data) are left to the masks.
func codeCovers(home, root string, reads, writes, hidden []string) []string {
	var code []string
	if home != "" {
		for _, c := range policy.HomeCode() {
			code = append(code, filepath.Join(home, c))
		}
	}
	projectOwn := func(d string) bool { return under(d, root) && !under(home, root) }
	for _, d := range reads {
		if d = clean(d); d != "" && !projectOwn(d) {
			code = append(code, d)
		}
	}
	var out []string
	for _, c := range code {
		if c = clean(c); c == "" || !exists(c) || !slices.ContainsFunc(writes, func(w string) bool { return under(c, w) && c != w }) ||
			slices.ContainsFunc(hidden, func(h string) bool { return under(c, h) }) {
			continue
		}
		// A cache granted inside (~/.cargo/registry in ~/.cargo) stays
		// writable, a credential store inside stays hidden: the rest of c
		// is covered entry by entry.
		var inner []string
		for _, w := range append(slices.Clone(writes), hidden...) {
			if w != "" && under(w, c) {
				inner = append(inner, w)
			}
		}
		list := []string{c}
		if len(inner) > 0 {
			list = systemReads(c, inner)
		}
		for _, l := range list {
			if !slices.ContainsFunc(out, func(o string) bool { return under(l, o) }) {
				out = append(out, l)
			}
		}
	}
	return out
}

// scratchDirs keeps the OS's per-user scratch directories that exist,
// spelled as the plan spells paths, and that hold neither the home nor
// everything. A credential store or wtagent's data directory inside one
// is not refused here: like one inside the project it becomes a mask,
// cut out of the grant.
func scratchDirs(dirs []string, home string) []string {
	var out []string
	for _, d := range dirs {
		if d = clean(d); d != "" && d != "/" && !under(home, d) && exists(d) {
			out = append(out, d)
		}
	}
	return out
}

// systemReads grants dir's entries except the hidden paths, descending
// into an entry that holds a hidden path.
func systemReads(dir string, hidden []string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if slices.Contains(hidden, p) {
			continue
		}
		if e.Type()&os.ModeSymlink != 0 {
			t, err := filepath.EvalSymlinks(p)
			if err != nil || slices.ContainsFunc(hidden, func(h string) bool { return under(t, h) || under(h, t) }) {
				continue
			}
			out = append(out, p)
			continue
		}
		if slices.ContainsFunc(hidden, func(h string) bool { return under(h, p) }) {
			if e.IsDir() {
				out = append(out, systemReads(p, hidden)...)
			}
			continue
		}
		out = append(out, p)
	}
	return out
}

// confinedWrites are what programs may change in the project root: the
// whole of it, or, with a confinement, its existing directories inside
// the root (the root itself is then only read).
func confinedWrites(root string, confine []string) []string {
	if confine == nil {
		return []string{root}
	}
	var out []string
	for _, c := range confine {
		if c = clean(c); under(c, root) {
			if fi, err := os.Stat(c); err == nil && fi.IsDir() {
				out = append(out, c)
			}
		}
	}
	return out
}

func clean(p string) string {
	if p == "" || !filepath.IsAbs(p) {
		return ""
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return onDisk(r)
	}
	return onDisk(filepath.Clean(p))
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
