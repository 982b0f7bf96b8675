package acp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/session/event"
)

// translator turns one session's events into ACP session updates. It is
// fed from one goroutine at a time (the event sink, or a replay).
type translator struct {
	root string
	// replay marks a history replay: the user's tasks are shown, files
	// are not read (their content then is not the content at the time).
	replay bool
	// before holds, per tool call, the content of the files it names as
	// they were when it started (nil: the file did not exist).
	before map[string]map[string]*string
	// output is each running call's output so far.
	output map[string]*strings.Builder
	// open lists the calls proposed and not completed, in order.
	open []string
	// limited is set when the run stopped at its limit of model turns
	// (the other limits end the turn: the text says which).
	limited bool
}

func newTranslator(root string, replay bool) *translator {
	return &translator{root: root, replay: replay,
		before: make(map[string]map[string]*string), output: make(map[string]*strings.Builder)}
}

// updates is what ev shows the client, in order.
func (t *translator) updates(ev event.Event) []sdk.SessionUpdate {
	switch ev.Type {
	case event.EvRunStarted, event.EvRunResumed:
		return t.runStarted(ev)
	case event.EvProtocolParsed:
		var p event.ParsedPayload
		if event.DecodePayload(ev, &p) != nil || strings.TrimSpace(p.Message) == "" {
			return nil
		}
		return []sdk.SessionUpdate{sdk.UpdateAgentMessageText(p.Message + "\n")}
	case event.EvToolProposed:
		return t.proposed(ev)
	case event.EvToolStarted:
		return t.started(ev)
	case event.EvToolOutput:
		return t.toolOutput(ev)
	case event.EvToolCompleted, event.EvToolReused, event.EvToolUnknown:
		return t.completed(ev)
	case event.EvModeRequested:
		return modeUpdate(ev)
	case event.EvLimitReached:
		var p event.TextPayload
		t.limited = event.DecodePayload(ev, &p) == nil && p.Kind == "max-turns"
		return textOf(ev)
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		return t.runEnded(ev)
	}
	return nil
}

func (t *translator) runStarted(ev event.Event) []sdk.SessionUpdate {
	t.limited = false
	var p event.RunStartedPayload
	if event.DecodePayload(ev, &p) != nil {
		return nil
	}
	if !t.replay {
		// The client shows the prompt it sent; the setup's warnings (an
		// MCP server that did not start) are said as the terminal says
		// them under its banner.
		var out []sdk.SessionUpdate
		for _, w := range p.Warnings {
			out = append(out, sdk.UpdateAgentMessageText("! "+w+"\n"))
		}
		return out
	}
	task := strings.TrimSpace(strings.TrimPrefix(p.Task, p.Note))
	if task == "" {
		return nil
	}
	return []sdk.SessionUpdate{sdk.UpdateUserMessageText(task)}
}

// textOf shows a TextPayload event's text as agent text.
func textOf(ev event.Event) []sdk.SessionUpdate {
	var p event.TextPayload
	if event.DecodePayload(ev, &p) != nil || p.Text == "" {
		return nil
	}
	return []sdk.SessionUpdate{sdk.UpdateAgentMessageText(p.Text + "\n")}
}

func (t *translator) proposed(ev event.Event) []sdk.SessionUpdate {
	var p event.ToolProposedPayload
	if event.DecodePayload(ev, &p) != nil {
		return nil
	}
	args := callArgs(p.Call)
	t.open = append(t.open, ev.CallID)
	return []sdk.SessionUpdate{sdk.StartToolCall(sdk.ToolCallId(ev.CallID), callTitle(p.Call.Name, args),
		sdk.WithStartKind(toolKind(p.Call.Name)), sdk.WithStartStatus(sdk.ToolCallStatusPending),
		sdk.WithStartLocations(t.locations(args)), sdk.WithStartRawInput(args))}
}

func (t *translator) started(ev event.Event) []sdk.SessionUpdate {
	var p event.ToolProposedPayload
	if event.DecodePayload(ev, &p) != nil {
		return nil
	}
	if !t.replay && isChange(p.Call.Name) {
		// The sink sees tool.started before the call runs: the files as
		// they are now are the diff's old side.
		old := make(map[string]*string)
		for _, l := range t.locations(callArgs(p.Call)) {
			old[l.Path] = readText(l.Path)
		}
		t.before[ev.CallID] = old
	}
	return []sdk.SessionUpdate{sdk.UpdateToolCall(sdk.ToolCallId(ev.CallID), sdk.WithUpdateStatus(sdk.ToolCallStatusInProgress))}
}

func (t *translator) toolOutput(ev event.Event) []sdk.SessionUpdate {
	var p event.TextPayload
	if event.DecodePayload(ev, &p) != nil || ev.CallID == "" {
		return nil
	}
	b := t.output[ev.CallID]
	if b == nil {
		b = &strings.Builder{}
		t.output[ev.CallID] = b
	}
	b.WriteString(p.Text)
	return []sdk.SessionUpdate{sdk.UpdateToolCall(sdk.ToolCallId(ev.CallID),
		sdk.WithUpdateContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock(fence(b.String())))}))}
}

