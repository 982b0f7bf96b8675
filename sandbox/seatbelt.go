package sandbox

import (
	_ "embed"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// seatbeltExec is macOS's sandbox-exec, by its absolute path only: one
// found on PATH could be anyone's.
const seatbeltExec = "/usr/bin/sandbox-exec"

// seatbeltBase is the part of every profile that does not depend on the
// plan (seatbelt_base.sbpl).
//
//go:embed seatbelt_base.sbpl
var seatbeltBase string

// seatbeltParam is one -D KEY=VALUE of sandbox-exec. Every path reaches
// the profile this way, as (param "KEY"): the profile text holds no path,
// so spaces, quotes, backslashes and any Unicode need no escaping.
type seatbeltParam struct {
	Key, Value string
}

// seatbeltProfile turns p into a Seatbelt (SBPL) profile and its
// parameters. It is the macOS form of the same plan Landlock enforces
// on Linux:
//   - every readable tree (the plan's reads, writes and read-only paths)
//     may be read and mapped executable;
//   - writable trees may be changed; devices read, written (data only:
//     no unlink or rename onto /dev/null) and ioctl'd;
//   - a hidden path strictly inside a granted tree (a credential store
//     or wtagent's data directory inside the project) is cut out of that
//     tree's rule with require-not, and a read-only path (.git/hooks,
//     .git/config) out of the write rule, so unlike Linux without a mount
//     namespace these always hold;
//   - a path with non-ASCII names is granted and cut out in its NFC and
//     NFD spellings as well (see spellings): APFS finds a file by either,
//     Seatbelt compares bytes;
//   - the ancestors of granted trees may be stat'ed (realpath and shells
//     walk them), not listed;
//   - Unix sockets may be reached inside readable trees and bound inside
//     writable ones, except in the user's scratch directories; IP traffic goes anywhere with network, only to and
//     from localhost without.
//
// Rules only ever allow (after the base's deny default), so their order
// does not matter. Seatbelt matches real paths: the plan's paths are
// already resolved (/tmp is /private/tmp on macOS).
//
// This function is tested on every OS (golden profiles in testdata and an
// evaluator that checks the profile against Explain); the profile has not
// been run by sandbox-exec in wtagent's CI, which has no Mac.
func seatbeltProfile(p plan, network bool) (string, []seatbeltParam) {
	var (
		b      strings.Builder
		params []seatbeltParam
		keys   = map[string]string{}
	)
	// param names path under prefix, once per (prefix, path).
	param := func(prefix, path string) string {
		id := prefix + "\x00" + path
		if k, ok := keys[id]; ok {
			return k
		}
		n := 0
		for _, q := range params {
			if strings.HasPrefix(q.Key, prefix+"_") {
				n++
			}
		}
		k := fmt.Sprintf("%s_%d", prefix, n)
		keys[id] = k
		params = append(params, seatbeltParam{Key: k, Value: path})
		return k
	}
	// tree is a subpath filter for dir without the paths cut out of it.
	tree := func(prefix, dir string, cut []string) string {
		f := fmt.Sprintf("(subpath (param %q))", param(prefix, dir))
		var nots []string
		for _, c := range cut {
			for _, f := range cutSpellings(c, dir) {
				nots = append(nots, fmt.Sprintf("(require-not (subpath (param %q)))", param("CUT", f)))
			}
		}
		if len(nots) == 0 {
			return f
		}
		return "(require-all " + f + " " + strings.Join(nots, " ") + ")"
	}
	rule := func(ops string, filters []string) {
		if len(filters) == 0 {
			return
		}
		b.WriteString("(allow " + ops)
		for _, f := range filters {
			b.WriteString("\n  " + f)
		}
		b.WriteString(")\n")
	}
	hidden := dedupe(append(append([]string(nil), p.hidden...), p.masks...))
	readable := spelled(slices.Concat(p.reads, p.writes, p.readOnly))
	writable := spelled(p.writes)
	scratch := spelled(p.scratch)

	b.WriteString(seatbeltBase)
	b.WriteString("\n; The session's plan.\n")
	var reads, writes, devices, dirs, sockets, binds []string
	for _, d := range readable {
		reads = append(reads, tree("READ", d, hidden))
		if !slices.Contains(scratch, d) {
			sockets = append(sockets, fmt.Sprintf("(remote unix-socket (subpath (param %q)))", param("READ", d)))
		}
	}
	for _, d := range writable {
		writes = append(writes, tree("WRITE", d, slices.Concat(hidden, p.readOnly)))
		if !slices.Contains(scratch, d) {
			binds = append(binds, fmt.Sprintf("(local unix-socket (subpath (param %q)))", param("WRITE", d)))
		}
	}
	for _, d := range dedupe(p.devices) {
		devices = append(devices, fmt.Sprintf("(subpath (param %q))", param("DEV", d)))
	}
	for _, d := range ancestors(slices.Concat(readable, p.devices)) {
		if !slices.ContainsFunc(readable, func(r string) bool { return under(d, r) }) {
			dirs = append(dirs, fmt.Sprintf("(literal (param %q))", param("DIR", d)))
		}
	}
	rule("file-read* file-test-existence file-map-executable", reads)
	rule("file-write*", writes)
	rule("file-read* file-write-data file-ioctl", devices)
	rule("file-read-metadata file-test-existence", dirs)
	b.WriteString("\n; Network.\n(allow system-socket)\n")
	rule("network-outbound", sockets)
	rule("network-bind", binds)
	if network {
		b.WriteString("(allow network-outbound (remote ip \"*:*\"))\n")
		b.WriteString("(allow network-inbound (local ip \"*:*\"))\n")
	} else {
		b.WriteString("; Without network: loopback only. A server may bind any address but\n")
		b.WriteString("; only accepts on localhost.\n")
		b.WriteString("(allow network-outbound (remote ip \"localhost:*\"))\n")
		b.WriteString("(allow network-inbound (local ip \"localhost:*\"))\n")
	}
	b.WriteString("(allow network-bind (local ip \"*:*\"))\n")
	return b.String(), params
}

// seatbeltCommand rewrites cmd to run its program under sandbox-exec with
// profile and params, TMPDIR set to tmp: the same program (by its
// resolved path, which becomes its argv[0]), arguments, directory,
// environment, standard streams and SysProcAttr (a PTY set up by the
// caller stays the controlling terminal: sandbox-exec execs the program
// in its own process, so the pid is the program's too). cmd.Err, a
// failed lookup, is kept for Start to return.
func seatbeltCommand(cmd *exec.Cmd, profile string, params []seatbeltParam, tmp string) {
	argv := []string{"sandbox-exec", "-p", profile}
	for _, q := range params {
		argv = append(argv, "-D", q.Key+"="+q.Value)
	}
	path := cmd.Path
	if !strings.Contains(path, "/") {
		// sandbox-exec would search PATH for a bare name; exec.Cmd takes
		// it from Dir.
		path = "./" + path
	}
	argv = append(argv, "--", path)
	if len(cmd.Args) > 1 {
		argv = append(argv, cmd.Args[1:]...)
	}
	cmd.Path, cmd.Args = seatbeltExec, argv
	if tmp != "" {
		cmd.Env = withEnv(cmd.Env, "TMPDIR", tmp)
	}
}

// seatbeltHides reports whether a profile made from p lets no program
// read path (resolved): it is outside every readable tree, or a hidden
// path cut out of the tree that holds it.
func (p plan) seatbeltHides(path string) bool {
	q := resolveExisting(filepath.Clean(path))
	hidden := append(append([]string(nil), p.hidden...), p.masks...)
	for _, d := range slices.Concat(spelled(slices.Concat(p.reads, p.writes, p.readOnly)), p.devices) {
		if !under(q, d) {
			continue
		}
		if !slices.ContainsFunc(hidden, func(h string) bool {
			return slices.ContainsFunc(cutSpellings(h, d), func(c string) bool { return under(q, c) })
		}) {
			return false
		}
	}
	return true
}

// ancestors lists the directories above paths, without "/" and without
// duplicates, in the order first met.
func ancestors(paths []string) []string {
	var out []string
	for _, p := range paths {
		var up []string
		for d := filepath.Dir(p); d != "/" && d != "." && d != p; d = filepath.Dir(d) {
			up = append(up, d)
		}
		slices.Reverse(up)
		out = append(out, up...)
	}
	return dedupe(out)
}

// dedupe drops empty and repeated entries, keeping the first.
func dedupe(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
