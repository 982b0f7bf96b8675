package doctor

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/creack/pty"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/sandbox"
	"github.com/wtagent/wtagent/session"
)

// runChecks runs every check that does not start Chrome.
func runChecks(o Options) []Result {
	var out []Result
	if o.ChromeURL == "" { // else runRemote checks the user's Chrome
		out = append(out, checkChrome(o))
	}
	h, err := session.ResolveHome(o.Getenv, o.GOOS)
	if err != nil {
		return append(out, Result{Name: "home", Level: levelError, Detail: err.Error(), Fix: "set WTAGENT_HOME to a private directory"})
	}
	out = append(out, checkConfig(o, h), checkDisplay(o), checkHome(h), checkProfile(h), checkLeftover(h),
		checkRipgrep(), checkPTY(), checkSandbox())
	return out
}

// checkConfig reads the config file as a run would: a malformed one stops
// every run.
func checkConfig(o Options, h session.Home) Result {
	_, path, err := config.Load(h, o.Getenv)
	switch {
	case err != nil:
		return Result{Name: "config", Level: levelError, Detail: err.Error(),
			Fix: "fix or remove the file (wtagent config --help lists the keys)"}
	case path == "":
		return Result{Name: "config", Level: levelOK, Detail: "no config file (defaults and flags apply)"}
	}
	return Result{Name: "config", Level: levelOK, Detail: path}
}

// checkDisplay: the ChatGPT provider opens a visible Chrome window. With
// --headless, which needs none, a missing display is only reported.
func checkDisplay(o Options) Result {
	if o.ChromeURL != "" {
		return Result{Name: "display", Level: levelOK, Detail: "not needed here: the Chrome at " + o.ChromeURL + " shows its own window"}
	}
	if err := chrome.CheckDisplay(o.Getenv, o.GOOS); err != nil {
		if o.Headless {
			return Result{Name: "display", Level: levelOK,
				Detail: "none (DISPLAY and WAYLAND_DISPLAY are unset): headless Chrome needs none, a run that shows Chrome's window does"}
		}
		return Result{Name: "display", Level: levelError, Detail: "the ChatGPT provider cannot open its Chrome window here: DISPLAY and WAYLAND_DISPLAY are unset",
			Fix: "run wtagent in your desktop session (or over ssh -X); --provider script works without one"}
	}
	return Result{Name: "display", Level: levelOK, Detail: "Chrome can open its window"}
}

func checkChrome(o Options) Result {
	found, err := chrome.Discover(o.Getenv, o.GOOS)
	if err != nil {
		return Result{Name: "chrome", Level: levelError, Detail: err.Error(),
			Fix: "install Google Chrome or Chromium (Debian: apt-get install chromium), or set WTAGENT_CHROME to its binary"}
	}
	d := fmt.Sprintf("%s %s at %s", found.Kind, found.Version, found.Path)
	if found.FromEnv {
		d += " (from WTAGENT_CHROME)"
	}
	return Result{Name: "chrome", Level: levelOK, Detail: d}
}

func checkHome(h session.Home) Result {
	if err := h.EnsureLayout(); err != nil {
		return Result{Name: "home", Level: levelError, Detail: err.Error(), Fix: "fix the permissions of " + h.Dir() + " or set WTAGENT_HOME"}
	}
	for _, dir := range []string{h.Dir(), h.SessionsDir(), h.RunDir()} {
		fi, err := os.Stat(dir)
		if err != nil {
			return Result{Name: "home", Level: levelError, Detail: err.Error()}
		}
		if othersMayRead(runtime.GOOS, fi.Mode()) {
			return Result{Name: "home", Level: levelWarning, Detail: fmt.Sprintf("%s is mode %v: others can read it", dir, fi.Mode().Perm()),
				Fix: "chmod 700 " + dir}
		}
	}
	if err := writable(h.SessionsDir()); err != nil {
		return Result{Name: "home", Level: levelError, Detail: err.Error(), Fix: "make " + h.SessionsDir() + " writable"}
	}
	return Result{Name: "home", Level: levelOK, Detail: h.Dir() + " (private, writable)"}
}

