package lineedit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReaderLinesFromPipe(t *testing.T) {
	for _, c := range []struct {
		name, input string
		want        []string
	}{
		{"newlines", "one\ntwo\n", []string{"one", "two"}},
		{"CRLF", "hello\r\nsecond line\r\n", []string{"hello", "second line"}},
		{"empty lines", "\n\nx\n", []string{"", "", "x"}},
		{"last line without newline", "first\nlast", []string{"first", "last"}},
		{"only a line without newline", "alone", []string{"alone"}},
		{"a lone CR stays", "a\rb\n", []string{"a\rb"}},
		{"no input", "", nil},
		{"multibyte", "你好 ✓\n", []string{"你好 ✓"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, w := newPipe(t)
			var out bytes.Buffer
			rd := NewReader(r, &out)
			defer rd.Close()
			w.WriteString(c.input)
			w.Close()
			ctx := context.Background()
			for _, want := range c.want {
				if line, err := rd.ReadLine(ctx, "you › "); err != nil || line != want {
					t.Fatalf("ReadLine = %q, %v; want %q", line, err, want)
				}
			}
			for range 2 { // EOF stays EOF
				if line, err := rd.ReadLine(ctx, "you › "); err != io.EOF {
					t.Fatalf("at the end: %q, %v; want io.EOF", line, err)
				}
			}
			// Plain prompts, each line ended once its line is read.
			want := strings.Repeat("you › \n", len(c.want)) + "you › you › "
			if out.String() != want {
				t.Fatalf("output = %q, want %q", out.String(), want)
			}
		})
	}
}

func TestReaderKeysFromPipe(t *testing.T) {
	r, w := newPipe(t)
	var out bytes.Buffer
	rd := NewReader(r, &out)
	defer rd.Close()
	w.WriteString("maybe\n  Yes\n\nn\nx")
	w.Close()
	ctx := context.Background()
	for _, c := range []struct {
		prompt, keys string
		want         rune
	}{
		{"Allow? ", "yn", 'y'},       // "maybe" is no key: asked again
		{"Continue? ", "yn\r", '\r'}, // an empty line is Enter
		{"Again? ", "YN", 'N'},       // as written in keys
	} {
		if k, err := rd.ReadKey(ctx, c.prompt, c.keys); err != nil || k != c.want {
			t.Fatalf("ReadKey(%q) = %q, %v; want %q", c.keys, k, err, c.want)
		}
	}
	if k, err := rd.ReadKey(ctx, "More? ", "yn"); err != io.EOF {
		t.Fatalf("at the end: %q, %v; want io.EOF", k, err)
	}
	if want := "Allow? \nAllow? \nContinue? \nAgain? \nMore? \nMore? "; out.String() != want {
		t.Fatalf("output = %q, want %q", out.String(), want)
	}
	if _, err := rd.ReadKey(ctx, "", ""); err == nil {
		t.Fatal("ReadKey with no keys did not fail")
	}
}

// TestReaderCancelOnPipe: a read ends when its context ends, and a line
// that arrives later goes to the next read.
func TestReaderCancelOnPipe(t *testing.T) {
	r, w := newPipe(t)
	rd := NewReader(r, io.Discard)
	defer rd.Close()
	reading := signalReads(rd)
	ctx, cancel := context.WithCancel(context.Background())
	ch := readLineAsync(ctx, rd, "")
	<-reading // blocked in the device read
	w.WriteString("par")
	<-reading // read "par", waits for the rest
	cancel()
	if res := await(t, ch); !errors.Is(res.err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", res.err)
	}
	if _, err := rd.ReadLine(ctx, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("a read with a done context = %v, want context.Canceled", err)
	}
	w.WriteString("tial\n")
	if line, err := rd.ReadLine(context.Background(), ""); err != nil || line != "partial" {
		t.Fatalf("ReadLine = %q, %v; want %q", line, err, "partial")
	}
}

func TestReaderCloseEndsARead(t *testing.T) {
	r, w := newPipe(t)
	rd := NewReader(r, io.Discard)
	w.WriteString("first\n")
	if line, err := rd.ReadLine(context.Background(), ""); err != nil || line != "first" {
		t.Fatalf("ReadLine = %q, %v", line, err)
	}
	ch := readLineAsync(context.Background(), rd, "") // blocks: no more input
	closed := make(chan error, 1)
	go func() { closed <- rd.Close() }()
	if res := await(t, ch); !errors.Is(res.err, ErrClosed) {
		t.Fatalf("err = %v, want ErrClosed", res.err)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if _, err := rd.ReadKey(context.Background(), "", "y"); !errors.Is(err, ErrClosed) {
		t.Fatalf("ReadKey after Close = %v, want ErrClosed", err)
	}
	if err := rd.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}
