package browser

import (
	_ "embed"
	"encoding/json"
	"strings"
)

// observeBinding is the Runtime binding the page script reports the
// watched turn's state through.
const observeBinding = "__wtObserve"

//go:embed page.js
var pageJSTemplate string

// pageScript returns the page helper with the locator and pattern tables
// filled in.
func pageScript() string {
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err) // static tables of strings always encode
		}
		return string(b)
	}
	return strings.NewReplacer(
		"__WT_VERSION__", enc(AdapterVersion),
		"__WT_LOCATORS__", enc(locatorTable()),
		"__WT_PATTERNS__", enc(patternTable()),
		"__WT_API__", enc(pageAPI()),
		"__WT_BINDING__", enc(observeBinding),
	).Replace(pageJSTemplate)
}
