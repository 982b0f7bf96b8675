package boundary

import (
	"os"
	"runtime"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Case is how a platform compares file names. NTFS (Windows) ignores
// case, and so does APFS as macOS formats it by default; Linux file
// systems do not. The policy compares paths as strings in several places
// (the project root, wtagent's own data, the home directory, .git/hooks
// and .git/config, path rules), and each comparison goes through the
// platform's Case, so on Windows ".GIT/HOOKS/pre-commit" is
// ".git/hooks/pre-commit" and C:\Proj\.Git\config is c:\proj\.git\config.
// It is data: every platform's rule is tested by table on any OS.
//
// Folding is Unicode upper case then lower case (see key), a superset of
// NTFS's upper-case table for names that matter here. APFS also ignores
// Unicode normalisation (é as one code point or two), so on macOS names
// are compared in NFC as well; NTFS does not normalise.
type Case struct {
	// fold: names that differ only in case are the same name.
	fold bool
	// confirm: a path that names the project root only when case is
	// folded is inside it only if it is the same directory on disk
	// (macOS volumes may be formatted case-sensitive). Protected paths
	// and .git names are folded without confirmation: there folding only
	// refuses or asks more.
	confirm bool
	// Seps are the characters that separate names.
	Seps string
	// shortNames: a name may be an 8.3 alias of another (GIT~1 for .git),
	// which no string comparison sees (Windows).
	shortNames bool
	// nfc: names that differ only in Unicode normalisation are the same
	// name (macOS).
	nfc bool
	// Volumes: a path may start with a volume (C:, \\server\share) and a
	// path rooted without one (\x) is on the current drive (Windows).
	Volumes bool
}

// CaseFor returns the rule of the platform goos.
func CaseFor(goos string) Case {
	switch goos {
	case "windows":
		return Case{fold: true, Seps: `/\`, shortNames: true, Volumes: true}
	case "darwin", "ios":
		return Case{fold: true, confirm: true, Seps: "/", nfc: true}
	}
	return Case{Seps: "/"}
}

// HostCase is this platform's rule.
func HostCase() Case { return CaseFor(runtime.GOOS) }

// Key is the form names are compared in: p itself when case matters;
// otherwise upper-cased then lower-cased, which sends "ſ" to "s" and the
// Kelvin sign to "k" as well as "A" to "a"; in NFC first where the
// platform ignores normalisation.
func (c Case) Key(p string) string {
	if c.nfc {
		p = norm.NFC.String(p)
	}
	if !c.fold {
		return p
	}
	return strings.ToLower(strings.ToUpper(p))
}

// Same reports whether a and b name the same file under this rule.
func (c Case) Same(a, b string) bool {
	return a == b || (c.fold || c.nfc) && c.Key(a) == c.Key(b)
}

// Slash returns p with every separator written "/".
func (c Case) Slash(p string) string {
	for _, s := range c.Seps {
		if s != '/' {
			p = strings.ReplaceAll(p, string(s), "/")
		}
	}
	return p
}

// Within returns p relative to dir when p is dir (".") or below it,
// comparing name by name under this rule and keeping p's own spelling of
// the rest. sep separates names in both (a trailing one on dir is
// ignored, so "/" and `C:\` work).
func (c Case) Within(p, dir string, sep byte) (string, bool) {
	if c.Same(p, dir) {
		return ".", true
	}
	s := string(sep)
	ps, ds := strings.Split(p, s), strings.Split(strings.TrimSuffix(dir, s), s)
	if len(ps) < len(ds) {
		return "", false
	}
	at := 0
	for i, d := range ds {
		if !c.Same(ps[i], d) {
			return "", false
		}
		at += len(ps[i]) + 1
	}
	if at >= len(p) {
		return ".", true // dir itself, with or without a trailing separator
	}
	return p[at:], true
}

// Under reports whether p is prefix or below it on this platform.
func Under(p, prefix string) bool {
	_, ok := HostCase().Within(p, prefix, os.PathSeparator)
	return ok
}

// InGitDir reports whether the root-relative rel is .git or inside it.
func (c Case) InGitDir(rel string) bool {
	k := c.Key(c.Slash(rel))
	return k == ".git" || strings.HasPrefix(k, ".git/")
}

// ShortAlias returns the first name in p shaped like an 8.3 short name
// when the platform has them, or "".
func (c Case) ShortAlias(p string) string {
	if !c.shortNames {
		return ""
	}
	for _, name := range strings.Split(c.Slash(p), "/") {
		if shortWindowsName(name) {
			return name
		}
	}
	return ""
}
