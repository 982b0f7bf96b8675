package tools

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// WriteResult is fs.write's Data.
type WriteResult struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
	// Action is "created", "replaced" or "appended".
	Action string `json:"action"`
	// Mode is the file's permission bits after the write, e.g. "0755".
	Mode string `json:"mode"`
	// DiffCut is set when Diff was shortened.
	DiffCut bool `json:"diff_cut,omitempty"`
}

// maxEditable bounds the size of a file fs.write appends to or fs.edit
// edits (both read it whole).
const maxEditable = 64 << 20

// maxDiffInput bounds the size of files fs.write diffs.
const maxDiffInput = 1 << 20

func fsWrite(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.FSWriteArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	if a.Path == "" {
		return errResult(fmt.Errorf("%w: path is required", ErrBadArgs), nil)
	}
	if a.Mode != "" && a.Mode != "overwrite" && a.Mode != "append" {
		return errResult(fmt.Errorf("%w: mode must be overwrite or append, not %q", ErrBadArgs, a.Mode), nil)
	}
	t, info, err := c.locate(a.Path, true)
	if err != nil {
		return errResult(err, nil)
	}
	defer t.close()
	if info != nil && info.IsDir() {
		return errResult(fmt.Errorf("%s: %w", a.Path, ErrIsDir), nil)
	}
	var old []byte
	if info != nil {
		if old, err = readWhole(t, info); err != nil {
			return errResult(err, nil)
		}
	}
	data := []byte(a.Content)
	action := "replaced"
	if a.Mode == "append" && info != nil {
		data = append(append([]byte{}, old...), data...)
		action = "appended"
	}
	if err := ctxErr(ctx); err != nil {
		return errResult(err, nil)
	}
	out, err := writeAtomic(t.root, t.rel, data, c.d.hooks)
	if err != nil {
		return errResult(fmt.Errorf("%s: %w", a.Path, err), nil)
	}
	if out.Created {
		action = "created"
	}
	res := event.ToolResult{Status: event.ToolOK, Changed: []string{t.show}}
	wr := WriteResult{Path: t.show, Bytes: len(data), Action: action, Mode: fmt.Sprintf("%04o", out.Mode)}
	if !out.Created && len(old) <= maxDiffInput && len(data) <= maxDiffInput && isText(old) && isText(data) {
		res.Diff, wr.DiffCut = capText(unifiedDiff(t.show, string(old), string(data), false), c.spec.OutputLimit)
	}
	res.Message = fmt.Sprintf("%s %s (%d bytes, mode %s)", action, t.show, len(data), wr.Mode)
	res.Data = mustJSON(wr)
	return res
}

// readWhole reads an existing file for append, edit or diff.
func readWhole(t target, info fs.FileInfo) ([]byte, error) {
	if info.Size() > maxEditable {
		return nil, fmt.Errorf("%s: %w (%d bytes; at most %d)", t.show, ErrTooLarge, info.Size(), maxEditable)
	}
	f, err := t.root.Open(t.rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxEditable+1))
}

// isText reports whether b looks like text (no NUL in its first bytes).
func isText(b []byte) bool {
	return bytes.IndexByte(b[:min(len(b), sniffBytes)], 0) < 0
}
