package tools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/wtagent/wtagent/internal/owntemp"
)

// rgText is ripgrep's JSON string: text when valid UTF-8, else base64
// bytes.
type rgText struct {
	Text  *string `json:"text"`
	Bytes string  `json:"bytes"`
}

func (t rgText) raw() []byte {
	if t.Text != nil {
		return []byte(*t.Text)
	}
	b, _ := base64.StdEncoding.DecodeString(t.Bytes)
	return b
}

type rgMessage struct {
	Type string `json:"type"`
	Data struct {
		Path       rgText `json:"path"`
		Lines      rgText `json:"lines"`
		LineNumber int    `json:"line_number"`
	} `json:"data"`
}

// maxRgLine bounds one line of rg's JSON output that is decoded.
const maxRgLine = 16 << 20

// searchRipgrep runs rg over the boundary's directory with the same rules
// as the Go engine: sorted walk, .gitignore from the project root down
// only (parents of the root and global excludes never apply), hidden files
// skipped. rg's --max-count is per file, so the total cap is enforced here
// and rg is stopped as soon as it is reached.
func searchRipgrep(parent context.Context, rg string, c call, t target, q *searchQuery) ([]SearchHit, error) {
	args := []string{"--json", "--sort", "path", "--no-config", "--no-messages",
		"--no-require-git", "--no-ignore-parent", "--no-ignore-global", "--no-ignore-dot",
		"--max-count", fmt.Sprint(q.max + 1)}
	if q.literal {
		args = append(args, "--fixed-strings")
	}
	if q.fold {
		args = append(args, "--ignore-case")
	}
	if q.glob != nil && q.glob.basename {
		// -g overrides ignore rules in rg, so hits are re-checked below.
		args = append(args, "--glob", strings.TrimPrefix(q.glob.src, "/"))
	}
	recheck := q.glob != nil || q.dir != "."
	if q.dir != "." {
		rules := ripgrepRules(ancestorStack(t.root, parentDir(q.dir)))
		if len(rules) > 0 {
			f, err := owntemp.CreateTemp("rgignore-*")
			if err != nil {
				return nil, err
			}
			defer os.Remove(f.Name())
			_, err = f.Write(rules)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return nil, err
			}
			args = append(args, "--ignore-file", f.Name())
		}
	}
	args = append(args, "--regexp", q.pattern)
	if q.dir != "." {
		args = append(args, "--", q.dir)
	}
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	cmd := exec.CommandContext(ctx, rg, args...)
	cmd.Dir = c.d.Paths.Dir()
	cmd.Env = append(os.Environ(), "RIPGREP_CONFIG_PATH=")
	var stderr bytes.Buffer
	cmd.Stderr = &limitedWriter{w: &stderr, n: 4096}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start rg: %w", err)
	}
	var checker *ignoreChecker
	if recheck {
		checker = newIgnoreChecker(t.root, true)
	}
	hits, readErr := readRgHits(bufio.NewReaderSize(out, 256<<10), q, checker)
	cancel() // stop rg once enough hits are in
	_, _ = io.Copy(io.Discard, out)
	waitErr := cmd.Wait()
	if err := ctxErr(parent); err != nil {
		return nil, err
	}
	if readErr != nil {
		return nil, readErr
	}
	var exit *exec.ExitError
	if len(hits) <= q.max && errors.As(waitErr, &exit) && exit.ExitCode() == 2 && len(hits) == 0 && stderr.Len() > 0 {
		return nil, fmt.Errorf("rg: %s", strings.TrimSpace(stderr.String()))
	}
	return hits, nil
}

// readRgHits decodes match messages until q.max+1 hits are in.
func readRgHits(r *bufio.Reader, q *searchQuery, checker *ignoreChecker) ([]SearchHit, error) {
	var hits []SearchHit
	for len(hits) <= q.max {
		line, err := readJSONLine(r)
		if len(line) > 0 && bytes.Contains(line[:min(len(line), 32)], []byte(`"type":"match"`)) {
			var m rgMessage
			if jerr := json.Unmarshal(line, &m); jerr == nil {
				path := strings.TrimPrefix(string(m.Data.Path.raw()), "./")
				if (checker == nil || !checker.ignored(path, false)) && q.globOK(path) && !q.hides(path) {
					hits = append(hits, SearchHit{Path: path, Line: m.Data.LineNumber, Text: q.hitText(m.Data.Lines.raw())})
				}
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return hits, nil
			}
			return hits, err
		}
	}
	return hits, nil
}

// readJSONLine reads one line; a line over maxRgLine is skipped.
func readJSONLine(r *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) <= maxRgLine {
			buf = append(buf, chunk...)
		} else {
			buf = buf[:0:0]
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, err
		}
	}
}

// limitedWriter keeps at most n bytes.
type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(len(p), l.n)
		_, _ = l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}
