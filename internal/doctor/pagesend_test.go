package doctor

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser"
)

// TestSendResult: the send control check is an error when the page showed
// none (doctor then exits 1), a warning when the page was blocked, and
// names how the control was found.
func TestSendResult(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rep    browser.PageReport
		level  string
		detail string
	}{
		{"found by structure", browser.PageReport{Send: browser.SendReport{Found: true, How: "structure", Enabled: true, Cleared: true}}, levelOK, "found by structure"},
		{"none", browser.PageReport{Send: browser.SendReport{Cleared: true, Error: "no send control showed after typing one character into the composer"}}, levelError, "no send control"},
		{"blocked", browser.PageReport{Challenge: "element"}, levelWarning, "not checked"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sendResult(tc.rep)
			if r.Name != "send-control" || r.Level != tc.level || !strings.Contains(r.Detail, tc.detail) {
				t.Fatalf("%+v, want %s with %q", r, tc.level, tc.detail)
			}
		})
	}
	if r := languageResult(browser.PageReport{Language: "ar", Dir: "rtl"}); r.Detail != "UI language ar (rtl)" {
		t.Fatalf("language: %+v", r)
	}
}
