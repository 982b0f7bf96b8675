package actors

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// recordHandler sends every log record to a channel.
type recordHandler struct{ ch chan slog.Record }

func (h recordHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h recordHandler) Handle(_ context.Context, r slog.Record) error {
	select {
	case h.ch <- r.Clone():
	default: // a full channel drops: the test looks for one record
	}
	return nil
}
func (h recordHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h recordHandler) WithGroup(string) slog.Handler      { return h }

// TestDeadLettersAreLogged: a message to an actor that does not exist is
// written to the session log as a dead letter, with its target and type.
func TestDeadLettersAreLogged(t *testing.T) {
	h := newHarness(t, "idle", nil)
	records := make(chan slog.Record, 1024)
	h.cfg.Logger = slog.New(recordHandler{ch: records})
	h.start()
	h.rt.e.Send(actor.NewPID(h.rt.e.Address(), "nobody/here"), struct{ N int }{1})
	hang := time.After(hangGuard)
	for {
		select {
		case r := <-records:
			if r.Message != "dead letter" {
				continue
			}
			attrs := map[string]string{}
			r.Attrs(func(a slog.Attr) bool { attrs[a.Key] = a.Value.String(); return true })
			if strings.HasSuffix(attrs["to"], "nobody/here") && attrs["message"] == "struct { N int }" {
				return
			}
		case <-hang:
			t.Fatal("no dead letter in the log")
		}
	}
}
