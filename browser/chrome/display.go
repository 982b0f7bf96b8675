package chrome

import "errors"

// ErrNoDisplay is the error of a visible Chrome window where there is no
// display. Its text is one plain sentence for the user.
var ErrNoDisplay = errors.New("the ChatGPT provider cannot open its Chrome window here: there is no display " +
	"(DISPLAY and WAYLAND_DISPLAY are unset); run wtagent in your desktop session, or over ssh -X, " +
	"or use --provider script")

// CheckDisplay returns ErrNoDisplay when a visible Chrome window cannot
// open: on Linux and the BSDs, neither an X11 nor a Wayland display is set.
// macOS and Windows always have one.
func CheckDisplay(getenv func(string) string, goos string) error {
	switch goos {
	case "darwin", "windows", "ios", "android":
		return nil
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return ErrNoDisplay
	}
	return nil
}
