package browser

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/wtagent/wtagent/model"
)

// A transport recording keeps a turn's raw traffic (the POST's body, the
// resume POSTs' bodies, the WebSocket items) as one script line of
// diagnostics/transport.jsonl: {"reply","sse","resume_sse","ws"} with the
// conversation, user and answer ids turned into the mock's placeholders
// and tokens and cookies redacted. `wtagent mockchat --replay SESSION`
// (or --script that file) serves it again, turn by turn.

// TransportFile is the recordings' file name in the diagnostics directory.
const TransportFile = "transport.jsonl"

// redactTransport removes what may hold credentials from raw traffic:
// bearer tokens, JWTs, token-like fields and cookies.
func redactTransport(s string) string {
	for _, r := range []struct {
		re   *regexp.Regexp
		with string
	}{
		{regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}`), `Bearer [redacted]`},
		{regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), `[redacted-jwt]`},
		{regexp.MustCompile(`(?i)(\\?"[a-z_]*(?:token|secret|password|session|csrf|cookie|api_?key|verify)[a-z_]*\\?"\s*:\s*\\?")[^"\\]{6,}(\\?")`), `$1[redacted]$2`},
		{regexp.MustCompile(`(?i)(\b[a-z_-]*(?:token|secret|password|csrf|api_?key|verify)[a-z_-]*=)[^&"'\s<>\\]{6,}`), `$1[redacted]`},
	} {
		s = r.re.ReplaceAllString(s, r.with)
	}
	return s
}

// recordLine builds the script line of a turn's traffic: the bodies and
// the WebSocket frames as the page received them.
func recordLine(reply, post, resume string, frames []string, convID, userID, answerID string) model.ScriptLine {
	ph := func(s string) string {
		for id, p := range map[string]string{convID: "{{conversation_id}}", userID: "{{user_message_id}}", answerID: "{{assistant_message_id}}"} {
			if id != "" {
				s = strings.ReplaceAll(s, id, p)
			}
		}
		return redactTransport(s)
	}
	l := model.ScriptLine{Reply: reply, SSE: ph(post), ResumeSSE: ph(resume)}
	for _, f := range frames {
		l.WS = append(l.WS, ph(f))
	}
	return l
}

// recordTurn appends the bound stream's traffic to the diagnostics'
// transport.jsonl; it returns the file, or "" when nothing was recorded.
func (w *turnWatch) recordTurn(reply, answerID string) (string, error) {
	if w.stream == "" {
		return "", nil
	}
	w.awaitSocketEnd()
	post, resume, frames, ok := w.s.net.Recording(w.stream)
	if !ok || post == "" {
		return "", nil
	}
	v, _ := w.s.net.Get(w.stream)
	if answerID == "" {
		answerID = v.Result.MessageID
	}
	l := recordLine(reply, post, resume, frames, v.ConvID, v.UserID, answerID)
	b, err := json.Marshal(l)
	if err != nil {
		return "", err
	}
	dir := w.t.opts.diagnosticsDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, TransportFile)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return "", err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return "", err
	}
	return path, f.Close()
}

// socketDrain bounds the wait for a socket turn's last frames.
const socketDrain = 10 * time.Second

// awaitSocketEnd waits, for a turn the socket carried, until the
// conversations topic said the turn is complete: the frames after the
// answer's end ([DONE], the turn-complete) belong in the recording, or a
// replayed page would wait for them.
func (w *turnWatch) awaitSocketEnd() {
	drain := time.NewTimer(socketDrain)
	defer drain.Stop()
	for {
		v, ok := w.s.net.Get(w.stream)
		if !ok || v.SocketItems == 0 || v.SocketComplete {
			return
		}
		select {
		case <-w.s.net.Notify():
		case <-w.s.c.Life().Done():
			return
		case <-drain.C:
			return
		}
	}
}

// recordIfDue records the turn when recording is on, or when the turn
// failed in the adapter (not on cancel); failures only log.
func (w *turnWatch) recordIfDue(text, id string, failed bool) {
	if !w.t.opts.RecordTransport && !failed {
		return
	}
	path, err := w.recordTurn(text, id)
	switch {
	case err != nil:
		w.t.opts.Logger.Warn("transport recording", "err", err)
	case path != "":
		w.t.opts.Logger.Info("turn traffic recorded", "turn", w.b.Turn, "file", path)
		if failed {
			w.t.opts.note("%s", fmt.Sprintf("the raw traffic of turn %d is in %s (replay: wtagent mockchat --script %s)", w.b.Turn, path, path))
		}
	}
}
