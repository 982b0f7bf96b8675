package lineedit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// readPlainLine reads one line from a non-terminal input: the prompt is
// written as plain text and, once the line is read, ended with a newline.
func (e *Editor) readPlainLine(ctx context.Context, prompt string) (string, error) {
	if prompt != "" {
		if _, err := io.WriteString(e.out, prompt); err != nil {
			return "", fmt.Errorf("lineedit: write: %w", err)
		}
	}
	line, err := e.plainLine(ctx)
	if prompt != "" && err == nil {
		if _, werr := io.WriteString(e.out, "\n"); werr != nil {
			return line, fmt.Errorf("lineedit: write: %w", werr)
		}
	}
	return line, err
}

// plainLine returns the next line of a non-terminal input.
func (e *Editor) plainLine(ctx context.Context) (string, error) {
	for {
		if i := bytes.IndexByte(e.plain, '\n'); i >= 0 {
			line := string(e.plain[:i])
			e.plain = e.plain[i+1:]
			return strings.TrimSuffix(line, "\r"), nil
		}
		if e.atEOF {
			if len(e.plain) == 0 {
				return "", io.EOF
			}
			line := string(e.plain)
			e.plain = nil
			return line, nil
		}
		data, err := e.in.read(ctx, nil)
		switch {
		case errors.Is(err, io.EOF):
			e.atEOF = true
		case err != nil:
			return "", err
		}
		e.plain = append(e.plain, data...)
	}
}
