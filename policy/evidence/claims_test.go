package evidence

import (
	"reflect"
	"testing"
)

func TestDoneClaims(t *testing.T) {
	cmd := func(text, prog string, k Kind) CommandClaim {
		return CommandClaim{Text: text, Program: prog, Kind: k}
	}
	cases := []struct {
		msg  string
		want Claims
	}{
		{"Changed index.html (new page). Verified: npm test, 3 passed.",
			Claims{Commands: []CommandClaim{cmd("npm test", "npm", Test)}, Files: []string{"index.html"}}},
		{"Verified: `node --test` passed (5 tests).", Claims{Commands: []CommandClaim{cmd("node --test", "node", Test)}}},
		{"Verified: `python3 -m unittest discover -s tests -v` passed (6 tests), and `go vet ./...` is clean.",
			Claims{Commands: []CommandClaim{cmd("python3 -m unittest discover -s tests -v", "python", Test), cmd("go vet ./...", "go", Build)}}},
		{"Created out.txt with hello.", Claims{Files: []string{"out.txt"}}},
		{"Wrote a.go, b.go and c/d.go; `go test ./...` passes.",
			Claims{Commands: []CommandClaim{cmd("go test ./...", "go", Test)}, Files: []string{"a.go", "b.go", "c/d.go"}}},
		{"All tests pass.", Claims{Tests: true}},
		{"The build succeeded.", Claims{Build: true}},
		{"greet.txt says hello; sh check.sh passed.", Claims{}},
		{"I could not run the tests.", Claims{}},
		{"Run `go test ./...` to check that the tests pass.", Claims{}},
		{"If the tests pass, you are done.", Claims{}},
		{"Changed index.html to import style.css.", Claims{Files: []string{"index.html"}}},
		{"a.txt says: hello", Claims{}},
		{"Hello! How can I help?", Claims{}},
		{"已创建 out.txt。验证：go test ./...，全部通过。",
			Claims{Commands: []CommandClaim{cmd("go test ./...", "go", Test)}, Files: []string{"out.txt"}}},
		{"修改了文件 a.go、b.go。测试全部通过。", Claims{Tests: true, Files: []string{"a.go", "b.go"}}},
		{"构建成功。", Claims{Build: true}},
		{"没有运行测试。", Claims{}},
		{"Removed the old build/ directory.", Claims{Files: []string{"build/"}}},
		{"删除了旧的 build/ 目录。", Claims{Files: []string{"build/"}}},
		{"Created a helper that reads config.json.", Claims{}},
		{"1. Add the flag in main.go. 2. Silence the output.", Claims{}},
	}
	for _, c := range cases {
		if got := DoneClaims(c.msg); !reflect.DeepEqual(got, c.want) {
			t.Errorf("DoneClaims(%q) =\n  %+v\nwant\n  %+v", c.msg, got, c.want)
		}
	}
}
