package demo

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/model"
)

// script is the demo conversation, in the scripted-model format.
//
//go:embed demo.jsonl
var script []byte

// Task is the demo's task.
const Task = "Build a small website with a home and an about page, a build step that catches broken links, and a dev server. Build it and start the server."

// ErrBrowserMode is a browser mode other than auto, always or never.
var ErrBrowserMode = errors.New("--browser must be auto, always or never")

// Lines is the demo conversation, parsed.
func Lines() ([]model.ScriptLine, error) {
	lines, err := model.ParseScript(bytes.NewReader(script))
	if err != nil {
		return nil, fmt.Errorf("demo script: %w", err)
	}
	return lines, nil
}

// ChooseBrowser decides between real Chromium (auto when one is found,
// always) and the scripted provider (never, or auto without Chromium), and
// says why.
func ChooseBrowser(mode string, getenv func(string) string, goos string) (bool, string, error) {
	switch mode {
	case "never":
		return false, "through the scripted provider (--browser never)", nil
	case "always", "auto":
	default:
		return false, "", fmt.Errorf("%w, not %q", ErrBrowserMode, mode)
	}
	found, err := chrome.Discover(getenv, goos)
	if err != nil {
		if mode == "always" {
			return false, "", fmt.Errorf("demo --browser always: %w", err)
		}
		return false, "no Chromium found, so through the scripted provider", nil
	}
	return true, fmt.Sprintf("through %s %s against the local mock ChatGPT page (its %s layout)", found.Kind, found.Version, mockchat.DefaultGeneration), nil
}

// Provide points settings at the demo conversation: through a mock ChatGPT
// page and a fresh Chrome profile with useBrowser, else through the
// scripted provider. close releases the page and the profile.
func Provide(s *settings.Settings, lines []model.ScriptLine, useBrowser bool) (close func(), err error) {
	if !useBrowser {
		s.Provider, s.ScriptLines = "script", lines
		return func() {}, nil
	}
	srv := mockchat.New(mockchat.Options{Script: lines, LoggedIn: true, StreamGap: 4 * time.Millisecond})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("demo: mock ChatGPT page: %w", err)
	}
	profile, err := os.MkdirTemp("", "wtagent-demo-profile-")
	if err != nil {
		srv.Close()
		return nil, err
	}
	s.Provider, s.ChatGPTURL, s.ProfileDir = "chatgpt", url, profile
	s.Headless = s.Headless || os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == ""
	return func() {
		os.RemoveAll(profile)
		srv.Close()
	}, nil
}
