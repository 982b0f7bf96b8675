package evidence

import (
	"regexp"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/policy/classify"
)

// namedCommands returns the programs a request names as the run it asks
// for: the first word of a backquoted command ("run `mytool --check`"),
// or the word after a run verb ("run lint_all.py", "运行 mytool").
func namedCommands(request string) []string {
	var out []string
	add := func(w string) {
		w = strings.Trim(w, "`'\".,;:!?()")
		if w != "" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, q := range quotedSpans(request) {
		if request[q[0]] == '`' {
			if f := strings.Fields(request[q[2]:q[3]]); len(f) > 0 {
				add(f[0])
			}
		}
	}
	re := regexp.MustCompile(`(?i)(?:\b(?:run|execute|launch)\s+(?:the\s+)?|(?:运行|执行|跑)\s*)([A-Za-z0-9_./\\~@+-]+)`)
	for _, m := range re.FindAllStringSubmatch(request, -1) {
		if w := strings.ToLower(m[1]); !slices.Contains([]string{"the", "a", "an", "it", "them", "this", "that", "all", "tests", "test"}, w) {
			add(m[1])
		}
	}
	return out
}

// RunsNamed reports whether a command runs one of the programs a request
// named (see Needs.Commands), however it is spelled: a full path, a
// relative one (./node_modules/.bin/x), through an interpreter or a
// wrapper (python -m x, python tools/x.py, npx x).
func RunsNamed(named []string, program string, argv []string) bool {
	words := append([]string{program}, argv...)
	for i, w := range words {
		if i > 4 {
			break
		}
		if strings.HasPrefix(w, "-") {
			continue
		}
		got := classify.ProgramName(w)
		if slices.ContainsFunc(named, func(n string) bool {
			want := classify.ProgramName(n)
			return got == want || strings.TrimSuffix(got, ".py") == want || strings.TrimSuffix(want, ".py") == got
		}) {
			return true
		}
	}
	return false
}
