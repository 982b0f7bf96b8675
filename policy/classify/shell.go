package classify

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// ErrShellSyntax is wrapped by ParseScript's error for a script the shell
// parser rejects.
var ErrShellSyntax = errors.New("shell syntax error")

// ShellOptions are the shell options in force when a script starts, as
// given on the shell's command line (bash -e -o pipefail -c …). A `set -e`
// or `set -o pipefail` inside the script turns them on from there.
type ShellOptions struct {
	// Errexit is set -e: a failing command (not in a condition, && or ||
	// list) ends the script.
	Errexit bool
	// Pipefail is set -o pipefail: a pipeline fails when any of its
	// commands fails, not only the last.
	Pipefail bool
}

// Script is a shell script (sh -c, bash -lc …) as the POSIX/bash parser
// mvdan.cc/sh/v3 sees it: the simple commands it may run, in source order.
// It is the one view of a script that both the policy (what may run) and
// the done gate's evidence (what a zero exit proves) use; nothing splits
// scripts as text.
type Script struct {
	// Commands lists every simple command of the script in source order,
	// including those in pipelines, lists, subshells, blocks, control flow,
	// function bodies and command substitutions.
	Commands []ScriptCommand
	// Plain is true when the script is a list of simple commands whose
	// every word is known before it runs, but for the names a glob
	// matches: joined by ;, &&, || and |, in subshells or blocks, with
	// literal redirections and here-documents, export of literal values.
	// Brace expansions are expanded; special parameters ($?, $#) and
	// variables the script assigned a literal value are replaced by
	// their values, $HOME by ~. No other parameter, no arithmetic or
	// command substitution, no functions, loops or conditionals, no eval,
	// source, exec or alias. Only a plain script can be judged command by command
	// like a direct call.
	Plain bool
	// Opaque says in a few words why the script is not plain ("" when it
	// is).
	Opaque string
}

// ScriptCommand is one simple command of a Script.
type ScriptCommand struct {
	// Args are the command's words after quote removal (Args[0] is the
	// program). A word that is not literal ($VAR, $(…), globs) is kept as
	// its source text and Literal is false.
	Args []string
	// Assigns are the NAME=value words before the program, as written
	// (after quote removal when literal).
	Assigns []string
	// Redirects are the command's redirections, in order.
	Redirects []Redirect
	// Patterns marks the Args that are file-name patterns (an unquoted
	// glob: ls *.go): the shell replaces each with the names it matches.
	// Brace expansions are already expanded into several Args.
	Patterns []bool
	// Unknown marks the Args whose value is known only when the script
	// runs (a command substitution, a variable the script did not assign
	// a literal value): such an Arg is kept as its source text.
	Unknown []bool
	// Stdin is the literal body of a here-document or here-string the
	// command reads ("" when there is none).
	Stdin string
	// Piped is true when the command's output goes to the next command
	// through a pipe (env | grep PATH).
	Piped bool
	// Literal is true when every word, assignment and redirection target
	// is literal.
	Literal bool
	// Decisive is true when a zero exit status of the whole script proves
	// that this command ran and exited zero: it is not followed by a
	// command whose status replaces its own (`go test; true`), not on the
	// left of || or of a pipe without pipefail (`npm test | tee log`), not
	// negated, not in the background, not inside a condition or a loop.
	Decisive bool
}

// Redirect is one redirection of a ScriptCommand.
type Redirect struct {
	// Op is the operator as written: ">", ">>", "<", "<<", "2>" …
	Op string
	// Target is the file or descriptor after quote removal (for a
	// here-document, its delimiter; the body is not a path).
	Target string
	// Writes is true when the redirection writes or truncates Target.
	Writes bool
	// Literal is false when Target has expansions.
	Literal bool
}

// ParseScript parses src as a bash script and lists its commands, with
// opts in force from the start. A script the parser rejects is an error
// wrapping ErrShellSyntax; such a script is never judged command by
// command.
func ParseScript(src string, opts ShellOptions) (*Script, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrShellSyntax, err)
	}
	w := &scriptWalker{s: &Script{Plain: true}, opts: opts, vars: map[string]string{}, reassigned: map[string]bool{}, patternVars: map[string]bool{}}
	w.list(f.Stmts, true)
	return w.s, nil
}

