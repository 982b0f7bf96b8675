package tools

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// ReadResult is fs.read's Data.
type ReadResult struct {
	Path string `json:"path"`
	Size int64  `json:"size"`
	// Content holds the returned lines with their line ends ("\r\n" shown
	// as "\n"; CRLF says the file uses them).
	Content string `json:"content,omitempty"`
	// Offset is the first returned line (from 0); Lines how many.
	Offset     int  `json:"offset"`
	Lines      int  `json:"lines"`
	TotalLines int  `json:"total_lines"`
	Truncated  bool `json:"truncated"`
	// NextOffset is where to continue when Truncated.
	NextOffset int  `json:"next_offset,omitempty"`
	CRLF       bool `json:"crlf,omitempty"`
	// CutLines counts lines shortened to fit the per-call cap.
	CutLines int `json:"cut_lines,omitempty"`
	// Binary files return metadata only.
	Binary bool   `json:"binary,omitempty"`
	MIME   string `json:"mime,omitempty"`
}

// sniffBytes is how much of a file decides text or binary.
const sniffBytes = 8 << 10

func fsRead(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.FSReadArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	t, info, err := c.locateExisting(a.Path)
	if err != nil {
		return errResult(err, nil)
	}
	defer t.close()
	if info.IsDir() {
		return errResult(fmt.Errorf("%s: %w (use fs.list)", a.Path, ErrIsDir), nil)
	}
	f, err := t.root.Open(t.rel)
	if err != nil {
		return errResult(err, nil)
	}
	defer f.Close()
	limit := a.Limit
	if limit <= 0 {
		limit = 400
	}
	budget := c.spec.OutputLimit
	if budget <= 0 {
		budget = 48 << 10
	}
	res, err := readLines(ctx, bufio.NewReaderSize(f, 64<<10), max(a.Offset, 0), limit, budget)
	if err != nil {
		return errResult(err, nil)
	}
	res.Path, res.Size = t.show, info.Size()
	if res.Binary {
		return okResult(fmt.Sprintf("%s is a binary file (%s, %d bytes); content not returned", t.show, res.MIME, res.Size), res)
	}
	msg := fmt.Sprintf("lines %d-%d of %d", res.Offset+1, res.Offset+res.Lines, res.TotalLines)
	if res.Lines == 0 {
		msg = fmt.Sprintf("no lines at offset %d (the file has %d)", res.Offset, res.TotalLines)
	}
	if res.Truncated {
		msg += fmt.Sprintf("; more remain from offset %d", res.NextOffset)
	}
	return okResult(msg, res)
}

// readLines returns lines [offset, offset+limit) of r within budget bytes
// and counts every line of r.
func readLines(ctx context.Context, r *bufio.Reader, offset, limit, budget int) (ReadResult, error) {
	var res ReadResult
	head, _ := r.Peek(sniffBytes)
	if bytes.IndexByte(head, 0) >= 0 {
		res.Binary, res.MIME = true, http.DetectContentType(head)
		return res, nil
	}
	res.Offset = offset
	var out strings.Builder
	full := false // the byte budget ended the window
	line := 0
	lineCap := min(budget/2, 16<<10)
	for {
		if line%65536 == 0 {
			if err := ctxErr(ctx); err != nil {
				return res, err
			}
		}
		text, n, err := readLine(r, lineCap)
		if n == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return res, err
		}
		if strings.HasSuffix(text, "\r\n") {
			res.CRLF = true
			text = text[:len(text)-2] + "\n"
		}
		if line >= offset && line < offset+limit && !full {
			if n > len(text)+1 {
				res.CutLines++
				text = strings.TrimSuffix(text, "\n") + fmt.Sprintf(" … [line cut: %d bytes]\n", n)
			}
			if out.Len()+len(text) > budget && res.Lines > 0 {
				full = true
			} else {
				out.WriteString(strings.ToValidUTF8(text, "\uFFFD"))
				res.Lines++
			}
		}
		line++
		if err != nil {
			break
		}
	}
	res.TotalLines = line
	res.Content = out.String()
	if next := res.Offset + res.Lines; next < res.TotalLines {
		res.Truncated, res.NextOffset = true, next
	}
	return res, nil
}

// readLine reads one line (with its "\n", if any), keeping at most keep
// bytes of it; n is the line's full length.
func readLine(r *bufio.Reader, keep int) (text string, n int, err error) {
	var b []byte
	for {
		chunk, e := r.ReadSlice('\n')
		n += len(chunk)
		if room := keep - len(b); room > 0 {
			b = append(b, chunk[:min(room, len(chunk))]...)
		}
		if !errors.Is(e, bufio.ErrBufferFull) {
			if n > len(b) && len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
				b = append(b, '\n')
			}
			return string(b), n, e
		}
	}
}
