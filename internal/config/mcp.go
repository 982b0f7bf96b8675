package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// MCPServer is one of the user's MCP servers ("mcp-servers" in the config
// file): a command wtagent starts and speaks to on its stdin and stdout, or
// the URL of a streamable HTTP endpoint. Exactly one of Command and URL is
// set.
type MCPServer struct {
	// Command is the program of a stdio server; Args are its arguments.
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	// Env holds variables the server gets on top of wtagent's scrubbed
	// environment (they win over it).
	Env map[string]string `json:"env,omitempty"`
	// URL is the endpoint of a streamable HTTP server (http or https).
	URL string `json:"url,omitempty"`
	// Headers are HTTP headers sent with each request to URL (a token).
	Headers map[string]string `json:"headers,omitempty"`
	// TrustAnnotations says the user trusts the server's readOnlyHint and
	// destructiveHint.
	TrustAnnotations bool `json:"trust-annotations,omitempty"`
	// Timeout is the longest one call may take (nil: the client's default).
	Timeout *Duration `json:"timeout,omitempty"`
}

// MCPServers are the configured MCP servers by name.
type MCPServers map[string]MCPServer

// MCPServerError is an MCP server entry the config refuses: its name, the
// key at fault ("" for the name itself) and why.
type MCPServerError struct {
	Name   string
	Key    string
	Reason string
}

// Error implements error.
func (e *MCPServerError) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("mcp-servers: %q: %s", e.Name, e.Reason)
	}
	return fmt.Sprintf("mcp-servers: %q: %s: %s", e.Name, e.Key, e.Reason)
}

// mcpServerName is what a server's name may be: it becomes the middle of
// its tools' names (mcp.NAME.TOOL), so it has no dots.
var mcpServerName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

// Validate checks the entry named name: the name (1 to 40 letters, digits,
// "_" or "-"), exactly one of command and url, an http or https url with a
// host, headers only with a url (names without ":" or blanks, values on one
// line), env names that are not empty and hold no "=", a positive timeout.
func (s MCPServer) Validate(name string) error {
	bad := func(key, format string, args ...any) error {
		return &MCPServerError{Name: name, Key: key, Reason: fmt.Sprintf(format, args...)}
	}
	if !mcpServerName.MatchString(name) {
		return bad("", "a server's name is 1 to 40 letters, digits, \"_\" or \"-\" (it becomes part of its tools' names, mcp.NAME.TOOL)")
	}
	switch {
	case strings.TrimSpace(s.Command) == "" && s.URL == "":
		return bad("", "give a command (a stdio server) or a url (a streamable HTTP server)")
	case s.Command != "" && s.URL != "":
		return bad("", "give a command or a url, not both")
	case s.URL != "":
		if len(s.Args) > 0 || len(s.Env) > 0 {
			return bad("url", "args and env are a command's, not a url's")
		}
		if err := checkMCPURL(s.URL); err != nil {
			return bad("url", "%v", err)
		}
	case len(s.Headers) > 0:
		return bad("headers", "headers are a url's, not a command's")
	}
	for k, v := range s.Headers {
		if k == "" || strings.ContainsAny(k, ": \t\r\n\x00") {
			return bad("headers", "%q is not a header name", k)
		}
		if strings.ContainsAny(v, "\r\n\x00") {
			return bad("headers", "the value of %s holds a line break", k)
		}
	}
	for k := range s.Env {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			return bad("env", "%q is not a variable name (not empty, no \"=\")", k)
		}
	}
	if s.Timeout != nil && *s.Timeout <= 0 {
		return bad("timeout", "want a positive duration such as \"2m\"")
	}
	return nil
}

func checkMCPURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("want an http or https URL, not %q", raw)
	}
	if u.Host == "" {
		return fmt.Errorf("%q has no host", raw)
	}
	return nil
}

// Validate checks every entry, in the order of their names.
func (m MCPServers) Validate() error {
	for _, name := range m.Names() {
		if err := m[name].Validate(name); err != nil {
			return err
		}
	}
	return nil
}

// Names are the servers' names, sorted.
func (m MCPServers) Names() []string {
	return slices.Sorted(maps.Keys(m))
}

// UnmarshalJSON decodes each entry strictly: an unknown key or a value of
// the wrong type is an error naming the server.
func (m *MCPServers) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("mcp-servers: want an object of servers by name: %w", err)
	}
	out := make(MCPServers, len(raw))
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		var s MCPServer
		dec := json.NewDecoder(bytes.NewReader(raw[name]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			reason := strings.TrimPrefix(err.Error(), "json: ")
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				reason = fmt.Sprintf("%s: want %s, not %s", te.Field, typeWords(te.Type), valueWords(te.Value))
			}
			if strings.HasPrefix(reason, "unknown field ") {
				reason += " (a server's keys: command, args, env, url, trust-annotations, timeout)"
			}
			return &MCPServerError{Name: name, Reason: reason}
		}
		out[name] = s
	}
	*m = out
	return nil
}
