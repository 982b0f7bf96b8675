package evidence

import (
	"slices"
	"testing"
)

// TestRequestStructure pins the readings by structure issue 45 asks for:
// clauses and lists scope their verbs, a noun is no verb, questions and
// plans ask for an answer, a negation limits what it names, the project
// as a whole needs a read, a pasted bug report asks for a fix and a run.
func TestRequestStructure(t *testing.T) {
	const (
		C = 1 << iota
		R
		V
	)
	cases := []struct {
		request   string
		want      int
		readFiles []string
	}{
		{"阅读一下开发计划", R, nil},
		{"can you tell me the steps you would take to implement a cache in this project?", R, nil},
		{"how would you add retries to the client?", 0, nil},
		{"要不要重构这个函数？", R, nil},
		{"怎么实现登录功能", 0, nil},
		{"帮我实现登录功能", C, nil},
		{"DO NOT CHANGE the contents, just reorder the sections", C, nil},
		{"read a.txt and b.txt, then write out.txt", C | R, []string{"a.txt", "b.txt"}},
		{"look at a.txt, then create out.txt", C | R, []string{"a.txt"}},
		{"读取 a.txt 和 b.txt，然后写入 out.txt", C | R, []string{"a.txt", "b.txt"}},
		{"What's this repo doing?", R, nil},
		{"give me a quick overview of this repo", R, nil},
		{"fix the build", C | V, nil},
		{"add a build step to the Makefile", C, nil},
		{"verify the fix", V, nil},
		{"TypeError: user is undefined (at app.js:3:10)", C | V, nil},
		{"the login page returns 500 which is wrong, it should redirect", C | V, nil},
		{"make a plan for moving the API to FastAPI", R, nil},
		{"add tests for the parser", C | R | V, nil},
		{"go ahead", C, nil},
		{"it's hard to read, keep it short", 0, nil},
	}
	for _, c := range cases {
		n := RequestNeeds(c.request)
		got := 0
		for bit, on := range map[int]bool{C: n.Change, R: n.Read || len(n.ReadFiles) > 0, V: n.Verify} {
			if on {
				got |= bit
			}
		}
		if got != c.want || !slices.Equal(n.ReadFiles, c.readFiles) {
			t.Errorf("RequestNeeds(%q) = change %v read %v verify %v read files %q; want %03b files %q",
				c.request, n.Change, n.Read, n.Verify, n.ReadFiles, c.want, c.readFiles)
		}
	}
}
