package mockchat

import (
	"fmt"
	"slices"
)

// The page generations the mock renders (Options.DOM, or ?dom= on a page
// URL). CONTRACT.md "Generations" lists what each one looks like.
const (
	// DOM2025 is the 2024–25 page: article turns with data-testid, the
	// model-switcher-* menu.
	DOM2025 = "2025"
	// DOM2026Mid is the mid-2026 page: section turns in
	// div[data-turn-id-container], commentary in
	// [data-streaming-response-status] before the answer, testid modals,
	// the slider model picker.
	DOM2026Mid = "2026-06"
	// DOM2026Sep is the page since 2026-09-25: no data-testid at all,
	// [data-content-search-unit-key] units, the answer root
	// [data-markdown-text-style="assistant-message"], the composer in
	// form[data-chatgpt-composer], one primary button cycling voice, send
	// and stop, a Chat/Work switch and the intelligence picker.
	DOM2026Sep = "2026-09"
)

// Generations lists every page generation, oldest first.
func Generations() []string { return []string{DOM2025, DOM2026Mid, DOM2026Sep} }

// DefaultGeneration is the generation a page renders when neither
// Options.DOM nor ?dom= names one: the newest.
const DefaultGeneration = DOM2026Sep

// CheckGeneration accepts "" (the default) and the names of Generations.
func CheckGeneration(g string) error {
	if g == "" || slices.Contains(Generations(), g) {
		return nil
	}
	return fmt.Errorf("mockchat: unknown page generation %q (known: %v)", g, Generations())
}

// generation is the generation a page load renders: ?dom= on the URL,
// else Options.DOM, else DefaultGeneration.
func (s *Server) generation(query string) (string, error) {
	for _, g := range []string{query, s.opts.DOM} {
		if err := CheckGeneration(g); err != nil {
			return "", err
		}
	}
	switch {
	case query != "":
		return query, nil
	case s.opts.DOM != "":
		return s.opts.DOM, nil
	}
	return DefaultGeneration, nil
}