// scriptWalker collects the commands of a parsed script.
type scriptWalker struct {
	s    *Script
	opts ShellOptions
	// vars are the variables the script assigned a literal value so far;
	// a variable assigned twice is "" in reassigned and not known.
	vars       map[string]string
	reassigned map[string]bool
	// patternVars marks the loop variables that stand for a glob's
	// matches.
	patternVars map[string]bool
	// cond counts the enclosing parts that may not run or run in a
	// subshell (see maybe).
	cond int
	// pattern is set by part when the word being rendered holds an
	// unquoted glob; unknown when its value is known only at run time.
	pattern, unknown bool
}

// opaque marks the script not plain, keeping the first reason.
func (w *scriptWalker) opaque(why string) {
	if w.s.Plain {
		w.s.Plain, w.s.Opaque = false, why
	}
}

// list walks a statement list. decisive says whether the list's own exit
// status must be zero for the script to exit zero: then its last
// statement is decisive, and with errexit every earlier one too.
func (w *scriptWalker) list(stmts []*syntax.Stmt, decisive bool) {
	for i, st := range stmts {
		last := i == len(stmts)-1
		w.stmt(st, decisive && (last || w.opts.Errexit), !last)
	}
}

// stmt walks one statement. errexitOnly is true for a non-last statement
// of a list, which counts only through errexit: there a failing && or ||
// list does not end the script, so only its last command is decisive.
func (w *scriptWalker) stmt(st *syntax.Stmt, decisive, errexitOnly bool) {
	if st.Negated || st.Background || st.Coprocess || st.Disown {
		decisive = false
	}
	switch c := st.Cmd.(type) {
	case nil:
		// a lone redirection: "> file"
		w.s.Commands = append(w.s.Commands, ScriptCommand{Redirects: w.redirects(st.Redirs), Literal: true})
	case *syntax.CallExpr:
		w.call(c, st.Redirs, decisive)
	case *syntax.BinaryCmd:
		w.redirectsOnly(st.Redirs)
		w.binary(c, decisive, errexitOnly)
	case *syntax.Subshell:
		w.redirectsOnly(st.Redirs)
		w.maybe(func() { w.list(c.Stmts, decisive) })
	case *syntax.ForClause:
		if !w.forLoop(st, c) {
			w.compound(st, c)
		}
	case *syntax.IfClause:
		w.redirectsOnly(st.Redirs)
		w.ifClause(c)
	case *syntax.WhileClause:
		w.redirectsOnly(st.Redirs)
		w.whileLoop(c)
	case *syntax.Block:
		w.redirectsOnly(st.Redirs)
		w.list(c.Stmts, decisive)
	case *syntax.TimeClause:
		w.redirectsOnly(st.Redirs)
		if c.Stmt != nil {
			w.stmt(c.Stmt, decisive, errexitOnly)
		}
	case *syntax.DeclClause:
		if c.Variant.Value != "export" || len(st.Redirs) > 0 {
			w.compound(st, c)
			return
		}
		w.export(c)
	default:
		w.compound(st, c)
	}
}

// binary walks a && b, a || b, a | b.
func (w *scriptWalker) binary(c *syntax.BinaryCmd, decisive, errexitOnly bool) {
	switch c.Op {
	case syntax.AndStmt:
		w.stmt(c.X, decisive && !errexitOnly, errexitOnly)
		w.maybe(func() { w.stmt(c.Y, decisive, errexitOnly) })
	case syntax.OrStmt:
		w.stmt(c.X, false, errexitOnly)
		w.maybe(func() { w.stmt(c.Y, false, errexitOnly) })
	default: // | and |&: each side runs in a subshell
		n := len(w.s.Commands)
		w.maybe(func() { w.stmt(c.X, decisive && w.opts.Pipefail, false) })
		if len(w.s.Commands) > n {
			w.s.Commands[len(w.s.Commands)-1].Piped = true
		}
		w.maybe(func() { w.stmt(c.Y, decisive, false) })
	}
}

