package policy

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/policy/classify"
)

// FuzzClassify checks that any command gets a valid risk and a reason, and
// that sudo never makes a command less risky than destructive.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"git push", "rm -rf /", "sh -c id", "env -S x", "xargs", "find . -exec", "curl -X", "npx -c", "python -m", "timeout", "git -c", "docker run -v", "perl -pi -e", "awk", "sed -e", "make deploy", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Split(line, " ")
		c := Classify(words[0], words[1:])
		if classify.RiskRank(c.Risk) == 0 || c.Reason == "" {
			t.Fatalf("Classify(%q) = %+v", line, c)
		}
		if s := Classify("sudo", words); classify.RiskRank(s.Risk) < classify.RiskRank(rDest) {
			t.Fatalf("sudo %q is only %s", line, s.Risk)
		}
	})
}
