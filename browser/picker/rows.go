package picker

import (
	"slices"
	"strings"
)

// rowDecision is what to do on the 2026-11 menu, whose rows are (model,
// effort) pairs: the row to end on and whether to press it.
type rowDecision struct {
	// Found: a row names the requested model (or, with no model asked
	// for, the menu shows which model the page is on).
	Found bool
	// Target is the row the request ends on (nil: none is enabled).
	Target *menuItem
	// Model and Effort are already, selected, fallback or unavailable.
	Model, Effort string
	// Reason explains a fallback.
	Reason string
}

// chooseRow finds the row for (mode, tier) among the 2026-11 menu's rows.
// A mode is matched by the model grammar (see modelName) on the rows'
// slugs, else their text; an empty mode is the model of the checked row.
// Within the model's rows the effort tier picks the row by its
// data-reasoning-effort value; light is the model's Instant row where the
// family has one (Instant is a model row there). A tier the model does not
// offer (or offers disabled) falls back to the nearest one below it, else
// above it.
func chooseRow(mode, tier string, items []menuItem) rowDecision {
	rows := slices.DeleteFunc(slices.Clone(items), func(it menuItem) bool { return it.Sub })
	var cands []menuItem
	if mode != "" {
		cands = rowsNaming(mode, rows)
	} else if i := slices.IndexFunc(rows, func(it menuItem) bool { return it.Checked }); i >= 0 {
		cands = sameModel(rows, rows[i])
	}
	if len(cands) == 0 {
		return rowDecision{}
	}
	d := rowDecision{Found: true}
	if tier == "" {
		i := slices.IndexFunc(cands, func(it menuItem) bool { return it.Checked && !it.Disabled })
		if i < 0 {
			i = slices.IndexFunc(cands, func(it menuItem) bool { return !it.Disabled })
		}
		if i < 0 {
			d.Model = "unavailable"
			return d
		}
		d.Target = &cands[i]
		d.Model = outcomeOf(cands[i])
		return d
	}
	if tier == "light" && !slices.ContainsFunc(cands, func(it menuItem) bool { return rowTier(it) == "light" }) {
		if inst := instantRow(rows, cands[0]); inst != nil {
			cands = []menuItem{*inst}
		}
	}
	if mode == "" && !slices.ContainsFunc(cands, func(it menuItem) bool { return rowTier(it) != "" }) {
		cands = familyRows(rows, cands[0]) // on an Instant row: its family's efforts
	}
	if !slices.ContainsFunc(cands, func(it menuItem) bool { return rowTier(it) != "" }) {
		d.Model, d.Effort = "unavailable", "unavailable"
		d.Reason = "the model " + cands[0].name() + " offers no effort choice on the picker"
		return d
	}
	target, exact := nearestTier(cands, tier)
	if target == nil {
		d.Model, d.Effort = "unavailable", "unavailable"
		return d
	}
	d.Target = target
	d.Model, d.Effort = outcomeOf(*target), outcomeOf(*target)
	if slices.ContainsFunc(sameModel(rows, *target), func(it menuItem) bool { return it.Checked }) {
		d.Model = "already" // another effort of the model the page is on
	}
	if !exact {
		d.Effort = "fallback"
		d.Reason = tier + " is not offered for " + target.name() + " (disabled, rate-limited or not in the plan): the nearest effort offered"
	}
	return d
}

// outcomeOf is already for a checked row, else selected.
func outcomeOf(it menuItem) string {
	if it.Checked {
		return "already"
	}
	return "selected"
}

// rowTier is the tier of a row: its effort value's, or light for an
// Instant model row.
func rowTier(it menuItem) string {
	if r, ok := pageEffortTier(it.Effort); ok {
		return r.Tier
	}
	if it.Effort == "" && rowName(it).Variant == "instant" {
		return "light"
	}
	return ""
}

// nearestTier is the enabled row at tier (exact), else the enabled row
// with the nearest tier below it, else above it.
func nearestTier(cands []menuItem, tier string) (*menuItem, bool) {
	want := tierIndex(tier)
	var below, above *menuItem
	for i := range cands {
		it := &cands[i]
		at := tierIndex(rowTier(*it))
		if it.Disabled || at < 0 {
			continue
		}
		switch {
		case at == want:
			return it, true
		case at < want && (below == nil || at > tierIndex(rowTier(*below))):
			below = it
		case at > want && (above == nil || at < tierIndex(rowTier(*above))):
			above = it
		}
	}
	if below != nil {
		return below, false
	}
	return above, false
}

// rowsNaming are the rows of the one model mode names best: an exact slug
// first, else the grammar's best score.
func rowsNaming(mode string, rows []menuItem) []menuItem {
	req := parseRequest(mode)
	best, bestScore := -1, 0
	for i, it := range rows {
		sc := nameScore(req, rowName(it))
		if compact(it.slug()) != "" && compact(it.slug()) == compact(mode) {
			sc = 100
		}
		if sc > bestScore {
			best, bestScore = i, sc
		}
	}
	if best < 0 {
		return nil
	}
	return sameModel(rows, rows[best])
}

// parseRequest reads a requested mode: a slug ("gpt-6-2-sol") or a name
// as the user sees it ("6.2 Sol", "GPT-6 Instant").
func parseRequest(mode string) modelName {
	if strings.Contains(mode, "-") && !strings.ContainsAny(mode, ". ") {
		return parseSlug(mode)
	}
	return parseLabel(mode)
}

// sameModel are the rows of row's model: its slug's, else its name's.
func sameModel(rows []menuItem, row menuItem) []menuItem {
	var out []menuItem
	for _, it := range rows {
		if it.slug() != "" && it.slug() == row.slug() || it.slug() == "" && rowName(it) == rowName(row) {
			out = append(out, it)
		}
	}
	return out
}

// familyRows are the rows with an effort of row's family (same version
// and family).
func familyRows(rows []menuItem, row menuItem) []menuItem {
	n := rowName(row)
	var out []menuItem
	for _, it := range rows {
		m := rowName(it)
		if it.Effort != "" && n.Version != "" && m.Version == n.Version && m.Family == n.Family {
			out = append(out, it)
		}
	}
	return out
}

// instantRow is the Instant model row of row's family, if the menu has
// one.
func instantRow(rows []menuItem, row menuItem) *menuItem {
	n := rowName(row)
	for i, it := range rows {
		m := rowName(it)
		if m.Variant == "instant" && m.Version == n.Version && m.Family == n.Family && !it.Disabled {
			return &rows[i]
		}
	}
	return nil
}

// offered lists the models of a menu (each once, with the efforts of its
// rows, a disabled one marked): what a request that matches none is told.
func offered(items []menuItem) []string {
	var names []string
	efforts := map[string][]string{}
	for _, it := range items {
		if it.Sub {
			continue
		}
		n := it.name()
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
		if it.Effort != "" {
			e := it.Effort
			if t := rowTier(it); t != "" && t != e {
				e = t + "/" + e
			}
			if it.Disabled {
				e += " disabled"
			}
			efforts[n] = append(efforts[n], e)
		}
	}
	var out []string
	for _, n := range names {
		if es := efforts[n]; len(es) > 0 {
			n += " (" + strings.Join(es, ", ") + ")"
		}
		out = append(out, n)
	}
	return out
}
