package doctor

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/browser/pagescript"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/session"
)

// checkPage is --page: it opens the live ChatGPT page with the profile and
// reports what the adapter finds there (browser.CheckPage), one result per
// finding.
func checkPage(ctx context.Context, o Options) []Result {
	h, err := session.ResolveHome(o.Getenv, o.GOOS)
	if err != nil {
		return []Result{{Name: "page", Level: levelError, Detail: err.Error()}}
	}
	over, file, err := pagescript.LoadOverrides(h.Dir(), o.Locators)
	if err != nil {
		return []Result{{Name: "locators", Level: levelError, Detail: err.Error(), Fix: "correct the entry, or move the file away to use the built-in locators"}}
	}
	rep, err := browser.CheckPage(ctx, browser.Options{ProfileDir: h.ProfileDir(), BaseURL: o.ChatGPTURL, Headless: o.Headless,
		Locators: over, LocatorsFile: file, Bundle: o.Bundle != ""})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return []Result{{Name: "page", Level: levelError, Detail: "the page check timed out", Fix: "run wtagent doctor --page --timeout 3m"}}
	case err != nil:
		return []Result{{Name: "page", Level: levelError, Detail: err.Error()}}
	}
	out := pageResults(rep)
	if o.Bundle != "" {
		names, err := writeBundle(o.Bundle, rep)
		r := Result{Name: "bundle", Level: levelOK, Detail: fmt.Sprintf("wrote %s (%s): attach it to a bug report; it holds no conversation text, draft, cookie or credential", o.Bundle, strings.Join(names, ", "))}
		if err != nil {
			r = Result{Name: "bundle", Level: levelError, Detail: "the bundle was not written: " + err.Error()}
		}
		out = append(out, r)
	}
	return out
}

// pageResults turns a page report into results.
func pageResults(rep browser.PageReport) []Result {
	var out []Result
	gen := Result{Name: "page", Level: levelOK, Detail: fmt.Sprintf("%s page at %s (adapter %s; signals: %s)",
		rep.Generation, rep.URL, rep.AdapterVersion, strings.Join(rep.Signals, ", "))}
	if rep.Generation == "unknown" {
		gen.Level, gen.Fix = levelWarning, "the page shows no generation signal yet (an empty chat of an older page looks so); open a conversation and run again"
	}
	out = append(out, gen)
	switch {
	case rep.Challenge != "":
		out = append(out, Result{Name: "challenge", Level: levelError, Detail: "a verification challenge is shown (" + rep.Challenge + ")", Fix: "run wtagent login and solve it in the window"})
	case rep.Login != browser.LoginOK:
		out = append(out, Result{Name: "login", Level: levelError, Detail: "ChatGPT says: " + string(rep.Login), Fix: "run wtagent login and log in in the window"})
	default:
		out = append(out, Result{Name: "login", Level: levelOK, Detail: "logged in"})
	}
	out = append(out, locatorResults(rep)...)
	out = append(out, languageResult(rep), sendResult(rep))
	if rep.Modal != nil {
		out = append(out, Result{Name: "modal", Level: levelWarning, Detail: fmt.Sprintf("a %s modal is open (%s): %s", rep.Modal.Kind, rep.Modal.TestID, rep.Modal.Text), Fix: "close it in the window"})
	}
	for _, n := range rep.Notices {
		out = append(out, Result{Name: "notice", Level: levelWarning, Detail: "the page shows: " + n})
	}
	if rep.ChatSwitch {
		d := "the Chat/Work switch is on Chat"
		if rep.WorkMode {
			d = "the Chat/Work switch is on Work (wtagent switches to Chat before sending)"
		}
		out = append(out, Result{Name: "chat-mode", Level: levelOK, Detail: d})
	}
	out = append(out, pickerResult(rep.Picker), threadResult(rep.Conversation))
	if rep.Snapshot != "" {
		out = append(out, Result{Name: "snapshot", Level: levelOK, Detail: "redacted DOM snapshot " + rep.Snapshot + screenshot(rep.Screenshot)})
	}
	return out
}

// languageResult names the page's UI language: the adapter reads no label
// in it, so any language works.
func languageResult(rep browser.PageReport) Result {
	lang := rep.Language
	if lang == "" {
		lang = "not declared"
	}
	return Result{Name: "language", Level: levelOK, Detail: fmt.Sprintf("UI language %s (%s)", lang, rep.Dir)}
}

