package picker

import "testing"

// TestModelGrammar reads names by the grammar only: repeated headers
// count once, a notice's words and date and a localised effort label are
// no part of the name, a slug's digit runs are one version.
func TestModelGrammar(t *testing.T) {
	for _, tc := range []struct {
		in   string
		slug bool
		want modelName
	}{
		{"gpt-6-2-sol-instant", true, modelName{Version: "6.2", Family: "sol", Variant: "instant"}},
		{"gpt-6", true, modelName{Version: "6"}},
		{"gpt-latest", true, modelName{Latest: true}},
		{"GPT-6.2 Sol", false, modelName{Version: "6.2", Family: "sol"}},
		{"6 6 High", false, modelName{Version: "6"}},
		{"6\n6 Pro", false, modelName{Version: "6", Variant: "pro"}},
		{"6 Orta", false, modelName{Version: "6", Family: "orta"}},
		{"5.6 Yüksek · 15 Ocak 2027'de kullanımdan kalkıyor", false, modelName{Version: "5.6"}},
		{"5.6 Sol High · Retires on 15 Jan 2027", false, modelName{Version: "5.6", Family: "sol"}},
		{"Latest", false, modelName{Latest: true}},
		{"Yüksek", false, modelName{}},
	} {
		var got modelName
		if tc.slug {
			got = parseSlug(tc.in)
		} else {
			got = parseLabel(tc.in)
		}
		if got != tc.want {
			t.Errorf("parse(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// menu2026Nov is the 2026-11 menu as the page helper lists it.
func menu2026Nov() []menuItem {
	row := func(i int, value, effort, label string, checked, disabled bool) menuItem {
		return menuItem{Index: i, Value: value, Effort: effort, Label: label, Checked: checked, Disabled: disabled}
	}
	return []menuItem{
		row(0, "gpt-latest", "", "Latest", false, false),
		row(1, "gpt-6-2-sol", "medium", "6.2 Medium", true, false),
		row(2, "gpt-6-2-sol", "high", "6.2 High", false, false),
		row(3, "gpt-6-2-sol", "xhigh", "6.2 Extra High", false, true),
		row(4, "gpt-6-2-sol-instant", "", "6.2 Sol Instant", false, false),
		row(5, "gpt-6", "high", "6 6 High", false, false),
		row(6, "gpt-6", "max", "6 6 Pro", false, true),
		row(7, "gpt-6-instant", "", "6 Instant", false, false),
		row(8, "gpt-5-6-sol", "high", "5.6 High · Retires on 15 Jan 2027", false, false),
	}
}

func TestChooseRow(t *testing.T) {
	items := menu2026Nov()
	for _, tc := range []struct {
		mode, tier     string
		index          int
		model, effort  string
		found, reasons bool
	}{
		{"", "extended", 2, "already", "selected", true, false},  // the current model at High
		{"", "standard", 1, "already", "already", true, false},   // already there
		{"", "light", 4, "selected", "selected", true, false},    // Instant is the family's own row
		{"", "extra-high", 2, "already", "fallback", true, true}, // disabled: the nearest below
		{"6", "pro", 5, "selected", "fallback", true, true},      // Pro disabled on 6
		{"6", "", 5, "selected", "", true, false},                // the model's first enabled row
		{"gpt-6-2-sol", "", 1, "already", "", true, false},       // by slug: the checked row
		{"GPT-6.2 Sol", "extended", 2, "already", "selected", true, false},
		{"6.2 sol instant", "", 4, "selected", "", true, false},
		{"6 instant", "", 7, "selected", "", true, false},
		{"latest", "", 0, "selected", "", true, false},
		{"5.6 sol", "extended", 8, "selected", "selected", true, false}, // the retiring model's row
		{"nosuch", "", -1, "", "", false, false},
		{"Yüksek", "", -1, "", "", false, false}, // a localised word alone names nothing
	} {
		d := chooseRow(tc.mode, tc.tier, items)
		idx := -1
		if d.Target != nil {
			idx = d.Target.Index
		}
		if d.Found != tc.found || idx != tc.index || d.Model != tc.model || d.Effort != tc.effort || (d.Reason != "") != tc.reasons {
			t.Errorf("chooseRow(%q, %q) = found %v row %d model %q effort %q reason %q; want %v row %d %q %q",
				tc.mode, tc.tier, d.Found, idx, d.Model, d.Effort, d.Reason, tc.found, tc.index, tc.model, tc.effort)
		}
	}
	want := []string{"gpt-latest", "gpt-6-2-sol (standard/medium, extended/high, extra-high/xhigh disabled)", "gpt-6-2-sol-instant",
		"gpt-6 (extended/high, pro/max disabled)", "gpt-6-instant", "gpt-5-6-sol (extended/high)"}
	if got := offered(items); len(got) != len(want) {
		t.Fatalf("offered = %q", got)
	} else {
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("offered[%d] = %q, want %q", i, got[i], want[i])
			}
		}
	}
}
