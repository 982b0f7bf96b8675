package boundary

import (
	"path"
	"strings"
)

// The wipe rules as pure functions of a platform's Case, so that every
// platform's rule is tested by table on any OS (see wipe.go for where they
// apply). Paths are compared in canon form: slashed, cleaned, and on
// Windows with the \\?\ and \\.\ prefixes dropped and the volume (C:,
// //server/share) kept apart from the rest, which ".." cannot climb out of.

// volume splits the slashed path p into its volume and the rest: "C:",
// "//server/share", or all of an unfinished "//server" or "//" on
// Windows; "" and p elsewhere.
func (c Case) volume(p string) (vol, rest string) {
	if !c.Volumes {
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
func (c Case) canon(p string) string {
	vol, rest := c.volume(c.Slash(p))
	return vol + path.Clean("/"+rest)
}

// WipePath resolves the delete operand p (a wipeForm) to the absolute path
// it names, in canon form: "~" from home, a relative path from cwd, and on
// Windows a path rooted without a volume (\x) on cwd's volume, a
// drive-relative one (C:x) from cwd when cwd is on that drive and from the
// drive's root otherwise (its current directory there is unknown). ""
// when it cannot be said: ~user (another user's home, and rm is refused
// outside the root anyway), or no home.
func (c Case) WipePath(p, cwd, home string) string {
	s := c.Slash(p)
	switch {
	case s == "~" || strings.HasPrefix(s, "~/"):
		if home == "" {
			return ""
		}
		return c.canon(c.Slash(home) + s[1:])
	case strings.HasPrefix(s, "~"):
		return ""
	}
	vol, rest := c.volume(s)
	cwdVol, _ := c.volume(c.Slash(cwd))
	switch {
	case vol == "" && strings.HasPrefix(rest, "/"):
		return c.canon(cwdVol + rest)
	case vol == "":
		return c.canon(cwd + "/" + s)
	case rest != "" && !strings.HasPrefix(rest, "/") && c.Same(vol, cwdVol):
		return c.canon(cwd + "/" + rest)
	}
	return c.canon(vol + "/" + rest) // C: alone is taken as its root
}

// WipeOf reports what deleting any of paths (absolute; one file as given
// and as resolved) would destroy when that is a hard deny: the root of the
// file system or of a volume, a Windows system directory, a home in homes
// or a directory containing it, a root in roots or a directory containing
// it; "" otherwise. Empty entries are skipped.
func (c Case) WipeOf(paths, homes, roots []string) string {
	for _, p := range paths {
		if p == "" {
			continue
		}
		p = c.canon(p)
		vol, rest := c.volume(p)
		switch {
		case rest == "/" && vol == "" && c.Volumes:
			return "the root of the current drive (" + p + ")"
		case rest == "/" || rest == "":
			return "the whole file system (" + p + ")"
		case c.Volumes && windowsSystemDir(c.Key(rest)):
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
func (c Case) contains(p string, dirs []string, what string) string {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		d = c.canon(d)
		if c.Same(p, d) {
			return what + " (" + p + ")"
		}
		if _, ok := c.Within(d, p, '/'); ok {
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

// WipeExpansion is a variable a delete operand may start with, and the
// wipeForm it stands for.
type WipeExpansion struct{ From, To string }

// WipeExpansions lists the variables wipeForm expands: the shell's home
// and working directory, and on Windows cmd's and PowerShell's spellings
// of the profile, the working directory, the system drive and the system
// directories (on the current drive).
func (c Case) WipeExpansions() []WipeExpansion {
	x := []WipeExpansion{{"${HOME}", "~"}, {"$HOME", "~"},
		{"${PWD}", "."}, {"$PWD", "."}, {"$(pwd)", "."}, {"`pwd`", "."}}
	if !c.Volumes {
		return x
	}
	for _, v := range [...]WipeExpansion{{"USERPROFILE", "~"}, {"CD", "."}, {"SystemDrive", "/"},
		{"SystemRoot", "/Windows"}, {"windir", "/Windows"}, {"ProgramData", "/ProgramData"},
		{"ALLUSERSPROFILE", "/ProgramData"}, {"ProgramFiles(x86)", "/Program Files (x86)"},
		{"ProgramFiles", "/Program Files"}} {
		x = append(x, WipeExpansion{"%" + v.From + "%", v.To}, WipeExpansion{"${env:" + v.From + "}", v.To},
			WipeExpansion{"$env:" + v.From, v.To})
	}
	return append(x, WipeExpansion{"%HOMEDRIVE%%HOMEPATH%", "~"}, WipeExpansion{"$env:HOMEDRIVE$env:HOMEPATH", "~"},
		WipeExpansion{"(Get-Location)", "."}, WipeExpansion{"$(Get-Location)", "."}, WipeExpansion{"(pwd)", "."})
}

// GlobSuffixes are the trailing globs that delete a directory's whole
// content: "/*" and "/.*", and on Windows "\*", "\.*" and "*.*" too.
func (c Case) GlobSuffixes() []string {
	var out []string
	for _, s := range c.Seps {
		out = append(out, string(s)+"*", string(s)+".*")
		if c.Volumes {
			out = append(out, string(s)+"*.*")
		}
	}
	return out
}

// WipeForm maps a delete operand to the directory whose whole content it
// removes, the way a shell would expand it: quotes are dropped, "$HOME"
// and "${HOME}" stand for "~", "$PWD", "${PWD}", "$(pwd)" and "`pwd`" for
// ".", and trailing "/*" and "/.*" globs for their directory ("/*" is "/",
// "~/*" is "~"); on Windows also cmd's and PowerShell's variables
// (%USERPROFILE%, $env:SystemRoot …, see WipeExpansions, in any case) and
// "\*" and "*.*" globs. Other expansions (variables set in the script,
// loops, a cd before the delete) are not followed: a script with them
// asks.
func (c Case) WipeForm(w string) string {
	w = strings.NewReplacer(`"`, "", `'`, "").Replace(w)
	for _, v := range c.WipeExpansions() {
		if len(w) < len(v.From) || !(w[:len(v.From)] == v.From || c.Volumes && strings.EqualFold(w[:len(v.From)], v.From)) {
			continue
		}
		if rest := w[len(v.From):]; rest == "" || strings.ContainsRune(c.Seps, rune(rest[0])) {
			if w = v.To + rest; v.To == "/" && rest != "" {
				w = rest // %SystemDrive%\x is \x
			}
			break
		}
	}
	for trimmed := true; trimmed; {
		trimmed = false
		for _, g := range c.GlobSuffixes() {
			if t, ok := strings.CutSuffix(w, g); ok {
				if w, trimmed = t, true; w == "" {
					w = "/"
				}
			}
		}
	}
	return w
}
