package donegate

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
)

// Gate decides whether a done=true may end the run (the design's rule):
// each request of the run needs the evidence it calls for (see
// evidence.RequestNeeds) after it was made, and each claim of the done
// message (see evidence.DoneClaims) must be in the ledger.
type Gate struct {
	// Requests are the run's requests (see session.Replay.Requests).
	Requests []session.Request
	// Ops are the session's operations, in order.
	Ops []session.OpState
	// Changed are the files changed by completed calls; LastChange and
	// LastFailedEdit the positions of the last change and of the last
	// fs.write or fs.edit that failed.
	Changed                    []string
	LastChange, LastFailedEdit int64
	// SnapshotChanged are the files the checkpoints saw calls change,
	// commands' writes included: a file a program wrote may be claimed.
	SnapshotChanged []string
	// Root is the project root, to tell which named files exist.
	Root string
	// Message is the done message.
	Message string
	// Answered are the items the model answered for earlier in the run:
	// waived (see evidence.Answers).
	Answered map[string]bool
}

// Missing is one piece of evidence the gate wants, in English and in
// Chinese; Key names it for an answer back ("change", "read of a.txt",
// "run"; "" for what cannot be answered for: a claim, a failed edit).
type Missing struct{ EN, ZH, Key string }

// Refusal returns why done=true must be refused, in the language of the
// latest request, and what is missing; "" when the run may finish. An
// item the model answered for (a line "Not applicable: ITEM — REASON",
// see evidence.Answers) is accepted once and waived for the rest of the
// run; the answers it accepted now are returned to be recorded.
func (g Gate) Refusal() (string, []Missing, []evidence.Answer) {
	answers := evidence.Answers(g.Message)
	var miss []Missing
	var accepted []evidence.Answer
	for _, m := range g.missing() {
		if m.Key != "" && g.Answered[m.Key] {
			continue
		}
		if i := slices.IndexFunc(answers, func(a evidence.Answer) bool { return a.Item == m.Key }); m.Key != "" && i >= 0 {
			accepted = append(accepted, answers[i])
			continue
		}
		miss = append(miss, m)
	}
	if len(miss) == 0 {
		return "", nil, accepted
	}
	chinese := len(g.Requests) > 0 && evidence.RequestNeeds(g.Requests[len(g.Requests)-1].Text).Chinese
	return refusalText(miss, chinese), miss, accepted
}

// Summary names the missing evidence in a line, for the user.
func Summary(miss []Missing) string {
	names := make([]string, len(miss))
	for i, m := range miss {
		names[i], _, _ = strings.Cut(m.EN, ":")
	}
	return strings.Join(names, "; ")
}

// missing lists the evidence that is not in the ledger.
func (g Gate) missing() []Missing {
	var out []Missing
	if g.LastFailedEdit > g.LastChange {
		out = append(out, Missing{
			"your last file change failed and nothing was changed successfully after it: make the change work (read the file and retry)",
			"你最后一次文件修改失败了，之后也没有成功的修改：请让修改生效（先读取文件再重试）", ""})
	}
	for _, r := range g.Requests {
		out = append(out, g.forRequest(r)...)
	}
	out = append(out, g.forClaims(evidence.DoneClaims(g.Message))...)
	var uniq []Missing
	for _, m := range out {
		if !slices.Contains(uniq, m) {
			uniq = append(uniq, m)
		}
	}
	return uniq
}

// forRequest lists what one request still needs after it was made.
func (g Gate) forRequest(r session.Request) []Missing {
	n, since := evidence.RequestNeeds(r.Text), r.Seq
	var out []Missing
	if n.Change && !g.any(since, isChange) && !g.any(since, deniedOf(protocol.ToolFSWrite, protocol.ToolFSEdit, protocol.ToolFSPatch, protocol.ToolTerminalExec)) {
		out = append(out, Missing{
			"a successful change: the request asks to change the project, and no call since it changed anything. Make the change with fs.write, fs.edit, fs.patch or terminal.exec",
			"一次成功的修改：请求要求修改项目，但此后没有任何调用成功修改过项目。请用 fs.write、fs.edit、fs.patch 或 terminal.exec 完成修改", "change"})
	}
	out = append(out, g.forRead(r, n)...)
	if n.Verify {
		out = append(out, g.forVerify(since, n)...)
	}
	return out
}

