package app

import (
	"io"

	"charm.land/log/v2"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// transportFactory returns what makes a fresh model transport for each
// model actor incarnation: the scripted model, or the ChatGPT web adapter on
// the dedicated Chrome profile.
func transportFactory(s settings.Settings, h session.Home, sess *session.Session, logw io.Writer) (func(actors.TransportHooks) model.Transport, error) {
	if s.Provider == "script" {
		if err := s.LoadScript(); err != nil {
			return nil, err
		}
		lines, source := s.ScriptLines, s.ScriptPath()
		return func(actors.TransportHooks) model.Transport { return model.NewScriptedFile(source, lines) }, nil
	}
	profile := h.ProfileDir()
	if s.ProfileDir != "" {
		profile = s.ProfileDir
	}
	diag, err := sess.DiagnosticsDir()
	if err != nil {
		return nil, err
	}
	logger := log.NewWithOptions(logw, log.Options{Level: log.DebugLevel, Prefix: "browser", Formatter: log.LogfmtFormatter, ReportTimestamp: true})
	return func(hooks actors.TransportHooks) model.Transport {
		return browser.New(browser.Options{
			ChromePath: s.Chrome, ChromeURL: s.ChromeURL, ProfileDir: profile, DiagnosticsDir: diag, BaseURL: s.ChatGPTURL,
			Mode: s.Mode, Effort: s.Effort, Headless: s.Headless, NoMinimize: s.NoMinimize, TurnTimeout: s.Limits.TurnWait,
			RecordTransport: s.RecordTransport, Locators: s.Locators, LocatorsFile: s.LocatorsFile,
			Logger: logger, OnMode: hooks.ModeSelected, Progress: hooks.Note, Tabs: settings.ChromeTabs(h),
		})
	}, nil
}

// agentTransportFactory returns what makes a sub-agent's conversation
// (agent.run), or nil where sub-agents are not offered: the scripted
// provider offers them when its script has lines for sub-agents (an
// "agent"); on ChatGPT in the browser they are later work (a tab per
// sub-agent).
func agentTransportFactory(s settings.Settings) func(string, actors.TransportHooks) model.Transport {
	if s.Provider != "script" || s.LoadScript() != nil {
		return nil
	}
	lines, source := s.ScriptLines, s.ScriptPath()
	for _, l := range lines {
		if l.Agent != "" {
			return func(task string, _ actors.TransportHooks) model.Transport {
				return model.NewScriptedFile(source, lines).ForAgent(task)
			}
		}
	}
	return nil
}
