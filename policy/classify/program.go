package classify

import (
	"path/filepath"
	"strings"
)

// MaxDepth bounds nested wrappers (env sudo nice timeout xargs …).
const MaxDepth = 8

// ProgramName normalises a program word to the name the command table
// knows: the basename, lower-cased (case-insensitive file systems run RM as
// rm), without a Windows suffix, and with interpreter versions folded
// (python3.12 → python, pip3 → pip, mkfs.ext4 → mkfs).
func ProgramName(w string) string {
	base := strings.ToLower(filepath.Base(strings.ReplaceAll(w, `\`, "/")))
	for _, ext := range [...]string{".exe", ".cmd", ".bat", ".com", ".ps1"} {
		base = strings.TrimSuffix(base, ext)
	}
	if strings.HasPrefix(base, "mkfs.") {
		return "mkfs"
	}
	for _, family := range [...]string{"python", "pypy", "perl", "ruby", "php", "node", "lua", "pip", "bash", "zsh", "ksh", "gawk", "mawk", "nawk"} {
		if rest, ok := strings.CutPrefix(base, family); ok && strings.Trim(rest, "0123456789.-") == "" {
			if strings.HasSuffix(family, "awk") {
				return "awk"
			}
			return family
		}
	}
	if base == "nodejs" {
		return "node"
	}
	return base
}
