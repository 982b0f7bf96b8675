package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// curlValued lists curl's short options that take a value.
const curlValued = "AbcCdDeEFHKmoPQrtTuUwxXyYz"

// classifyCurl flags network writes: -X/--request with a method other than
// GET/HEAD/OPTIONS, -d/--data*, --json, -F/--form, -T/--upload-file (a GET
// with -G/--get sends -d as a query, not a body).
func classifyCurl(c *Classifier, at int, _ bool) {
	c.atFiles = true
	var writes []string
	get := false
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "-G" || t == "--get":
			get = true
		case strings.HasPrefix(t, "--"):
			name, value, inline := strings.Cut(t, "=")
			if name == "--request" {
				if !inline {
					value = c.word(i + 1)
				}
				if !safeMethod(value) {
					writes = append(writes, "sends a "+strings.ToUpper(value)+" request")
				}
			} else if curlDataOption(name) {
				writes = append(writes, "sends data ("+name+")")
			}
		case strings.HasPrefix(t, "-") && len(t) > 1:
			w, consumed := c.curlCluster(t, i)
			if w != "" {
				writes = append(writes, w)
			}
			i += consumed
		}
	}
	if c.loopbackOnly(at + 1) {
		return // a local dev server: what it changes is the project's own
	}
	for _, w := range writes {
		if get && strings.HasPrefix(w, "sends data (-d") {
			continue
		}
		c.Add(event.RiskSensitive, "curl "+w+" over the network", c.whole())
	}
}

// curlCluster reads a short-option cluster; it returns a network write it
// implies and how many following words it consumed as a value.
func (c *Classifier) curlCluster(t string, i int) (string, int) {
	for k := 1; k < len(t); k++ {
		letter := t[k]
		if strings.IndexByte(curlValued, letter) < 0 {
			continue
		}
		value, consumed := t[k+1:], 0
		if value == "" {
			value, consumed = c.word(i+1), 1
		}
		switch letter {
		case 'X':
			if !safeMethod(value) {
				return "sends a " + strings.ToUpper(value) + " request", consumed
			}
		case 'd':
			return "sends data (-d)", consumed
		case 'F':
			return "uploads a form (-F)", consumed
		case 'T':
			return "uploads a file (-T)", consumed
		}
		return "", consumed
	}
	return "", 0
}

func curlDataOption(name string) bool {
	switch name {
	case "--data", "--data-raw", "--data-binary", "--data-urlencode", "--data-ascii", "--json",
		"--form", "--form-string", "--upload-file", "--post301", "--post302", "--post303":
		return true
	}
	return false
}

func safeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// loopbackOnly reports whether every URL among the words from i is on
// this machine (localhost, 127.0.0.0/8, [::1]) and there is at least one:
// a request to the project's dev server, not to someone else's system.
func (c *Classifier) loopbackOnly(i int) bool {
	seen := false
	for ; i < len(c.Words); i++ {
		t := c.Words[i]
		host, ok := urlHost(t)
		if !ok {
			continue
		}
		if !LoopbackHost(host) {
			return false
		}
		seen = true
	}
	return seen
}

// urlHost returns the host of a word that is a URL (scheme://host… or
// host:port/… as curl takes it).
func urlHost(t string) (string, bool) {
	rest, ok := strings.CutPrefix(t, "http://")
	if !ok {
		rest, ok = strings.CutPrefix(t, "https://")
	}
	if !ok && !strings.HasPrefix(t, "localhost") && !strings.HasPrefix(t, "127.") {
		return "", false
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") {
		if i := strings.IndexByte(rest, ']'); i > 0 {
			return rest[1:i], true
		}
	}
	host, _, _ := strings.Cut(rest, ":")
	return host, host != ""
}

// LoopbackHost reports a host name or address on this machine.
func LoopbackHost(h string) bool {
	h = strings.ToLower(h)
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasPrefix(h, "127.") || h == "::1" || h == "0.0.0.0"
}

