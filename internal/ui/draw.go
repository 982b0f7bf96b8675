package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// draw renders one event. Callers hold r.mu.
func (r *Renderer) draw(ev messages.Event) {
	switch ev.Type {
	case messages.EvRunStarted, messages.EvRunResumed:
		p := decode[messages.RunStartedPayload](ev)
		verb := "session"
		if ev.Type == messages.EvRunResumed {
			verb = "resumed"
		}
		r.line(r.st.bold.Render(fmt.Sprintf("● %s %s", verb, ev.SessionID)) + r.st.dim.Render(fmt.Sprintf(" · %s · %s", p.Root, p.Provider)))
		if t := strings.TrimSpace(p.Task); t != "" {
			r.line(r.st.dim.Render("  task: ") + firstLine(t, r.opts.Width-10))
		}
		if p.Sandbox != "" {
			r.line(r.st.dim.Render("  sandbox: ") + p.Sandbox)
		}
		for _, w := range p.Warnings {
			r.line(r.st.warn.Render("! " + terminalSafe(w)))
		}
	case messages.EvSecretMasked, messages.EvSecretRevealed:
		r.line(r.st.warn.Render("! " + decode[messages.TextPayload](ev).Text))
	case messages.EvInstruction:
		r.line(r.st.dim.Render("  instruction: ") + firstLine(decode[messages.TextPayload](ev).Text, r.opts.Width-16))
	case messages.EvQueued:
		r.line(r.st.bold.Render("› you (queued for the next message): ") + firstLine(decode[messages.QueueInstruction](ev).Text, r.opts.Width-40))
	case messages.EvManualTakeover:
		r.drawTakeover(decode[messages.TakeoverPayload](ev))
	case messages.EvHandedBack:
		r.drawHandBack(decode[messages.HandBackState](ev))
	case messages.EvModelState:
		r.drawModelState(decode[messages.ModelStateChanged](ev))
	case messages.EvBrowserAuth, messages.EvBrowserTakeover, messages.EvBrowserAdapter, messages.EvBrowserCrashed:
		r.line(r.st.warn.Render("! " + decode[messages.TextPayload](ev).Text))
	case messages.EvBrowserNote:
		r.line(r.st.dim.Render("  chrome: " + decode[messages.TextPayload](ev).Text))
	case messages.EvConversationMode:
		p := decode[messages.ModeSelected](ev)
		r.line(r.st.dim.Render("  " + p.String()))
		r.status.mode = p.Short()
	case messages.EvConversationRoll:
		r.line(r.st.warn.Render("↻ " + decode[messages.TextPayload](ev).Text))
	case messages.EvModelMessageSent:
		p := decode[messages.MessageSentPayload](ev)
		what := fmt.Sprintf("turn %d, %s", ev.Turn, p.Kind)
		if r.status.mode != "" {
			what += "; " + r.status.mode
		}
		r.setStatus("ChatGPT is thinking (" + what + ")")
	case messages.EvModelProgress:
		p := decode[messages.TextPayload](ev)
		if p.Kind == messages.ProgressDelta {
			r.status.text += p.Text
		} else {
			r.status.text = p.Text
		}
		r.status.glimpse = glimpseOf(terminalSafe(r.status.text))
		r.status.phase = ""
		r.drawStatus()
	case messages.EvModelMessageComplete:
		r.setStatus("")
	case messages.EvModelFailed:
		r.setStatus("")
		r.line(r.st.warn.Render("! model: " + decode[messages.TextPayload](ev).Text))
	case messages.EvProtocolParsed:
		p := decode[messages.ParsedPayload](ev)
		if msg := strings.TrimSpace(terminalSafe(p.Message)); msg != "" && !p.Done {
			r.line(r.st.accent.Render("⏺ ") + indentAfterFirst(msg, "  "))
		}
		for _, rep := range p.Repairs {
			r.line(r.st.dim.Render(fmt.Sprintf("  ↻ reply repaired (%s): %s", rep.Kind, terminalSafe(rep.Note))))
		}
	case messages.EvProtocolInvalid:
		p := decode[messages.ProtocolInvalidPayload](ev)
		r.line(r.st.warn.Render(fmt.Sprintf("✗ reply broke the protocol (%s): %s — asking the model to resend", p.Kind, p.Err)))
	case messages.EvToolProposed:
		p := decode[messages.ToolProposedPayload](ev)
		r.calls[ev.CallID] = &callOutput{}
		r.line(r.st.bold.Render("▸ "+terminalSafe(p.Call.Name)) + " " + terminalSafe(protocol.Summary(p.Call)))
		r.markProposed(ev.CallID)
	case messages.EvToolReused:
		r.line(r.st.dim.Render("  ↺ result reused: this call already ran"))
	case messages.EvPolicyDecided:
		p := decode[messages.PolicyPayload](ev)
		if p.Decision == messages.DecisionDeny {
			r.line(r.st.bad.Render("  ✗ denied: " + p.Reason))
		}
	case messages.EvApprovalResolved:
		p := decode[messages.PolicyPayload](ev)
		r.line(r.st.dim.Render(fmt.Sprintf("  approval: %s (by %s)", p.Choice, p.By)))
	case messages.EvToolStarted:
		p := decode[messages.ToolProposedPayload](ev)
		r.setStatus("running " + truncateCells(p.Call.Name+" "+protocol.Summary(p.Call), 50))
	case messages.EvToolOutput:
		r.drawOutput(ev)
	case messages.EvToolCompleted, messages.EvToolUnknown:
		r.drawResult(ev)
	case messages.EvProcessChanged:
		p := decode[messages.ProcessEvent](ev)
		r.drawProcess(p)
	case messages.EvDoneRefused:
		r.line(r.st.warn.Render("↺ done refused: " + decode[messages.TextPayload](ev).Text))
	case messages.EvLimitReached:
		r.line(r.st.warn.Render("! " + decode[messages.TextPayload](ev).Text))
	case messages.EvRunCompleted, messages.EvRunInterrupted, messages.EvRunFailed, messages.EvRunCancelled:
		r.setStatus("")
		r.drawEnd(ev)
	}
}

