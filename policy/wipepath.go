package policy

import (
	"path"
	"strings"
)

// The wipe rules as pure functions of a platform's pathCase, so that every
// platform's rule is tested by table on any OS (see wipe.go for where they
// apply). Paths are compared in canon form: slashed, cleaned, and on
// Windows with the \\?\ and \\.\ prefixes dropped and the volume (C:,
// //server/share) kept apart from the rest, which ".." cannot climb out of.

// volume splits the slashed path p into its volume and the rest: "C:",
// "//server/share", or all of an unfinished "//server" or "//" on
// Windows; "" and p elsewhere.
func (c pathCase) volume(p string) (vol, rest string) {
	if !c.volumes {
		return "", p
	}
	for _, pre := range [...]string{"//?/", "//./"} {
		if r, ok := strings.CutPrefix(p, pre); ok {
			p = r
			if len(r) >= 4 && strings.EqualFold(r[:4], "UNC/") {
				p = "//" + r[4:]
			}
			break
		}
	}
	if len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z') {
		return p[:2], p[2:]
	}
	if !strings.HasPrefix(p, "//") {
		return "", p
	}
	parts := strings.SplitN(p[2:], "/", 3)
	if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
		return p, "" // no share named: the server, or nothing
	}
	vol = "//" + parts[0] + "/" + parts[1]
	return vol, p[len(vol):]
}

// canon returns the absolute path p in canon form.
func (c pathCase) canon(p string) string {
	vol, rest := c.volume(c.slash(p))
	return vol + path.Clean("/"+rest)
}

// wipePath resolves the delete operand p (a wipeForm) to the absolute path
// it names, in canon form: "~" from home, a relative path from cwd, and on
// Windows a path rooted without a volume (\x) on cwd's volume, a
// drive-relative one (C:x) from cwd when cwd is on that drive and from the
// drive's root otherwise (its current directory there is unknown). ""
// when it cannot be said: ~user (another user's home, and rm is refused
// outside the root anyway), or no home.
func (c pathCase) wipePath(p, cwd, home string) string {
	s := c.slash(p)
	switch {
	case s == "~" || strings.HasPrefix(s, "~/"):
		if home == "" {
			return ""
		}
		return c.canon(c.slash(home) + s[1:])
	case strings.HasPrefix(s, "~"):
		return ""
	}
	vol, rest := c.volume(s)
	cwdVol, _ := c.volume(c.slash(cwd))
	switch {
	case vol == "" && strings.HasPrefix(rest, "/"):
		return c.canon(cwdVol + rest)
	case vol == "":
		return c.canon(cwd + "/" + s)
	case rest != "" && !strings.HasPrefix(rest, "/") && c.same(vol, cwdVol):
		return c.canon(cwd + "/" + rest)
	}
	return c.canon(vol + "/" + rest) // C: alone is taken as its root
}

// wipeOf reports what deleting any of paths (absolute; one file as given
// and as resolved) would destroy when that is a hard deny: the root of the
// file system or of a volume, a Windows system directory, a home in homes
// or a directory containing it, a root in roots or a directory containing
// it; "" otherwise. Empty entries are skipped.
func (c pathCase) wipeOf(paths, homes, roots []string) string {
	for _, p := range paths {
		if p == "" {
			continue
		}
		p = c.canon(p)
		vol, rest := c.volume(p)
		switch {
		case rest == "/" && vol == "" && c.volumes:
			return "the root of the current drive (" + p + ")"
		case rest == "/" || rest == "":
			return "the whole file system (" + p + ")"
		case c.volumes && windowsSystemDir(c.key(rest)):
			return "the Windows system directory " + p
		}
		if what := c.contains(p, homes, "your home directory"); what != "" {
			return what
		}
		if what := c.contains(p, roots, "the project root"); what != "" {
			return what
		}
	}
	return ""
}

// contains names p when it is one of dirs (what) or contains one.
func (c pathCase) contains(p string, dirs []string, what string) string {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		d = c.canon(d)
		if c.same(p, d) {
			return what + " (" + p + ")"
		}
		if _, ok := c.within(d, p, '/'); ok {
			return p + ", which contains " + what
		}
	}
	return ""
}

// windowsSystemDir reports whether the folded, volume-relative rest names
// a directory Windows cannot run without.
func windowsSystemDir(rest string) bool {
	switch rest {
	case "/windows", "/program files", "/program files (x86)", "/programdata":
		return true
	}
	return false
}

// wipeExpansion is a variable a delete operand may start with, and the
// wipeForm it stands for.
type wipeExpansion struct{ from, to string }

// wipeExpansions lists the variables wipeForm expands: the shell's home
// and working directory, and on Windows cmd's and PowerShell's spellings
// of the profile, the working directory, the system drive and the system
// directories (on the current drive).
func (c pathCase) wipeExpansions() []wipeExpansion {
	x := []wipeExpansion{{"${HOME}", "~"}, {"$HOME", "~"},
		{"${PWD}", "."}, {"$PWD", "."}, {"$(pwd)", "."}, {"`pwd`", "."}}
	if !c.volumes {
		return x
	}
	for _, v := range [...]wipeExpansion{{"USERPROFILE", "~"}, {"CD", "."}, {"SystemDrive", "/"},
		{"SystemRoot", "/Windows"}, {"windir", "/Windows"}, {"ProgramData", "/ProgramData"},
		{"ALLUSERSPROFILE", "/ProgramData"}, {"ProgramFiles(x86)", "/Program Files (x86)"},
		{"ProgramFiles", "/Program Files"}} {
		x = append(x, wipeExpansion{"%" + v.from + "%", v.to}, wipeExpansion{"${env:" + v.from + "}", v.to},
			wipeExpansion{"$env:" + v.from, v.to})
	}
	return append(x, wipeExpansion{"%HOMEDRIVE%%HOMEPATH%", "~"}, wipeExpansion{"$env:HOMEDRIVE$env:HOMEPATH", "~"},
		wipeExpansion{"(Get-Location)", "."}, wipeExpansion{"$(Get-Location)", "."}, wipeExpansion{"(pwd)", "."})
}

// globSuffixes are the trailing globs that delete a directory's whole
// content: "/*" and "/.*", and on Windows "\*", "\.*" and "*.*" too.
func (c pathCase) globSuffixes() []string {
	var out []string
	for _, s := range c.seps {
		out = append(out, string(s)+"*", string(s)+".*")
		if c.volumes {
			out = append(out, string(s)+"*.*")
		}
	}
	return out
}
