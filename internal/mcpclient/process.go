package mcpclient

import (
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/internal/config"
)

const (
	// stopGrace is how long a server has to exit once its stdin is closed
	// before its process group is killed.
	stopGrace = 2 * time.Second
	// pipeGrace is how long the server's stderr is read after it exited
	// (for its last words) while something it started still holds the pipe.
	pipeGrace = time.Second
)

// process is a stdio server's process: its stderr's tail (copied until
// every writer closed the pipe: stderrDone), and exited, closed once it
// has exited (and waitErr says how).
type process struct {
	cmd        *exec.Cmd
	stderr     *tail
	stderrPipe *os.File
	stderrDone chan struct{}
	exited     chan struct{}
	waitErr    error
}

// startProcess starts s.Command with exactly env plus s.Env (s.Env wins),
// in its own process group, and returns the transport over its stdin and
// stdout. The pipes are the connection's own: the process's exit does not
// close them before everything it wrote was read.
func startProcess(s config.MCPServer, env []string) (*process, mcp.Transport, error) {
	cmd := exec.Command(s.Command, s.Args...)
	cmd.Env = childEnv(env, s.Env)
	setGroup(cmd)
	var pipes [3][2]*os.File // stdin, stdout, stderr: read and write ends
	for i := range pipes {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll(pipes[:i])
			return nil, nil, err
		}
		pipes[i] = [2]*os.File{r, w}
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pipes[0][0], pipes[1][1], pipes[2][1]
	err := cmd.Start()
	for _, f := range []*os.File{pipes[0][0], pipes[1][1], pipes[2][1]} {
		f.Close() // the child's ends
	}
	if err != nil {
		for _, f := range []*os.File{pipes[0][1], pipes[1][0], pipes[2][0]} {
			f.Close()
		}
		return nil, nil, err
	}
	p := &process{cmd: cmd, stderr: newTail(stderrTail), stderrPipe: pipes[2][0],
		stderrDone: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		_, _ = io.Copy(p.stderr, p.stderrPipe)
		close(p.stderrDone)
	}()
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, &mcp.IOTransport{Reader: pipes[1][0], Writer: pipes[0][1]}, nil
}

func closeAll(pipes [][2]*os.File) {
	for _, p := range pipes {
		p[0].Close()
		p[1].Close()
	}
}

// childEnv is env without the names add sets, then add in name order.
func childEnv(env []string, add map[string]string) []string {
	out := make([]string, 0, len(env)+len(add))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := add[name]; !ok {
			out = append(out, kv)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(add)) {
		out = append(out, k+"="+add[k])
	}
	return out
}

// awaitExit waits up to d for the process to exit and reports whether it
// did.
func (p *process) awaitExit(d time.Duration) bool {
	return await(p.exited, d)
}

// await waits up to d for ch to close and reports whether it did.
func await(ch <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
		return true
	case <-t.C:
		return false
	}
}

// stop gives the process stopGrace to exit on its own (its stdin is
// closed), then kills its process tree, waits for it, and reads what is
// left of its stderr.
func (p *process) stop() {
	exited := p.awaitExit(stopGrace)
	killTree(p.cmd, exited) // also after a clean exit: what it started dies with it
	<-p.exited
	p.drainStderr()
}

// drainStderr reads the server's stderr until every writer closed it, or
// for pipeGrace (something it started, outside its group, holds it).
func (p *process) drainStderr() {
	if !await(p.stderrDone, pipeGrace) {
		p.stderrPipe.Close()
		<-p.stderrDone
	}
}

// status says how the process ended (or that it runs) and quotes its
// last stderr line (all of it read, once it exited).
func (p *process) status() string {
	var s string
	select {
	case <-p.exited:
		await(p.stderrDone, pipeGrace)
		s = "exited (exit status 0)"
		if p.waitErr != nil {
			s = "exited (" + p.waitErr.Error() + ")"
		}
	default:
		s = "closed its output"
	}
	if line := p.stderr.LastLine(); line != "" {
		s += fmt.Sprintf("; its stderr ends: %q", line)
	}
	return s
}
