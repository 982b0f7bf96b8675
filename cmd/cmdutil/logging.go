package cmdutil

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"

	"github.com/charmbracelet/log"
)

// NewLogger returns a logger that writes to stderr at level (text, for
// people) and, when file is not nil, everything from debug up to file
// (logfmt, for the session's log).
func NewLogger(stderr io.Writer, level string, file io.Writer) (*slog.Logger, error) {
	lvl, err := log.ParseLevel(strings.ToLower(level))
	if err != nil {
		return nil, FlagErrorf("--log-level: %v (use debug, info, warn or error)", err)
	}
	// The writer is wrapped so that the logger never takes it for a
	// terminal: on a terminal it would query the colours with escape
	// sequences whose answers arrive on stdin, where the prompt reads.
	handlers := []slog.Handler{log.NewWithOptions(plainWriter{stderr}, log.Options{Level: lvl, Prefix: "wtagent"})}
	if file != nil {
		handlers = append(handlers, log.NewWithOptions(file, log.Options{Level: log.DebugLevel, Formatter: log.LogfmtFormatter, ReportTimestamp: true}))
	}
	return slog.New(fanout(handlers)), nil
}

// plainWriter hides everything of a writer but Write.
type plainWriter struct{ w io.Writer }

func (p plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }

// fanout is a slog.Handler that hands every record to several handlers.
type fanout []slog.Handler

// Enabled implements slog.Handler.
func (f fanout) Enabled(ctx context.Context, l slog.Level) bool {
	for _, h := range f {
		if h.Enabled(ctx, l) {
			return true
		}
	}
	return false
}

// Handle implements slog.Handler.
func (f fanout) Handle(ctx context.Context, r slog.Record) error {
	var errs []error
	for _, h := range f {
		if h.Enabled(ctx, r.Level) {
			errs = append(errs, h.Handle(ctx, r.Clone()))
		}
	}
	return errors.Join(errs...)
}

// WithAttrs implements slog.Handler.
func (f fanout) WithAttrs(attrs []slog.Attr) slog.Handler {
	out := make(fanout, len(f))
	for i, h := range f {
		out[i] = h.WithAttrs(attrs)
	}
	return out
}

// WithGroup implements slog.Handler.
func (f fanout) WithGroup(name string) slog.Handler {
	out := make(fanout, len(f))
	for i, h := range f {
		out[i] = h.WithGroup(name)
	}
	return out
}
