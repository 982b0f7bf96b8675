package ui

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/internal/fifo"
)

// item is a queued event (of a sub-agent when agent is set), or a Sync
// barrier.
type item struct {
	ev    event.Event
	agent *agentTag
	drawn chan struct{}
}

// Options configure a Renderer.
type Options struct {
	// TTY says the output is a terminal: a live status line with a spinner
	// is drawn and redrawn.
	TTY bool
	// Color enables styling.
	Color bool
	// Width is the terminal width.
	Width int
	// Now is the clock (tests).
	Now func() time.Time
	// LiveLines is how many output lines of one call are shown live before
	// the rest is folded.
	LiveLines int
	// Verbose shows every output line.
	Verbose bool
	// Interactive is a session that keeps its prompt open after a run: a
	// run that did not complete goes on with the next message typed.
	Interactive bool
	// Screen, when set, owns the terminal (internal/tui): lines and the
	// status line are sent to it instead of written to the output.
	Screen Screen
}

// Screen is the one owner of an interactive terminal the renderer draws
// through: finished lines go to its scrollback, the status line to its
// live region.
type Screen interface {
	// Println prints one or more lines above the live region.
	Println(s string)
	// SetStatus shows the status rows, one a line ("" hides them).
	SetStatus(s string)
}

// Renderer draws a session's events as a compact terminal view. Event never
// blocks; a single goroutine (Run) does the drawing.
type Renderer struct {
	out  io.Writer
	opts Options
	st   styles
	q    *fifo.Queue[item]

	// mu guards the terminal: the drawing goroutine, the spinner ticker and
	// prompts (Hold) take turns.
	mu     sync.Mutex
	status statusLine
	calls  map[string]*callOutput
	// answered are the done gate's accepted answers back of this run
	// ("run: the tests reproduce the bug"), for the summary.
	answered []string
	// started is set once a run's banner is drawn: a later run of the
	// session (a follow-up) gets a short marker.
	started bool
	done    chan struct{}
	// agents are the running sub-agents' groups, in the order they
	// started; prefix starts each line while one of them draws.
	agents []*agentGroup
	prefix string

	// pmu guards proposed: per call id, a channel closed once the call's
	// tool line is on screen (approval prompts wait for it).
	pmu      sync.Mutex
	proposed map[string]chan struct{}
}

// New returns a renderer writing to out.
func New(out io.Writer, opts Options) *Renderer {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.LiveLines <= 0 {
		opts.LiveLines = 24
	}
	if opts.Width <= 0 {
		opts.Width = 80
	}
	if opts.Screen != nil {
		opts.TTY = true
		out = screenWriter{opts.Screen}
	}
	return &Renderer{
		out: out, opts: opts, st: newStyles(opts.Color), q: fifo.New[item](2048),
		calls: map[string]*callOutput{}, done: make(chan struct{}), proposed: map[string]chan struct{}{},
	}
}

// proposedChan returns the channel closed when callID's tool line is drawn.
func (r *Renderer) proposedChan(callID string) chan struct{} {
	r.pmu.Lock()
	defer r.pmu.Unlock()
	c, ok := r.proposed[callID]
	if !ok {
		c = make(chan struct{})
		r.proposed[callID] = c
	}
	return c
}

// markProposed records that callID's tool line is on screen.
func (r *Renderer) markProposed(callID string) {
	c := r.proposedChan(callID)
	select {
	case <-c:
	default:
		close(c)
	}
}

// awaitProposed waits until the model's message and the tool line of
// callID are on screen, so an approval prompt never comes before what it
// asks about. It gives up after limit (a call proposed before a resume is
// not drawn again) or when ctx ends.
func (r *Renderer) awaitProposed(ctx context.Context, callID string, limit time.Duration) {
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-r.proposedChan(callID):
	case <-r.done:
	case <-ctx.Done():
	case <-t.C:
	}
}

// Event queues ev for drawing. It never blocks; live events (Seq 0:
// output, progress) are dropped under a flood and the drop is shown.
func (r *Renderer) Event(ev event.Event) { r.q.Push(item{ev: ev}, ev.Seq == 0) }

// Run draws queued events until Close; it returns when everything queued
// before Close has been drawn.
func (r *Renderer) Run() {
	defer close(r.done)
	stopTick := r.startTicker()
	defer stopTick()
	for {
		it, dropped, ok := r.q.Pop()
		if it.drawn != nil {
			close(it.drawn)
			continue
		}
		if !ok {
			r.mu.Lock()
			r.clearStatus()
			r.mu.Unlock()
			return
		}
		r.mu.Lock()
		if dropped > 0 {
			r.line(r.st.dim.Render(fmt.Sprintf("  … %d live output chunks skipped (the full output is in the session's tool-output.jsonl)", dropped)))
		}
		if it.agent != nil {
			r.drawAgent(it.agent, it.ev)
		} else {
			r.draw(it.ev)
		}
		r.mu.Unlock()
	}
}

// Sync waits until every event queued before it has been drawn.
func (r *Renderer) Sync() {
	drawn := make(chan struct{})
	if !r.q.Push(item{drawn: drawn}, false) {
		return
	}
	select {
	case <-drawn:
	case <-r.done:
	}
}

// Close stops the renderer after the queued events are drawn and waits for
// Run to return.
func (r *Renderer) Close() {
	r.q.Close()
	<-r.done
}

// Hold takes the terminal for a prompt: the status line is cleared and no
// event is drawn until release is called.
func (r *Renderer) Hold() (w io.Writer, release func()) {
	r.mu.Lock()
	r.clearStatus()
	return r.out, func() {
		r.drawStatus()
		r.mu.Unlock()
	}
}

func (r *Renderer) startTicker() func() {
	if !r.opts.TTY {
		return func() {}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(120 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				r.mu.Lock()
				r.status.frame++
				r.drawStatus()
				r.mu.Unlock()
			}
		}
	}()
	return func() { close(stop); <-done }
}

// line prints one line above the status line. Callers hold r.mu. On a
// terminal the line is wrapped at the width here, with the one width
// function, rather than left to the terminal's autowrap, which terminals
// do differently for a wide character at the right margin.
func (r *Renderer) line(s string) {
	if r.prefix != "" {
		s = r.agentLine(s)
	}
	if r.opts.Screen != nil {
		// The screen wraps, one cell short of its width.
		r.opts.Screen.Println(s)
		return
	}
	if r.opts.TTY {
		s = cellwidth.Wrap(s, r.opts.Width)
	}
	r.clearStatus()
	fmt.Fprintln(r.out, s)
	r.drawStatus()
}

// Notice prints a line of the CLI's own (a hint, a warning) between events.
func (r *Renderer) Notice(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.line(r.st.warn.Render(text))
}
