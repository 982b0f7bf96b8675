package runner

import (
	"io"

	"github.com/charmbracelet/log"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// transportFactory returns what makes a fresh model transport for each
// model actor incarnation: the scripted model, or the ChatGPT web adapter on
// the dedicated Chrome profile.
func transportFactory(s Settings, h session.Home, sess *session.Session, logw io.Writer) (func(actors.TransportHooks) model.Transport, error) {
	if s.Provider == "script" {
		lines, err := model.LoadScript(s.Script)
		if err != nil {
			return nil, err
		}
		return func(actors.TransportHooks) model.Transport { return model.NewScripted(lines) }, nil
	}
	diag, err := sess.DiagnosticsDir()
	if err != nil {
		return nil, err
	}
	logger := log.NewWithOptions(logw, log.Options{Level: log.DebugLevel, Prefix: "browser", Formatter: log.LogfmtFormatter, ReportTimestamp: true})
	return func(hooks actors.TransportHooks) model.Transport {
		return browser.New(browser.Options{
			ChromePath: s.Chrome, ProfileDir: h.ProfileDir(), DiagnosticsDir: diag, BaseURL: s.ChatGPTURL,
			Mode: s.Mode, Headless: s.Headless, NoMinimize: s.NoMinimize, TurnTimeout: s.Limits.TurnWait,
			Logger: logger, OnMode: hooks.ModeSelected, Progress: hooks.Note,
		})
	}, nil
}
