package proc

import (
	"io/fs"
	"path/filepath"
	"strings"
)

// ExecRules say what a program name means on a platform: which characters
// make it a path, which files are executables, how environment keys
// compare. They are data, so the Windows rules are tested on any OS.
type ExecRules struct {
	// exts is PATHEXT split (Windows); nil means Unix: an executable is a
	// file with an execute bit, and a bare name is the file's whole name.
	exts []string
	// seps are the characters that make a program name a path.
	seps string
	// foldEnv compares environment keys case-insensitively (Windows).
	foldEnv bool
}

// unixExecRules are the rules of Linux and macOS.
func unixExecRules() ExecRules { return ExecRules{seps: "/"} }

// windowsExecRules are the rules of Windows with the given PATHEXT
// (".COM;.EXE;.BAT;.CMD" when empty).
func windowsExecRules(pathext string) ExecRules {
	if pathext == "" {
		pathext = ".COM;.EXE;.BAT;.CMD"
	}
	r := ExecRules{seps: `/\`, foldEnv: true}
	for _, e := range strings.Split(pathext, ";") {
		if e = strings.TrimSpace(e); strings.HasPrefix(e, ".") && len(e) > 1 {
			r.exts = append(r.exts, e)
		}
	}
	return r
}

// IsPath reports whether program names a file rather than a command to
// look up on PATH.
func (r ExecRules) IsPath(program string) bool {
	return strings.ContainsAny(program, r.seps) || filepath.IsAbs(program)
}

// Names are the file names a bare or path program name may stand for, in
// the order they are tried: on Windows a name whose extension is in
// PATHEXT is itself, any other gets each extension of PATHEXT.
func (r ExecRules) Names(program string) []string {
	if r.exts == nil || r.hasExt(program) {
		return []string{program}
	}
	out := make([]string, 0, len(r.exts))
	for _, e := range r.exts {
		out = append(out, program+e)
	}
	return out
}

func (r ExecRules) hasExt(name string) bool {
	ext := filepath.Ext(name)
	for _, e := range r.exts {
		if strings.EqualFold(ext, e) {
			return true
		}
	}
	return false
}

// Executable reports whether a file named name with info fi can be run.
func (r ExecRules) Executable(name string, fi fs.FileInfo) bool {
	if !fi.Mode().IsRegular() {
		return false
	}
	if r.exts != nil {
		return r.hasExt(name)
	}
	return fi.Mode().Perm()&0o111 != 0
}

// EnvValue returns the value of key in env (the last one wins).
func (r ExecRules) EnvValue(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		k, v, ok := strings.Cut(env[i], "=")
		if ok && (k == key || r.foldEnv && strings.EqualFold(k, key)) {
			return v
		}
	}
	return ""
}
