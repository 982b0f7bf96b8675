package actors

import (
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
)

// runState is what the controller tracks for the run in progress beyond the
// event log: counters for the limits and the step in flight. A restarted
// controller starts these afresh, which errs on the side of more turns,
// never of a repeated side effect.
type runState struct {
	gen   int64
	timer *time.Timer
	// next is a message to send as soon as the transport is ready (the
	// bootstrap); instruction is a user instruction not yet sent.
	next        *messages.Outbound
	instruction string
	attachments []string

	// refusals counts the done=true replies the done gate refused.
	replies, nudges, protoErrs, identical, empties, refusals int
	// answered are the missing items the model answered for (see
	// evidence.Answers): accepted once each, then waived for the run.
	answered       map[string]bool
	lastSig        string
	outBytes       int64
	timeoutRetried bool
	// resent is set once a lost message was sent again.
	resent bool
	// probe is a message in doubt being looked for in the conversation.
	probe *event.MessageSentPayload
	// pause is the reason for a pause asked for; it takes effect at the next
	// step boundary.
	pause string
	// parsing is the ID of the parser child at work, parseRef the Ref of
	// its StartChild.
	parsing  string
	parseRef supervisor.Ref
	// batch is the tool calls of the reply in progress (see batchFlow).
	batch *batchFlow
	// asking is the call whose approval question is open; asks wait for
	// it to be answered (one question is asked at a time).
	asking *opFlow
	asks   []pendingAsk
	// notes are things to tell the model with the next result (a dev
	// server that crashed).
	notes []string
	// rollover is set while a fresh conversation is being opened.
	rollover bool
	// newConversation is set while a new conversation the user asked for
	// (/new) is being opened.
	newConversation bool
	// compact is set while a rollover the user asked for (/compact) opens.
	compact bool
	// lastBody is the body of the last message sent (for a rollover).
	lastBody string
	lastKind event.OutboundKind
	lastOps  []string
	// takeover is the manual takeover state; held and heldReply are what
	// it paused (a message not sent, a reply not parsed), carry a tool
	// result that goes with the next message (see controller_takeover.go).
	takeover  takeover
	held      *heldSend
	heldReply bool
	carry     *heldSend
	// reread is set when wtagent stopped during a takeover: once the
	// model is connected, the page is read before anything else.
	reread bool
}

// opFlow is a tool call being decided or run.
type opFlow struct {
	// index is the call's position in its reply, from 0.
	index       int
	key, callID string
	call        event.ToolCall
	replyID     string
	verdict     messages.Verdict
	// checked is set once policy was asked; executing once it was handed
	// to the tools; done once its result is being recorded, and result
	// once that is durable (or at once for a reused or skipped call).
	checked, executing, done bool
	result                   *event.ToolResult
	// before is the id of the snapshot taken before the call; empty
	// when none was taken (then none is taken after it either).
	// afterTaken is set once the snapshot after it started.
	before     string
	afterTaken bool
	// blocked is the result of a run the sandbox blocked, kept while the
	// user is asked whether to run the call again unconfined; unconfined
	// is set once they said yes (a call is re-run at most once).
	blocked    *event.ToolResult
	unconfined bool
}

func (r *runState) stopTimer() {
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}