// sendResult is the send control check: an error when the control does
// not show once the composer holds a character.
func sendResult(rep browser.PageReport) Result {
	s := rep.Send
	r := Result{Name: "send-control", Level: levelOK}
	switch {
	case rep.Challenge != "" || rep.Modal != nil:
		r.Level, r.Detail = levelWarning, "not checked (the page is blocked)"
	case s.Error != "":
		r.Level, r.Detail, r.Fix = levelError, s.Error, "the page changed: send the snapshot below with a bug report"
	default:
		r.Detail = fmt.Sprintf("typed one character: the send control showed (found by %s, enabled %t); removed it again, nothing sent", s.How, s.Enabled)
	}
	return r
}

// locatorResults reports the home page's locators (browser.PageLocators)
// and every locator the override file sets: which strategy matched (its
// place in the list), whether an override is in force, what the page
// rejects, and which required locator found nothing.
func locatorResults(rep browser.PageReport) []Result {
	var out []Result
	if rep.LocatorsFile != "" {
		var names []string
		for name, m := range rep.Locators {
			if m.Override {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		out = append(out, Result{Name: "locators", Level: levelOK,
			Detail: fmt.Sprintf("overrides from %s in force for %s", rep.LocatorsFile, strings.Join(names, ", "))})
	}
	listed := map[string]bool{}
	add := func(l browser.PageLocator) {
		listed[l.Name] = true
		m := rep.Locators[l.Name]
		r := Result{Name: l.Name, Level: levelOK, Detail: fmt.Sprintf("%s (%d; strategy %d of %d)", m.Selector, m.Count, m.Strategy, m.Strategies)}
		if m.Selector == "" {
			r.Level, r.Detail = levelWarning, "not on the page now ("+l.When+")"
			if l.Required {
				r.Level, r.Detail, r.Fix = levelError, "no locator matches", "the page changed: send the snapshot below with a bug report, or route around it in "+pagescript.OverridesFile
			}
		}
		if m.Override {
			r.Detail += "; override from " + rep.LocatorsFile
		}
		if len(m.Invalid) > 0 {
			r.Level, r.Detail = levelWarning, r.Detail+"; the page rejects the selector(s) "+strings.Join(m.Invalid, " | ")
		}
		out = append(out, r)
	}
	for _, l := range browser.PageLocators() {
		add(l)
	}
	for _, name := range slices.Sorted(maps.Keys(rep.Locators)) {
		if m := rep.Locators[name]; !listed[name] && (m.Override || len(m.Invalid) > 0) {
			add(browser.PageLocator{Name: name, When: "it may show later"})
		}
	}
	return out
}

func screenshot(p string) string {
	if p == "" {
		return ""
	}
	return ", screenshot " + p
}

func pickerResult(p browser.PickerReport) Result {
	r := Result{Name: "picker", Level: levelOK}
	if !p.Found {
		r.Level, r.Detail, r.Fix = levelError, p.Error, "the page changed: send the snapshot with a bug report"
		return r
	}
	r.Detail = fmt.Sprintf("%s picker (shows %q)", p.Generation, p.Label)
	if len(p.Models) > 0 {
		r.Detail += "; models: " + strings.Join(p.Models, ", ")
	}
	if p.Slider != nil {
		r.Detail += fmt.Sprintf("; effort slider at %s (%d of %d..%d)", p.Slider.Effort, p.Slider.Now, p.Slider.Min, p.Slider.Max)
	}
	if p.Error != "" {
		r.Level, r.Fix = levelError, "the picker changed: send the snapshot with a bug report"
		r.Detail += "; " + p.Error
	}
	return r
}

func threadResult(c browser.ThreadReport) Result {
	r := Result{Name: "thread", Level: levelOK}
	if c.URL == "" {
		r.Level, r.Detail = levelWarning, "no conversation in the sidebar to check the thread with"
		r.Fix = "start one conversation in the window, then run again"
		return r
	}
	var found []string
	for _, name := range browser.ThreadLocators() {
		if m, ok := c.Locators[name]; ok && m.Selector != "" {
			found = append(found, fmt.Sprintf("%s %s (%d)", name, m.Selector, m.Count))
		}
	}
	r.Detail = fmt.Sprintf("%s: %d messages; %s", c.URL, c.Messages, strings.Join(found, "; "))
	switch {
	case c.Error != "":
		r.Level, r.Detail = levelError, c.Error
	case c.Answer == nil || !c.Answer.Root:
		r.Level = levelError
		r.Detail += "; no answer root in the newest reply"
	default:
		r.Detail += fmt.Sprintf("; the newest answer %s has %d characters", c.Answer.ID, c.Answer.Len)
		if c.Answer.Commentary {
			r.Detail += " (after commentary)"
		}
	}
	if r.Level == levelError {
		r.Fix = "the page changed: send the snapshot with a bug report"
	}
	return r
}
