package browser

import (
	"context"
	"fmt"
	"github.com/wtagent/wtagent/browser/pagescript"
	"time"

	"github.com/wtagent/wtagent/browser/picker"
)

// PageReport is what `wtagent doctor --page` learns from the live page:
// which generation it shows, which locators match, whether the model
// picker opens and what it offers, and (from the newest conversation in
// the sidebar) whether the thread and the answer are found.
type PageReport struct {
	// URL is the page checked first (the home page).
	URL string `json:"url"`
	// AdapterVersion names the locator set checked.
	AdapterVersion string `json:"adapter_version"`
	// Login is the login state the page reports.
	Login LoginState `json:"login"`
	// Generation is the page generation detected (2025, 2026-06, 2026-09
	// or unknown), Signals the selectors that told it.
	Generation string   `json:"generation"`
	Signals    []string `json:"signals"`
	// Challenge is the challenge detected ("" for none).
	Challenge string `json:"challenge,omitempty"`
	// Locators maps each locator name to its first matching selector on
	// the home page ("" when none matches) and the match count.
	Locators map[string]LocatorMatch `json:"locators"`
	// LocatorsFile is the locator override file in force ("" for none).
	LocatorsFile string `json:"locators_file,omitempty"`
	// Modal is the modal over the page, if any.
	Modal *ModalReport `json:"modal,omitempty"`
	// Notices are the texts of the page's alerts, statuses and live
	// regions (usage caps, warnings).
	Notices []string `json:"notices,omitempty"`
	// WorkMode means the Chat/Work switch was on Work.
	ChatSwitch bool `json:"chat_switch"`
	WorkMode   bool `json:"work_mode"`
	// Language and Dir are the page's UI language (<html lang>) and
	// writing direction: the adapter reads no label in it.
	Language string `json:"language"`
	Dir      string `json:"dir"`
	// Send is the send control check.
	Send SendReport `json:"send"`
	// Picker is the model picker check.
	Picker PickerReport `json:"picker"`
	// Conversation is the thread check ("" URL when the sidebar lists no
	// conversation).
	Conversation ThreadReport `json:"conversation"`
	// Bundle is the page captured for a bug report (Options.Bundle).
	Bundle *PageBundle `json:"-"`
	// Snapshot is the redacted DOM snapshot saved for a bug report.
	Snapshot   string `json:"snapshot,omitempty"`
	Screenshot string `json:"screenshot,omitempty"`
}

// LocatorMatch is one locator's match on the page.
type LocatorMatch struct {
	Selector string `json:"selector"`
	// Strategy is the matching strategy's place in the locator's list
	// (1-based; 0: none matched), of Strategies.
	Strategy   int  `json:"strategy"`
	Strategies int  `json:"strategies"`
	Count      int  `json:"count"`
	Visible    bool `json:"visible"`
	// Override: the locator's first strategies come from the override
	// file (PageReport.LocatorsFile).
	Override bool `json:"override,omitempty"`
	// Invalid are selectors of the locator the page rejects.
	Invalid []string `json:"invalid,omitempty"`
}

// ModalReport is an open modal.
type ModalReport struct {
	Kind   string `json:"kind"`
	TestID string `json:"testid,omitempty"`
	Text   string `json:"text"`
}

// PickerReport is the model picker check.
type PickerReport = picker.Report

// ThreadReport is the check of one conversation's thread.
type ThreadReport struct {
	URL      string                  `json:"url,omitempty"`
	Messages int                     `json:"messages"`
	Turns    int                     `json:"turns"`
	Answer   *answerReport           `json:"answer,omitempty"`
	Locators map[string]LocatorMatch `json:"locators,omitempty"`
	Error    string                  `json:"error,omitempty"`
}

// answerReport is the newest assistant message's answer root.
type answerReport struct {
	ID         string `json:"id"`
	Root       bool   `json:"root"`
	Len        int    `json:"len"`
	Commentary bool   `json:"commentary"`
}

// inventory is the page helper's inventory() answer.
type inventory struct {
	Generation struct {
		Gen     string   `json:"gen"`
		Signals []string `json:"signals"`
	} `json:"generation"`
	Locators map[string]LocatorMatch `json:"locators"`
	Thread   threadInfo              `json:"thread"`
	Answer   *answerReport           `json:"answer"`
	Modal    modalInfo               `json:"modal"`
	Chat     struct {
		Present bool `json:"present"`
		Chat    bool `json:"chat"`
	} `json:"chat"`
	History string   `json:"history"`
	Notices []string `json:"notices"`
	Lang    string   `json:"lang"`
	Dir     string   `json:"dir"`
}

