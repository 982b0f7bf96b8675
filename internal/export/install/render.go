package install

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/policy/secrets"
	"github.com/wtagent/wtagent/session"
)

// The export formats.
const (
	FormatCodex  = "codex"
	FormatClaude = "claude-code"
)

// ErrNoHome is returned when neither the tool's directory variable nor
// HOME is set.
var ErrNoHome = errors.New("export: HOME is not set")

// Export is a rendered export.
type Export struct {
	Data []byte
	// Sidechains are the sub-agents' transcripts (Claude Code only),
	// redacted like Data.
	Sidechains []export.Sidechain
	State      session.State
	// Last is the time of the session's last event.
	Last time.Time
}

// Render opens session id under h and renders its export in format
// (FormatCodex or FormatClaude), redacted.
func Render(h session.Home, id, format string) (Export, error) {
	s, err := session.Open(h, id)
	if err != nil {
		return Export{}, err
	}
	defer s.Close()
	events, _, err := s.Events()
	if err != nil {
		return Export{}, err
	}
	st, err := s.LoadState()
	if err != nil {
		return Export{}, err
	}
	if len(events) == 0 {
		return Export{}, fmt.Errorf("export: session %s has no events", id)
	}
	fn, meta := export.Codex, st.ExportMeta()
	var sides []export.Sidechain
	if format == FormatClaude {
		fn, meta.Agents = export.Claude, agentEvents(s.Dir())
		if sides, err = export.ClaudeSidechains(events, meta); err != nil {
			return Export{}, err
		}
		for i := range sides {
			sides[i].Data = []byte(secrets.Redact(string(sides[i].Data)))
		}
	}
	var buf bytes.Buffer
	if err := fn(events, meta, &buf); err != nil {
		return Export{}, err
	}
	if st.Created.IsZero() {
		st.Created = events[0].TS
	}
	return Export{Data: []byte(secrets.Redact(buf.String())), Sidechains: sides, State: st, Last: lastTime(events)}, nil
}

// agentEvents reads the event logs of the sub-agents of the session in
// dir, by their session id; one that cannot be read is left out (its
// Agent call is exported without its sidechain).
func agentEvents(dir string) map[string][]event.Event {
	out := map[string][]event.Event{}
	for _, st := range session.AgentStates(dir) {
		evs, _, err := session.ReadEvents(filepath.Join(dir, session.AgentsDirName, st.ID, session.EventsFileName))
		if err == nil && len(evs) > 0 {
			out[st.ID] = evs
		}
	}
	return out
}

// All is the export as one stream: the session's transcript, then each
// sub-agent's sidechain lines (Claude Code sets sidechain lines aside when
// it rebuilds the conversation).
func (exp Export) All() []byte {
	all := slices.Clone(exp.Data)
	for _, s := range exp.Sidechains {
		all = append(all, s.Data...)
	}
	return all
}

// lastTime is the time of the last event that has one.
func lastTime(events []event.Event) time.Time {
	for i := len(events) - 1; i >= 0; i-- {
		if !events[i].TS.IsZero() {
			return events[i].TS
		}
	}
	return time.Time{}
}

// Install writes exp where format's tool looks for it (TargetFor) and
// returns where it went and the command that opens it.
func Install(exp Export, format string, getenv func(string) string) (Target, error) {
	t, err := TargetFor(format, getenv, exp.State)
	if err != nil {
		return Target{}, err
	}
	if err := os.MkdirAll(filepath.Dir(t.Path), 0o700); err != nil {
		return Target{}, fmt.Errorf("export: %w", err)
	}
	if err := WriteFile(t.Path, exp); err != nil {
		return Target{}, err
	}
	for _, sc := range exp.Sidechains {
		path := SidechainPath(t.Path, sc.AgentID)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return Target{}, fmt.Errorf("export: %w", err)
		}
		if err := WriteFile(path, Export{Data: sc.Data, Last: exp.Last}); err != nil {
			return Target{}, err
		}
	}
	return t, nil
}

// SidechainPath is where Claude Code keeps the transcript of a session's
// sub-agent: <session>/subagents/agent-<id>.jsonl beside <session>.jsonl.
func SidechainPath(transcript, agentID string) string {
	return filepath.Join(strings.TrimSuffix(transcript, ".jsonl"), "subagents", "agent-"+agentID+".jsonl")
}

// WriteFile writes an export atomically and dates it to the session's last
// event, as the tools date their own session files.
func WriteFile(path string, exp Export) error {
	if err := atomicfile.WriteFile(path, exp.Data, 0o600); err != nil {
		return fmt.Errorf("export: write %s: %w", path, err)
	}
	if exp.Last.IsZero() {
		return nil
	}
	if err := os.Chtimes(path, exp.Last, exp.Last); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
