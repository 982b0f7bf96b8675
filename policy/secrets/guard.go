package secrets

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Guard masks secrets in everything sent to the model. It knows
// three kinds: the values of wtagent's own credential-like environment
// variables (the LooksSecret rule; also encoded as a script could print
// them: reversed, hex, base64, base32, ROT13 and their combinations, and
// split across lines), the values found in the project's .env
// and credential files (read again on every Mask, so a file the model
// wrote counts too), and well-known token shapes (RedactTokens: private
// key blocks, sk-…, ghp_/github_pat_, AKIA…, xox[bp]-, JWTs, passwords in
// URLs). The raw values stay in the local tool-output spool only. The
// user may reveal one value (by its source) to the model deliberately;
// token shapes are never revealed. It is safe for concurrent use.
type Guard struct {
	root string
	env  []secretValue
	// spread are the env values (when they hold no whitespace) and their
	// reversed and ROT13 forms, grams the fragments of their hex, base64
	// and base32 forms (encodedForms): found also when line breaks or
	// spaces split them (spreadMask).
	spread []secretValue
	grams  gramIndex

	mu       sync.Mutex
	revealed map[string]bool
}

// secretValue is one value to mask and where it came from (never the
// value itself).
type secretValue struct {
	value, source string
}

// minSecretLen keeps short values (a "1", a "true") from being masked all
// over the text.
const minSecretLen = 8

// NewGuard builds the guard from wtagent's environment and the
// project root ("" for none).
func NewGuard(environ []string, root string) *Guard {
	g := &Guard{root: root}
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || len(value) < minSecretLen || !LooksSecret(name, value) {
			continue
		}
		g.env = append(g.env, secretValue{value, "env " + name})
		whole, encoded := encodedForms(value)
		for _, f := range append(whole, value) {
			if !strings.ContainsAny(f, " \t\r\n") {
				g.spread = append(g.spread, secretValue{f, "env " + name})
			}
		}
		g.grams.add(encoded, "env "+name)
	}
	return g
}

// Mask returns s with every known secret replaced by [MASKED:source]
// (source names the variable or file, never the value), and the sources
// it masked, each once, in order.
func (g *Guard) Mask(s string) (string, []string) {
	sources := g.MaskAll(&s)
	return s, sources
}

// MaskAll masks every string in ss in place (reading the project's
// credential files once) and returns the sources it masked, each once.
func (g *Guard) MaskAll(ss ...*string) []string {
	if g == nil {
		return nil
	}
	values := g.values()
	g.mu.Lock()
	revealed := maps.Clone(g.revealed)
	g.mu.Unlock()
	var sources []string
	add := func(src string) {
		if !slices.Contains(sources, src) {
			sources = append(sources, src)
		}
	}
	for _, s := range ss {
		if *s == "" {
			continue
		}
		for _, v := range values {
			if strings.Contains(*s, v.value) {
				*s = strings.ReplaceAll(*s, v.value, maskOf(v.source))
				add(v.source)
			}
		}
		for _, src := range spreadMask(s, g.spread, &g.grams, func(src string) bool { return revealed[src] }) {
			add(src)
		}
		if r := RedactTokens(*s); r != *s {
			*s = r
			add(tokenShapes)
		}
	}
	return sources
}

// values are the values to mask now, longest first (so a value that
// contains another is masked whole), without the revealed ones.
func (g *Guard) values() []secretValue {
	all := append(append([]secretValue(nil), g.env...), projectSecrets(g.root)...)
	g.mu.Lock()
	all = slices.DeleteFunc(all, func(v secretValue) bool { return g.revealed[v.source] })
	g.mu.Unlock()
	slices.SortStableFunc(all, func(a, b secretValue) int { return len(b.value) - len(a.value) })
	return all
}

// tokenShapes is the source of values masked by their shape.
const tokenShapes = "token shapes"

func maskOf(source string) string { return "[MASKED:" + source + "]" }

// maskMark finds the marks Mask and RedactTokens leave.
var maskMark = lazyRegexp(`\[MASKED:([^\]\n]+)\]|\[REDACTED:[a-z-]+\]`)

// MaskedIn lists the sources whose marks s already holds (text masked
// before, such as a logged tool result), each once.
func MaskedIn(s string) []string {
	var out []string
	for _, m := range maskMark().FindAllStringSubmatch(s, -1) {
		src := m[1]
		if src == "" {
			src = tokenShapes
		}
		if !slices.Contains(out, src) {
			out = append(out, src)
		}
	}
	return out
}

// Sources lists the sources of the values the guard masks now (never
// the values), for the user to choose one to reveal.
func (g *Guard) Sources() []string {
	if g == nil {
		return nil
	}
	var out []string
	for _, v := range g.values() {
		if !slices.Contains(out, v.source) {
			out = append(out, v.source)
		}
	}
	slices.Sort(out)
	return out
}

// Reveal stops masking the value(s) of source (as Sources names it) in
// what is sent from now on. Token shapes cannot be revealed.
func (g *Guard) Reveal(source string) error {
	if g == nil || source == tokenShapes || !slices.Contains(g.Sources(), source) {
		return fmt.Errorf("%w: %q (see the list of masked sources)", ErrUnknownSecret, source)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.revealed == nil {
		g.revealed = map[string]bool{}
	}
	g.revealed[source] = true
	return nil
}

// secretFile reports whether a file name holds credentials worth
// reading for values.
func secretFile(name string) bool {
	n := strings.ToLower(name)
	switch n {
	case ".env", ".envrc", ".npmrc", ".pypirc", ".netrc", ".dev.vars", "credentials", "credentials.json",
		"secrets.json", "secrets.yml", "secrets.yaml", "secrets.toml", ".git-credentials":
		return true
	}
	return strings.HasPrefix(n, ".env.") || strings.HasSuffix(n, ".env") ||
		(strings.HasPrefix(n, "service-account") && strings.HasSuffix(n, ".json"))
}

// skippedDir are trees the project scan does not enter.
var skippedDir = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".venv": true, "venv": true,
	"__pycache__": true, "dist": true, "build": true, "target": true, ".next": true, ".cache": true}

// projectSecrets reads the secret values of the project's credential
// files (four levels deep, bounded).
func projectSecrets(root string) []secretValue {
	if root == "" {
		return nil
	}
	var out []secretValue
	seen := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > 20000 {
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if p != root && (skippedDir[d.Name()] || strings.Count(rel, string(filepath.Separator)) >= 4) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !secretFile(d.Name()) {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > 256<<10 {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		out = append(out, secretsIn(string(b), filepath.ToSlash(rel))...)
		return nil
	})
	return out
}

// secretsIn finds NAME=value, name: value and "name": "value" pairs whose
// name looks like a credential or whose value is a token.
func secretsIn(text, file string) []secretValue {
	var out []secretValue
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.IndexAny(line, "=:")
		if i <= 0 {
			continue
		}
		name := strings.Trim(strings.TrimSpace(line[:i]), `"'`)
		value := strings.TrimSpace(line[i+1:])
		value = strings.TrimSuffix(value, ",")
		value = strings.Trim(value, `"'`)
		if len(value) < minSecretLen || strings.ContainsAny(name, " \t") {
			continue
		}
		if secretEnvName(name) || RedactTokens(value) != value || strings.HasSuffix(file, "credentials") {
			out = append(out, secretValue{value, file + " " + name})
		}
	}
	return out
}
