package doctor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/wtagent/wtagent/session"
)

// chromeProfileMark is the file Chrome writes into a user data directory
// the first time it runs there: a profile without it has never been
// opened, so nobody has logged in with it.
const chromeProfileMark = "Local State"

// Fixes of the login check.
const (
	fixLogin        = "run wtagent login and log in in the window"
	fixCheckLogin   = "wtagent doctor --login starts Chrome and checks it"
	detailUnchecked = "not checked (checking starts Chrome)"
)

// checkLoginOffline is the login check without Chrome: a profile Chrome
// has never opened is certainly logged out; any other profile's login
// is not known until Chrome asks ChatGPT (doctor --login), and it says so.
func checkLoginOffline(h session.Home) Result {
	_, err := os.Stat(filepath.Join(h.ProfileDir(), chromeProfileMark))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Result{Name: "login", Level: levelError,
			Detail: "not logged in to ChatGPT: wtagent's Chrome profile has never been opened", Fix: fixLogin}
	case err != nil:
		return Result{Name: "login", Level: levelWarning, Detail: detailUnchecked + ": " + err.Error(), Fix: fixCheckLogin}
	}
	return Result{Name: "login", Level: levelWarning, Detail: detailUnchecked, Fix: fixCheckLogin}
}

// loginUnchecked reports whether results hold a login check that could
// not tell whether the profile is logged in.
func loginUnchecked(results []Result) bool {
	for _, r := range results {
		if r.Name == "login" && r.Level == levelWarning {
			return true
		}
	}
	return false
}
