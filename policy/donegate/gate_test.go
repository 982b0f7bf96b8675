package donegate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
)

// step is one completed call of a done gate case.
type step struct {
	tool   string
	args   any
	status event.ToolStatus
	change bool   // the result lists a changed file
	msg    string // the result's message
}

func gateWrite(p string) step {
	return step{tool: protocol.ToolFSWrite, args: protocol.FSWriteArgs{Path: p, Content: "x"}, change: true}
}
func gateRead(p string) step {
	return step{tool: protocol.ToolFSRead, args: protocol.FSReadArgs{Path: p}}
}
func gateExec(prog string, argv ...string) step {
	return step{tool: protocol.ToolTerminalExec, args: protocol.ExecArgs{Program: prog, Argv: argv}}
}
func gateFailed(s step) step { s.status = event.ToolError; return s }
func gateDenied(s step) step { s.status = event.ToolDenied; return s }

func TestDoneGate(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.txt", "b.txt", "out.txt", "secret.txt", "main.go", "创建记录.txt"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("hi\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name     string
		requests []string // the later ones are follow-ups, after the earlier ones' steps
		before   []step   // steps before the last request
		steps    []step
		message  string
		why      string // "" when accepted
	}{
		{"plain question", []string{"what is a goroutine?"}, nil, nil, "A lightweight thread.", ""},
		{"greeting", []string{"你好"}, nil, nil, "你好！", ""},
		{"change, no call", []string{"write out.txt containing hello"}, nil, nil, "Done.", "a successful change"},
		{"change made", []string{"write out.txt containing hello"}, nil, []step{gateWrite("out.txt")}, "Created out.txt.", ""},
		{"change by command", []string{"install the dependencies"}, nil, []step{gateExec("npm", "install")}, "Installed.", ""},
		{"a reader is no change", []string{"create a file named out.txt"}, nil, []step{gateExec("ls")}, "Done.", "a successful change"},
		{"a failed write is no change", []string{"创建 out.txt"}, nil, []step{gateFailed(gateWrite("out.txt"))}, "完成。", "一次成功的修改"},
		{"read, not read", []string{"read a.txt and tell me what it says"}, nil, nil, "It says hi.", "a successful read of a.txt"},
		{"read done", []string{"read a.txt and tell me what it says"}, nil, []step{gateRead("a.txt")}, "It says hi.", ""},
		{"read by cat", []string{"read a.txt"}, nil, []step{gateExec("cat", "a.txt")}, "It says hi.", ""},
		{"read of another file", []string{"读取 a.txt"}, nil, []step{gateRead("main.go")}, "内容是 hi。", "成功读取 a.txt"},
		{"question naming a file", []string{"what's in main.go?"}, nil, nil, "Code.", "a successful read of main.go"},
		{"Chinese file name", []string{"查看 创建记录.txt"}, nil, []step{gateRead("创建记录.txt")}, "内容是 hi。", ""},
		{"explain the project, nothing read", []string{"explain this project"}, nil, nil, "A CLI.", "a successful read:"},
		{"explain the project, listed", []string{"explain this project"}, nil, []step{{tool: protocol.ToolFSList, args: protocol.FSListArgs{Path: "."}}}, "A CLI.", ""},
		{"missing file looked for", []string{"read missing.txt"}, nil, []step{gateFailed(gateRead("missing.txt"))}, "There is no missing.txt.", ""},
		{"missing file not looked for", []string{"read missing.txt"}, nil, []step{gateFailed(gateRead("other.txt"))}, "There is no missing.txt.", "a successful read:"},
		{"test, none", []string{"run the tests"}, nil, nil, "All good.", "a passing build, test or run"},
		{"test passed", []string{"运行测试"}, nil, []step{gateExec("go", "test", "./...")}, "测试通过。", ""},
		{"test hidden by || true", []string{"run the tests"}, nil, []step{gateExec("sh", "-c", "go test ./... || true")}, "Ran.", "a passing build"},
		{"changed after the test", []string{"add a page and test it"}, nil, []step{gateWrite("a.html"), gateExec("go", "test", "./..."), gateWrite("b.html")}, "Done.", "after your last change"},
		{"claims an unrun test", []string{"write out.txt"}, nil, []step{gateWrite("out.txt")}, "Created out.txt. Verified: go test ./..., all passed.", "`go test ./...` passed"},
		{"claims tests passed", []string{"write out.txt"}, nil, []step{gateWrite("out.txt")}, "Created out.txt; all tests pass.", "the tests passed"},
		{"claims a file it did not write", []string{"write out.txt"}, nil, []step{gateWrite("out.txt")}, "Created out.txt and notes.md.", "you changed notes.md"},
		{"claims a file a command wrote", []string{"generate the docs"}, nil, []step{gateExec("sh", "-c", "echo hi > notes.md")}, "Created notes.md.", ""},
		{"claim borne out", []string{"fix main.go and run the tests"}, nil, []step{gateWrite("main.go"), gateExec("go", "test", "./...")}, "Changed main.go. `go test ./...` passed.", ""},
		{"the last edit failed", []string{"fix the README typo"}, nil, []step{gateWrite("README"), gateFailed(gateWrite("README"))}, "Fixed.", "last file change failed"},
		{"follow-up needs its own evidence", []string{"create a.txt", "now run the tests"}, []step{gateWrite("a.txt"), gateExec("go", "test", "./...")}, nil, "Tests pass.", "a passing build"},
		{"follow-up with evidence", []string{"create a.txt", "now run the tests"}, []step{gateWrite("a.txt")}, []step{gateExec("go", "test", "./...")}, "Done.", ""},
		{"follow-up asking nothing", []string{"create a.txt", "thanks!"}, []step{gateWrite("a.txt")}, nil, "You're welcome.", ""},
		{"attached file", []string{"summarise @a.txt please"}, nil, nil, "It says hi.", ""},
		{"follow-up change needs a new change", []string{"create a.txt", "also create b.txt"}, []step{gateWrite("a.txt")}, nil, "Done.", "a successful change"},
		// #42 item 9: the object of a change is not a file to read.
		{"read two, then write a third", []string{"read a.txt and b.txt, then write out.txt"}, nil,
			[]step{gateRead("a.txt"), gateRead("b.txt"), gateWrite("out.txt")}, "Wrote out.txt.", ""},
		{"look at one, then create another", []string{"look at a.txt, then create out.txt"}, nil,
			[]step{gateRead("a.txt"), gateWrite("out.txt")}, "Created out.txt.", ""},
		{"the read still owed", []string{"read a.txt and b.txt, then write out.txt"}, nil,
			[]step{gateRead("a.txt"), gateWrite("out.txt")}, "Wrote out.txt.", "a successful read of b.txt"},
		{"a file the run wrote is known", []string{"create out.txt", "what's in out.txt?"}, []step{gateWrite("out.txt")}, nil, "hello", ""},
		{"a read refused by the system was tried", []string{"read secret.txt"}, nil,
			[]step{{tool: protocol.ToolFSRead, args: protocol.FSReadArgs{Path: "secret.txt"}, status: event.ToolError, msg: "open secret.txt: permission denied"}},
			"secret.txt cannot be read: permission denied.", ""},
		{"a read that failed otherwise was not", []string{"read secret.txt"}, nil,
			[]step{{tool: protocol.ToolFSRead, args: protocol.FSReadArgs{Path: "secret.txt"}, status: event.ToolError, msg: "file too large"}},
			"It is large.", "a successful read of secret.txt"},
		// #45: credit what commands did.
		{"a named command by its name", []string{"run uname and tell me the kernel name"}, nil,
			[]step{gateExec("uname", "-s")}, "Linux.", ""},
		{"a named command by its full path", []string{"run uname and tell me the kernel name"}, nil,
			[]step{gateExec("/usr/bin/uname", "-s")}, "Linux.", ""},
		{"another command is not the named one", []string{"run uname and tell me the kernel name"}, nil,
			[]step{gateExec("ls")}, "Linux.", "a passing build, test or run"},
		{"docs after the run", []string{"fix main.go and run the tests"}, nil,
			[]step{gateWrite("main.go"), gateExec("go", "test", "./..."), gateWrite("CHANGELOG.md")}, "Fixed; tests pass.", ""},
		{"code after the run", []string{"fix main.go and run the tests"}, nil,
			[]step{gateWrite("main.go"), gateExec("go", "test", "./..."), gateWrite("util.go")}, "Fixed.", "after your last change"},
		{"tests that reproduce a bug, failing", []string{"add a failing test that reproduces the crash and run it"}, nil,
			[]step{gateWrite("crash_test.go"), {tool: protocol.ToolTerminalExec, args: protocol.ExecArgs{Program: "go", Argv: []string{"test", "./..."}}, status: event.ToolError}},
			"Added crash_test.go; it fails as the bug does.", ""},
		{"other tests, failing", []string{"add a test for the parser and run it"}, nil,
			[]step{gateWrite("parser_test.go"), {tool: protocol.ToolTerminalExec, args: protocol.ExecArgs{Program: "go", Argv: []string{"test", "./..."}}, status: event.ToolError}},
			"Added parser_test.go.", "a passing build, test or run"},
		// #42 item 2: a denied change is not done.
		{"a denied change claimed", []string{"remove the build directory"}, nil,
			[]step{gateDenied(gateExec("rm", "-r", "build"))}, "Removed the old build/ directory.", "you changed build/"},
		{"a denied change reported", []string{"remove the build directory"}, nil,
			[]step{gateDenied(gateExec("rm", "-r", "build"))}, "You denied rm -r build; build/ is still there.", ""},
		{"a failed change claimed", []string{"删除 build 目录"}, nil,
			[]step{gateFailed(gateExec("rm", "-r", "build"))}, "删除了旧的 build/ 目录。", "你声称修改了 build/"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := Gate{Root: root, Message: c.message}
			seq := int64(0)
			apply := func(steps []step) {
				for _, s := range steps {
					seq++
					args, _ := json.Marshal(s.args)
					res := &event.ToolResult{Tool: s.tool, Status: event.ToolOK, Message: s.msg}
					if s.status != "" {
						res.Status = s.status
					}
					if s.change && res.Status == event.ToolOK {
						p := s.args.(protocol.FSWriteArgs).Path
						res.Changed = []string{p}
						g.Changed = append(g.Changed, p)
						g.LastChange = seq
					}
					if s.tool == protocol.ToolFSWrite && res.Status != event.ToolOK {
						g.LastFailedEdit = seq
					}
					if a, ok := s.args.(protocol.ExecArgs); ok && res.Status == event.ToolOK {
						res.Verified = verifies(a)
					}
					if _, ok := s.args.(protocol.ExecArgs); ok && res.Status == event.ToolError {
						code := 1
						res.ExitCode = &code
					}
					g.Ops = append(g.Ops, session.OpState{Tool: s.tool, DoneSeq: seq, Result: res,
						Call: event.ToolCall{Name: s.tool, CanonicalArgs: args}})
				}
			}
			for i, r := range c.requests {
				if i == len(c.requests)-1 {
					apply(c.before)
				}
				seq++
				if i == 0 || i == len(c.requests)-1 {
					q := session.Request{Text: r, Seq: seq}
					if strings.Contains(r, "@a.txt") {
						q.Attached = []string{filepath.Join(root, "a.txt")}
					}
					g.Requests = append(g.Requests[:0], q)
				}
			}
			apply(c.steps)
			why, _, _ := g.Refusal()
			if (why == "") != (c.why == "") || !strings.Contains(why, c.why) {
				t.Fatalf("refusal = %q, want one with %q", why, c.why)
			}
		})
	}
}

