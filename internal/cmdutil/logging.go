package cmdutil

import (
	"io"
	"log/slog"
	"strings"

	"charm.land/log/v2"
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
	return slog.New(slog.NewMultiHandler(handlers...)), nil
}

// plainWriter hides everything of a writer but Write.
type plainWriter struct{ w io.Writer }

func (p plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }
