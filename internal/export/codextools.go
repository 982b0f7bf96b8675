package export

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// codexTool is how one wtagent call is written in a rollout: a function
// call (exec_command, or a descriptive name for tools Codex lacks) or the
// free-form apply_patch custom tool call, as Codex 0.17x's models call
// them.
type codexTool struct {
	name string
	// args is a function call's JSON arguments.
	args string
	// custom marks apply_patch, whose input is the patch text.
	custom bool
	input  string
	// exec marks exec_command; command is its shell command line.
	exec    bool
	command string
}

// wtagentArgs carries the original call in a mapped call's arguments, so
// nothing the mapping cannot express is lost.
type wtagentArgs struct {
	Tool string          `json:"wtagent_tool"`
	Args json.RawMessage `json:"wtagent_args"`
}

// execCommandArgs are exec_command's arguments.
type execCommandArgs struct {
	Cmd     string `json:"cmd"`
	Workdir string `json:"workdir"`
	wtagentArgs
}

// codexFunction maps a wtagent call onto Codex's own tools: fs.write,
// fs.edit and fs.patch (whose text already is apply_patch's) become
// apply_patch; terminal.exec, fs.read, fs.list and
// fs.search become exec_command with the shell command that does the same
// (cat/sed, find, rg). Other calls keep a descriptive snake_case function
// name and their arguments.
func codexFunction(call event.ToolCall, root string) (codexTool, error) {
	orig := wtagentArgs{Tool: call.Name, Args: argsOrEmpty(call.CanonicalArgs)}
	if name, ok := mcpName(call.Name); ok {
		return codexTool{name: name, args: string(orig.Args)}, nil
	}
	switch call.Name {
	case toolFSWrite:
		var a fsWriteArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Path != "" {
			return codexTool{name: "apply_patch", custom: true, input: writePatch(a)}, nil
		}
	case toolFSEdit:
		var a fsEditArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Path != "" {
			return codexTool{name: "apply_patch", custom: true, input: editPatch(a)}, nil
		}
	case toolFSPatch:
		var a fsPatchArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Patch != "" {
			return codexTool{name: "apply_patch", custom: true, input: codexPatchInput(a.Patch)}, nil
		}
	}
	cmd, workdir := codexCommand(call, root)
	if cmd == "" {
		return codexTool{name: descriptiveName(call.Name), args: string(orig.Args)}, nil
	}
	b, err := marshalCompact(execCommandArgs{Cmd: cmd, Workdir: workdir, wtagentArgs: orig})
	if err != nil {
		return codexTool{}, fmt.Errorf("codex rollout: arguments of %s: %w", call.Name, err)
	}
	return codexTool{name: "exec_command", args: string(b), exec: true, command: cmd}, nil
}

// codexCommand is the shell command line and working directory of a call
// that maps onto exec_command, or "" when it does not.
func codexCommand(call event.ToolCall, root string) (string, string) {
	raw := call.CanonicalArgs
	switch call.Name {
	case toolTerminalExec:
		var a execArgs
		if decodeArgs(raw, &a) && a.Program != "" {
			return commandLine(a.Program, a.Argv, "", a.Env), absPath(root, a.Cwd)
		}
	case toolFSRead:
		var a fsReadArgs
		if decodeArgs(raw, &a) && a.Path != "" {
			return readCommand(a), absPath(root, ".")
		}
	case toolFSList:
		var a fsListArgs
		if decodeArgs(raw, &a) {
			return listCommand(a), absPath(root, ".")
		}
	case toolFSSearch:
		var a fsSearchArgs
		if decodeArgs(raw, &a) && a.Pattern != "" {
			return searchCommand(a), absPath(root, ".")
		}
	}
	return "", ""
}

// readCommand reads a file's lines as fs.read does: cat, or sed for a
// window (offset counts lines from 0).
func readCommand(a fsReadArgs) string {
	if a.Offset == 0 && a.Limit == 0 {
		return "cat " + shellQuote(a.Path)
	}
	end := "$"
	if a.Limit > 0 {
		end = strconv.Itoa(a.Offset + a.Limit)
	}
	return "sed -n " + shellQuote(strconv.Itoa(a.Offset+1)+","+end+"p") + " " + shellQuote(a.Path)
}

// listCommand lists a directory as fs.list does.
func listCommand(a fsListArgs) string {
	cmd := "find " + shellQuote(firstNonEmpty(a.Path, ".")) + " -mindepth 1 -maxdepth " + strconv.Itoa(max(a.Depth, 1))
	if !a.IncludeHidden {
		cmd += " -not -path '*/.*'"
	}
	return cmd
}

// searchCommand searches as fs.search does, with rg.
func searchCommand(a fsSearchArgs) string {
	words := []string{"rg", "-n"}
	if !a.Regex {
		words = append(words, "-F")
	}
	if a.CaseInsensitive {
		words = append(words, "-i")
	}
	if a.Glob != "" {
		words = append(words, "--glob", a.Glob)
	}
	if a.MaxResults > 0 {
		words = append(words, "-m", strconv.Itoa(a.MaxResults))
	}
	return shellJoin(append(words, "-e", a.Pattern, firstNonEmpty(a.Path, ".")))
}

// searchRegexp is an fs.search pattern as a regular expression.
func searchRegexp(a fsSearchArgs) string {
	p := a.Pattern
	if !a.Regex {
		p = regexp.QuoteMeta(p)
	}
	if a.CaseInsensitive {
		p = "(?i)" + p
	}
	return p
}

// descriptiveName turns a wtagent tool name into a valid function name
// ("process.start" → "process_start").
func descriptiveName(tool string) string {
	var b strings.Builder
	for _, c := range tool {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
			b.WriteRune(c)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "tool"
	}
	s := b.String()
	if len(s) > 64 {
		s = s[:64]
	}
	return s
}

// codexPatchInput is an fs.patch's text as apply_patch's input: LF line
// ends and one final newline, as Codex's models write it.
func codexPatchInput(patch string) string {
	return strings.TrimRight(strings.ReplaceAll(patch, "\r\n", "\n"), "\n") + "\n"
}
