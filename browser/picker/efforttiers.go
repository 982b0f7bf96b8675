package picker

import (
	"slices"
	"strings"
	"time"
)

// effortRow is one effort tier in every vocabulary the pickers use.
type effortRow struct {
	// Tier is wtagent's name (what --effort accepts), which is also the
	// 2026-06 picker's value.
	Tier string
	// Sep is the 2026-09 picker's value: the trigger's
	// data-selected-reasoning-effort (xhigh was seen on a Codex surface,
	// max is the slider's last stop, Pro).
	Sep string
	// Label is the 2026-09 picker's English label. Labels are localised:
	// they name the tier for people, the adapter never matches them.
	Label string
	// Words are the other names --effort, the config key, /effort and the
	// MCP effort argument accept for the tier: the page's own words (its
	// labels, Instant … Pro) and values (low … max), which users type as
	// they see them.
	Words []string
	// Wait is the longest wait for one reply at this effort.
	Wait time.Duration
}

// effortTable maps the tiers, lowest first, to both pickers' values.
func effortTable() []effortRow {
	return []effortRow{
		{Tier: "light", Sep: "low", Label: "Instant", Words: []string{"instant", "low"}, Wait: 5 * time.Minute},
		{Tier: "standard", Sep: "medium", Label: "Medium", Words: []string{"medium"}, Wait: 30 * time.Minute},
		{Tier: "extended", Sep: "high", Label: "High", Words: []string{"high"}, Wait: 30 * time.Minute},
		{Tier: "extra-high", Sep: "xhigh", Label: "Extra High", Words: []string{"xhigh"}, Wait: time.Hour},
		{Tier: "pro", Sep: "max", Label: "Pro", Words: []string{"max"}, Wait: time.Hour},
	}
}

// EffortTiers are wtagent's effort tiers, lowest first: what --effort
// accepts.
func EffortTiers() []string {
	var out []string
	for _, r := range effortTable() {
		out = append(out, r.Tier)
	}
	return out
}

// EffortTier reports whether name names an effort tier (pro, "Extra
// high", extra_high…) rather than a model, and returns the tier's one
// spelling. The 2026-09 page's values are read from the page, never asked
// for: see pageEffortTier.
func EffortTier(name string) (string, bool) {
	want := compact(name)
	for _, r := range effortTable() {
		if want != "" && compact(r.Tier) == want {
			return r.Tier, true
		}
	}
	return "", false
}

// EffortWord maps what a user may type for an effort — a tier name in
// any spelling, or one of the page's words and values (instant, low,
// medium, high, xhigh, max) — to the tier's one spelling. Only an effort
// request takes these words: a mode "instant" or "high" names a model
// (see EffortTier).
func EffortWord(name string) (string, bool) {
	if tier, ok := EffortTier(name); ok {
		return tier, true
	}
	want := compact(name)
	for _, r := range effortTable() {
		for _, w := range r.Words {
			if want != "" && compact(w) == want {
				return r.Tier, true
			}
		}
	}
	return "", false
}

// EffortWords lists what --effort accepts, lowest tier first, each tier
// with the page's words for it: "light (instant, low)".
func EffortWords() []string {
	var out []string
	for _, r := range effortTable() {
		out = append(out, r.Tier+" ("+strings.Join(r.Words, ", ")+")")
	}
	return out
}

// pageEffortTier maps an effort value a picker shows, in either
// vocabulary (the 2026-06 tier names, the 2026-09 trigger's low … max), to
// its tier.
func pageEffortTier(value string) (effortRow, bool) {
	want := compact(value)
	if want == "" {
		return effortRow{}, false
	}
	for _, r := range effortTable() {
		if compact(r.Tier) == want || compact(r.Sep) == want {
			return r, true
		}
	}
	return effortRow{}, false
}

// tierIndex is the tier's position among EffortTiers (-1 if none).
func tierIndex(tier string) int { return slices.Index(EffortTiers(), tier) }

// TierWait is the longest wait for one reply at the effort tier name
// names (see EffortTier); false when it names none.
func TierWait(name string) (time.Duration, bool) {
	tier, ok := EffortTier(name)
	if !ok {
		return 0, false
	}
	return effortTable()[tierIndex(tier)].Wait, true
}