// maybe walks commands that may not run, or run in a subshell: a
// variable they assign is not known afterwards (cond && X=build; rm -rf
// $X/ may delete /).
func (w *scriptWalker) maybe(walk func()) {
	w.cond++
	walk()
	w.cond--
}

// ifClause walks every branch of an if (each may run) and its conditions.
func (w *scriptWalker) ifClause(c *syntax.IfClause) {
	w.maybe(func() {
		for ; c != nil; c = c.Else {
			w.list(c.Cond, false)
			w.list(c.Then, false)
		}
	})
}

// whileLoop walks while/until COND; do BODY; done: its condition and body
// are judged like an if's branches, each may run any number of times, so
// every variable the loop assigns is unknown in it and after it (x=build;
// while …; do rm -rf $x; x=/; done deletes / the second time).
func (w *scriptWalker) whileLoop(c *syntax.WhileClause) {
	names := assignedIn(c)
	w.forget(names)
	w.maybe(func() {
		w.list(c.Cond, false)
		w.list(c.Do, false)
	})
	w.forget(names)
}

// assignedIn lists the variables a loop may set: assignments (x=v, export
// x=v, local x=v), the names read, mapfile and getopts fill, and the
// loop variables of for loops inside it.
func assignedIn(loop syntax.Node) []string {
	var names []string
	syntax.Walk(loop, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil {
				names = append(names, n.Name.Value)
			}
		case *syntax.WordIter:
			if n.Name != nil {
				names = append(names, n.Name.Value)
			}
		case *syntax.CallExpr:
			names = append(names, filledByBuiltin(n.Args)...)
		}
		return true
	})
	return names
}

// filledByBuiltin returns the variable names read, mapfile, readarray and
// getopts assign (their words that are not options).
func filledByBuiltin(args []*syntax.Word) []string {
	if len(args) == 0 {
		return nil
	}
	switch args[0].Lit() {
	case "read", "mapfile", "readarray", "getopts":
	default:
		return nil
	}
	var names []string
	for _, a := range args[1:] {
		if lit := a.Lit(); lit != "" && !strings.HasPrefix(lit, "-") {
			names = append(names, lit)
		}
	}
	return names
}

// maxLoopItems bounds the items of a for loop judged one by one.
const maxLoopItems = 16

// forLoop walks for NAME in WORDS; do BODY; done once per item, with
// NAME standing for the item (a glob item makes NAME's uses patterns);
// false when the loop is not of that form or its items are known only at
// run time.
func (w *scriptWalker) forLoop(st *syntax.Stmt, c *syntax.ForClause) bool {
	wi, ok := c.Loop.(*syntax.WordIter)
	if !ok || c.Select || wi.Name == nil || len(st.Redirs) > 0 {
		return false
	}
	type item struct {
		v       string
		pattern bool
	}
	var items []item
	for _, word := range wi.Items {
		for _, one := range w.braces(word, false) {
			w.pattern, w.unknown = false, false
			v, _ := w.word(one)
			if w.unknown {
				w.unknown, w.pattern = false, false
				return false
			}
			items = append(items, item{v, w.pattern})
		}
	}
	w.pattern = false
	if len(items) == 0 || len(items) > maxLoopItems {
		return false
	}
	name := wi.Name.Value
	w.maybe(func() {
		for _, it := range items {
			w.vars[name], w.patternVars[name] = it.v, it.pattern
			delete(w.reassigned, name)
			w.list(c.Do, false)
		}
	})
	delete(w.patternVars, name)
	w.forget([]string{name})
	return true
}

// compound walks control flow, functions and the other compound commands:
// nothing in them is decisive, and the script is not plain.
func (w *scriptWalker) compound(st *syntax.Stmt, c syntax.Command) {
	w.opaque(commandWord(c))
	w.redirectsOnly(st.Redirs)
	syntax.Walk(c, func(n syntax.Node) bool {
		if n == c {
			return true
		}
		if inner, ok := n.(*syntax.Stmt); ok {
			w.stmt(inner, false, false)
			return false
		}
		return true
	})
}

