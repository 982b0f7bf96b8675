package batchcorpus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// ErrNotCompleted is a replay that did not end with a completed session.
var ErrNotCompleted = errors.New("the run did not complete")

// Replay is one run of a script through a wtagent binary.
type Replay struct {
	// Bin is the wtagent binary.
	Bin string
	// Home is the data root (WTAGENT_HOME), Root the project: both exist.
	Home, Root string
	// Request is the user's request.
	Request string
	// Script are the model's replies.
	Script []model.ScriptLine
	// Args are more flags, given before the request.
	Args []string
	// ChatGPTURL, if set, is a ChatGPT page (the mock page, serving
	// Script) the run talks to in headless Chromium instead of the
	// scripted provider.
	ChatGPTURL string
}

// Outcome is what a replay did.
type Outcome struct {
	// Code is the exit code; Output stdout and stderr.
	Code   int
	Output string
	// Messages counts the messages sent to the model (model.message_sent).
	Messages int
	// Results are the tool results, in the order they completed.
	Results []event.ToolResult
}

// Run replays r.Script with the scripted provider (or through the page at
// r.ChatGPTURL) under --approvals allow and reads the session's event log.
// The error is ErrNotCompleted when wtagent exited non-zero or the log has
// no run.completed.
func (r Replay) Run(ctx context.Context) (Outcome, error) {
	args, err := r.modelArgs()
	if err != nil {
		return Outcome{}, err
	}
	args = append(append([]string{"-C", r.Root}, args...), "--approvals", "allow")
	cmd := exec.CommandContext(ctx, r.Bin, append(append(args, r.Args...), r.Request)...)
	cmd.Env = append(os.Environ(), "WTAGENT_HOME="+r.Home, "NO_COLOR=1")
	cmd.Dir = r.Root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	o := Outcome{Output: out.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		o.Code = ee.ExitCode()
	case err != nil:
		return o, fmt.Errorf("batchcorpus: run %s: %w", r.Bin, err)
	}
	completed, err := o.read(r.Home)
	if err != nil {
		return o, err
	}
	if o.Code != 0 || !completed {
		return o, fmt.Errorf("batchcorpus: exit %d, run.completed logged %t: %w", o.Code, completed, ErrNotCompleted)
	}
	return o, nil
}

// modelArgs are the flags that choose the model: the page at ChatGPTURL
// in headless Chromium, or the scripted provider on Script (written into
// Home).
func (r Replay) modelArgs() ([]string, error) {
	if r.ChatGPTURL != "" {
		return []string{"--chatgpt-url", r.ChatGPTURL, "--headless"}, nil
	}
	script := filepath.Join(r.Home, "corpus-script.jsonl")
	if err := WriteScript(script, r.Script); err != nil {
		return nil, err
	}
	return []string{"--provider", "script", "--script", script}, nil
}

// read fills Messages and Results from the one session of home and says
// whether its run completed.
func (o *Outcome) read(home string) (bool, error) {
	h, err := session.NewHome(home)
	if err != nil {
		return false, fmt.Errorf("batchcorpus: %w", err)
	}
	list, err := session.List(h)
	if err != nil || len(list) != 1 {
		return false, fmt.Errorf("batchcorpus: want one session in %s, have %d (%v): %w", home, len(list), err, ErrNotCompleted)
	}
	evs, _, err := session.ReadEvents(filepath.Join(home, "sessions", list[0].ID, "events.jsonl"))
	if err != nil {
		return false, fmt.Errorf("batchcorpus: %w", err)
	}
	completed := false
	for _, ev := range evs {
		switch ev.Type {
		case event.EvModelMessageSent:
			o.Messages++
		case event.EvRunCompleted:
			completed = true
		case event.EvToolCompleted:
			var p event.ToolCompletedPayload
			if err := json.Unmarshal(ev.Payload, &p); err != nil {
				return false, fmt.Errorf("batchcorpus: seq %d: %w", ev.Seq, err)
			}
			o.Results = append(o.Results, p.Result)
		}
	}
	return completed, nil
}

// WriteScript writes lines as a JSON Lines script.
func WriteScript(path string, lines []model.ScriptLine) error {
	var b bytes.Buffer
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			return fmt.Errorf("batchcorpus: %w", err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("batchcorpus: %w", err)
	}
	return nil
}