// forRead lists the reads a request still needs: each project file it
// asks about (evidence.Needs.ReadFiles: not the objects of its changes),
// else (a read or explain request) any look at the project. A file sent
// with the request counts as read, and so does a file this run created or
// wrote (it knows what it wrote), trying to read a named file that is not
// there, and a read the system refused (permission denied).
func (g Gate) forRead(r session.Request, n evidence.Needs) []Missing {
	since := r.Seq
	var out []Missing
	var files, absent []string
	for _, f := range n.ReadFiles {
		switch {
		case slices.ContainsFunc(r.Attached, func(a string) bool { return samePath(a, f) }):
			// Sent with the request: the model has it.
		case slices.ContainsFunc(g.Changed, func(x string) bool { return samePath(x, f) }):
			// Written by this run: the model knows it.
		case g.exists(f):
			files = append(files, f)
		default:
			absent = append(absent, f)
		}
	}
	for _, f := range files {
		if !g.any(since, readsFile(f)) && !g.any(since, unreadable(f)) &&
			!g.any(since, deniedOf(protocol.ToolFSRead, protocol.ToolFSSearch, protocol.ToolTerminalExec)) {
			out = append(out, Missing{
				"a successful read of " + f + ": the request asks about it, and it was not read since. Read it with fs.read",
				"成功读取 " + f + "：请求涉及这个文件，但此后没有读取过它。请用 fs.read 读取", evidence.AnswerKey("read", f)})
		}
	}
	// A named file that is not there: trying to read it shows that.
	looked := slices.ContainsFunc(absent, func(f string) bool { return g.any(since, triedToRead(f)) })
	known := len(n.ReadFiles) > 0 && len(files) == 0 && len(absent) == 0 // each was sent or written
	if n.Read && len(files) == 0 && !known && len(r.Attached) == 0 && !looked && !g.any(since, isObservation) &&
		!g.any(since, deniedOf(protocol.ToolFSRead, protocol.ToolFSList, protocol.ToolFSSearch, protocol.ToolTerminalExec)) {
		out = append(out, Missing{
			"a successful read: the request asks to read or explain something in the project, and nothing was read since. Read the files it is about with fs.read (find them with fs.list or fs.search)",
			"一次成功的读取：请求要求读取或解释项目中的内容，但此后没有读取过任何内容。请用 fs.read 读取相关文件（可用 fs.list 或 fs.search 查找）", "read"})
	}
	return out
}

// forVerify is today's rule: a build, test or run passed after the last
// change (and after the request). A command the request named counts as
// the run it asked for, however spelled; a test run that fails counts
// when the request asks for tests that reproduce a bug; a change to
// documentation after the run does not void it.
func (g Gate) forVerify(since int64, n evidence.Needs) []Missing {
	last := int64(0)
	for _, op := range g.Ops {
		passed := ok(op) && (op.Result.Verified || runsNamed(op, n.Commands))
		if op.DoneSeq > since && (passed || n.Reproduce && failedTest(op) || deniedOf(protocol.ToolTerminalExec)(op)) {
			last = max(last, op.DoneSeq)
		}
	}
	switch {
	case last == 0:
		return []Missing{{
			"a passing build, test or run: the request asks to build, test, run or verify, and none has passed since. Run it with terminal.exec",
			"一次通过的构建、测试或运行：请求要求构建、测试、运行或验证，但此后没有任何一次通过。请用 terminal.exec 运行", "run"}}
	case last < g.lastCodeChange():
		return []Missing{{
			"a build, test or run that passes after your last change: files were changed after the last one that passed. Run it again with terminal.exec (and fix what fails)",
			"在最后一次修改之后通过的构建、测试或运行：最后一次通过之后文件又被修改了。请用 terminal.exec 重新运行（并修复失败之处）", "run"}}
	}
	return nil
}

// forClaims lists the done message's claims the ledger does not bear out.
func (g Gate) forClaims(c evidence.Claims) []Missing {
	var out []Missing
	for _, cmd := range c.Commands {
		if !g.any(0, ranAs(cmd)) {
			out = append(out, Missing{
				"evidence for your claim that `" + cmd.Text + "` passed: no such command succeeded in this session. Run it with terminal.exec, or do not claim it",
				"你声称 `" + cmd.Text + "` 已通过，但本会话中没有成功运行过这样的命令。请用 terminal.exec 运行它，或不要这样声称", ""})
		}
	}
	if c.Tests && !g.any(0, ranKind(evidence.Test)) {
		out = append(out, Missing{
			"evidence for your claim that the tests passed: no test command succeeded in this session. Run the tests with terminal.exec, or do not claim it",
			"你声称测试已通过，但本会话中没有成功运行过任何测试命令。请用 terminal.exec 运行测试，或不要这样声称", ""})
	}
	if c.Build && !g.any(0, ranKind(evidence.Build, evidence.Test)) {
		out = append(out, Missing{
			"evidence for your claim that the build succeeded: no build command succeeded in this session. Run the build with terminal.exec, or do not claim it",
			"你声称构建已成功，但本会话中没有成功运行过任何构建命令。请用 terminal.exec 运行构建，或不要这样声称", ""})
	}
	for _, f := range c.Files {
		written := func(x string) bool { return samePath(x, f) || strings.HasPrefix(cleanPath(x), cleanPath(f)+"/") }
		if !slices.ContainsFunc(g.Changed, written) && !slices.ContainsFunc(g.SnapshotChanged, written) && !g.any(0, execMentions(f)) {
			out = append(out, Missing{
				"evidence for your claim that you changed " + f + ": no call in this session changed it. Make the change with fs.write or fs.edit, or do not claim it",
				"你声称修改了 " + f + "，但本会话中没有任何调用修改过它。请用 fs.write 或 fs.edit 完成修改，或不要这样声称", ""})
		}
	}
	return out
}

