package sandbox

import (
	"io"
	"os"
	"os/exec"
	"sync"
)

// stdio is what a spare-started program gets as its descriptors, built
// as exec.Cmd builds them: a file is passed as it is, nil is /dev/null,
// another writer gets a pipe whose output is copied to it (one pipe when
// Stdout and Stderr are the same writer).
type stdio struct {
	// child are the program's descriptors 0, 1, 2, … in order.
	child []*os.File
	// own are the descriptors among child opened here, closed once
	// sent; readers are the pipes' ends copied from.
	own     []*os.File
	copying sync.WaitGroup
	mu      sync.Mutex
	err     error
}

// openStdio opens cmd's descriptors for a spare (spareable has checked
// that Stdin is a file or nil).
func openStdio(cmd *exec.Cmd) (*stdio, error) {
	s := &stdio{}
	in, _ := cmd.Stdin.(*os.File)
	if in == nil {
		f, err := os.Open(os.DevNull)
		if err != nil {
			return nil, err
		}
		in = f
		s.own = append(s.own, f)
	}
	out, err := s.writer(cmd.Stdout)
	if err != nil {
		s.abort()
		return nil, err
	}
	errOut := out
	if !interfaceEqual(cmd.Stderr, cmd.Stdout) {
		if errOut, err = s.writer(cmd.Stderr); err != nil {
			s.abort()
			return nil, err
		}
	}
	s.child = append([]*os.File{in, out, errOut}, cmd.ExtraFiles...)
	return s, nil
}

// writer is the program's descriptor for w.
func (s *stdio) writer(w io.Writer) (*os.File, error) {
	if f, ok := w.(*os.File); ok {
		return f, nil
	}
	if w == nil {
		f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err == nil {
			s.own = append(s.own, f)
		}
		return f, err
	}
	r, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	s.own = append(s.own, pw)
	s.copying.Add(1)
	go func() {
		defer s.copying.Done()
		defer r.Close()
		if _, err := io.Copy(w, r); err != nil {
			s.mu.Lock()
			if s.err == nil {
				s.err = err
			}
			s.mu.Unlock()
		}
	}()
	return pw, nil
}

// closeChild closes the descriptors opened here once the spare has its
// copies: the pipes then end when the program's side closes.
func (s *stdio) closeChild() {
	for _, f := range s.own {
		f.Close()
	}
	s.own = nil
}

// abort closes everything (no program got the descriptors).
func (s *stdio) abort() {
	s.closeChild()
	s.copying.Wait()
}

// wait waits until the output is copied and returns the first copy error.
func (s *stdio) wait() error {
	s.copying.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// interfaceEqual is a == b, false where they cannot be compared (as
// exec.Cmd compares Stdout and Stderr).
func interfaceEqual(a, b any) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return a == b
}
