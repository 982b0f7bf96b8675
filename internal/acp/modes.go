package acp

import (
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/browser/picker"
	"github.com/wtagent/wtagent/session/event"
)

// pageMode is the session mode that keeps the page's effort tier.
const pageMode = "page"

// sessionModes are the ACP session modes: ChatGPT's effort tiers, and the
// page's own; current is the tier asked for.
func sessionModes(effort string) *sdk.SessionModeState {
	modes := []sdk.SessionMode{{Id: pageMode, Name: "ChatGPT's current effort",
		Description: sdk.Ptr("keep the effort tier the page has selected")}}
	for _, tier := range picker.EffortTiers() {
		modes = append(modes, sdk.SessionMode{Id: sdk.SessionModeId(tier), Name: "Effort: " + tier})
	}
	return &sdk.SessionModeState{AvailableModes: modes, CurrentModeId: modeID(effort)}
}

// modeID is the session mode of an effort tier.
func modeID(effort string) sdk.SessionModeId {
	if effort == "" {
		return pageMode
	}
	return sdk.SessionModeId(effort)
}

// modeEffort is the effort tier of a session mode id.
func modeEffort(id sdk.SessionModeId) (string, error) {
	if id == pageMode {
		return "", nil
	}
	tier, ok := picker.EffortTier(string(id))
	if !ok {
		return "", invalidParams("unknown mode %q; want %s or one of %s", id, pageMode, strings.Join(picker.EffortTiers(), ", "))
	}
	return tier, nil
}

// modeUpdate tells the client the tier a mode request asked for.
func modeUpdate(ev event.Event) []sdk.SessionUpdate {
	var p event.ModePayload
	if event.DecodePayload(ev, &p) != nil {
		return nil
	}
	return []sdk.SessionUpdate{{CurrentModeUpdate: &sdk.SessionCurrentModeUpdate{SessionUpdate: "current_mode_update", CurrentModeId: modeID(p.Effort)}}}
}
