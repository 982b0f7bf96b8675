package browser

import "github.com/wtagent/wtagent/browser/chrome"

// NewHost returns the dedicated Chrome that Transports with these options
// share through Options.Host: one launch, a tab per Transport (the main
// conversation and each sub-agent), closed with its last tab.
func NewHost(opts Options) *chrome.Host {
	o := opts.withDefaults()
	return chrome.NewHost(chrome.Config{Path: o.ChromePath, ProfileDir: o.ProfileDir, Headless: o.Headless,
		StepTimeout: o.StepTimeout, Logger: o.Logger})
}