// any reports an operation completed after since that pred accepts.
func (g Gate) any(since int64, pred func(session.OpState) bool) bool {
	return slices.ContainsFunc(g.Ops, func(op session.OpState) bool {
		return op.DoneSeq > since && op.Result != nil && pred(op)
	})
}

// exists reports whether a named file is in the project.
func (g Gate) exists(name string) bool {
	if g.Root == "" || strings.Contains(name, "://") {
		return false
	}
	root, err := os.OpenRoot(g.Root)
	if err != nil {
		return false
	}
	defer root.Close()
	_, err = root.Lstat(filepath.FromSlash(cleanPath(name)))
	return err == nil
}

func ok(op session.OpState) bool { return op.Result != nil && op.Result.Status == event.ToolOK }

// deniedOf accepts a call of one of the tools that the user or the policy
// denied: the model tried, and it is for the user, not the gate, to judge
// the run it then reports.
func deniedOf(tools ...string) func(session.OpState) bool {
	return func(op session.OpState) bool {
		return op.Result != nil && op.Result.Status == event.ToolDenied && slices.Contains(tools, op.Tool)
	}
}

// isChange accepts a successful call with side effects: a file change, or
// a command that is not only a reader or a test.
func isChange(op session.OpState) bool {
	if !ok(op) {
		return false
	}
	if len(op.Result.Changed) > 0 {
		return true
	}
	a, isExec := execArgsOf(op)
	return isExec && evidence.SideEffecting(a.Program, a.Argv)
}

// isObservation accepts a successful read, listing, search or reading
// command.
func isObservation(op session.OpState) bool {
	switch op.Tool {
	case protocol.ToolFSRead, protocol.ToolFSList, protocol.ToolFSSearch:
		return ok(op)
	}
	a, isExec := execArgsOf(op)
	return isExec && ok(op) && !evidence.SideEffecting(a.Program, a.Argv)
}

// readsFile accepts a successful fs.read of the file, a search whose
// result names it, or a command that names it.
func readsFile(name string) func(session.OpState) bool {
	return func(op session.OpState) bool {
		if !ok(op) {
			return false
		}
		switch op.Tool {
		case protocol.ToolFSRead:
			var a struct{ Path string }
			return json.Unmarshal(op.Call.CanonicalArgs, &a) == nil && samePath(a.Path, name)
		case protocol.ToolFSSearch:
			return strings.Contains(string(op.Result.Data)+op.Result.Stdout, path.Base(cleanPath(name)))
		}
		return execMentions(name)(op)
	}
}

// unreadable accepts a read of the file that the system refused
// (permission denied): the model tried, and the file cannot be read.
func unreadable(name string) func(session.OpState) bool {
	return func(op session.OpState) bool {
		if op.Result.Status != event.ToolError {
			return false
		}
		refused := strings.Contains(strings.ToLower(op.Result.Message+"\n"+op.Result.Stderr), "permission denied")
		if a, isExec := execArgsOf(op); isExec {
			return refused && slices.ContainsFunc(a.Argv, func(w string) bool { return samePath(strings.Trim(w, `'"`), name) })
		}
		return refused && triedToRead(name)(op)
	}
}

// triedToRead accepts an fs.read of the file, whatever its outcome.
func triedToRead(name string) func(session.OpState) bool {
	return func(op session.OpState) bool {
		var a struct{ Path string }
		return op.Tool == protocol.ToolFSRead && json.Unmarshal(op.Call.CanonicalArgs, &a) == nil && samePath(a.Path, name)
	}
}

// execMentions accepts a successful command with the file among its
// arguments.
func execMentions(name string) func(session.OpState) bool {
	return func(op session.OpState) bool {
		a, isExec := execArgsOf(op)
		if !isExec || !ok(op) {
			return false
		}
		for _, w := range a.Argv {
			for _, f := range strings.Fields(w) {
				if samePath(strings.Trim(f, `'";>`), name) {
					return true
				}
			}
		}
		return false
	}
}