// verifies is what the exec tool marks Verified.
func verifies(a protocol.ExecArgs) bool {
	return evidence.VerificationOf(a.Program, a.Argv) != evidence.None
}

// TestDoneGateCommandWrites: a file a command wrote, which the snapshots
// saw change, may be claimed as written (#45); one no call changed may
// not.
func TestDoneGateCommandWrites(t *testing.T) {
	for _, c := range []struct {
		seen []string
		why  string
	}{{[]string{"notes.md"}, ""}, {[]string{"other.md"}, "you changed notes.md"}, {[]string{"site/index.html"}, "you changed notes.md"}} {
		args, _ := json.Marshal(protocol.ExecArgs{Program: "sh", Argv: []string{"gen.sh"}})
		g := Gate{Requests: []session.Request{{Text: "generate the docs with gen.sh", Seq: 1}}, SnapshotChanged: c.seen,
			Message: "Created notes.md with gen.sh.",
			Ops: []session.OpState{{Tool: protocol.ToolTerminalExec, DoneSeq: 2, Result: &event.ToolResult{Status: event.ToolOK},
				Call: event.ToolCall{Name: protocol.ToolTerminalExec, CanonicalArgs: args}}}}
		why, _, _ := g.Refusal()
		if (why == "") != (c.why == "") || !strings.Contains(why, c.why) {
			t.Errorf("seen %q: refusal = %q, want one with %q", c.seen, why, c.why)
		}
	}
}

