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

// transports makes the model transports of a run: one for each model
// actor incarnation of the main conversation (main), and one for each
// sub-agent's (agent, nil where sub-agents are not offered).
type transports struct {
	main  func(actors.TransportHooks) model.Transport
	agent func(string, actors.TransportHooks) model.Transport
}

// transportFactory returns what makes a fresh model transport for each
// model actor incarnation: the scripted model, or the ChatGPT web adapter on
// the dedicated Chrome profile. On ChatGPT the main conversation and each
// sub-agent (agent.run) get a tab of their own in one shared Chrome
// (browser.NewHost), or in the user's Chrome with --chrome-url.
func transportFactory(s settings.Settings, h session.Home, sess *session.Session, logw io.Writer) (transports, error) {
	if s.Provider == "script" {
		if err := s.LoadScript(); err != nil {
			return transports{}, err
		}
		lines, source := s.ScriptLines, s.ScriptPath()
		return transports{
			main:  func(actors.TransportHooks) model.Transport { return model.NewScriptedFile(source, lines) },
			agent: scriptedAgents(s),
		}, nil
	}
	profile := h.ProfileDir()
	if s.ProfileDir != "" {
		profile = s.ProfileDir
	}
	diag, err := sess.DiagnosticsDir()
	if err != nil {
		return transports{}, err
	}
	logger := log.NewWithOptions(logw, log.Options{Level: log.DebugLevel, Prefix: "browser", Formatter: log.LogfmtFormatter, ReportTimestamp: true})
	base := browser.Options{
		ChromePath: s.Chrome, ChromeURL: s.ChromeURL, ProfileDir: profile, DiagnosticsDir: diag, BaseURL: s.ChatGPTURL,
		Mode: s.Mode, Effort: s.Effort, Headless: s.Headless, NoMinimize: s.NoMinimize, TurnTimeout: s.Limits.TurnWait,
		RecordTransport: s.RecordTransport, Locators: s.Locators, LocatorsFile: s.LocatorsFile, Logger: logger,
		Tabs: settings.ChromeTabs(h),
	}
	if s.ChromeURL == "" {
		base.Host = browser.NewHost(base)
	}
	tab := func(o browser.Options, hooks actors.TransportHooks) model.Transport {
		o.OnMode, o.Progress = hooks.ModeSelected, hooks.Note
		return browser.New(o)
	}
	return transports{
		main: func(hooks actors.TransportHooks) model.Transport { return tab(base, hooks) },
		agent: func(task string, hooks actors.TransportHooks) model.Transport {
			o := base
			o.Logger = logger.With("agent", agentLabel(task))
			return tab(o, hooks)
		},
	}, nil
}

// agentLabel is a sub-agent's task cut short for the browser log.
func agentLabel(task string) string {
	if r := []rune(task); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return task
}

// scriptedAgents returns what makes a sub-agent's scripted conversation
// (agent.run), or nil when the script has no lines for sub-agents (an
// "agent"): then agent.run is not offered.
func scriptedAgents(s settings.Settings) func(string, actors.TransportHooks) model.Transport {
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
