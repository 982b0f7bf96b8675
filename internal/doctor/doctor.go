package doctor

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/wtagent/wtagent/session"
)

// Options are what the checks read: the environment, the operating system
// the data root is resolved for, and the Chrome checks asked for.
type Options struct {
	// Getenv reads the environment.
	Getenv func(string) string
	// GOOS is the operating system the data root is resolved for.
	GOOS string
	// Login adds the ChatGPT login check (it starts Chrome).
	Login bool
	// Page adds the live page check (it starts Chrome and opens ChatGPT).
	Page bool
	// ChromeURL, when set, is a Chrome the user started (--chrome-url): its
	// endpoint, version and login are checked instead of a local Chrome.
	ChromeURL string
	// ChatGPTURL is the ChatGPT origin for the login and page checks.
	ChatGPTURL string
	// Headless runs Chrome headless for the login and page checks.
	Headless bool
	// Bundle is --bundle FILE: with Page, the archive for a bug report
	// (writeBundle).
	Bundle string
	// Locators is --locators: the page locator override file (default:
	// page-locators.json in the config directory, when there is one).
	Locators string
	// Timeout bounds the login check and the page check, each.
	Timeout time.Duration
}

// Result is one check's outcome.
type Result struct {
	Name   string `json:"name"`
	Level  string `json:"level"` // ok, warning, error
	Detail string `json:"detail"`
	Fix    string `json:"fix,omitempty"`
}

const (
	levelOK      = "ok"
	levelWarning = "warning"
	levelError   = "error"
)

// Run runs every check that does not start Chrome, then the login and
// page checks o asks for, each within o.Timeout of ctx. Without either it
// reports what it can tell of the login without Chrome.
func Run(ctx context.Context, o Options) []Result {
	results := runChecks(o)
	switch {
	case o.ChromeURL != "":
		results = append(results, runRemote(ctx, o)...)
	case o.Login:
		ctx, cancel := context.WithTimeout(ctx, o.Timeout)
		results = append(results, checkLogin(ctx, o))
		cancel()
	case !o.Page: // the page check reports the login itself
		if h, err := session.ResolveHome(o.Getenv, o.GOOS); err == nil {
			results = append(results, checkLoginOffline(h))
		}
	}
	if o.Page {
		ctx, cancel := context.WithTimeout(ctx, o.Timeout)
		results = append(results, checkPage(ctx, o)...)
		cancel()
	}
	return results
}

// Failed reports whether a result is an error that blocks use.
func Failed(results []Result) bool {
	for _, r := range results {
		if r.Level == levelError {
			return true
		}
	}
	return false
}

// Print prints the results for people, one line each with its fix, and
// whether wtagent is ready.
func Print(w io.Writer, results []Result, color bool) {
	mark := map[string]string{levelOK: "ok     ", levelWarning: "warning", levelError: "error  "}
	paint := map[string]string{levelOK: "\x1b[32m", levelWarning: "\x1b[33m", levelError: "\x1b[31m"}
	errors := 0
	for _, r := range results {
		m := mark[r.Level]
		if color {
			m = paint[r.Level] + m + "\x1b[0m"
		}
		fmt.Fprintf(w, "%s  %-9s %s\n", m, r.Name, r.Detail)
		if r.Fix != "" && r.Level != levelOK {
			fmt.Fprintf(w, "           %-9s fix: %s\n", "", r.Fix)
		}
		if r.Level == levelError {
			errors++
		}
	}
	switch {
	case errors == 0 && loginUnchecked(results):
		fmt.Fprintln(w, "\nwtagent is ready, but its ChatGPT login was not checked: "+fixCheckLogin+".")
	case errors == 0:
		fmt.Fprintln(w, "\nwtagent is ready.")
	default:
		fmt.Fprintf(w, "\nwtagent is not ready: %d problem(s) block use; see the fixes above.\n", errors)
	}
}
