package mcpserve

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Args are the chatgpt tool's arguments.
type Args struct {
	Prompt string   `json:"prompt" jsonschema:"the message to send to ChatGPT"`
	Files  []string `json:"files,omitempty" jsonschema:"paths of files to attach (relative paths are resolved against the server's working directory)"`
	Mode   string   `json:"mode,omitempty" jsonschema:"ChatGPT mode to select, e.g. thinking or pro (default: the server's, else the page's current one)"`
	Effort string   `json:"effort,omitempty" jsonschema:"effort tier to select after the mode: light (instant, low), standard (medium), extended (high), extra-high (xhigh) or pro (max) (default: the server's, else the page's current one)"`
	// Conversation continues a conversation instead of starting one.
	Conversation string `json:"conversation,omitempty" jsonschema:"the id or URL of a ChatGPT conversation to continue (default: a new conversation)"`
}

// Output is the chatgpt tool's structured result.
type Output struct {
	// Reply is the model's reply, exactly as it wrote it.
	Reply string `json:"reply" jsonschema:"the reply text, exactly as ChatGPT wrote it"`
	// ConversationURL names the conversation, to continue it later.
	ConversationURL string `json:"conversation_url" jsonschema:"the conversation's URL: pass it (or its id) as conversation to continue"`
}

// ErrBadArgs is wrapped by every argument error (a tool error, not a
// protocol error).
var ErrBadArgs = errors.New("invalid arguments")

// request is a call's checked arguments.
type request struct {
	prompt string
	// files are absolute paths of existing regular files.
	files        []string
	mode, effort string
	// cursor is the conversation URL to continue ("" for a new one).
	cursor string
}

// conversationID matches a bare conversation id (as in /c/<id>).
func conversationID() *regexp.Regexp { return regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z-]{7,}$`) }

// resolveArgs checks a's arguments: the prompt is not empty, every file
// exists (relative to dir), the mode and effort pass check (the run's
// rules; it returns the effort's one spelling), and the conversation is a
// URL on base's origin or an id, made a URL on base.
func resolveArgs(a Args, dir, base string, check func(mode, effort string) (string, error)) (request, error) {
	r := request{prompt: a.Prompt, mode: a.Mode, effort: a.Effort}
	if strings.TrimSpace(a.Prompt) == "" {
		return r, fmt.Errorf("%w: prompt is empty", ErrBadArgs)
	}
	for _, f := range a.Files {
		p, err := resolveFile(f, dir)
		if err != nil {
			return r, err
		}
		r.files = append(r.files, p)
	}
	effort, err := check(a.Mode, a.Effort)
	if err != nil {
		return r, fmt.Errorf("%w: effort: %v", ErrBadArgs, err)
	}
	r.effort = effort
	r.cursor, err = conversationURL(a.Conversation, base)
	return r, err
}

// resolveFile returns f's absolute path against dir if it is an existing
// regular file.
func resolveFile(f, dir string) (string, error) {
	if f == "" {
		return "", fmt.Errorf("%w: files: an empty path", ErrBadArgs)
	}
	p := f
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	p = filepath.Clean(p)
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", fmt.Errorf("%w: files: %s does not exist (relative paths are resolved against %s)", ErrBadArgs, f, dir)
	case err != nil:
		return "", fmt.Errorf("%w: files: %w", ErrBadArgs, err)
	case !fi.Mode().IsRegular():
		return "", fmt.Errorf("%w: files: %s is not a regular file", ErrBadArgs, f)
	}
	return p, nil
}

// conversationURL makes c (an id or a URL) the URL of a conversation on
// base; "" stays "" (a new conversation).
func conversationURL(c, base string) (string, error) {
	c = strings.TrimSpace(c)
	if c == "" {
		return "", nil
	}
	base = strings.TrimRight(base, "/")
	if conversationID().MatchString(c) {
		return base + "/c/" + c, nil
	}
	u, err := url.Parse(c)
	if err != nil || !u.IsAbs() {
		return "", fmt.Errorf("%w: conversation %q is neither a conversation id nor a URL", ErrBadArgs, c)
	}
	b, err := url.Parse(base)
	if err != nil || u.Scheme != b.Scheme || u.Host != b.Host {
		return "", fmt.Errorf("%w: conversation %q is not on %s", ErrBadArgs, c, base)
	}
	return c, nil
}
