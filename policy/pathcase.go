package policy

import (
	"os"
	"runtime"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// pathCase is how a platform compares file names. NTFS (Windows) ignores
// case, and so does APFS as macOS formats it by default; Linux file
// systems do not. The policy compares paths as strings in several places
// (the project root, wtagent's own data, the home directory, .git/hooks
// and .git/config, path rules), and each comparison goes through the
// platform's pathCase, so on Windows ".GIT/HOOKS/pre-commit" is
// ".git/hooks/pre-commit" and C:\Proj\.Git\config is c:\proj\.git\config.
// It is data: every platform's rule is tested by table on any OS.
//
// Folding is Unicode upper case then lower case (see key), a superset of
// NTFS's upper-case table for names that matter here. APFS also ignores
// Unicode normalisation (é as one code point or two), so on macOS names
// are compared in NFC as well; NTFS does not normalise.
type pathCase struct {
	// fold: names that differ only in case are the same name.
	fold bool
	// confirm: a path that names the project root only when case is
	// folded is inside it only if it is the same directory on disk
	// (macOS volumes may be formatted case-sensitive). Protected paths
	// and .git names are folded without confirmation: there folding only
	// refuses or asks more.
	confirm bool
	// seps are the characters that separate names.
	seps string
	// shortNames: a name may be an 8.3 alias of another (GIT~1 for .git),
	// which no string comparison sees (Windows).
	shortNames bool
	// nfc: names that differ only in Unicode normalisation are the same
	// name (macOS).
	nfc bool
	// volumes: a path may start with a volume (C:, \\server\share) and a
	// path rooted without one (\x) is on the current drive (Windows).
	volumes bool
}

// pathCaseFor returns the rule of the platform goos.
func pathCaseFor(goos string) pathCase {
	switch goos {
	case "windows":
		return pathCase{fold: true, seps: `/\`, shortNames: true, volumes: true}
	case "darwin", "ios":
		return pathCase{fold: true, confirm: true, seps: "/", nfc: true}
	}
	return pathCase{seps: "/"}
}

// hostPathCase is this platform's rule.
func hostPathCase() pathCase { return pathCaseFor(runtime.GOOS) }

// key is the form names are compared in: p itself when case matters;
// otherwise upper-cased then lower-cased, which sends "ſ" to "s" and the
// Kelvin sign to "k" as well as "A" to "a"; in NFC first where the
// platform ignores normalisation.
func (c pathCase) key(p string) string {
	if c.nfc {
		p = norm.NFC.String(p)
	}
	if !c.fold {
		return p
	}
	return strings.ToLower(strings.ToUpper(p))
}

// same reports whether a and b name the same file under this rule.
func (c pathCase) same(a, b string) bool {
	return a == b || (c.fold || c.nfc) && c.key(a) == c.key(b)
}

// slash returns p with every separator written "/".
func (c pathCase) slash(p string) string {
	for _, s := range c.seps {
		if s != '/' {
			p = strings.ReplaceAll(p, string(s), "/")
		}
	}
	return p
}

// within returns p relative to dir when p is dir (".") or below it,
// comparing name by name under this rule and keeping p's own spelling of
// the rest. sep separates names in both (a trailing one on dir is
// ignored, so "/" and `C:\` work).
func (c pathCase) within(p, dir string, sep byte) (string, bool) {
	if c.same(p, dir) {
		return ".", true
	}
	s := string(sep)
	ps, ds := strings.Split(p, s), strings.Split(strings.TrimSuffix(dir, s), s)
	if len(ps) < len(ds) {
		return "", false
	}
	at := 0
	for i, d := range ds {
		if !c.same(ps[i], d) {
			return "", false
		}
		at += len(ps[i]) + 1
	}
	if at >= len(p) {
		return ".", true // dir itself, with or without a trailing separator
	}
	return p[at:], true
}

// under reports whether p is prefix or below it on this platform.
func under(p, prefix string) bool {
	_, ok := hostPathCase().within(p, prefix, os.PathSeparator)
	return ok
}

// inGitDir reports whether the root-relative rel is .git or inside it.
func (c pathCase) inGitDir(rel string) bool {
	k := c.key(c.slash(rel))
	return k == ".git" || strings.HasPrefix(k, ".git/")
}

// shortAlias returns the first name in p shaped like an 8.3 short name
// when the platform has them, or "".
func (c pathCase) shortAlias(p string) string {
	if !c.shortNames {
		return ""
	}
	for _, name := range strings.Split(c.slash(p), "/") {
		if shortWindowsName(name) {
			return name
		}
	}
	return ""
}
