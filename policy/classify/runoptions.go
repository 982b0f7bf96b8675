package classify

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// runOptions are, per program, the options through which it runs a
// command line of the caller's choosing. Each program has its own table:
// an option of one program means something else to another.
var runOptions = map[string][]string{
	"tar":      {"-I", "--use-compress-program", "--checkpoint-action", "--to-command", "--info-script", "--new-volume-script", "--rsh-command"},
	"make":     {"--eval", "-E"},
	"gmake":    {"--eval", "-E"},
	"script":   {"-c", "--command"},
	"vim":      {"-c", "--cmd"},
	"vi":       {"-c", "--cmd"},
	"nvim":     {"-c", "--cmd"},
	"man":      {"-P", "--pager", "-H", "--html"},
	"zip":      {"-TT", "--unzip-command"},
	"gdb":      {"-ex", "--eval-command", "-iex", "-x", "--command"},
	"go":       {"-exec", "-toolexec"},
	"cargo":    {"--config"},
	"rsync":    {"-e", "--rsh", "--rsync-path"},
	"difftool": {"-x", "--extcmd"},
	"exec":     {"-c", "--call"},
}

// runsAlways are programs whose arguments are a command line.
var runsAlways = map[string]bool{"watch": true}

// sedWrite matches a sed script that writes a file (w, or s///w).
var sedWrite = regexp.MustCompile(`(?:^|[;\n{}])\s*[0-9$,/]*\s*[wW]\s+\S|/[gpiIm0-9]*w\s+\S`)

// checkRunOptions records, for the program at words[at], an option that
// runs a command line (tar -I, make --eval, git difftool -x, npm exec -c,
// sqlite3 .shell, sed w …): it asks, since a denylist of commands cannot
// see what that command line does.
func (c *Classifier) checkRunOptions(at int) {
	name := ProgramName(c.Words[at])
	if runsAlways[name] {
		c.Add(event.RiskDestructive, name+" runs its arguments as a command line", c.whole())
		return
	}
	c.checkDeviceDestination(at, name)
	table := runOptions[name]
	for i := at + 1; i < len(c.Words); i++ {
		w := c.Words[i]
		switch {
		case name == "git" && (w == "difftool" || w == "mergetool"):
			table = runOptions["difftool"]
		case (name == "npm" || name == "pnpm" || name == "yarn") && w == "exec":
			table = runOptions["exec"]
		case (name == "npm" || name == "pip" || name == "pip3" || name == "yarn" || name == "pnpm") && w == "config" &&
			i+1 < len(c.Words) && (c.Words[i+1] == "set" || c.Words[i+1] == "edit" || c.Words[i+1] == "delete" || c.Words[i+1] == "unset"):
			c.Add(event.RiskSensitive, "changes "+name+"'s global configuration", c.whole())
		case name == "sqlite3" && (strings.HasPrefix(strings.TrimSpace(w), ".shell") || strings.HasPrefix(strings.TrimSpace(w), ".system")):
			c.Add(event.RiskDestructive, "runs a command line through sqlite3's "+strings.Fields(w)[0], c.whole())
		case name == "sed" && !strings.HasPrefix(w, "-") && sedWrite.MatchString(w):
			c.Add(event.RiskDestructive, "the sed script writes a file (w)", c.whole())
		case name == "vim" || name == "vi" || name == "nvim":
			if strings.HasPrefix(w, "+") {
				c.Add(event.RiskDestructive, "runs an editor command line ("+name+" +…)", c.whole())
			}
		}
		for _, opt := range table {
			if w == opt || strings.HasPrefix(w, opt+"=") || (len(opt) == 2 && opt[1] != '-' && strings.HasPrefix(w, opt) && !strings.HasPrefix(w, "--")) ||
				bundled(name, w, opt) {
				c.Add(event.RiskDestructive, "runs a command line through an option ("+name+" "+opt+")", c.whole())
				return
			}
		}
	}
}

// checkDeviceDestination asks when mv, cp, ln, install or dd write onto a
// device (mv FILE /dev/null as root replaces the device node).
func (c *Classifier) checkDeviceDestination(at int, name string) {
	switch name {
	case "mv", "cp", "ln", "install":
		if last := c.Words[len(c.Words)-1]; len(c.Words)-at > 2 && strings.HasPrefix(filepath.Clean(last), "/dev/") {
			c.Add(event.RiskSensitive, name+" writes onto the device "+last, len(c.Words)-1)
		}
	case "dd":
		for _, w := range c.Words[at+1:] {
			if of, ok := strings.CutPrefix(w, "of="); ok && strings.HasPrefix(filepath.Clean(of), "/dev/") {
				c.Add(event.RiskSensitive, "dd writes onto the device "+of, c.whole())
			}
		}
	}
}

// bundled reports a one-letter option inside a bundle of short flags
// (script -qc CMD). gdb's options are words after one dash (-batch, -nx),
// not bundles.
func bundled(program, word, opt string) bool {
	return len(opt) == 2 && opt[1] != '-' && program != "gdb" && len(word) > 2 && word[0] == '-' && word[1] != '-' &&
		strings.IndexByte(word[1:], opt[1]) >= 0
}
