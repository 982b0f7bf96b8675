package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

// KeyReader reads one key press from the user, offering keys.
type KeyReader interface {
	ReadKey(ctx context.Context, prompt string, keys string) (rune, error)
}

// Approver asks the user in the terminal whether a tool call may run. It
// takes the terminal from the renderer for the question, so live output
// never interleaves with it.
type Approver struct {
	r    *Renderer
	keys KeyReader
}

// NewApprover returns an approver drawing on r and reading from keys.
func NewApprover(r *Renderer, keys KeyReader) *Approver {
	return &Approver{r: r, keys: keys}
}

// Ask implements actors.Approver.
func (a *Approver) Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	a.r.awaitProposed(ctx, req.CallID, 5*time.Second)
	w, release := a.r.Hold()
	defer release()
	st := a.r.st
	if req.Unconfined {
		fmt.Fprintln(w, st.warn.Render("┌ blocked by the sandbox")+st.dim.Render(" · run it without the sandbox?"))
	} else {
		fmt.Fprintln(w, st.warn.Render("┌ approval needed")+st.dim.Render(" · risk "+string(req.Risk)))
	}
	fmt.Fprintln(w, st.warn.Render("│ ")+st.bold.Render(terminalSafe(req.Tool))+" "+terminalSafe(req.Subject))
	for _, l := range strings.Split(strings.TrimSpace(terminalSafe(req.Reason)), "\n") {
		fmt.Fprintln(w, st.warn.Render("│ ")+l)
	}
	task := ""
	if req.Suggested != nil {
		task = "  [a] allow for this task (" + RuleText(*req.Suggested) + ")"
		fmt.Fprintln(w, st.warn.Render("│ ")+st.dim.Render("for this task means: "+RuleText(*req.Suggested)))
	}
	keys := "yn"
	if req.Suggested != nil {
		keys = "yan"
	}
	prompt := "[y] allow once" + task + "  [n] deny › "
	if req.Unconfined {
		prompt = "[y] run once WITHOUT the sandbox  [n] keep the sandbox › "
	}
	k, err := a.keys.ReadKey(ctx, st.warn.Render("└ ")+prompt, keys)
	if err != nil {
		return messages.ApprovalAnswer{}, err
	}
	ans := messages.ApprovalAnswer{CallID: req.CallID, By: "user"}
	switch k {
	case 'y', 'Y':
		ans.Choice = event.ApproveOnce
	case 'a', 'A':
		ans.Choice, ans.Rule = event.ApproveTask, req.Suggested
	default:
		ans.Choice = event.ApproveDeny
	}
	fmt.Fprintln(w, st.dim.Render("  → "+string(ans.Choice)))
	return ans, nil
}

// RuleText describes a task grant in words.
func RuleText(r event.Rule) string {
	switch r.Kind {
	case "path":
		return fmt.Sprintf("%s on paths under %s", r.Tool, strings.Join(r.Prefix, " "))
	case "command":
		return fmt.Sprintf("commands starting with `%s`", strings.Join(r.Prefix, " "))
	}
	return fmt.Sprintf("%s %s %s", r.Tool, r.Kind, strings.Join(r.Prefix, " "))
}
