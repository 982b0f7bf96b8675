package actors

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/policy/secrets"
)

// maskResult masks secrets in a tool result before it is logged, so the
// event log (and the rollout beside it) holds what the model is sent, not
// the raw values; those stay in the 0600 tool-output spool. Structured
// data that no longer parses after masking is kept as masked text.
func (c *controller) maskResult(res event.ToolResult) event.ToolResult {
	data := string(res.Data)
	if len(c.cfg.guard.MaskAll(&res.Message, &res.Stdout, &res.Stderr, &res.Diff, &data)) == 0 {
		return res
	}
	switch {
	case data == string(res.Data):
	case json.Valid([]byte(data)):
		res.Data = json.RawMessage(data)
	default:
		b, _ := json.Marshal(map[string]string{"masked": data})
		res.Data = b
	}
	return res
}

// maskOutbound masks a message to the model and lists what it masks:
// values masked now, and the marks of values masked before (a logged
// result sent again).
func (c *controller) maskOutbound(text string) (string, []string) {
	masked := c.cfg.guard.MaskAll(&text)
	for _, src := range secrets.MaskedIn(text) {
		if !slices.Contains(masked, src) {
			masked = append(masked, src)
		}
	}
	return text, masked
}

// ErrRevealNeedsPrompt refuses a reveal outside --approvals prompt: only
// a user at the terminal may let a secret go to the model.
var ErrRevealNeedsPrompt = errors.New("a secret can be revealed only under --approvals prompt")

// MaskedSources lists the sources of the values masked in messages to the
// model (never the values).
func (rt *Runtime) MaskedSources() []string { return rt.cfg.guard.Sources() }

// RevealSecret lets the model see the value(s) of one source from the next
// message on: the user's deliberate choice, under --approvals prompt only,
// logged (the source, never the value) before it takes effect.
func (rt *Runtime) RevealSecret(source string) error {
	if rt.cfg.Approvals != policy.ModePrompt {
		return ErrRevealNeedsPrompt
	}
	if !slices.Contains(rt.cfg.guard.Sources(), source) {
		return fmt.Errorf("%w: %q; /reveal lists them", secrets.ErrUnknownSecret, source)
	}
	if err := rt.Record(event.EvSecretRevealed, event.TextPayload{Text: "the user revealed " + source + " to the model"}, true); err != nil {
		return err
	}
	return rt.cfg.guard.Reveal(source)
}
