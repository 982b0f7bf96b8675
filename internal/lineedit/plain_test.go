package lineedit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"testing"
)

// newPipe returns a pipe whose read end feeds an Editor, closed at the end
// of the test.
func newPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

func TestReadLineFromPipe(t *testing.T) {
	r, w := newPipe(t)
	var out bytes.Buffer
	e := New(r, &out, Options{Prompt: "you › ", Color: true})
	defer e.Close()
	w.WriteString("hello\r\nsecond line\n\nlast")
	w.Close()
	ctx := context.Background()
	for _, want := range []string{"hello", "second line", "", "last"} {
		line, err := e.ReadLine(ctx)
		if err != nil || line != want {
			t.Fatalf("ReadLine = %q, %v; want %q", line, err, want)
		}
	}
	if _, err := e.ReadLine(ctx); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
	// Plain prompts, no escape sequences.
	if want := "you › \nyou › \nyou › \nyou › \nyou › "; out.String() != want {
		t.Fatalf("output = %q, want %q", out.String(), want)
	}
}

func TestReadLineFromPipeCancelLosesNothing(t *testing.T) {
	r, w := newPipe(t)
	e := New(r, io.Discard, Options{})
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	ch := readLineAsync(ctx, e)
	cancel()
	if res := await(t, ch); !errors.Is(res.err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", res.err)
	}
	w.WriteString("kept\n")
	if line, err := e.ReadLine(context.Background()); err != nil || line != "kept" {
		t.Fatalf("ReadLine = %q, %v; want %q", line, err, "kept")
	}
}

func TestCloseUnblocksPipeRead(t *testing.T) {
	r, w := newPipe(t)
	e := New(r, io.Discard, Options{})
	w.WriteString("first\n")
	if line, err := e.ReadLine(context.Background()); err != nil || line != "first" {
		t.Fatalf("ReadLine = %q, %v", line, err)
	}
	ch := readLineAsync(context.Background(), e) // blocks: no more input
	closed := make(chan error, 1)
	go func() { closed <- e.Close() }()
	if res := await(t, ch); !errors.Is(res.err, ErrClosed) {
		t.Fatalf("err = %v, want ErrClosed", res.err)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
}

func TestReadKeyFromPipe(t *testing.T) {
	r, w := newPipe(t)
	var out bytes.Buffer
	e := New(r, &out, Options{})
	defer e.Close()
	w.WriteString("maybe\n  Yes\n\nn\n")
	w.Close()
	ctx := context.Background()
	if k, err := e.ReadKey(ctx, "Allow? ", "yn"); err != nil || k != 'y' {
		t.Fatalf("ReadKey = %q, %v; want 'y'", k, err)
	}
	if k, err := e.ReadKey(ctx, "Continue? ", "yn\r"); err != nil || k != '\r' {
		t.Fatalf("ReadKey = %q, %v; want Enter", k, err)
	}
	if k, err := e.ReadKey(ctx, "Again? ", "YN"); err != nil || k != 'N' {
		t.Fatalf("ReadKey = %q, %v; want 'N'", k, err)
	}
	if _, err := e.ReadKey(ctx, "More? ", "yn"); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
	if want := "Allow? \nAllow? \nContinue? \nAgain? \nMore? "; out.String() != want {
		t.Fatalf("output = %q, want %q", out.String(), want)
	}
}
