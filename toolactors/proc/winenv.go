package proc

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"
)

// winEnvBlock is the environment block CreateProcess takes with
// CREATE_UNICODE_ENVIRONMENT, built from env as os/exec builds it on
// Windows: names compare case-insensitively and the last of a name wins;
// SYSTEMROOT is added from systemRoot when env lacks it (without it
// Winsock and much else fail to start); entries are sorted by their names
// in upper case, as Windows compares them ("=C:=C:\dir" drive entries
// first), each ends in a NUL
// and a second NUL ends the block. An entry with a NUL is refused. It is
// pure, so its table runs on any OS.
func winEnvBlock(env []string, systemRoot string) ([]uint16, error) {
	seen := map[string]bool{}
	var kept []string
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if strings.IndexByte(kv, 0) >= 0 {
			return nil, fmt.Errorf("%w: the environment entry %q contains a NUL byte", ErrBadArgs, kv)
		}
		k := strings.ToUpper(winEnvName(kv))
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		kept = append(kept, kv)
	}
	if !seen["SYSTEMROOT"] && systemRoot != "" {
		kept = append(kept, "SYSTEMROOT="+systemRoot)
	}
	slices.SortStableFunc(kept, func(a, b string) int {
		return strings.Compare(strings.ToUpper(winEnvName(a)), strings.ToUpper(winEnvName(b)))
	})
	var block []uint16
	for _, kv := range kept {
		block = append(append(block, utf16.Encode([]rune(kv))...), 0)
	}
	if len(block) == 0 {
		block = append(block, 0)
	}
	return append(block, 0), nil
}

// winEnvName is the name of an environment entry: the text before the
// first "=" that is not its first character (Windows keeps each drive's
// directory as "=C:=C:\dir"); "" when there is no such "=".
func winEnvName(kv string) string {
	i := strings.IndexByte(kv[min(1, len(kv)):], '=')
	if i < 0 {
		return ""
	}
	return kv[:i+min(1, len(kv))]
}