// othersMayRead reports a data directory mode that lets other users in.
// Windows has no such mode (Go reports 0777 for every directory): access
// is the ACL's, and %APPDATA% is private to the user.
func othersMayRead(goos string, m os.FileMode) bool {
	return goos != "windows" && m.Perm()&0o077 != 0
}

func checkProfile(h session.Home) Result {
	dir := h.ProfileDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Result{Name: "profile", Level: levelError, Detail: err.Error(), Fix: "make " + filepath.Dir(dir) + " writable"}
	}
	if err := writable(dir); err != nil {
		return Result{Name: "profile", Level: levelError, Detail: err.Error(), Fix: "make " + dir + " writable"}
	}
	return Result{Name: "profile", Level: levelOK, Detail: dir + " (dedicated to wtagent, never your daily profile)"}
}

func checkLeftover(h session.Home) Result {
	if pid, inUse := chrome.ProfileInUse(h.ProfileDir()); inUse {
		return Result{Name: "leftover", Level: levelWarning, Detail: fmt.Sprintf("a Chrome (pid %d) still holds the profile", pid),
			Fix: fmt.Sprintf("close that Chrome window, or: kill %d", pid)}
	}
	return Result{Name: "leftover", Level: levelOK, Detail: "no Chrome holds the profile"}
}

func checkRipgrep() Result {
	p, err := exec.LookPath("rg")
	if err != nil {
		return Result{Name: "ripgrep", Level: levelWarning, Detail: "rg not found; fs.search uses its Go engine (same results, slower on big trees)",
			Fix: "install ripgrep (Debian: apt-get install ripgrep) for faster searches"}
	}
	return Result{Name: "ripgrep", Level: levelOK, Detail: p}
}

func checkPTY() Result {
	ptmx, tty, err := pty.Open()
	if err != nil {
		return Result{Name: "pty", Level: levelError, Detail: "cannot open a pseudo-terminal: " + err.Error(),
			Fix: "make /dev/ptmx usable (containers: mount devpts)"}
	}
	name := tty.Name()
	tty.Close()
	ptmx.Close()
	return Result{Name: "pty", Level: levelOK, Detail: "pseudo-terminals work (" + name + ")"}
}

func checkSandbox() Result {
	st := sandbox.Probe()
	if !st.Enforced {
		fix := "run on Linux 5.13+ with Landlock enabled (lsm=landlock,…), or run wtagent in a container or VM"
		if runtime.GOOS == "darwin" {
			fix = "run wtagent outside any other sandbox (Seatbelt does not nest), with /usr/bin/sandbox-exec present"
		}
		return Result{Name: "sandbox", Level: levelWarning, Detail: "the kernel cannot sandbox commands here: " + st.Reason + "; the policy alone applies", Fix: fix}
	}
	if st.Reason != "" {
		return Result{Name: "sandbox", Level: levelWarning, Detail: st.String(), Fix: st.Fix}
	}
	return Result{Name: "sandbox", Level: levelOK, Detail: st.String()}
}

func checkLogin(ctx context.Context, o Options) Result {
	h, err := session.ResolveHome(o.Getenv, o.GOOS)
	if err != nil {
		return Result{Name: "login", Level: levelError, Detail: err.Error()}
	}
	state, err := browser.CheckLogin(ctx, browser.Options{ProfileDir: h.ProfileDir(), BaseURL: o.ChatGPTURL, Headless: o.Headless})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return Result{Name: "login", Level: levelError, Detail: "the login check timed out", Fix: "run wtagent doctor --login --timeout 3m"}
	case err != nil:
		return Result{Name: "login", Level: levelError, Detail: err.Error()}
	case state == browser.LoginOK:
		return Result{Name: "login", Level: levelOK, Detail: "the profile is logged in to ChatGPT"}
	}
	return Result{Name: "login", Level: levelError, Detail: "ChatGPT says: " + string(state), Fix: "run wtagent login and log in in the window"}
}

// writable checks that a file can be created in dir.
func writable(dir string) error {
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		return fmt.Errorf("%s is not writable: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
