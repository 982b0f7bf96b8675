package protocol

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// The tool-result reader: only tests read <tool_result> back (wtagent
// writes them; the model never sends one).

// ParseToolResult reads back what FormatToolResult wrote (text around the
// <tool_result>, such as a trailing <system_reminder>, is ignored). It
// returns the fields the model sees: Tool, Status, Message, Data, Stdout,
// Stderr, StdoutCut, StderrCut, ExitCode, Signal, Duration, Diff and
// Changed. Failures are *Error.
func ParseToolResult(s string) (event.ToolResult, error) {
	s, _ = cleanReply(s)
	env, perr := locate(s, rootResult, false)
	if perr != nil {
		return event.ToolResult{}, perr
	}
	root, perr := buildTree(env.root, rootResult)
	if perr != nil {
		return event.ToolResult{}, perr
	}
	r, perr := readResult(root)
	if perr != nil {
		return event.ToolResult{}, perr
	}
	return r, nil
}

// readResult reads one decoded <tool_result>.
func readResult(root *node) (event.ToolResult, *Error) {
	var r event.ToolResult
	if perr := readResultAttrs(root, &r); perr != nil {
		return event.ToolResult{}, perr
	}
	for _, k := range root.kids {
		if perr := readResultChild(k, &r); perr != nil {
			return event.ToolResult{}, perr
		}
	}
	return r, nil
}

func readResultAttrs(root *node, r *event.ToolResult) *Error {
	r.Tool, _ = root.attr("name")
	status, _ := root.attr("status")
	r.Status = event.ToolStatus(status)
	r.Signal, _ = root.attr("signal")
	if v, ok := root.attr("exit_code"); ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return resultErr("exit_code %q is not an integer", v)
		}
		r.ExitCode = &n
	}
	if v, ok := root.attr("duration_ms"); ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return resultErr("duration_ms %q is not an integer", v)
		}
		r.Duration = time.Duration(n) * time.Millisecond
	}
	return nil
}

func readResultChild(k *node, r *event.ToolResult) *Error {
	if len(k.kids) > 0 && k.name != "changed" {
		return resultErr("<%s> holds the element <%s>", k.name, k.kids[0].name)
	}
	switch k.name {
	case "message":
		r.Message = k.value()
	case "stdout", "stderr":
		cut, perr := readCut(k)
		if perr != nil {
			return perr
		}
		if k.name == "stdout" {
			r.Stdout, r.StdoutCut = k.value(), cut
		} else {
			r.Stderr, r.StderrCut = k.value(), cut
		}
	case "data":
		r.Data = json.RawMessage(k.value())
	case "diff":
		r.Diff = k.value()
	case "changed":
		for _, it := range k.kids {
			if it.name != "item" || len(it.kids) > 0 {
				return resultErr("<changed> holds <%s>; only <item> text is allowed", it.name)
			}
			r.Changed = append(r.Changed, it.value())
		}
	case "note":
	default:
		return resultErr("<%s> is not part of a <tool_result>", k.name)
	}
	return nil
}

func readCut(k *node) (*event.Truncation, *Error) {
	if v, _ := k.attr("truncated"); v != "true" {
		return nil, nil
	}
	var cut event.Truncation
	for name, dst := range map[string]*int64{"original_bytes": &cut.OriginalBytes, "kept_bytes": &cut.KeptBytes} {
		v, _ := k.attr(name)
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, resultErr("<%s> %s %q is not an integer", k.name, name, v)
		}
		*dst = n
	}
	return &cut, nil
}

func resultErr(format string, args ...any) *Error {
	return &Error{Kind: KindMalformed, Msg: "tool_result: " + fmt.Sprintf(format, args...) + "."}
}

// ParseToolResults reads back what FormatToolResults wrote: the results in
// the calls' order. A message with one <tool_result> (no <tool_results>)
// gives one result. Each <tool_result> must carry call="N", N its position
// from 1, and the count must match calls="…". Failures are *Error.
func ParseToolResults(s string) ([]event.ToolResult, error) {
	s, _ = cleanReply(s)
	if findStartTag(s, rootResults, 0) < 0 {
		r, err := ParseToolResult(s)
		if err != nil {
			return nil, err
		}
		return []event.ToolResult{r}, nil
	}
	env, perr := locate(s, rootResults, false)
	if perr != nil {
		return nil, perr
	}
	root, perr := buildTree(env.root, rootResults)
	if perr != nil {
		return nil, perr
	}
	if s := root.stray(); s != "" {
		return nil, resultErr("text outside the <tool_result> elements")
	}
	out := make([]event.ToolResult, 0, len(root.kids))
	for i, k := range root.kids {
		if k.name != rootResult {
			return nil, resultErr("<%s> is not a <tool_result>", k.name)
		}
		if v, _ := k.attr("call"); v != strconv.Itoa(i+1) {
			return nil, resultErr("result %d has call=%q", i+1, v)
		}
		r, perr := readResult(k)
		if perr != nil {
			return nil, perr
		}
		out = append(out, r)
	}
	if v, _ := root.attr("calls"); v != strconv.Itoa(len(out)) {
		return nil, resultErr("calls=%q but %d results", v, len(out))
	}
	return out, nil
}
