package mockchat

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// TestGenerationConfig: a page load renders Options.DOM, or the URL's
// ?dom=, with that generation's models and effort tiers; an unknown
// generation is a 400 naming the known ones.
func TestGenerationConfig(t *testing.T) {
	tests := []struct {
		name, opt, query string
		proLimited       bool
		status           int
		dom              string
		models           int
		efforts          []string
	}{
		{"default: the newest", "", "", false, 200, DOM2026Sep, 4, []string{"low", "medium", "high", "xhigh", "max"}},
		{"option 2025", DOM2025, "", false, 200, DOM2025, len(DefaultModels()), nil},
		{"option", DOM2026Sep, "", false, 200, DOM2026Sep, 4, []string{"low", "medium", "high", "xhigh", "max"}},
		{"query over option", DOM2026Sep, DOM2026Mid, false, 200, DOM2026Mid, 4, []string{"light", "standard", "extended", "extra-high"}},
		{"pro limited", DOM2026Sep, "", true, 200, DOM2026Sep, 4, []string{"low", "medium", "high", "xhigh"}},
		{"unknown query", "", "2027", false, 400, "", 0, nil},
		{"unknown option", "2027", "", false, 400, "", 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := New(Options{DOM: tc.opt, ProLimited: tc.proLimited})
			t.Cleanup(srv.Close)
			hs := httptest.NewServer(srv)
			t.Cleanup(hs.Close)
			url := hs.URL + "/"
			if tc.query != "" {
				url += "?dom=" + tc.query
			}
			res, err := http.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			body := string(b)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tc.status, body)
			}
			if tc.status != 200 {
				if !strings.Contains(body, "unknown page generation") || !strings.Contains(body, DOM2026Sep) {
					t.Fatalf("error %q names neither the problem nor the known generations", body)
				}
				return
			}
			const tag = `<script id="mock-config" type="application/json">`
			raw := body[strings.Index(body, tag)+len(tag):]
			raw = raw[:strings.Index(raw, "</script>")]
			var cfg pageConfig
			if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
				t.Fatal(err)
			}
			if want := DefaultEffort(tc.dom); cfg.Effort != want || want != "" && !slices.Contains(cfg.Efforts, want) {
				t.Fatalf("config effort %q of %v, want %q", cfg.Effort, cfg.Efforts, want)
			}
			if cfg.DOM != tc.dom || len(cfg.Models) != tc.models || strings.Join(cfg.Efforts, ",") != strings.Join(tc.efforts, ",") {
				t.Fatalf("config dom %q, %d models, efforts %v", cfg.DOM, len(cfg.Models), cfg.Efforts)
			}
			for _, m := range cfg.Models {
				if m.Pro && m.Disabled != tc.proLimited {
					t.Errorf("Pro disabled %t, want %t", m.Disabled, tc.proLimited)
				}
			}
		})
	}
}
