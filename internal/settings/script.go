package settings

import (
	"path/filepath"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/model"
)

// LoadScript reads and checks the --script file of the scripted provider
// (once: ScriptLines holds it after), so that a missing or malformed
// script is a usage error before any session exists.
func (s *Settings) LoadScript() error {
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

// ScriptPath is the absolute --script file of the scripted provider, ""
// otherwise (or for an embedded script), recorded so that resume finds it.
func (s *Settings) ScriptPath() string {
	if s.Provider != "script" || s.Script == "" {
		return ""
	}
	if abs, err := filepath.Abs(s.Script); err == nil {
		return abs
	}
	return s.Script
}
