package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// closeMsg empties the live region before the program quits.
type closeMsg struct{}

// Program runs the model on a terminal and is the only writer of it while
// it runs. Its methods are safe for concurrent use; after the program ends
// (Close, or a terminal error) every call returns at once (reads with
// ErrClosed).
type Program struct {
	tp   *tea.Program
	opts Options
	done chan struct{}
	// ready is closed by the program's first write (its first frame):
	// lines printed above a region not yet drawn would be measured
	// against the whole screen.
	ready chan struct{}
	err   error
	width atomic.Int64
	// pmu keeps each Println's lines together and in call order.
	pmu sync.Mutex
	// smu guards status, the status line last sent.
	smu        sync.Mutex
	status     string
	statusSent bool

	closeOnce sync.Once
}

// Start runs the model on the terminal in and out (raw input, inline
// output) until Close. extra options are for tests (a fixed window size,
// no input).
func Start(in io.Reader, out io.Writer, opts Options, extra ...tea.ProgramOption) *Program {
	m := NewModel(opts)
	p := &Program{opts: opts, done: make(chan struct{}), ready: make(chan struct{})}
	p.width.Store(int64(m.width))
	o := []tea.ProgramOption{
		tea.WithInput(in), tea.WithOutput(watchFirstWrite(out, p.ready)), tea.WithoutSignalHandler(),
		tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
			if ws, ok := msg.(tea.WindowSizeMsg); ok && ws.Width > 0 {
				p.width.Store(int64(ws.Width))
			}
			return msg
		}),
	}
	p.tp = tea.NewProgram(m, append(o, extra...)...)
	go func() {
		defer close(p.done)
		_, p.err = p.tp.Run()
	}()
	return p
}

// send delivers msg to the model unless the program has ended.
func (p *Program) send(msg tea.Msg) bool {
	select {
	case <-p.done:
		return false
	default:
	}
	p.tp.Send(msg) // a no-op once the program has ended
	return true
}

// SetStatus shows s as the status rows, one a line ("" hides them). The same status
// again is not sent: an idle session's ticks wake nothing.
func (p *Program) SetStatus(s string) {
	p.smu.Lock()
	defer p.smu.Unlock()
	if p.statusSent && p.status == s {
		return
	}
	if p.send(StatusMsg(s)) {
		p.status, p.statusSent = s, true
	}
}

// Println prints s (one or more lines) to the scrollback above the live
// region, wrapped one cell short of the terminal's width.
func (p *Program) Println(s string) {
	s = cellwidth.Wrap(s, rowWidth(int(p.width.Load())))
	p.pmu.Lock()
	defer p.pmu.Unlock()
	select {
	case <-p.ready:
	case <-p.done:
		return
	}
	sent := make(chan struct{})
	go func() {
		// tea.Program.Println blocks for good once the program has
		// ended: this goroutine is then left behind, the caller is not.
		p.tp.Println(s)
		close(sent)
	}()
	select {
	case <-sent:
	case <-p.done:
	}
}

// Width is the terminal's width in cells.
func (p *Program) Width() int { return int(p.width.Load()) }

// ReadLine shows the prompt (live: the run's) and returns the line the user
// submits with Enter: ErrInterrupted for Ctrl+C on an empty line,
// ErrLiveKey for Ctrl+O (live only), io.EOF for Ctrl+D on an empty line,
// ctx.Err() when ctx ends first (what was typed stays for the next read).
// A line submitted at the idle prompt is printed to the scrollback after
// the prompt (a live one is shown by the run's view, as queued).
func (p *Program) ReadLine(ctx context.Context, live bool) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	reply := make(chan Outcome, 1)
	if !p.send(ReadMsg{Live: live, Reply: reply}) {
		return "", ErrClosed
	}
	select {
	case o := <-reply:
		if o.Err == nil && !live {
			// The submitted line stays in the scrollback, as typed (a
			// very long one cut: it went whole to the session).
			p.Println(p.opts.Prompt + strings.ReplaceAll(echoCut(o.Line), "\n", "\n"+p.opts.Continuation))
		}
		return o.Line, o.Err
	case <-p.done:
		return "", ErrClosed
	case <-ctx.Done():
	}
	done := make(chan struct{})
	if p.send(CancelReadMsg{Reply: reply, Done: done}) {
		select {
		case <-done:
		case <-p.done:
		}
	}
	select {
	case o := <-reply: // answered before the cancellation: not lost
		p.send(RequeueMsg(o))
	default:
	}
	return "", ctx.Err()
}

