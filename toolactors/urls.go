package toolactors

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/wtagent/wtagent/internal/termtext"
)

// localURL matches URLs of this machine that dev servers print
// ("Local: http://localhost:5173/", "http://127.0.0.1:3000/",
// "Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/)").
var localURL = regexp.MustCompile(`https?://(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[::1?\]|\[::\])(?::\d{1,5})?(?:/[^\s"'<>()\[\]{}]*)?`)

// detectURLs returns the local URLs in one line of cleaned output, with
// wildcard hosts (0.0.0.0, [::]) shown as localhost.
func detectURLs(line string) []string {
	var out []string
	for _, u := range localURL.FindAllString(line, -1) {
		u = strings.TrimRight(u, ".,;:!?'\"")
		u = strings.Replace(u, "://0.0.0.0", "://localhost", 1)
		u = strings.Replace(u, "://[::]", "://localhost", 1)
		out = append(out, u)
	}
	return out
}

// lineScanner turns a stream of chunks into cleaned lines, keeping at
// most maxLine bytes of a partial line.
type lineScanner struct {
	partial []byte
}

const maxScanLine = 8 << 10

// feed adds a chunk and returns the complete lines it finished.
func (s *lineScanner) feed(p []byte) []string {
	var lines []string
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			room := maxScanLine - len(s.partial)
			s.partial = append(s.partial, p[:min(room, len(p))]...)
			if len(s.partial) >= maxScanLine { // flush an overlong line
				lines = append(lines, string(termtext.Clean(s.partial)))
				s.partial = s.partial[:0]
			}
			return lines
		}
		s.partial = append(s.partial, p[:min(i, maxScanLine)]...)
		lines = append(lines, string(termtext.Clean(s.partial)))
		s.partial = s.partial[:0]
		p = p[i+1:]
	}
	return lines
}