// classifyWget flags --post-data, --post-file, --body-data, --body-file and
// --method with a writing method.
func classifyWget(c *Classifier, at int, _ bool) {
	c.atFiles = true
	if c.loopbackOnly(at + 1) {
		return
	}
	for i := at + 1; i < len(c.Words); i++ {
		name, value, inline := strings.Cut(c.Words[i], "=")
		switch name {
		case "--post-data", "--post-file", "--body-data", "--body-file":
			c.Add(event.RiskSensitive, "wget sends data ("+name+") over the network", c.whole())
		case "--method":
			if !inline {
				value = c.word(i + 1)
			}
			if !safeMethod(value) {
				c.Add(event.RiskSensitive, "wget sends a "+strings.ToUpper(value)+" request over the network", c.whole())
			}
		}
	}
}

// classifyHTTPie flags HTTPie/xh requests with a writing method or request
// data items (name=value, name:=json, field@file).
func classifyHTTPie(c *Classifier, at int, _ bool) {
	c.atFiles = true
	if c.loopbackOnly(at+1) || httpieLocal(c.Words[at+1:]) {
		return // http :8000/x is localhost
	}
	i := c.operand(at+1, "-a", "--auth", "-A", "--auth-type", "-o", "--output", "--session", "--verify", "--cert", "--cert-key")
	if m := c.word(i); m != "" && strings.ToUpper(m) == m && !strings.ContainsAny(m, "/.:") {
		if !safeMethod(m) {
			c.Add(event.RiskSensitive, ProgramName(c.Words[at])+" sends a "+m+" request over the network", c.whole())
			return
		}
		i++
	}
	for j := i + 1; j < len(c.Words); j++ {
		t := c.Words[j]
		if strings.HasPrefix(t, "-") {
			if t == "-f" || t == "--form" || t == "--raw" || strings.HasPrefix(t, "--raw=") {
				c.Add(event.RiskSensitive, ProgramName(c.Words[at])+" sends data over the network", c.whole())
				return
			}
			continue
		}
		if k := strings.IndexAny(t, "=:@"); k > 0 && !strings.HasPrefix(t[k:], "==") && (t[k] != ':' || strings.HasPrefix(t[k:], ":=")) {
			c.Add(event.RiskSensitive, ProgramName(c.Words[at])+" sends data ("+t[:k]+") over the network", c.whole())
			return
		}
	}
}

// httpieLocal reports HTTPie's localhost shorthand (:8000/x, :/x) as the
// URL: the first operand after an optional method.
func httpieLocal(words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(w, "-") || strings.ToUpper(w) == w && !strings.ContainsAny(w, ":/.") {
			continue
		}
		return strings.HasPrefix(w, ":")
	}
	return false
}

// classifyRemote: ssh runs commands on another machine; scp, rsync, sftp
// and ftp with a remote side copy files to or from it.
func classifyRemote(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	switch name {
	case "ssh", "sftp", "ftp", "lftp", "ssh-copy-id":
		c.Add(event.RiskExternal, name+" connects to another machine", c.whole())
		c.skipFrom(at + 1)
		return
	}
	for i := at + 1; i < len(c.Words); i++ {
		if t := c.Words[i]; remoteOperand(t) {
			c.Add(event.RiskExternal, name+" copies files to or from another machine ("+t+")", c.whole())
			c.skip[i] = true
		}
	}
}

// remoteOperand reports host:path and rsync:// operands.
func remoteOperand(t string) bool {
	if strings.HasPrefix(t, "rsync://") {
		return true
	}
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "/") || strings.HasPrefix(t, ".") {
		return false
	}
	colon, slash := strings.IndexByte(t, ':'), strings.IndexByte(t, '/')
	return colon > 0 && (slash < 0 || colon < slash)
}

// classifyGPG flags exporting secret keys and decrypting.
func classifyGPG(c *Classifier, at int, _ bool) {
	if _, ok := c.hasOption(at+1, "--export-secret-keys", "--export-secret-subkeys", "-d", "--decrypt", "--export-ownertrust"); ok {
		c.Add(event.RiskSensitive, "gpg reveals secret keys or decrypts data", c.whole())
	}
}
