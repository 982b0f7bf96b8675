package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/charmbracelet/x/ansi"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// draw renders one event. Callers hold r.mu.
func (r *Renderer) draw(ev event.Event) {
	switch ev.Type {
	case event.EvRunStarted, event.EvRunResumed:
		r.answered = nil
		p := decode[event.RunStartedPayload](ev)
		verb := "session"
		if ev.Type == event.EvRunResumed {
			verb = "resumed"
		}
		if r.started {
			// A follow-up in the same session (logged as a resume): a
			// short marker, not the whole banner again.
			head := r.st.bold.Render("● follow-up") + r.st.dim.Render(": ")
			r.line(head + r.fit(head, p.Task, ""))
			for _, w := range p.Warnings {
				r.line(r.st.warn.Render("! " + terminalSafe(w)))
			}
			break
		}
		r.started = true
		r.line(r.st.bold.Render(fmt.Sprintf("● %s %s", verb, ev.SessionID)) + r.st.dim.Render(fmt.Sprintf(" · %s · %s", p.Root, p.Provider)))
		if t := strings.TrimSpace(p.Task); t != "" {
			head := r.st.dim.Render("  task: ")
			r.line(head + r.fit(head, t, ""))
		}
		if p.Sandbox != "" {
			r.line(r.st.dim.Render("  sandbox: ") + p.Sandbox)
		}
		r.drawNeeds(ev)
		for _, w := range p.Warnings {
			r.line(r.st.warn.Render("! " + terminalSafe(w)))
		}
	case event.EvSecretMasked, event.EvSecretRevealed:
		r.line(r.st.warn.Render("! " + decode[event.TextPayload](ev).Text))
	case event.EvInstruction:
		head := r.st.dim.Render("  instruction: ")
		r.line(head + r.fit(head, decode[event.TextPayload](ev).Text, ""))
		r.drawNeeds(ev)
	case event.EvQueued:
		head := r.st.bold.Render("› you (queued for the next message): ")
		r.line(head + r.fit(head, decode[event.QueueInstruction](ev).Text, ""))
	case event.EvManualTakeover:
		r.drawTakeover(decode[event.TakeoverPayload](ev))
	case event.EvHandedBack:
		r.drawHandBack(decode[event.HandBackState](ev))
	case event.EvModelState:
		r.drawModelState(decode[event.ModelStatePayload](ev))
	case event.EvBrowserAuth, event.EvBrowserTakeover, event.EvBrowserAdapter, event.EvBrowserCrashed:
		r.line(r.st.warn.Render("! " + decode[event.TextPayload](ev).Text))
	case event.EvBrowserNote:
		r.line(r.st.dim.Render("  chrome: " + decode[event.TextPayload](ev).Text))
	case event.EvConversationMode:
		p := decode[event.ModeSelected](ev)
		r.line(r.st.dim.Render("  " + p.String()))
		r.status.mode = p.Short()
	case event.EvConversationRoll:
		r.line(r.st.warn.Render("↻ " + decode[event.TextPayload](ev).Text))
	case event.EvModelMessageSent:
		p := decode[event.MessageSentPayload](ev)
		what := fmt.Sprintf("turn %d, %s", ev.Turn, kindWords(p.Kind))
		if r.status.mode != "" {
			what += "; " + r.status.mode
		}
		r.setStatus("ChatGPT is thinking (" + what + ")")
	case event.EvModelProgress:
		p := decode[event.TextPayload](ev)
		if p.Kind == event.ProgressDelta {
			r.status.text += p.Text
		} else {
			r.status.text = p.Text
		}
		r.status.glimpse = glimpseOf(terminalSafe(r.status.text))
		r.status.phase = ""
		r.drawStatus()
	case event.EvModelMessageComplete:
		r.setStatus("")
	case event.EvModelFailed:
		r.setStatus("")
		r.line(r.st.warn.Render("! model: " + decode[event.TextPayload](ev).Text))
	case event.EvProtocolParsed:
		p := decode[event.ParsedPayload](ev)
		if msg := strings.TrimSpace(terminalSafe(p.Message)); msg != "" && !p.Done {
			r.line(r.st.accent.Render("⏺ ") + indentAfterFirst(msg, "  "))
		}
		if len(p.Tools) > 1 {
			r.line(r.st.dim.Render(fmt.Sprintf("⇉ %d calls in one reply: %s", len(p.Tools), terminalSafe(strings.Join(p.Tools, ", ")))))
		}
		for _, rep := range p.Repairs {
			r.line(r.st.dim.Render(fmt.Sprintf("  ↻ reply repaired (%s): %s", rep.Kind, terminalSafe(rep.Note))))
		}
	case event.EvProtocolInvalid:
		p := decode[event.ProtocolInvalidPayload](ev)
		r.line(r.st.warn.Render(fmt.Sprintf("✗ reply broke the protocol (%s): %s — asking the model to resend", p.Kind, p.Err)))
	case event.EvToolProposed:
		p := decode[event.ToolProposedPayload](ev)
		r.calls[ev.CallID] = &callOutput{}
		r.line(r.st.bold.Render("▸ "+terminalSafe(p.Call.Name)) + " " + terminalSafe(protocol.Summary(p.Call)))
		r.markProposed(ev.CallID)
	case event.EvToolReused:
		r.line(r.st.dim.Render("  ↺ result reused: this call already ran"))
	case event.EvPolicyDecided:
		p := decode[event.PolicyPayload](ev)
		if p.Decision == event.DecisionDeny {
			r.line(r.st.bad.Render("  ✗ denied: " + p.Reason))
		}
	case event.EvApprovalResolved:
		p := decode[event.PolicyPayload](ev)
		r.line(r.st.dim.Render(fmt.Sprintf("  approval: %s (by %s)", p.Choice, p.By)))
	case event.EvToolStarted:
		p := decode[event.ToolProposedPayload](ev)
		r.setStatus("running " + truncateCells(p.Call.Name+" "+protocol.Summary(p.Call), 50))
	case event.EvToolOutput:
		r.drawOutput(ev)
	case event.EvToolCompleted, event.EvToolUnknown:
		if r.prefix == "" {
			r.setStatus("")
		}
		r.drawResult(ev)
	case event.EvProcessChanged:
		p := decode[event.ProcessPayload](ev)
		r.drawProcess(p)
	case event.EvDoneRefused:
		r.line(renderLines(r.st.warn, "↺ done refused: "+decode[event.TextPayload](ev).Text))
	case event.EvDoneAnswered:
		p := decode[event.TextPayload](ev)
		r.answered = append(r.answered, terminalSafe(p.Text))
		r.line(r.st.dim.Render("  not needed: " + terminalSafe(p.Text)))
	case event.EvLimitReached:
		r.line(r.st.warn.Render("! " + decode[event.TextPayload](ev).Text))
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		r.setStatus("")
		r.drawEnd(ev)
	}
}

