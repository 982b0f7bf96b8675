// Package picker selects a ChatGPT mode (model) and effort tier on the
// page's model picker, of each generation it has had: the 2025 switcher
// menu (nested submenus, stable item slots), the 2026-06 pill (Pro
// trigger, effort slider, Advanced view) and the 2026-09 intelligence
// picker (power slider, advanced pane). It matches a request against the
// listed models by slug (chooseMode, with the fallback to the nearest
// enabled model when the target is rate-limited), maps effort tiers
// between wtagent's names and each picker's values, moves the slider, and
// lists what the picker offers for the doctor (Check).
//
// It drives the page only through Page, which the adapter's session
// implements; it never imports package browser.
package picker