func (r *Renderer) drawModelState(p messages.ModelStateChanged) {
	switch p.State {
	case messages.ModelStarting:
		r.setStatus("starting ChatGPT")
	case messages.ModelAuthRequired, messages.ModelTakeoverRequired:
		r.line(r.st.warn.Render("! " + p.Detail))
		r.setStatus("waiting for you in the Chrome window")
	case messages.ModelRateLimited:
		r.line(r.st.warn.Render("! " + p.Detail))
	case messages.ModelRecovering:
		r.line(r.st.warn.Render("↻ " + p.Detail))
		r.setStatus("recovering the browser")
	case messages.ModelThinking:
		if p.Phase != "" && strings.HasPrefix(r.status.label, "ChatGPT is") {
			r.status.phase = terminalSafe(p.Phase)
			r.drawStatus()
		}
	case messages.ModelReady:
		if r.status.label != "" && !strings.HasPrefix(r.status.label, "ChatGPT is") {
			r.setStatus("")
		}
	}
}

func (r *Renderer) drawOutput(ev messages.Event) {
	p := decode[messages.TextPayload](ev)
	key := ev.CallID
	prefix := "  │ "
	if key == "" {
		key = "proc:" + p.Kind
		prefix = fmt.Sprintf("  [%s] ", p.Kind)
	}
	c := r.calls[key]
	if c == nil {
		c = &callOutput{}
		r.calls[key] = c
	}
	for _, l := range c.splitLines(p.Stream, []byte(p.Text)) {
		if r.opts.Verbose || c.admit(l, r.opts.LiveLines) {
			r.outputLine(prefix, p.Stream, l)
		}
	}
}

func (r *Renderer) outputLine(prefix, stream, l string) {
	// A program's own escapes never reach the terminal: they could move the
	// cursor or retitle the window (ansi.Strip knows 7- and 8-bit ones).
	l = ansi.Strip(l)
	if stream == string(messages.StreamStderr) {
		r.line(r.st.dim.Render(prefix) + r.st.warn.Render(l))
		return
	}
	r.line(r.st.dim.Render(prefix) + l)
}

func (r *Renderer) drawResult(ev messages.Event) {
	p := decode[messages.ToolCompletedPayload](ev)
	res := p.Result
	if c := r.calls[ev.CallID]; c != nil {
		for _, l := range c.flush() {
			if c.admit(l, r.opts.LiveLines) {
				r.outputLine("  │ ", "", l)
			}
		}
		if c.hidden > 0 {
			r.line(r.st.dim.Render(fmt.Sprintf("  │ … %d more lines (last %d below; full output in tool-output.jsonl)", c.hidden, len(c.tail))))
			for _, l := range c.tail {
				r.outputLine("  │ ", "", l)
			}
		}
		delete(r.calls, ev.CallID)
	}
	r.setStatus("")
	mark, style := "✓", r.st.ok
	switch res.Status {
	case messages.ToolError, messages.ToolTimeout, messages.ToolUnknown:
		mark, style = "✗", r.st.bad
	case messages.ToolDenied:
		mark, style = "⊘", r.st.warn
	}
	detail := res.Message
	if res.ExitCode != nil {
		detail = strings.TrimSpace(fmt.Sprintf("exit %d %s", *res.ExitCode, res.Signal))
	}
	dur := ""
	switch {
	case res.Duration >= time.Second:
		dur = fmt.Sprintf(" (%s)", res.Duration.Round(10*time.Millisecond))
	case res.Duration > 0:
		dur = fmt.Sprintf(" (%dms)", res.Duration.Milliseconds())
	}
	r.line(style.Render(fmt.Sprintf("  %s %s", mark, res.Tool)) + " " + firstLine(detail, r.opts.Width-20) + r.st.dim.Render(dur))
	if res.Diff != "" {
		r.drawDiff(res.Diff)
	}
}

func (r *Renderer) drawProcess(p messages.ProcessEvent) {
	info := p.Info
	switch info.State {
	case messages.ProcessReady, messages.ProcessRunning:
		urls := ""
		if len(info.URLs) > 0 {
			urls = " → " + r.st.accent.Render(strings.Join(info.URLs, " "))
		}
		r.line(r.st.ok.Render(fmt.Sprintf("  ● %s %s (pid %d) %s", info.ID, info.Program, info.PID, info.State)) + urls)
	case messages.ProcessCrashed, messages.ProcessExited:
		code := ""
		if info.ExitCode != nil {
			code = fmt.Sprintf(" exit %d", *info.ExitCode)
		}
		r.line(r.st.bad.Render(fmt.Sprintf("  ● %s %s %s%s %s", info.ID, info.Program, info.State, code, p.Err)))
	case messages.ProcessStopped:
		r.line(r.st.dim.Render(fmt.Sprintf("  ● %s %s stopped", info.ID, info.Program)))
	}
}