// commandWord names a compound command for Script.Opaque.
func commandWord(c syntax.Command) string {
	switch c.(type) {
	case *syntax.IfClause:
		return "uses if"
	case *syntax.WhileClause:
		return "uses a while or until loop"
	case *syntax.ForClause:
		return "uses a for loop"
	case *syntax.CaseClause:
		return "uses case"
	case *syntax.FuncDecl:
		return "defines a function"
	case *syntax.DeclClause:
		return "declares variables"
	case *syntax.CoprocClause:
		return "starts a coprocess"
	}
	return "uses a compound command"
}

// redirectsOnly records the redirections of a compound statement as a
// command without words, so that their targets are judged too.
func (w *scriptWalker) redirectsOnly(rs []*syntax.Redirect) {
	if len(rs) > 0 {
		w.s.Commands = append(w.s.Commands, ScriptCommand{Redirects: w.redirects(rs), Literal: true})
	}
}

// opaqueBuiltins run code or change what later words mean.
var opaqueBuiltins = map[string]string{
	"eval": "uses eval", "source": "sources a file", ".": "sources a file", "exec": "uses exec",
	"alias": "defines an alias", "trap": "sets a trap", "builtin": "uses builtin",
	"set": "", "shopt": "changes shell options", "enable": "enables builtins", "unalias": "",
}

// export records export NAME=value … as a command of assignments only,
// like a bare NAME=value (export NAME alone changes nothing the policy
// judges).
func (w *scriptWalker) export(c *syntax.DeclClause) {
	cmd := ScriptCommand{Literal: true}
	for _, a := range c.Args {
		if a.Naked || a.Value == nil && a.Array == nil {
			continue
		}
		v, lit := w.assign(a)
		cmd.Assigns = append(cmd.Assigns, v)
		cmd.Literal = cmd.Literal && lit
	}
	w.remember(cmd.Assigns)
	w.s.Commands = append(w.s.Commands, cmd)
}

// call records a simple command and follows set -e / set -o pipefail.
func (w *scriptWalker) call(c *syntax.CallExpr, rs []*syntax.Redirect, decisive bool) {
	cmd := ScriptCommand{Literal: true, Decisive: decisive && len(c.Args) > 0}
	for _, a := range c.Assigns {
		v, lit := w.assign(a)
		cmd.Assigns = append(cmd.Assigns, v)
		cmd.Literal = cmd.Literal && lit
	}
	for i, word := range c.Args {
		for _, one := range w.braces(word, i == 0) {
			w.pattern, w.unknown = false, false
			v, lit := w.word(one)
			switch {
			case w.pattern && i == 0:
				w.opaque("runs a program named by a glob")
			case w.unknown && i == 0:
				w.opaque("runs a program named only when it runs (" + v + ")")
			}
			cmd.Args = append(cmd.Args, v)
			cmd.Patterns = append(cmd.Patterns, w.pattern)
			cmd.Unknown = append(cmd.Unknown, w.unknown)
			cmd.Literal = cmd.Literal && lit
		}
	}
	w.pattern, w.unknown = false, false
	cmd.Redirects = w.redirects(rs)
	for _, r := range cmd.Redirects {
		cmd.Literal = cmd.Literal && r.Literal
	}
	cmd.Stdin = w.stdin(rs)
	if len(c.Args) == 0 {
		w.remember(cmd.Assigns)
	}
	if len(cmd.Args) > 0 && (cmd.Args[0] == "read" || cmd.Args[0] == "mapfile" || cmd.Args[0] == "readarray" || cmd.Args[0] == "getopts") {
		w.forget(cmd.Args[1:])
	}
	if len(cmd.Args) > 0 {
		if why, ok := opaqueBuiltins[cmd.Args[0]]; ok && why != "" {
			w.opaque(why)
		}
		if cmd.Args[0] == "set" {
			w.setOptions(cmd.Args[1:])
		}
	}
	w.s.Commands = append(w.s.Commands, cmd)
}

// braces expands the brace expansions of an argument (mkdir -p
// src/{a,b}) into the words the shell passes; the program word is not
// expanded (a program chosen by braces is opaque).
func (w *scriptWalker) braces(word *syntax.Word, program bool) []*syntax.Word {
	if !syntax.SplitBraces(word) {
		return []*syntax.Word{word}
	}
	if program {
		w.opaque("uses a brace expansion")
		return []*syntax.Word{word}
	}
	var words []*syntax.Word
	for one, err := range expand.BracesSeq(nil, word) {
		if err != nil || len(words) == maxBraceWords {
			w.opaque("uses a brace expansion too large to judge")
			return []*syntax.Word{word}
		}
		words = append(words, one)
	}
	return words
}

