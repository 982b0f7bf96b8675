package picker

import "testing"

// TestEffortVocabularies maps both pickers' vocabularies to wtagent's
// tiers by one table: the 2026-06 tier names (any spelling) and the
// 2026-09 trigger's values are read from the page; --effort takes the tier
// names only; models and the localised labels are never tiers.
func TestEffortVocabularies(t *testing.T) {
	for _, tc := range []struct {
		value, page, flag string
	}{
		{"light", "light", "light"}, {"standard", "standard", "standard"}, {"extended", "extended", "extended"},
		{"extra-high", "extra-high", "extra-high"}, {"pro", "pro", "pro"},
		{"Extra high", "extra-high", "extra-high"}, {"extra_high", "extra-high", "extra-high"}, {"PRO", "pro", "pro"},
		{"low", "light", ""}, {"medium", "standard", ""}, {"high", "extended", ""}, {"xhigh", "extra-high", ""},
		{"x-high", "extra-high", ""}, {"max", "pro", ""},
		{"instant", "", ""}, {"Instant", "", ""}, {"thinking", "", ""}, {"gpt-5-5-pro", "", ""}, {"Yüksek", "", ""}, {"", "", ""}, {"ultra", "", ""},
	} {
		r, ok := pageEffortTier(tc.value)
		if r.Tier != tc.page || ok != (tc.page != "") {
			t.Errorf("pageEffortTier(%q) = %q %v, want %q", tc.value, r.Tier, ok, tc.page)
		}
		flag, ok := EffortTier(tc.value)
		if flag != tc.flag || ok != (tc.flag != "") {
			t.Errorf("EffortTier(%q) = %q %v, want %q", tc.value, flag, ok, tc.flag)
		}
	}
	// The table is ordered and complete: every tier has one 2026-09 value.
	seen := map[string]bool{}
	for i, r := range effortTable() {
		if tierIndex(r.Tier) != i || r.Sep == "" || seen[r.Sep] {
			t.Errorf("row %d %+v", i, r)
		}
		seen[r.Sep] = true
	}
	// --effort also takes the page's words and values; a mode never does.
	for _, tc := range []struct{ word, tier string }{
		{"instant", "light"}, {"Instant", "light"}, {"low", "light"}, {"medium", "standard"}, {"High", "extended"},
		{"xhigh", "extra-high"}, {"Extra High", "extra-high"}, {"extra-high", "extra-high"}, {"max", "pro"}, {"pro", "pro"},
		{"standard", "standard"}, {"huge", ""}, {"Yüksek", ""}, {"", ""},
	} {
		if got, ok := EffortWord(tc.word); got != tc.tier || ok != (tc.tier != "") {
			t.Errorf("EffortWord(%q) = %q %v, want %q", tc.word, got, ok, tc.tier)
		}
	}
}
