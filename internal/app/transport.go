package app

import (
	"io"
	"path/filepath"

	"charm.land/log/v2"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// transportFactory returns what makes a fresh model transport for each
// model actor incarnation: the scripted model, or the ChatGPT web adapter on
// the dedicated Chrome profile.
func transportFactory(s Settings, h session.Home, sess *session.Session, logw io.Writer) (func(actors.TransportHooks) model.Transport, error) {
	if s.Provider == "script" {
		if err := s.loadScript(); err != nil {
			return nil, err
		}
		lines, source := s.ScriptLines, s.scriptPath()
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
			Logger: logger, OnMode: hooks.ModeSelected, Progress: hooks.Note,
		})
	}, nil
}

// agentTransportFactory returns what makes a sub-agent's conversation
// (agent.run), or nil where sub-agents are not offered: the scripted
// provider offers them when its script has lines for sub-agents (an
// "agent"); on ChatGPT in the browser they are later work (a tab per
// sub-agent).
func agentTransportFactory(s Settings) func(string, actors.TransportHooks) model.Transport {
	if s.Provider != "script" || s.loadScript() != nil {
		return nil
	}
	lines, source := s.ScriptLines, s.scriptPath()
	for _, l := range lines {
		if l.Agent != "" {
			return func(task string, _ actors.TransportHooks) model.Transport {
				return model.NewScriptedFile(source, lines).ForAgent(task)
			}
		}
	}
	return nil
}

// loadScript reads and checks the --script file of the scripted provider
// (once: ScriptLines holds it after), so that a missing or malformed
// script is a usage error before any session exists.
func (s *Settings) loadScript() error {
	if s.Provider != "script" || s.ScriptLines != nil {
		return nil
	}
	lines, err := model.LoadScript(s.Script)
	if err != nil {
		return cmdutil.FlagErrorf("--script: %v", err)
	}
	s.ScriptLines = lines
	return nil
}

// scriptPath is the absolute --script file of the scripted provider, ""
// otherwise (or for an embedded script), recorded so that resume finds it.
func (s *Settings) scriptPath() string {
	if s.Provider != "script" || s.Script == "" {
		return ""
	}
	if abs, err := filepath.Abs(s.Script); err == nil {
		return abs
	}
	return s.Script
}
