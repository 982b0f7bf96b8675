package slash

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// command is one of the prompt's own commands, as its help lists it.
type command struct{ name, args, text string }

// commands are the interactive prompt's own commands. A line that
// starts with one never goes to the model.
func commands() []command {
	return []command{
		{"help", "", "this list"},
		{"status", "", "the session: phase, turn, model, running tool, dev servers"},
		{"diff", "[N]", "what the session changed, files and commands alike (turn N only)"},
		{"evidence", "", "what \"done\" needs for each request of the last run (a change, reads, a passing run)"},
		{"undo", "[N]", "put the files back as they were before turn N (default: the newest turn not undone)"},
		{"mode", "[NAME]", "show the ChatGPT mode, or select NAME (thinking, pro …) for the next messages"},
		{"effort", "[TIER]", "show the ChatGPT effort tier, or select TIER (light/instant, standard/medium, extended/high, extra-high/xhigh, pro/max) for the next messages"},
		{"new", "", "start a new conversation with the next message (same session)"},
		{"compact", "", "continue in a fresh conversation from a checkpoint of this session, with the next message"},
		{"browser", "", "while a run works (or Ctrl+O): pause it at a safe point and give you the Chrome window"},
		{"resume", "", "after /browser (or Enter on the empty prompt): hand the window back; the run reads the page again"},
		{"reveal", "[SOURCE]", "list the sources of masked secrets, or let the model see SOURCE's value from now on (--approvals prompt; logged)"},
		{"exit", "", "end the session (like Ctrl+D)"},
	}
}

// Parse splits a prompt line into a slash command and its arguments.
// ok is false for a line that is not a command; a path such as /tmp/x is
// not one. "/" alone is the empty command (answered with help).
func Parse(line string) (name string, args []string, ok bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "/") || strings.Contains(t, "\n") {
		return "", nil, false
	}
	f := strings.Fields(t[1:])
	if len(f) == 0 {
		return "", nil, true
	}
	if strings.ContainsAny(f[0], "/.") {
		return "", nil, false
	}
	return strings.ToLower(f[0]), f[1:], true
}

// WriteHelp lists the commands.
func WriteHelp(w io.Writer) {
	fmt.Fprintln(w, "Commands (never sent to the model):")
	for _, c := range commands() {
		fmt.Fprintf(w, "  /%-16s %s\n", strings.TrimSpace(c.name+" "+c.args), c.text)
	}
}

// Unknown answers an unknown command (name, or "" for "/" alone) with
// the list.
func Unknown(w io.Writer, name string) {
	if name != "" {
		fmt.Fprintf(w, "unknown command /%s (it was not sent to the model)\n", name)
	}
	WriteHelp(w)
}

// ModeName is a ChatGPT mode or effort as the prompt shows it.
func ModeName(m string) string {
	if m == "" {
		return "the page's current one (none asked for)"
	}
	return m
}

// TurnArg reads the optional turn number of /diff and /undo.
func TurnArg(args []string) (int, error) {
	if len(args) == 0 {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "--turn="))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("want a turn number, not %q", args[0])
	}
	return n, nil
}

// NoRunWorking answers /browser or /resume at the prompt between runs:
// they steer a run while it works.
func NoRunWorking(w io.Writer, name string) {
	fmt.Fprintf(w, "/%s: no run is working; while one works, /browser (or Ctrl+O) pauses it at a safe point and gives you the Chrome window, /resume hands it back\n", name)
}

// Names lists the commands' names, as the help lists them.
func Names() []string {
	var out []string
	for _, c := range commands() {
		out = append(out, c.name)
	}
	return out
}