// ranAs accepts a successful command that proves what the claimed one
// would, by the same program.
func ranAs(c evidence.CommandClaim) func(session.OpState) bool {
	return func(op session.OpState) bool {
		a, isExec := execArgsOf(op)
		if !isExec || !ok(op) || evidence.VerificationOf(a.Program, a.Argv) != c.Kind {
			return false
		}
		return strings.Contains(strings.ToLower(a.Program+" "+strings.Join(a.Argv, " ")), c.Program)
	}
}

// lastCodeChange is the position of the last change to a file that is
// not documentation (see evidence.Documentation).
func (g Gate) lastCodeChange() int64 {
	last := int64(0)
	for _, op := range g.Ops {
		if ok(op) && slices.ContainsFunc(op.Result.Changed, func(f string) bool { return !evidence.Documentation(f) }) {
			last = max(last, op.DoneSeq)
		}
	}
	return last
}

// failedTest reports a test run that exited non-zero: it shows tests
// that fail.
func failedTest(op session.OpState) bool {
	a, isExec := execArgsOf(op)
	return isExec && op.Result != nil && op.Result.Status == event.ToolError && op.Result.ExitCode != nil &&
		*op.Result.ExitCode != 0 && evidence.VerificationOf(a.Program, a.Argv) == evidence.Test
}

// runsNamed reports a command that runs one of the named programs.
func runsNamed(op session.OpState, named []string) bool {
	a, isExec := execArgsOf(op)
	return isExec && len(named) > 0 && evidence.RunsNamed(named, a.Program, a.Argv)
}

// ranKind accepts a successful command that proves one of kinds.
func ranKind(kinds ...evidence.Kind) func(session.OpState) bool {
	return func(op session.OpState) bool {
		a, isExec := execArgsOf(op)
		return isExec && ok(op) && slices.Contains(kinds, evidence.VerificationOf(a.Program, a.Argv))
	}
}

// execArgsOf decodes a terminal.exec call's arguments.
func execArgsOf(op session.OpState) (protocol.ExecArgs, bool) {
	var a protocol.ExecArgs
	if op.Tool != protocol.ToolTerminalExec || json.Unmarshal(op.Call.CanonicalArgs, &a) != nil {
		return a, false
	}
	return a, true
}

// samePath reports whether two project paths name the same file, one
// perhaps given by its base name or a shorter tail ("main.go",
// "cmd/main.go").
func samePath(a, b string) bool {
	a, b = cleanPath(a), cleanPath(b)
	return a != "" && b != "" && (a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a))
}

func cleanPath(p string) string {
	return strings.TrimPrefix(path.Clean(filepath.ToSlash(strings.TrimSpace(p))), "./")
}

// itemLabel names an item for an answer back, "[run] ", or "".
func itemLabel(key string) string {
	if key == "" {
		return ""
	}
	return "[" + key + "] "
}

// answerable reports a refusal with an item the model may answer for.
func answerable(miss []Missing) bool {
	return slices.ContainsFunc(miss, func(m Missing) bool { return m.Key != "" })
}

// refusalText tells the model what evidence is missing, in English or in
// Chinese.
func refusalText(miss []Missing, chinese bool) string {
	var b strings.Builder
	if chinese {
		b.WriteString("done=true 未被接受：缺少以下证据：\n")
		for _, m := range miss {
			b.WriteString("- " + itemLabel(m.Key) + m.ZH + "。\n")
		}
		b.WriteString("请现在用工具完成这些步骤（不要只是声称已完成），然后再设置 done=true。如果做不到，请在 <message> 中如实说明：本次运行将以未完成结束。")
		if answerable(miss) {
			b.WriteString("如果某一项确实不适用，可以在 <message> 中为该项回答一次：单独一行 `Not applicable: 项 — 原因`（项为方括号中的名称）。声称的内容仍会被检查。")
		}
		return b.String()
	}
	b.WriteString("done=true was not accepted: this evidence is missing:\n")
	for _, m := range miss {
		b.WriteString("- " + itemLabel(m.Key) + m.EN + ".\n")
	}
	b.WriteString("Do it with the tools now (do not only say it is done), then set done=true. If it cannot be done, say so in <message>: the run will then end unfinished.")
	if answerable(miss) {
		b.WriteString(" If an item truly does not apply, answer for it once in <message> with a line `Not applicable: ITEM — REASON` (ITEM is the name in brackets); claims are still checked.")
	}
	return b.String()
}
