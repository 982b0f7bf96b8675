package boundary

import "strings"

// checkWindowsNames refuses what Windows reads as something other than a
// file name (it runs on Windows only, see Boundary.absolute; it is pure,
// so its tests run anywhere): the device namespaces //./ and //?/, a
// drive-relative path ("C:x", relative to that drive's own current
// directory), an alternate data stream ("file:stream": a ":" anywhere but
// after a leading drive letter), and reserved device names (CON, PRN, AUX,
// NUL, COM0-9, LPT0-9, CONIN$, CONOUT$, in any case and with any
// extension: "nul.txt" is the NUL device too), and names shaped like 8.3
// short names ("GIT~1" is .git, "PROGRA~1" is Program Files, on volumes
// that make short names), which would slip past the checks that compare
// names. Backslashes, and names ending in a dot or a space, are refused
// on every platform already.
func checkWindowsNames(p string) error {
	if strings.HasPrefix(p, "//./") || strings.HasPrefix(p, "//?/") {
		return pathErr(p, ErrBadPath, "the path is in a Windows device namespace (//./ or //?/); give a plain path")
	}
	rest := p
	if len(p) >= 2 && p[1] == ':' && isDriveLetter(p[0]) {
		if len(p) > 2 && p[2] != '/' {
			return pathErr(p, ErrBadPath, "%q is relative to the current directory of drive %c:; give %c:/… or a path in the project", p, p[0], p[0])
		}
		rest = p[2:]
	}
	for _, c := range strings.Split(rest, "/") {
		if strings.ContainsRune(c, ':') {
			return pathErr(p, ErrBadPath, "the name %q has a \":\": on Windows that names an alternate data stream or a drive", c)
		}
		if reservedWindowsName(c) {
			return pathErr(p, ErrBadPath, "the name %q is a Windows device name, not a file", c)
		}
		if shortWindowsName(c) {
			return pathErr(p, ErrBadPath, "the name %q looks like a Windows 8.3 short name (GIT~1 stands for .git); give the long name", c)
		}
	}
	return nil
}

func isDriveLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// reservedWindowsName reports whether a path component names a device:
// its part before the first dot, with trailing spaces dropped, is one of
// the reserved names (COM and LPT take a digit, or ¹ ² ³).
func reservedWindowsName(c string) bool {
	base, _, _ := strings.Cut(c, ".")
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) < 4 || (base[:3] != "COM" && base[:3] != "LPT") {
		return false
	}
	switch suffix := base[3:]; suffix {
	case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
		return true
	}
	return false
}

// shortWindowsName reports whether c has the shape of an 8.3 short name:
// at most 8 characters, the last of them "~" and digits, then at most a
// 3-character extension.
func shortWindowsName(c string) bool {
	base, ext := c, ""
	if i := strings.LastIndexByte(c, '.'); i > 0 {
		base, ext = c[:i], c[i+1:]
	}
	tilde := strings.LastIndexByte(base, '~')
	if tilde <= 0 || tilde == len(base)-1 || len(base) > 8 || len(ext) > 3 {
		return false
	}
	return strings.Trim(base[tilde+1:], "0123456789") == ""
}