// maxBraceWords bounds the words a brace expansion is judged as.
const maxBraceWords = 256

// remember keeps the literal values a bare assignment gives, for the
// words after it that expand them.
func (w *scriptWalker) remember(assigns []string) {
	for _, kv := range assigns {
		name, v, ok := strings.Cut(kv, "=")
		switch _, seen := w.vars[name]; {
		case !ok:
		case seen || w.reassigned[name] || w.cond > 0:
			// Which value a later word sees depends on what ran.
			delete(w.vars, name)
			w.reassigned[name] = true
		default:
			w.vars[name] = v
		}
	}
}

// forget drops what the script knew of variables a builtin sets (read
// NAME).
func (w *scriptWalker) forget(names []string) {
	for _, n := range names {
		delete(w.vars, n)
		w.reassigned[n] = true
	}
}

// stdin returns the literal body of the last here-document or
// here-string among rs.
func (w *scriptWalker) stdin(rs []*syntax.Redirect) string {
	body := ""
	for _, r := range rs {
		switch {
		case r.Hdoc != nil && (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc):
			body, _ = w.word(r.Hdoc)
		case r.Op == syntax.WordHdoc && r.Word != nil:
			body, _ = w.word(r.Word)
		}
	}
	return body
}

// setOptions follows set -e, set +e, set -o errexit|pipefail.
func (w *scriptWalker) setOptions(args []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			continue
		}
		on := a[0] == '-'
		if a[1:] == "o" && i+1 < len(args) {
			i++
			switch args[i] {
			case "errexit":
				w.opts.Errexit = on
			case "pipefail":
				w.opts.Pipefail = on
			}
			continue
		}
		if strings.ContainsRune(a[1:], 'e') {
			w.opts.Errexit = on
		}
		if strings.HasSuffix(a, "o") && i+1 < len(args) && args[i+1] == "pipefail" {
			i++
			w.opts.Pipefail = on
		}
	}
}

// assign renders NAME=value; a value known only at run time is its
// source text, and the variable stays unknown.
func (w *scriptWalker) assign(a *syntax.Assign) (string, bool) {
	if a.Name == nil || a.Array != nil || a.Index != nil || a.Append {
		w.opaque("assigns an array or an index")
		return "", false
	}
	if a.Value == nil {
		return a.Name.Value + "=", true
	}
	w.unknown = false
	v, lit := w.word(a.Value)
	if w.unknown {
		w.forget([]string{a.Name.Value})
		w.unknown = false
	}
	return a.Name.Value + "=" + v, lit
}

// redirects renders redirections; a here-document body is checked for
// expansions but is not a target.
func (w *scriptWalker) redirects(rs []*syntax.Redirect) []Redirect {
	var out []Redirect
	for _, r := range rs {
		op := r.Op.String()
		if r.N != nil {
			op = r.N.Value + op
		}
		rd := Redirect{Op: op, Literal: true}
		if r.Word != nil {
			rd.Target, rd.Literal = w.word(r.Word)
		}
		if r.Hdoc != nil {
			if _, lit := w.word(r.Hdoc); !lit {
				rd.Literal = false
			}
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob, syntax.RdrAllClob, syntax.AppAllClob, syntax.AppClob:
			rd.Writes = true
		case syntax.DplOut, syntax.DplIn:
			rd.Writes = !IsDescriptor(rd.Target)
		}
		out = append(out, rd)
	}
	return out
}

// IsDescriptor reports a dup target: a descriptor number or "-".
func IsDescriptor(t string) bool {
	if t == "-" {
		return true
	}
	t = strings.TrimSuffix(t, "-")
	return t != "" && strings.Trim(t, "0123456789") == ""
}