// CheckPage launches Chrome with opts' profile, opens ChatGPT and checks
// the live page against the adapter's knowledge without sending anything:
// the generation, every locator, the model picker (opened and closed
// again), and the thread of the newest conversation in the sidebar. It
// saves a redacted DOM snapshot. It is `wtagent doctor --page`. The
// profile must not be in use.
func CheckPage(ctx context.Context, opts Options) (PageReport, error) {
	t := New(opts)
	rep := PageReport{URL: t.opts.BaseURL + "/", AdapterVersion: AdapterVersion}
	s, err := launch(ctx, &t.opts)
	if err != nil {
		return rep, err
	}
	defer s.close()
	if err := s.navigate(ctx, rep.URL); err != nil {
		return rep, err
	}
	if rep.Login, err = t.settledLogin(ctx, s); err != nil {
		return rep, err
	}
	// The app renders after the session loads: wait for a composer or a
	// challenge, briefly.
	p, _ := s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool { return p.Composer || p.Challenge != "" })
	rep.Challenge = p.Challenge
	// The sidebar loads after the app: give it a step's time (a fresh
	// account never shows a conversation).
	var inv inventory
	deadline := time.Now().Add(t.opts.StepTimeout)
	for {
		if err := s.call(ctx, 0, &inv, "inventory"); err != nil {
			return rep, err
		}
		if inv.History != "" || p.Challenge != "" || time.Now().After(deadline) {
			break
		}
		if err := s.sleep(ctx, 200*time.Millisecond); err != nil {
			return rep, err
		}
	}
	rep.Generation, rep.Signals, rep.Locators = inv.Generation.Gen, inv.Generation.Signals, inv.Locators
	rep.LocatorsFile = t.opts.LocatorsFile
	merged := pagescript.Merged(t.opts.Locators)
	for name, m := range rep.Locators {
		m.Strategies = len(merged[name])
		_, m.Override = t.opts.Locators[name]
		rep.Locators[name] = m
	}
	rep.ChatSwitch, rep.WorkMode = inv.Chat.Present, inv.Chat.Present && !inv.Chat.Chat
	rep.Notices = inv.Notices
	rep.Language, rep.Dir = inv.Lang, inv.Dir
	if inv.Modal.Open {
		rep.Modal = &ModalReport{Kind: inv.Modal.Kind, TestID: inv.Modal.TestID, Text: inv.Modal.Text}
	}
	rep.Snapshot, rep.Screenshot = s.saveDiagnostics(ctx, "doctor-page")
	if rep.Modal == nil && rep.Challenge == "" {
		rep.Send = t.checkSend(ctx, s)
		rep.Picker = t.picker(s).Check(ctx, p.Switcher)
	}
	if inv.History != "" {
		rep.Conversation = t.checkThread(ctx, s, inv.History)
	}
	if t.opts.Bundle {
		b, err := s.bundle(ctx)
		if err != nil {
			return rep, fmt.Errorf("capture the page for the bundle: %w", err)
		}
		rep.Bundle = b
	}
	return rep, nil
}

// settledLogin reads the login state until the page gives an answer (a
// few tries: the session loads after the document).
func (t *Transport) settledLogin(ctx context.Context, s *session) (LoginState, error) {
	var st LoginState
	var err error
	for i := 0; i < 10; i++ {
		if st, _, err = t.loginState(ctx, s); err == nil && st != LoginUnknown {
			return st, nil
		}
		if err := s.sleep(ctx, 300*time.Millisecond); err != nil {
			return LoginUnknown, err
		}
	}
	return st, err
}

// checkThread opens a conversation and checks the thread's locators and
// the newest answer.
func (t *Transport) checkThread(ctx context.Context, s *session, url string) ThreadReport {
	r := ThreadReport{URL: url}
	if err := s.navigate(ctx, url); err != nil {
		r.Error = err.Error()
		return r
	}
	_, err := s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool { return p.Thread.Count > 0 })
	if err != nil && (s.gone() || ctx.Err() != nil) {
		r.Error = err.Error()
		return r
	}
	var inv inventory
	if err := s.call(ctx, 0, &inv, "inventory"); err != nil {
		r.Error = err.Error()
		return r
	}
	r.Messages, r.Turns, r.Answer = inv.Thread.Count, inv.Thread.Turns, inv.Answer
	r.Locators = map[string]LocatorMatch{}
	for _, name := range ThreadLocators() {
		r.Locators[name] = inv.Locators[name]
	}
	if r.Messages == 0 {
		r.Error = fmt.Sprintf("no message found in %s", url)
	}
	return r
}

// ThreadLocators are the locators a conversation's thread is checked
// for, in report order: those it is read with, then the error card and its
// Retry button (found only when the newest turn shows one).
func ThreadLocators() []string {
	return []string{"turn", "message", "messageID", "answer", "streamingStatus", "copyTurn", "finishedBar", "errorCard", "retry"}
}

// PageLocator is a locator the home page is checked for.
type PageLocator struct {
	Name string
	// Required: a miss is an error; else a warning, the element showing
	// only When.
	Required bool
	When     string
}

// PageLocators are the locators the home page is checked for, in report
// order.
func PageLocators() []PageLocator {
	return []PageLocator{
		{Name: "composer", Required: true}, {Name: "switcher", Required: true}, {Name: "upload", Required: true},
		// send and stop are checked by structure and state (SendReport);
		// their testid forms are listed for the older pages.
		{Name: "send", When: "the 2026-09 page has no testid: see the send check"},
		{Name: "stop", When: "it shows while a reply streams"},
		{Name: "modeSwitch", When: "only the 2026-09 page has a Chat/Work switch"},
		// The 2026-09 form (a button in an alert of a message unit) is an
		// inference: the first real error card seen confirms it.
		{Name: "retry", When: "it shows on an error card; on the 2026-09 page its form is inferred, not yet seen"},
		{Name: "appShell", Required: true},
	}
}
