package evidence

import (
	"slices"
	"testing"
)

func TestRequestNeeds(t *testing.T) {
	const (
		C = 1 << iota // change
		R             // read
		V             // verify
		Q             // question
	)
	cases := []struct {
		request string
		want    int
		files   []string
	}{
		// Change requests.
		{"write out.txt containing hello", C, []string{"out.txt"}},
		{"create a file named out.txt", C, []string{"out.txt"}},
		{"add a README", C, []string{"README"}},
		{"Fix the typo in fix-notes.md", C, []string{"fix-notes.md"}},
		{"rename old.go to new.go", C, []string{"old.go", "new.go"}},
		{"delete build.log", C, []string{"build.log"}},
		{"install the dependencies", C, nil},
		{"refactor the parser", C, nil},
		{"update the changelog", C, nil},
		{"implement a --quiet flag in test.sh", C, []string{"test.sh"}},
		{"remove the unused imports", C, nil},
		{"run npm install", C, nil},
		{"run npm i -D @types/node", C, []string{"types/node"}},
		{"look at @src/app.js", R, []string{"src/app.js"}},
		{"创建 out.txt，内容是 hello", C, []string{"out.txt"}},
		{"写一个 hello.py", C, []string{"hello.py"}},
		{"添加一个 README", C, []string{"README"}},
		{"新建目录 src", C, nil},
		{"修改 main.go 的端口", C, []string{"main.go"}},
		{"修复fix-notes.md里的错别字", C, []string{"fix-notes.md"}},
		{"把 a.txt 重命名为 b.txt", C, []string{"a.txt", "b.txt"}},
		{"删除 tmp 目录", C, nil},
		{"安装依赖", C, nil},
		{"重构这个函数", C, nil},
		{"实现登录功能", C, nil},
		{"更新版本号", C, nil},
		{"请创建记录.txt", C, []string{"记录.txt"}},
		{"运行 npm install", C, nil},
		// Read and explain requests.
		{"read a.txt and tell me what it says", R, []string{"a.txt"}},
		{"read test_build.txt", R, []string{"test_build.txt"}},
		{"show me the contents of config.yaml", R, []string{"config.yaml"}},
		{"summarise the project", R, nil},
		{"explain what this code does", R, nil},
		{"What does main.go do?", R | Q, []string{"main.go"}},
		{"look at src/server.js", R, []string{"src/server.js"}},
		{"don't change anything, just explain parser.go", R, []string{"parser.go"}},
		{"do not modify files; describe the repository layout", R, nil},
		{"读取 a.txt", R, []string{"a.txt"}},
		{"查看 创建记录.txt", R, []string{"创建记录.txt"}},
		{"读取创建记录.txt", R, []string{"创建记录.txt"}},
		{"看一下这个项目", R, nil},
		{"看看 main.go", R, []string{"main.go"}},
		{"解释一下 parser.go", R, []string{"parser.go"}},
		{"总结这个仓库", R, nil},
		{"说明 Makefile 的作用", R, []string{"Makefile"}},
		{"不要修改任何文件，只解释一下 main.go", R, []string{"main.go"}},
		{"main.go 是做什么的？", R | Q, []string{"main.go"}},
		// Build, test, run and verify requests.
		{"run the tests", V, nil},
		{"build the project", V, nil},
		{"add a page and test it", C | V, nil},
		{"make it compile", V, nil},
		{"make sure it works", V, nil},
		{"fix the bug and verify the fix", C | V, nil},
		{"run run_tests.py", V, []string{"run_tests.py"}},
		{"fix run_tests.py", C, []string{"run_tests.py"}},
		{"run a script", V, nil},
		{"record one run", 0, nil},
		{"do a dry run of the deploy", 0, nil},
		{"write a greeting and check it", C | V, nil},
		{"build me a website", C | V, nil},
		{"don't forget to run the tests", V, nil},
		{"运行测试", V, nil},
		{"构建项目", V, nil},
		{"编译一下", V, nil},
		{"验证程序能否正常启动", V, nil},
		{"检查构建是否通过", V | Q, nil},
		{"修复 bug 然后跑测试", C | V, nil},
		{"不用运行测试，直接修改 a.go", C, []string{"a.go"}},
		// Plain questions, greetings, thanks.
		{"hello", 0, nil},
		{"thanks!", 0, nil},
		{"what is a goroutine?", Q, nil},
		{"explain recursion", 0, nil},
		{"你好", 0, nil},
		{"谢谢", 0, nil},
		{"什么是闭包？", Q, nil},
		{"rebuilding is not needed", 0, nil},
		{"contest entry page", 0, nil},
		{"add a pre-build hook", C, nil},
		{"rename build/ to dist/", C, []string{"build/", "dist/"}},
		{`write "run the tests" into todo.txt`, C, []string{"todo.txt"}},
	}
	for _, c := range cases {
		n := RequestNeeds(c.request)
		got := 0
		for bit, on := range map[int]bool{C: n.Change, R: n.Read, V: n.Verify, Q: n.Question} {
			if on {
				got |= bit
			}
		}
		if got != c.want || !slices.Equal(n.Files, c.files) {
			t.Errorf("RequestNeeds(%q) = change %v read %v verify %v question %v files %q; want %s files %q",
				c.request, n.Change, n.Read, n.Verify, n.Question, n.Files, bits(c.want), c.files)
		}
		if n.Chinese != hasHan(c.request) {
			t.Errorf("RequestNeeds(%q).Chinese = %v", c.request, n.Chinese)
		}
	}
	if len(cases) < 40 {
		t.Fatalf("only %d phrasings", len(cases))
	}
}

func bits(b int) string {
	s := ""
	for i, name := range []string{"change", "read", "verify", "question"} {
		if b&(1<<i) != 0 {
			s += name + " "
		}
	}
	if s == "" {
		return "nothing"
	}
	return s
}
