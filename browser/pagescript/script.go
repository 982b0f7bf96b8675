package pagescript

import (
	_ "embed"
	"encoding/json"
	"strings"
)

// ObserveBinding is the Runtime binding the page script reports the
// watched turn's state through.
const ObserveBinding = "__wtObserve"

//go:embed page.js
var pageJSTemplate string

// Script returns the page helper with the built-in locator and pattern
// tables filled in.
func Script() string { return ScriptFor(nil) }

// ScriptFor returns the page helper with the locator table merged with
// over (see Merged) and the pattern tables filled in.
func ScriptFor(over Overrides) string {
	enc := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err) // static tables of strings always encode
		}
		return string(b)
	}
	return strings.NewReplacer(
		"__WT_VERSION__", enc(Version),
		"__WT_LOCATORS__", enc(Merged(over)),
		"__WT_PATTERNS__", enc(Patterns()),
		"__WT_API__", enc(API()),
		"__WT_BINDING__", enc(ObserveBinding),
	).Replace(pageJSTemplate)
}
