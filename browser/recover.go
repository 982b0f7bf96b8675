package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/wire/netstream"
)

// When the bound stream breaks off (it ended or failed without the
// answer's end, no resume of the page continues it, no socket item came)
// the watcher recovers the turn in the 2026 page's own order: it asks
// stream_status and, while the turn still streams, issues the resume POST
// itself (the tracker feeds it to the turn's parser like the page's own);
// when the turn no longer streams or the resume is refused, it reads the
// conversation document; without a document the page's DOM (copy, then
// markdown) completes the turn. The reply's Source says which path gave it.

// breakGrace is how long a broken stream waits for the page's own resume.
const breakGrace = 2 * time.Second

// handoffGrace is how long a handed-off turn waits for the page's resume
// or the socket's first item.
const handoffGrace = 15 * time.Second

// maxSelfResumes bounds the resumes the watcher issues for one turn.
const maxSelfResumes = 3

// recovery is the state of a broken stream's recovery.
type recovery struct {
	since   time.Time // when the current break was noticed (zero: none)
	tries   int       // stream_status checks made
	resumed bool      // a resume of the watcher's own was accepted
	done    bool      // nothing streams: the document, then the DOM
}

// broken reports whether the bound stream v ended without the answer's
// end and nothing continues it.
func broken(v netstream.View) bool {
	r := v.Result
	switch {
	case r.Finished, r.MaxTokens, r.Error != "", v.Status != 200:
		return false
	case !v.Loaded && v.Failed == "", v.OpenResume:
		return false // still open, or the page resumes it
	case r.Handoff && v.SocketItems > 0:
		return false // the socket carries the turn
	}
	return true
}

// recoverStream runs one step of the recovery of a broken bound stream.
func (w *turnWatch) recoverStream(ctx context.Context) (event.Reply, bool, error) {
	v, ok := w.boundStream()
	if !ok || w.cont != nil {
		return event.Reply{}, false, nil
	}
	if w.rec == nil {
		w.rec = &recovery{}
	}
	rec := w.rec
	if !broken(v) {
		rec.since = time.Time{}
		return event.Reply{}, false, nil
	}
	now := time.Now()
	if rec.since.IsZero() {
		rec.since = now
	}
	grace := breakGrace
	if v.Result.Handoff {
		grace = handoffGrace // the page's socket may take a while to catch up
	}
	if rec.done || now.Sub(rec.since) < grace || now.Sub(v.LastData) < grace {
		return event.Reply{}, false, nil
	}
	rec.since = time.Time{} // the next break waits its grace again
	rec.tries++
	conv := v.ConvID
	if conv == "" {
		conv = conversationID(w.b.Cursor)
	}
	var st struct {
		Status int    `json:"status"`
		Value  string `json:"value"`
	}
	if conv != "" && rec.tries <= maxSelfResumes {
		if err := w.s.call(ctx, 15*time.Second, &st, "streamStatus", conv); err != nil && (w.s.gone() || ctx.Err() != nil) {
			return event.Reply{}, true, err
		}
	}
	w.t.opts.Logger.Info("the reply's stream broke off", "turn", w.b.Turn, "events", v.Result.Events, "stream_status", st.Status, "status", st.Value)
	if st.Status == 200 && st.Value == "IS_STREAMING" {
		var res struct {
			Status int `json:"status"`
		}
		if err := w.s.call(ctx, 15*time.Second, &res, "resume", conv, v.Result.Events, v.Conduit); err != nil && (w.s.gone() || ctx.Err() != nil) {
			return event.Reply{}, true, err
		}
		if res.Status == 200 {
			rec.resumed = true
			w.t.reportPhase("resuming a broken stream", fmt.Sprintf("turn %d: the stream broke off after %d events; resumed it", w.b.Turn, v.Result.Events), w.b.Cursor)
			return event.Reply{}, false, nil
		}
		w.t.opts.Logger.Info("resume refused", "turn", w.b.Turn, "status", res.Status)
	}
	// Nothing streams any more: the document has the reply, else the page.
	if r, done, err := w.fromConversation(ctx, true); done || err != nil {
		return r, true, err
	}
	if w.docLimit.held() {
		// ChatGPT refused the read for a while: the document is read
		// again after the wait, not replaced by the page's partial text.
		return event.Reply{}, false, nil
	}
	rec.done = true
	return event.Reply{}, false, nil
}

// recovering reports whether a broken stream is still being recovered:
// the page may show its partial text as finished meanwhile.
func (w *turnWatch) recovering() bool {
	v, ok := w.boundStream()
	return ok && broken(v) && (w.rec == nil || !w.rec.done)
}
