package mcpserve

import (
	"context"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// partialEvery is the least time between two notifications of the
// reply's growing length.
const partialEvery = 250 * time.Millisecond

// progress sends a call's progress notifications, when the client asked
// for them with a progress token. Its methods are safe for concurrent use
// and never block on a gone client for long: they use the request's
// context.
type progress struct {
	ctx     context.Context
	session *mcp.ServerSession
	token   any

	mu    sync.Mutex
	n     float64 // notifications sent: the progress value
	shown int     // reply length last told
	last  time.Time
}

// newProgress returns the progress of a request (inactive without a
// progress token).
func newProgress(ctx context.Context, req *mcp.CallToolRequest) *progress {
	p := &progress{ctx: ctx}
	if req != nil && req.Params != nil && req.Session != nil {
		p.session, p.token = req.Session, req.Params.GetProgressToken()
	}
	return p
}

// status tells the client where the call is.
func (p *progress) status(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.notify(fmt.Sprintf(format, args...))
}

// partial tells the client how much of the reply the model has written,
// at most every partialEvery (the length only: the text comes whole).
func (p *progress) partial(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	n := utf8.RuneCountInString(text)
	if n == p.shown || now.Sub(p.last) < partialEvery {
		return
	}
	p.shown, p.last = n, now
	p.notify(fmt.Sprintf("ChatGPT is writing: %d characters so far", n))
}

// notify sends one notification; p.mu is held.
func (p *progress) notify(msg string) {
	if p.token == nil || p.ctx.Err() != nil {
		return
	}
	p.n++
	// A client that went away is no error of the call.
	_ = p.session.NotifyProgress(p.ctx, &mcp.ProgressNotificationParams{ProgressToken: p.token, Progress: p.n, Message: msg})
}
