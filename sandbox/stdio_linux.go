package sandbox

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// stdio is a program's descriptors as exec.Cmd would give them: files
// as they are, nil as /dev/null, other readers and writers through pipes
// that goroutines copy (stdout and stderr share one when they are the
// same writer).
type stdio struct {
	// files are the program's descriptors 0, 1, 2 and cmd.ExtraFiles.
	files []*os.File
	// child are wtagent's copies of the program's ends, closed once the
	// init has its own; parent the ends closed after the copying.
	child, parent []*os.File
	copies        sync.WaitGroup
	errMu         sync.Mutex
	copyErr       error
	start         []func()
}

// openStdio prepares cmd's descriptors; run start once the program runs.
func openStdio(cmd *exec.Cmd) (*stdio, error) {
	s := &stdio{}
	in, err := s.input(cmd.Stdin)
	if err != nil {
		s.closeAll()
		return nil, err
	}
	out, err := s.output(cmd.Stdout)
	if err != nil {
		s.closeAll()
		return nil, err
	}
	errOut := out
	if !sameWriter(cmd.Stdout, cmd.Stderr) {
		if errOut, err = s.output(cmd.Stderr); err != nil {
			s.closeAll()
			return nil, err
		}
	}
	s.files = []*os.File{in, out, errOut}
	for _, f := range cmd.ExtraFiles {
		if f == nil {
			if f, err = s.devNull(os.O_RDONLY); err != nil {
				s.closeAll()
				return nil, err
			}
		}
		s.files = append(s.files, f)
	}
	return s, nil
}

func sameWriter(a, b io.Writer) (same bool) {
	defer func() { _ = recover() }() // writers that are not comparable
	return a != nil && a == b
}

func (s *stdio) devNull(flag int) (*os.File, error) {
	f, err := os.OpenFile(os.DevNull, flag, 0)
	if err == nil {
		s.child = append(s.child, f)
	}
	return f, err
}

func (s *stdio) input(r io.Reader) (*os.File, error) {
	switch f := r.(type) {
	case nil:
		return s.devNull(os.O_RDONLY)
	case *os.File:
		return f, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	s.child, s.parent = append(s.child, pr), append(s.parent, pw)
	s.start = append(s.start, func() {
		_, err := io.Copy(pw, r)
		if errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) {
			err = nil // the program did not read it all, as exec.Cmd
		}
		if cerr := pw.Close(); err == nil && !errors.Is(cerr, os.ErrClosed) {
			err = cerr
		}
		s.fail(err)
	})
	return pr, nil
}

func (s *stdio) output(w io.Writer) (*os.File, error) {
	switch f := w.(type) {
	case nil:
		return s.devNull(os.O_WRONLY)
	case *os.File:
		return f, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	s.child, s.parent = append(s.child, pw), append(s.parent, pr)
	s.start = append(s.start, func() {
		_, err := io.Copy(w, pr)
		pr.Close()
		s.fail(err)
	})
	return pw, nil
}

func (s *stdio) fail(err error) {
	s.errMu.Lock()
	defer s.errMu.Unlock()
	if s.copyErr == nil {
		s.copyErr = err
	}
}

// started closes wtagent's copies of the program's ends and starts the
// copying.
func (s *stdio) started() {
	for _, f := range s.child {
		f.Close()
	}
	s.child = nil
	for _, f := range s.start {
		s.copies.Go(f)
	}
}

// wait waits for the copying and says how it went.
func (s *stdio) wait() error {
	s.copies.Wait()
	for _, f := range s.parent {
		f.Close()
	}
	return s.copyErr
}

// closeAll releases everything after a failed start.
func (s *stdio) closeAll() {
	for _, f := range append(s.child, s.parent...) {
		f.Close()
	}
	s.child, s.parent = nil, nil
}
