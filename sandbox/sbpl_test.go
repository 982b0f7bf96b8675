package sandbox

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sbpl is a parsed Seatbelt profile with its parameters, evaluated the way
// the kernel reads the subset wtagent writes: (deny default) and allow
// rules whose filters are subpath, literal, regex (on real paths),
// require-all/any/not, and the network filters local/remote ip and
// unix-socket. It exists to test what a profile means, on any OS.
type sbpl struct {
	t      testing.TB
	rules  []sexp
	params map[string]string
}

// sexp is an atom, a string (quoted or #"regex") or a list.
type sexp struct {
	atom, str string
	isStr     bool
	list      []sexp
}

func parseSBPL(t testing.TB, profile string, params []seatbeltParam) *sbpl {
	t.Helper()
	s := &sbpl{t: t, params: map[string]string{}}
	for _, q := range params {
		s.params[q.Key] = q.Value
	}
	toks := tokenizeSBPL(t, profile)
	for len(toks) > 0 {
		var e sexp
		e, toks = readSexp(t, toks)
		if len(e.list) == 0 {
			t.Fatalf("top-level atom %q in profile", e.atom)
		}
		switch e.list[0].atom {
		case "version", "deny":
		case "allow":
			s.rules = append(s.rules, e)
		default:
			t.Fatalf("unknown form %q", e.list[0].atom)
		}
	}
	return s
}

func tokenizeSBPL(t testing.TB, src string) []sexp {
	var toks []sexp
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ' ' || c == '\n' || c == '\t':
			i++
		case c == '(' || c == ')':
			toks = append(toks, sexp{atom: string(c)})
			i++
		case c == '"' || strings.HasPrefix(src[i:], `#"`):
			raw := c == '#'
			if raw {
				i++
			}
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				t.Fatalf("unterminated string at %d", i)
			}
			v := src[i+1 : j]
			if !raw {
				var err error
				if v, err = strconv.Unquote(src[i : j+1]); err != nil {
					t.Fatalf("bad string %s: %v", src[i:j+1], err)
				}
			}
			toks = append(toks, sexp{str: v, isStr: true})
			i = j + 1
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \n\t()\";", rune(src[j])) {
				j++
			}
			toks = append(toks, sexp{atom: src[i:j]})
			i = j
		}
	}
	return toks
}

func readSexp(t testing.TB, toks []sexp) (sexp, []sexp) {
	if toks[0].atom == ")" {
		t.Fatal("unbalanced )")
	}
	if toks[0].atom != "(" {
		return toks[0], toks[1:]
	}
	var e sexp
	toks = toks[1:]
	for {
		if len(toks) == 0 {
			t.Fatal("unbalanced (")
		}
		if toks[0].atom == ")" {
			return e, toks[1:]
		}
		var c sexp
		c, toks = readSexp(t, toks)
		e.list = append(e.list, c)
	}
}

// allows reports whether op ("file-read" or "file-write") on path is
// allowed by a file-read* / file-write* (or file-write-data) rule.
func (s *sbpl) allows(op, path string) bool {
	return s.any(func(o string) bool {
		return o == op+"*" || (op == "file-write" && o == "file-write-data")
	}, func(f sexp) bool { return s.pathFilter(f, path) })
}

// allowsIP reports whether a network op with an IP address ("host:port")
// is allowed.
func (s *sbpl) allowsIP(op, addr string) bool {
	return s.any(func(o string) bool { return o == op }, func(f sexp) bool {
		if len(f.list) != 3 || (f.list[0].atom != "local" && f.list[0].atom != "remote") || f.list[1].atom != "ip" {
			return false
		}
		host, port, _ := strings.Cut(f.list[2].str, ":")
		ah, ap, _ := strings.Cut(addr, ":")
		return (host == "*" || host == ah) && (port == "*" || port == ap)
	})
}

// allowsUnix reports whether a network op on the Unix socket at path is
// allowed: network-outbound (connect, a remote unix-socket filter) or
// network-bind (a local one).
func (s *sbpl) allowsUnix(op, path string) bool {
	side := map[string]string{"network-outbound": "remote", "network-bind": "local"}[op]
	return s.any(func(o string) bool { return o == op }, func(f sexp) bool {
		return len(f.list) == 3 && f.list[0].atom == side && f.list[1].atom == "unix-socket" && s.pathFilter(f.list[2], path)
	})
}

func (s *sbpl) any(opMatch func(string) bool, filter func(sexp) bool) bool {
	for _, r := range s.rules {
		var filters []sexp
		ok := false
		for _, e := range r.list[1:] {
			if e.list == nil && !e.isStr {
				ok = ok || opMatch(e.atom)
			} else {
				filters = append(filters, e)
			}
		}
		if !ok {
			continue
		}
		if len(filters) == 0 {
			return true
		}
		for _, f := range filters {
			if filter(f) {
				return true
			}
		}
	}
	return false
}

func (s *sbpl) pathFilter(f sexp, path string) bool {
	if len(f.list) == 0 {
		return false
	}
	args := f.list[1:]
	switch f.list[0].atom {
	case "subpath":
		return under(path, s.value(args[0]))
	case "literal":
		return path == s.value(args[0])
	case "regex":
		return regexp.MustCompile(args[0].str).MatchString(path)
	case "require-all":
		for _, a := range args {
			if !s.pathFilter(a, path) {
				return false
			}
		}
		return true
	case "require-any":
		for _, a := range args {
			if s.pathFilter(a, path) {
				return true
			}
		}
		return false
	case "require-not":
		return !s.pathFilter(args[0], path)
	}
	return false
}

// value is a string or (param "KEY"), which must be given.
func (s *sbpl) value(e sexp) string {
	if e.isStr {
		return e.str
	}
	if len(e.list) == 2 && e.list[0].atom == "param" {
		v, ok := s.params[e.list[1].str]
		if !ok {
			s.t.Fatalf("parameter %q is not given", e.list[1].str)
		}
		return v
	}
	s.t.Fatalf("not a value: %+v", e)
	return ""
}
