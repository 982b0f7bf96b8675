package proc

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/windows"
)

// errConsoleClosed is input typed after the console was closed.
var errConsoleClosed = errors.New("pseudo console closed")

// How long the output of a finished program is given to arrive: the
// console renders its screen buffer to the output pipe on a timer, so
// after the leader exits the console is closed once no output has come
// for settleQuiet, or after settleMax at most.
const (
	settleQuiet = 50 * time.Millisecond
	settleMax   = 500 * time.Millisecond
)

// pseudoConsole is a Windows pseudo console (ConPTY, Windows 10 1809 and
// later): the program's console, rendered as VT text into out, with
// keyboard input read from in. It is the Windows form of the PTY master
// (Spawned.Term): Read reads the output, Close closes the console (whose
// output then ends) and both pipe ends.
type pseudoConsole struct {
	h windows.Handle
	// closeMu orders closes; closed is set once the console is closed.
	closeMu sync.Mutex
	closed  atomic.Bool
	// in is the write end of the console's input, out the read end of its
	// output; the console holds the other ends.
	in, out *os.File
	// lastOutput is when output last arrived (UnixNano).
	lastOutput atomic.Int64
	// answers answers the console's terminal queries (only Read uses it).
	answers vtAnswerer
}

// openPseudoConsole creates a cols×rows pseudo console.
func openPseudoConsole(cols, rows int) (*pseudoConsole, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	var h windows.Handle
	err = windows.CreatePseudoConsole(windows.Coord{X: int16(cols), Y: int16(rows)},
		windows.Handle(inR.Fd()), windows.Handle(outW.Fd()), 0, &h)
	// The console duplicated its ends; ours go, so the output ends when
	// the console does.
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("create pseudo console: %w", err)
	}
	c := &pseudoConsole{h: h, in: inW, out: outR}
	c.lastOutput.Store(time.Now().UnixNano())
	return c, nil
}

// Read reads the console's output, and answers the terminal queries in it
// (vtAnswerer).
func (c *pseudoConsole) Read(p []byte) (int, error) {
	n, err := c.out.Read(p)
	if n > 0 {
		c.lastOutput.Store(time.Now().UnixNano())
		if a := c.answers.answer(p[:n]); a != "" {
			_ = c.input(a)
		}
	}
	return n, err
}

// input types keys into the console: the Windows form of writing to a
// PTY master. "\x1a\r" (Ctrl+Z, Enter) is end-of-file for a program
// reading a line; "\x03" is Ctrl+C.
func (c *pseudoConsole) input(keys string) error {
	if c.closed.Load() {
		return errConsoleClosed
	}
	_, err := c.in.WriteString(keys)
	return err
}

// interrupt types Ctrl+C: the console sends CTRL_C_EVENT to every process
// attached to it (the Windows form of SIGINT to a terminal's foreground
// group). Processes that ignore it are left to TerminateJobObject.
func (c *pseudoConsole) interrupt() error { return c.input("\x03") }

// settle waits until no output has arrived for settleQuiet, or settleMax
// has passed: the console's last frame reaches the pipe before it closes.
func (c *pseudoConsole) settle() {
	deadline := time.Now().Add(settleMax)
	for time.Now().Before(deadline) {
		quiet := time.Since(time.Unix(0, c.lastOutput.Load()))
		if quiet >= settleQuiet {
			return
		}
		time.Sleep(min(settleQuiet-quiet, time.Until(deadline)))
	}
}

// closeConsole closes the pseudo console: processes still attached get
// CTRL_CLOSE_EVENT, the console renders what is left and exits, and the
// output pipe ends. The output must be read meanwhile (some Windows
// versions block here until it is).
func (c *pseudoConsole) closeConsole() {
	c.closeMu.Lock()
	defer c.closeMu.Unlock()
	if !c.closed.Swap(true) {
		windows.ClosePseudoConsole(c.h)
	}
}

// Close closes the console and our ends of its pipes. A Read still
// pending returns when the console's output ends.
func (c *pseudoConsole) Close() error {
	c.closeConsole()
	return errors.Join(c.out.Close(), c.in.Close())
}