// TestDoneGateAnswerBack: the model may answer for one missing item with
// a reason it does not apply; the gate accepts it (and returns it to be
// recorded), waives an item answered earlier in the run, and never lets
// an answer cover a claim (#45).
func TestDoneGateAnswerBack(t *testing.T) {
	req := []session.Request{{Text: "add a failing test for the parser and run the tests", Seq: 1}}
	args, _ := json.Marshal(protocol.FSWriteArgs{Path: "parser_test.go", Content: "x"})
	wrote := []session.OpState{{Tool: protocol.ToolFSWrite, DoneSeq: 2, Result: &event.ToolResult{Status: event.ToolOK, Changed: []string{"parser_test.go"}},
		Call: event.ToolCall{Name: protocol.ToolFSWrite, CanonicalArgs: args}}}
	cases := []struct {
		name, message string
		answered      map[string]bool
		why           string
		accepted      int
	}{
		{"no answer", "Added parser_test.go.", nil, "[run] a passing build", 0},
		{"answered", "Added parser_test.go.\nNot applicable: run — the runner needs a device this machine lacks.", nil, "", 1},
		{"answered earlier", "Added parser_test.go.", map[string]bool{"run": true}, "", 0},
		{"no reason", "Added parser_test.go.\nNot applicable: run", nil, "[run] a passing build", 0},
		{"a claim is still checked", "Added parser_test.go; all tests pass.\nNot applicable: run — no device.", nil, "the tests passed", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := Gate{Requests: req, Ops: wrote, Changed: []string{"parser_test.go"}, LastChange: 2, Message: c.message, Answered: c.answered}
			why, _, acc := g.Refusal()
			if (why == "") != (c.why == "") || !strings.Contains(why, c.why) || len(acc) != c.accepted {
				t.Fatalf("refusal %q, %d accepted; want one with %q, %d accepted", why, len(acc), c.why, c.accepted)
			}
		})
	}
}

// TestSummary names each missing item by the words before its colon, in a
// line for the user.
func TestSummary(t *testing.T) {
	cases := []struct {
		name string
		miss []Missing
		want string
	}{
		{"none", nil, ""},
		{"one", []Missing{{EN: "a successful change: the request asks to change the project", Key: "change"}}, "a successful change"},
		{"several", []Missing{{EN: "a successful read of a.txt: it was not read"}, {EN: "a passing build, test or run: none passed", Key: "run"}},
			"a successful read of a.txt; a passing build, test or run"},
		{"no colon", []Missing{{EN: "something else"}}, "something else"},
	}
	for _, c := range cases {
		if got := Summary(c.miss); got != c.want {
			t.Errorf("%s: Summary = %q, want %q", c.name, got, c.want)
		}
	}
}
