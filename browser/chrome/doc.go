// Package chrome owns the dedicated Chrome the ChatGPT adapter drives:
// discovery (Discover: Chrome, then Chromium, then Edge; WTAGENT_CHROME
// overrides), the launch flags, the dedicated profile (created 0700,
// refused with a *ProfileLockedError while another browser holds it;
// ProfileInUse for `wtagent doctor`), the display check, and a launched
// Chrome's lifecycle: Start over a pipe (no debugging port), the tab's
// listener, crash detection (a lost connection, a crashed or detached
// tab ends it at once: Dead, Cause), step contexts bound to its life
// (Bind, Spawn), the window state, and a graceful Close; and the Host, one
// launched Chrome that hands out a tab to each conversation (the main
// one's and each sub-agent's), reference-counted, whose crashed or closed
// tab ends only that tab. It knows nothing of the ChatGPT page.
package chrome