func (t *translator) completed(ev event.Event) []sdk.SessionUpdate {
	var p event.ToolCompletedPayload
	if event.DecodePayload(ev, &p) != nil {
		return nil
	}
	res := p.Result
	id := ev.CallID
	if id == "" {
		id = res.CallID
	}
	status := sdk.ToolCallStatusCompleted
	if res.Status != event.ToolOK {
		status = sdk.ToolCallStatusFailed
	}
	content := t.diffs(id, res)
	if out := strings.TrimRight(res.Stdout+res.Stderr, "\n"); out != "" {
		content = append(content, sdk.ToolContent(sdk.TextBlock(fence(out))))
	}
	if res.Status != event.ToolOK && res.Message != "" {
		content = append(content, sdk.ToolContent(sdk.TextBlock(res.Message)))
	}
	delete(t.before, id)
	delete(t.output, id)
	t.open = slices.DeleteFunc(t.open, func(o string) bool { return o == id })
	opts := []sdk.ToolCallUpdateOpt{sdk.WithUpdateStatus(status), sdk.WithUpdateRawOutput(rawOutput(res))}
	if len(content) > 0 {
		opts = append(opts, sdk.WithUpdateContent(content))
	}
	return []sdk.SessionUpdate{sdk.UpdateToolCall(sdk.ToolCallId(id), opts...)}
}

// diffs is a change's content: each changed file's old and new text
// (live), or the unified diff (replayed).
func (t *translator) diffs(id string, res event.ToolResult) []sdk.ToolCallContent {
	if len(res.Changed) == 0 {
		return nil
	}
	if t.replay {
		if res.Diff == "" {
			return nil
		}
		return []sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock("```diff\n" + res.Diff + "\n```"))}
	}
	var out []sdk.ToolCallContent
	for _, rel := range res.Changed {
		path := t.abs(rel)
		now := readText(path)
		if now == nil {
			empty := ""
			now = &empty
		}
		c := sdk.ToolCallContent{Diff: &sdk.ToolCallContentDiff{Type: "diff", Path: path, NewText: *now}}
		if old, ok := t.before[id][path]; ok && old != nil {
			c.Diff.OldText = old
		}
		out = append(out, c)
	}
	return out
}

func (t *translator) runEnded(ev event.Event) []sdk.SessionUpdate {
	var p event.RunEndPayload
	if event.DecodePayload(ev, &p) != nil {
		return nil
	}
	var b strings.Builder
	switch p.Outcome {
	case event.OutcomeCompleted:
		b.WriteString("Done.")
		if len(p.Changed) > 0 {
			b.WriteString(" Changed: " + strings.Join(p.Changed, ", ") + ".")
		}
		if len(p.Verification) > 0 {
			b.WriteString(" Verified by: " + strings.Join(p.Verification, "; ") + ".")
		}
		if len(p.URLs) > 0 {
			b.WriteString(" Running at: " + strings.Join(p.URLs, " ") + ".")
		}
	default:
		fmt.Fprintf(&b, "Run %s: %s", p.Outcome, p.Reason)
	}
	// A call the run ended before (denied unanswered, never started) did
	// not run.
	var out []sdk.SessionUpdate
	for _, id := range t.open {
		out = append(out, sdk.UpdateToolCall(sdk.ToolCallId(id), sdk.WithUpdateStatus(sdk.ToolCallStatusFailed),
			sdk.WithUpdateContent([]sdk.ToolCallContent{sdk.ToolContent(sdk.TextBlock("not run: the run ended first"))})))
	}
	t.open = nil
	return append(out, sdk.UpdateAgentMessageText("\n"+b.String()+"\n"))
}

// locations are the files a call's arguments name, absolute.
func (t *translator) locations(args map[string]any) []sdk.ToolCallLocation {
	var out []sdk.ToolCallLocation
	for _, k := range []string{"path", "file"} {
		if s, ok := args[k].(string); ok && s != "" {
			out = append(out, sdk.ToolCallLocation{Path: t.abs(s)})
		}
	}
	return out
}

func (t *translator) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(t.root, p)
}

// callArgs are a call's arguments as JSON values (nil when none decode).
func callArgs(c event.ToolCall) map[string]any {
	var m map[string]any
	if len(c.CanonicalArgs) > 0 {
		_ = json.Unmarshal(c.CanonicalArgs, &m)
	}
	return m
}

// callTitle says what a call does: its tool and its main argument.
func callTitle(tool string, args map[string]any) string {
	for _, k := range []string{"path", "program", "command", "pattern", "id"} {
		if s, ok := args[k].(string); ok && s != "" {
			title := tool + " " + s
			if argv, ok := args["argv"].([]any); ok && k == "program" {
				for _, a := range argv {
					title += " " + fmt.Sprint(a)
				}
			}
			return title
		}
	}
	return tool
}

// toolKind is the ACP kind of a wtagent tool.
func toolKind(tool string) sdk.ToolKind {
	switch tool {
	case "fs.read", "fs.list", "process.list", "process.read":
		return sdk.ToolKindRead
	case "fs.search":
		return sdk.ToolKindSearch
	case "fs.write", "fs.edit", "fs.patch":
		return sdk.ToolKindEdit
	case "terminal.exec", "process.start", "process.stop":
		return sdk.ToolKindExecute
	}
	return sdk.ToolKindOther
}

func isChange(tool string) bool { return toolKind(tool) == sdk.ToolKindEdit }

// rawOutput is a result's short form for the client.
func rawOutput(res event.ToolResult) map[string]any {
	out := map[string]any{"status": string(res.Status)}
	if res.ExitCode != nil {
		out["exit_code"] = *res.ExitCode
	}
	if len(res.Changed) > 0 {
		out["changed"] = res.Changed
	}
	return out
}

// readText is the file's content, nil when it cannot be read.
func readText(path string) *string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	s := string(b)
	return &s
}

// fence shows command output as a code block.
func fence(s string) string { return "```\n" + strings.TrimRight(s, "\n") + "\n```" }
