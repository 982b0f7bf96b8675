package tools

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// okResult is a successful result with structured data.
func okResult(msg string, data any) event.ToolResult {
	return event.ToolResult{Status: event.ToolOK, Message: msg, Data: mustJSON(data)}
}

// errResult turns an error into a result the model can act on: the
// message, and Data {"error": code, ...extra}.
func errResult(err error, extra map[string]any) event.ToolResult {
	err = normalizeErr(err)
	status := event.ToolError
	switch {
	case errors.Is(err, ErrTimedOut), errors.Is(err, context.DeadlineExceeded):
		status = event.ToolTimeout
	}
	data := map[string]any{"error": errorCode(err)}
	for k, v := range extra {
		data[k] = v
	}
	return event.ToolResult{Status: status, Message: err.Error(), Data: mustJSON(data)}
}

// normalizeErr maps standard errors onto the package's sentinels so that
// results carry a useful code.
func normalizeErr(err error) error {
	switch {
	case errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrTimedOut):
		return &wrapped{err, ErrTimedOut}
	case errors.Is(err, context.Canceled) && !errors.Is(err, ErrCancelled):
		return &wrapped{err, ErrCancelled}
	case errors.Is(err, fs.ErrNotExist) && !errors.Is(err, ErrNotFound):
		return &wrapped{err, ErrNotFound}
	}
	return err
}

// wrapped is an error that also matches a sentinel.
type wrapped struct {
	err, kind error
}

func (w *wrapped) Error() string   { return w.err.Error() }
func (w *wrapped) Unwrap() []error { return []error{w.err, w.kind} }

// mustJSON encodes v; the tools only encode plain data, so an error is a
// programming bug reported in the data itself.
func mustJSON(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := protocol.EncodeData(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"encode_error": err.Error()})
	}
	return b
}
