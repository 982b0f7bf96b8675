package picker

import (
	"strings"
	"unicode"
)

// menuItem is one item of the model switcher menu as the page lists it.
type menuItem struct {
	Index     int    `json:"index"`
	Menu      int    `json:"menu"`
	TestID    string `json:"testid"`
	Value     string `json:"value"`
	TestValue string `json:"testValue"`
	ID        string `json:"id"`
	Label     string `json:"label"`
	Disabled  bool   `json:"disabled"`
	Checked   bool   `json:"checked"`
	Sub       bool   `json:"sub"`
	Expanded  bool   `json:"expanded"`
	// Effort is the row's data-reasoning-effort (the 2026-11 menu's rows
	// are (model, effort) pairs); Group its family header's text.
	Effort string `json:"effort"`
	Group  string `json:"group"`
}

// slot is the item's first stable attribute: data-testid, data-value,
// data-test-value, id.
func (i menuItem) slot() string {
	for _, s := range []string{i.TestID, i.Value, i.TestValue, i.ID} {
		if s != "" {
			return s
		}
	}
	return ""
}

// slug is the slot without the switcher's testid prefix.
func (i menuItem) slug() string {
	s := strings.ToLower(i.slot())
	return strings.TrimPrefix(s, "model-switcher-")
}

// name is how a selection is reported: the slug, else the label's first
// line.
func (i menuItem) name() string {
	if s := i.slug(); s != "" {
		return s
	}
	line, _, _ := strings.Cut(strings.TrimSpace(i.Label), "\n")
	return strings.TrimSpace(line)
}

// compact lowercases s and keeps only letters and digits, so "GPT-5.2
// Thinking", "gpt-5-2-thinking" and "gpt52thinking" compare equal.
func compact(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// segments splits s into lower-case runs of letters and digits.
func segments(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// slugScore scores how well the requested mode names a slug: 3 equal, 2
// a whole segment of it ("pro" in "gpt-5-2-pro"), 1 a substring of four or
// more characters ("thinking" in "gpt52thinkingmini"), 0 no match. It is
// independent of the UI language: slugs are not translated.
func slugScore(req, slug string) int {
	r, s := compact(req), compact(slug)
	if r == "" || s == "" {
		return 0
	}
	if r == s {
		return 3
	}
	for _, seg := range segments(slug) {
		if seg == r {
			return 2
		}
	}
	if len(r) >= 4 && strings.Contains(s, r) {
		return 1
	}
	return 0
}

// modeDecision is what to do in one menu.
type modeDecision struct {
	// Found means the requested mode is in these items.
	Found bool
	// Outcome is already, selected, fallback or unavailable (when Found).
	Outcome string
	// Click is the item to click, if any.
	Click *menuItem
	// Chosen is the item the mode ends up on.
	Chosen *menuItem
}

// chooseMode finds the requested mode among items: by stable slug first
// (the best score, then the shortest slug), by an exact label line only
// when no slug matches. A disabled (rate-limited) target falls back to
// the nearest enabled item before it in the same menu.
func chooseMode(req string, items []menuItem) modeDecision {
	best, bestScore := -1, 0
	for i, it := range items {
		if it.Sub {
			continue
		}
		sc := slugScore(req, it.slug())
		if sc > bestScore || (sc == bestScore && sc > 0 && len(it.slug()) < len(items[best].slug())) {
			best, bestScore = i, sc
		}
	}
	if best < 0 {
		want := compact(req)
		for i, it := range items {
			if it.Sub || want == "" {
				continue
			}
			for _, line := range strings.Split(it.Label, "\n") {
				if compact(line) == want {
					best = i
					break
				}
			}
			if best >= 0 {
				break
			}
		}
	}
	if best < 0 {
		return modeDecision{}
	}
	target := items[best]
	switch {
	case target.Checked && !target.Disabled:
		return modeDecision{Found: true, Outcome: "already", Chosen: &target}
	case !target.Disabled:
		return modeDecision{Found: true, Outcome: "selected", Click: &target, Chosen: &target}
	}
	for j := best - 1; j >= 0; j-- {
		it := items[j]
		if it.Menu != target.Menu || it.Sub || it.Disabled {
			continue
		}
		d := modeDecision{Found: true, Outcome: "fallback", Chosen: &it}
		if !it.Checked {
			d.Click = &it
		}
		return d
	}
	return modeDecision{Found: true, Outcome: "unavailable"}
}

// alreadyOn reports whether the page is on the requested mode: a line of
// the switcher's label (or its "current model is" part) equals it, or the
// last reply's model slug names it.
func alreadyOn(req string, sw *Switcher, lastSlug string) bool {
	want := compact(req)
	if want == "" {
		return false
	}
	if sw != nil {
		for _, line := range append(strings.Split(sw.Label, "\n"), sw.Current) {
			if compact(line) == want {
				return true
			}
		}
	}
	return lastSlug != "" && slugScore(req, lastSlug) >= 2
}
