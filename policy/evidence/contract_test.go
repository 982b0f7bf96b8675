package evidence

import "testing"

func TestContractLine(t *testing.T) {
	cases := []struct{ request, want string }{
		{"read CONVENTIONS.md, then add a section to notes.md", "needs: a change · a read of CONVENTIONS.md"},
		{"fix main.go and run the tests", "needs: a change · a passing build, test or run"},
		{"阅读一下开发计划", "needs: a read of the project"},
		{"what is a goroutine?", "needs: nothing (an answer)"},
		{"run uname and tell me the kernel name", "needs: a run of uname"},
	}
	for _, c := range cases {
		if got := RequestNeeds(c.request).Contract().Line(); got != c.want {
			t.Errorf("Contract(%q) = %q, want %q", c.request, got, c.want)
		}
	}
}
