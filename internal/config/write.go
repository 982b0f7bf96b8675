package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/session"
)

// mcpServersKey is the config file's key of the MCP servers.
const mcpServersKey = "mcp-servers"

// WritePath is the config file an edit writes: the first of Paths that
// exists, else the first of Paths (the data root's config.json).
func WritePath(h session.Home, getenv func(string) string) string {
	paths := Paths(h, getenv)
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil {
			return p
		}
	}
	return paths[0]
}

// WriteMCPServers replaces the "mcp-servers" key of the config file at
// path with servers (an empty set removes the key). Every other key stays
// as it was, its value byte for byte and in its place; a file that does not
// exist is created, with its directory. The file is replaced atomically
// with mode 0600 (a symbolic link's target is), and only when the result
// is a valid config file: a bad server, or a file that is not a JSON
// object or does not parse, is an error and nothing is written.
func WriteMCPServers(path string, servers MCPServers) error {
	if err := servers.Validate(); err != nil {
		return err
	}
	target, err := resolveLink(path)
	if err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	data, err := os.ReadFile(target)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("read config %s: %w", path, err)
	}
	out, err := replaceKey(data, mcpServersKey, servers)
	if err != nil {
		return fmt.Errorf("config %s: %w (not written)", path, err)
	}
	if _, err := Parse(out); err != nil {
		return fmt.Errorf("config %s: %w (not written)", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	if err := atomicfile.WriteFile(target, out, 0o600); err != nil {
		return fmt.Errorf("write config %s: %w", path, err)
	}
	return nil
}

// resolveLink follows path's symbolic links, so that an edit replaces the
// file a link points to (a dotfiles checkout) rather than the link.
func resolveLink(path string) (string, error) {
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return path, nil
	}
	return filepath.EvalSymlinks(path)
}

// member is one key of a JSON object and its value as written.
type member struct {
	key   string
	value json.RawMessage
}

// replaceKey returns the JSON object data (empty: {}) with key's value
// replaced by value, or appended when key is absent, or removed when value
// is empty; the other members keep their order and bytes.
func replaceKey(data []byte, key string, value MCPServers) ([]byte, error) {
	members, err := splitObject(data)
	if err != nil {
		return nil, err
	}
	var raw json.RawMessage
	if len(value) > 0 {
		if raw, err = encodeJSON(value, "  "); err != nil {
			return nil, err
		}
	}
	out := make([]member, 0, len(members)+1)
	placed := raw == nil
	for _, m := range members {
		switch {
		case m.key != key:
			out = append(out, m)
		case !placed:
			out, placed = append(out, member{key, raw}), true
		}
	}
	if !placed {
		out = append(out, member{key, raw})
	}
	return joinObject(out)
}

// splitObject reads a JSON object's members in order, each value as
// written. Blank data is the empty object.
func splitObject(data []byte) ([]member, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var members []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var m member
		m.key, _ = tok.(string)
		if err := dec.Decode(&m.value); err != nil {
			return nil, err
		}
		members = append(members, m)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("more after the JSON object")
	}
	return members, nil
}

// joinObject writes members as a JSON object, one member a line.
func joinObject(members []member) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{")
	for i, m := range members {
		key, err := encodeJSON(m.key, "")
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		b.Write(key)
		b.WriteString(": ")
		b.Write(m.value)
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// encodeJSON encodes v without HTML escapes, indented two spaces under
// prefix when prefix is set.
func encodeJSON(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if prefix != "" {
		enc.SetIndent(prefix, "  ")
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