func (r *Renderer) drawModelState(p event.ModelStatePayload) {
	switch p.State {
	case event.ModelStarting:
		r.setStatus("starting ChatGPT")
	case event.ModelAuthRequired, event.ModelTakeoverRequired:
		r.line(r.st.warn.Render("! " + p.Detail))
		r.setStatus("waiting for you in the Chrome window")
	case event.ModelRateLimited:
		r.line(r.st.warn.Render("! " + p.Detail))
	case event.ModelRecovering:
		r.line(r.st.warn.Render("↻ " + p.Detail))
		r.setStatus("recovering the browser")
	case event.ModelThinking:
		if p.Phase != "" && !sameAsThinking(p.Phase) && strings.HasPrefix(r.status.label, "ChatGPT is") {
			r.status.phase = terminalSafe(p.Phase)
			r.drawStatus()
		}
	case event.ModelReady:
		if r.status.label != "" && !strings.HasPrefix(r.status.label, "ChatGPT is") {
			r.setStatus("")
		}
	}
}

func (r *Renderer) drawOutput(ev event.Event) {
	p := decode[event.TextPayload](ev)
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

func (r *Renderer) drawResult(ev event.Event) {
	p := decode[event.ToolCompletedPayload](ev)
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
	mark, style := "✓", r.st.ok
	switch res.Status {
	case event.ToolError, event.ToolTimeout, event.ToolUnknown:
		mark, style = "✗", r.st.bad
	case event.ToolDenied:
		mark, style = "⊘", r.st.warn
	case event.ToolSkipped:
		mark, style = "↷", r.st.dim
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
	head := style.Render(fmt.Sprintf("  %s %s", mark, res.Tool)) + " "
	r.line(head + r.fit(head, detail, dur) + r.st.dim.Render(dur))
	if res.Diff != "" {
		r.drawDiff(res.Diff)
	}
}

func (r *Renderer) drawProcess(p event.ProcessPayload) {
	info := p.Info
	switch info.State {
	case event.ProcessReady, event.ProcessRunning:
		urls := ""
		if len(info.URLs) > 0 {
			urls = " → " + r.st.accent.Render(strings.Join(info.URLs, " "))
		}
		r.line(r.st.ok.Render(fmt.Sprintf("  ● %s %s (pid %d) %s", info.ID, info.Program, info.PID, info.State)) + urls)
	case event.ProcessCrashed, event.ProcessExited:
		code := ""
		if info.ExitCode != nil {
			code = fmt.Sprintf(" exit %d", *info.ExitCode)
		}
		r.line(r.st.bad.Render(fmt.Sprintf("  ● %s %s %s%s %s", info.ID, info.Program, info.State, code, p.Err)))
	case event.ProcessStopped:
		r.line(r.st.dim.Render(fmt.Sprintf("  ● %s %s stopped", info.ID, info.Program)))
	}
}

// kindWords says in plain words what a message to the model carries.
func kindWords(k event.OutboundKind) string {
	switch k {
	case event.OutboundBootstrap:
		return "your task"
	case event.OutboundToolResult:
		return "a tool result"
	case event.OutboundProtocolError:
		return "a format correction"
	case event.OutboundContinue:
		return "a nudge to go on"
	case event.OutboundResume:
		return "resuming"
	case event.OutboundFollowUp:
		return "your message"
	case event.OutboundRollover:
		return "a fresh conversation"
	case event.OutboundManual:
		return "your message in the page"
	}
	return strings.ReplaceAll(string(k), "_", " ")
}

// sameAsThinking reports whether the page's phase only says "thinking",
// which the status line already does.
func sameAsThinking(phase string) bool {
	return strings.EqualFold(strings.Trim(strings.TrimSpace(phase), ".…"), "thinking")
}
