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
	// DOM2026Nov is the page since 2026-11-05: the 2026-09 page whose
	// picker trigger lost data-codex-intelligence-trigger (it is found by
	// data-composer-navigation-target="reasoning", inside the composer
	// form) and opens one menu of three model families, a row per (model,
	// effort), Instant its own row, an old family's rows carrying a
	// retirement notice (notes §8).
	DOM2026Nov = "2026-11"
)

// Generations lists every page generation, oldest first.
func Generations() []string { return []string{DOM2025, DOM2026Mid, DOM2026Sep, DOM2026Nov} }

// DefaultGeneration is the generation a page renders when neither
// Options.DOM nor ?dom= names one: the 2026-09 page (the 2026-11 one is
// asked for by name).
const DefaultGeneration = DOM2026Sep

// CheckGeneration accepts "" (the default) and the names of Generations.
func CheckGeneration(g string) error {
	if g == "" || slices.Contains(Generations(), g) {
		return nil
	}
	return fmt.Errorf("mockchat: unknown page generation %q (known: %v)", g, Generations())
}

// units reports whether the generation renders the 2026-09 message units
// and localised labels (2026-09 and 2026-11).
func units(gen string) bool { return gen == DOM2026Sep || gen == DOM2026Nov }

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