// word renders a word after quote removal and reports whether its value
// is known before the script runs. Expansions are walked for the commands
// they run (command substitution) and make the script opaque.
func (w *scriptWalker) word(word *syntax.Word) (string, bool) {
	var b strings.Builder
	lit := true
	for _, p := range word.Parts {
		s, ok := w.part(p, false)
		b.WriteString(s)
		lit = lit && ok
	}
	if !lit {
		return wordSource(word), false
	}
	return b.String(), true
}

// part renders one word part; quoted is true inside double quotes.
func (w *scriptWalker) part(p syntax.WordPart, quoted bool) (string, bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		if quoted {
			return unescape(p.Value, "$`\"\\\n"), true
		}
		if expandsUnquoted(p.Value) {
			w.pattern = true
		}
		return unescape(p.Value, ""), true
	case *syntax.SglQuoted:
		if p.Dollar {
			w.opaque("uses $'…' quoting")
			return p.Value, false
		}
		return p.Value, true
	case *syntax.DblQuoted:
		var b strings.Builder
		lit := !p.Dollar
		for _, q := range p.Parts {
			s, ok := w.part(q, true)
			b.WriteString(s)
			lit = lit && ok
		}
		return b.String(), lit
	case *syntax.CmdSubst:
		// The commands inside are judged like the others; the word's
		// value is known only when it runs.
		for _, st := range p.Stmts {
			w.stmt(st, false, false)
		}
		w.unknown = true
		return "", false
	case *syntax.ProcSubst:
		for _, st := range p.Stmts {
			w.stmt(st, false, false)
		}
		return "/dev/fd/63", true // the word is a pipe's name
	case *syntax.ParamExp:
		if v, ok := w.param(p); ok {
			return v, true
		}
		w.nested(p)
		w.unknown = true
		return "", false
	case *syntax.ArithmExp:
		w.nested(p)
		return "0", true // a number
	}
	w.opaque("uses an expansion")
	return "", false
}

// param returns the value of a plain $NAME or ${NAME} when it is known
// before the script runs: a special parameter (its value does not name a
// file: $? is a number), a variable the script assigned a literal value,
// $HOME as ~ and $PWD as ".".
func (w *scriptWalker) param(p *syntax.ParamExp) (string, bool) {
	if p.Param == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil ||
		p.Names != 0 || p.Exp != nil || p.NestedParam != nil || p.Flags != nil {
		return "", false
	}
	name := p.Param.Value
	if v, ok := w.vars[name]; ok {
		w.pattern = w.pattern || w.patternVars[name]
		return v, true
	}
	switch name {
	case "?", "#", "$", "!", "-":
		return "0", true
	case "HOME":
		return "~", true
	case "PWD":
		return ".", true
	case "PATH":
		return "$PATH", true // PATH=dir:$PATH extends it
	}
	return "", false
}

// nested records the commands of substitutions inside an expansion
// (${x:-$(cmd)}, $(( $(cmd) ))).
func (w *scriptWalker) nested(n syntax.Node) {
	syntax.Walk(n, func(m syntax.Node) bool {
		switch s := m.(type) {
		case *syntax.CmdSubst:
			for _, st := range s.Stmts {
				w.stmt(st, false, false)
			}
			return false
		case *syntax.ProcSubst:
			for _, st := range s.Stmts {
				w.stmt(st, false, false)
			}
			return false
		}
		return true
	})
}

// expandsUnquoted reports glob characters and brace expansions in an
// unquoted literal (a backslash-escaped character is literal).
func expandsUnquoted(s string) bool {
	open := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			if strings.IndexByte(s[i+1:], ']') >= 0 {
				return true // a bracket expression; a lone [ is the test command
			}
		case '{':
			open = true
		case ',':
			if open {
				return true
			}
		case '.':
			if open && i+1 < len(s) && s[i+1] == '.' {
				return true
			}
		case '}':
			open = false
		}
	}
	return false
}

// unescape removes the backslashes that quote the next character: every
// one when only is "", else those before a character in only (inside
// double quotes).
func unescape(s, only string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (only == "" || strings.IndexByte(only, s[i+1]) >= 0) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// wordSource prints a word as written.
func wordSource(word *syntax.Word) string {
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, word); err != nil {
		return ""
	}
	return b.String()
}