// maxEcho is how much of a submitted line the scrollback shows.
const maxEcho = 4 << 10

// echoCut is line cut to maxEcho bytes, on a rune boundary, saying how
// much more was sent.
func echoCut(line string) string {
	if len(line) <= maxEcho {
		return line
	}
	cut := maxEcho
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return fmt.Sprintf("%s … (%d more bytes, sent whole)", line[:cut], len(line)-cut)
}

// ReadKey shows prompt in the input line's place and waits for one of
// keys (matched case-insensitively, returned as written in keys; '\r'
// matches Enter). Ctrl+C returns ErrInterrupted, Ctrl+D io.EOF. The
// prompt and the answer then go to the scrollback. With no keys it waits
// for Ctrl+C (or ctx) only.
func (p *Program) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	reply := make(chan KeyAnswer, 1)
	if !p.send(AskMsg{Prompt: prompt, Keys: keys, Reply: reply}) {
		return 0, ErrClosed
	}
	var a KeyAnswer
	select {
	case a = <-reply:
	case <-p.done:
		return 0, ErrClosed
	case <-ctx.Done():
		done := make(chan struct{})
		if p.send(CancelAskMsg{Reply: reply, Done: done}) {
			select {
			case <-done:
			case <-p.done:
			}
		}
		return 0, ctx.Err()
	}
	if prompt != "" {
		echo := ""
		if a.Err == nil && a.Key >= ' ' && a.Key != 0x7f {
			echo = string(a.Key)
		}
		p.Println(prompt + echo)
	}
	return a.Key, a.Err
}

// Writer returns a writer whose complete lines go to Println, for output
// written between events (command answers, notices).
func (p *Program) Writer() io.Writer { return &lineWriter{p: p} }

// lineWriter prints complete lines through the program.
type lineWriter struct {
	p       *Program
	mu      sync.Mutex
	partial string
}

func (w *lineWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.partial + string(b)
	i := strings.LastIndexByte(s, '\n')
	if i < 0 {
		w.partial = s
		return len(b), nil
	}
	w.partial = s[i+1:]
	w.p.Println(s[:i])
	return len(b), nil
}

// Close empties the live region, gives the terminal back as it was and
// waits for the program to end. It is idempotent.
func (p *Program) Close() error {
	p.closeOnce.Do(func() {
		p.send(closeMsg{})
		p.tp.Quit()
	})
	<-p.done
	if errors.Is(p.err, tea.ErrProgramKilled) {
		return nil
	}
	return p.err
}

// Done is closed when the program has ended.
func (p *Program) Done() <-chan struct{} { return p.done }

// watchFirstWrite wraps out to close ready on its first write; a
// terminal stays a terminal to the program (its size, its modes).
func watchFirstWrite(out io.Writer, ready chan struct{}) io.Writer {
	fw := &firstWrite{w: out, ready: ready}
	if f, ok := out.(*os.File); ok {
		return &firstWriteFile{firstWrite: fw, f: f}
	}
	return fw
}

// firstWriteFile is a firstWrite on a file.
type firstWriteFile struct {
	*firstWrite
	f *os.File
}

func (f *firstWriteFile) Read(b []byte) (int, error) { return f.f.Read(b) }
func (f *firstWriteFile) Close() error               { return f.f.Close() }
func (f *firstWriteFile) Fd() uintptr                { return f.f.Fd() }

// firstWrite closes ready on the first write to w.
type firstWrite struct {
	w     io.Writer
	ready chan struct{}
	once  sync.Once
}

func (f *firstWrite) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	f.once.Do(func() { close(f.ready) })
	return n, err
}
