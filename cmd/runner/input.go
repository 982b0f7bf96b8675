package runner

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// ClosingInput is an Input that holds resources.
type ClosingInput interface {
	Input
	Close() error
}

// NewInput returns the terminal input for prompts and approvals.
func NewInput(f *cmdutil.Factory, h session.Home) (ClosingInput, error) {
	return &lineInput{in: bufio.NewReader(f.IOStreams.In), out: f.IOStreams.Out}, nil
}

// lineInput reads plain lines.
type lineInput struct {
	in  *bufio.Reader
	out io.Writer
}

func (l *lineInput) ReadLine(ctx context.Context) (string, error) {
	fmt.Fprint(l.out, "you › ")
	s, err := l.in.ReadString('\n')
	if err != nil && s == "" {
		return "", err
	}
	return strings.TrimRight(s, "\r\n"), nil
}

func (l *lineInput) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	for {
		fmt.Fprint(l.out, prompt)
		s, err := l.in.ReadString('\n')
		if err != nil && s == "" {
			return 0, err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		r := unicode.ToLower([]rune(s)[0])
		if strings.ContainsRune(keys, r) {
			return r, nil
		}
	}
}

func (l *lineInput) Close() error { return nil }
