package tools

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// binarySniff is how far into a file a NUL byte makes it binary (as
// ripgrep's first read buffer).
const binarySniff = 64 << 10

// wholeFileMax is the largest file read at once; bigger ones stream.
const wholeFileMax = 8 << 20

// searchGo is the pure-Go engine: a sorted depth-first walk with a stack
// of .gitignore files, files searched by a few workers and collected in
// walk order, stopping once q.max+1 hits are in. Each directory is opened
// once (as a sub-root) and its files by name within it, so a file costs
// one openat instead of one per path component.
func searchGo(parent context.Context, c call, t target, q *searchQuery) ([]SearchHit, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	type job struct {
		dir  *dirHandle
		name string
		rel  string
		out  chan []SearchHit
	}
	workers := max(2*runtime.GOMAXPROCS(0), 4)
	jobs := make(chan job, workers*8)
	order := make(chan chan []SearchHit, workers*8)
	var walkErr error
	go func() {
		defer close(jobs)
		defer close(order)
		walkErr = walkDirs(ctx, t.root, q.dir, ancestorStack(t.root, q.dir), func(d *dirHandle, name, rel string) bool {
			if !q.globOK(rel) || q.hides(rel) {
				return true
			}
			j := job{dir: d, name: name, rel: rel, out: make(chan []SearchHit, 1)}
			select {
			case order <- j.out:
			case <-ctx.Done():
				return false
			}
			d.acquire()
			select {
			case jobs <- j:
			case <-ctx.Done():
				d.release()
				return false
			}
			return true
		})
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				j.out <- searchFile(ctx, j.dir.root, j.name, j.rel, q)
				j.dir.release()
			}
		}()
	}
	var hits []SearchHit
	for out := range order {
		var got []SearchHit
		select {
		case got = <-out:
		case <-ctx.Done():
		}
		hits = append(hits, got...)
		if len(hits) > q.max {
			hits = hits[:q.max+1]
			break
		}
		if ctx.Err() != nil {
			break
		}
	}
	cancel()
	for range order { // let the walker finish
	}
	wg.Wait()
	if err := ctxErr(parent); err != nil {
		return nil, err
	}
	if walkErr != nil && !errors.Is(walkErr, context.Canceled) {
		return nil, walkErr
	}
	return hits, nil
}

// dirHandle is a directory opened as a root, closed when the walk has
// left it and the last file job in it is done.
type dirHandle struct {
	root *os.Root
	refs atomic.Int64
}

func (d *dirHandle) acquire() { d.refs.Add(1) }

func (d *dirHandle) release() {
	if d.refs.Add(-1) == 0 {
		_ = d.root.Close()
	}
}

// walkDirs calls visit for each searchable file below dir, depth first,
// entries sorted by name, skipping hidden entries, symlinks and ignored
// paths; visit returns false to stop. visit may keep the directory handle
// past its return by acquiring it.
func walkDirs(ctx context.Context, root *os.Root, dir string, stack ignoreStack, visit func(d *dirHandle, name, rel string) bool) error {
	sub, err := root.OpenRoot(dir)
	if err != nil {
		if dir == "." {
			return err
		}
		return nil // unreadable subdirectory: skipped, as rg does
	}
	d := &dirHandle{root: sub}
	d.acquire()
	defer d.release()
	entries, err := fs.ReadDir(sub.FS(), ".")
	if err != nil {
		if dir == "." {
			return err
		}
		return nil
	}
	for _, e := range entries {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		rel := join(dir, name)
		switch typ := e.Type(); {
		case typ.IsDir():
			if stack.ignored(rel, true) {
				continue
			}
			if err := walkDirs(ctx, root, rel, stack.push(loadIgnore(root, rel)), visit); err != nil {
				return err
			}
		case typ.IsRegular():
			if stack.ignored(rel, false) {
				continue
			}
			if !visit(d, name, rel) {
				return context.Canceled
			}
		}
	}
	return nil
}

// searchFile returns the first q.max+1 hits of the file name in dir.
func searchFile(ctx context.Context, dir *os.Root, name, rel string, q *searchQuery) []SearchHit {
	if ctx.Err() != nil {
		return nil
	}
	f, err := dir.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	if st.Size() <= wholeFileMax {
		data, err := io.ReadAll(f)
		if err != nil {
			return nil
		}
		return searchBytes(rel, data, q)
	}
	return searchStream(ctx, rel, bufio.NewReaderSize(f, binarySniff), q)
}

// searchBytes searches a whole file held in memory.
func searchBytes(rel string, data []byte, q *searchQuery) []SearchHit {
	if bytes.IndexByte(data[:min(len(data), binarySniff)], 0) >= 0 {
		return nil
	}
	if nul := bytes.IndexByte(data, 0); nul >= 0 {
		data = data[:nul] // binary past the first buffer: stop there, like rg
		if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
			data = data[:i+1]
		} else {
			data = nil
		}
	}
	switch {
	case q.needle != nil:
		return literalHits(rel, data, q.needle, nil, q)
	case q.prefix != nil:
		return literalHits(rel, data, q.prefix, q.re, q)
	}
	if q.multi != nil && !q.multi.Match(data) {
		return nil
	}
	var hits []SearchHit
	line := 0
	for len(data) > 0 {
		line++
		end := bytes.IndexByte(data, '\n') + 1
		if end == 0 {
			end = len(data)
		}
		text := data[:end]
		data = data[end:]
		if q.re.Match(trimEOL(text)) {
			hits = append(hits, SearchHit{Path: rel, Line: line, Text: q.hitText(text)})
			if len(hits) > q.max {
				break
			}
		}
	}
	return hits
}

// literalHits finds the lines of data that hold lit (and, when re is set,
// match it), with the first q.max+1 of them. bytes.Index skips the lines
// without the literal at memory speed; line numbers are counted only up to
// each hit.
func literalHits(rel string, data, lit []byte, re *regexp.Regexp, q *searchQuery) []SearchHit {
	var hits []SearchHit
	line, counted, pos := 1, 0, 0
	for pos < len(data) {
		i := bytes.Index(data[pos:], lit)
		if i < 0 {
			break
		}
		at := pos + i
		start := bytes.LastIndexByte(data[:at], '\n') + 1
		end := len(data)
		if j := bytes.IndexByte(data[at:], '\n'); j >= 0 {
			end = at + j + 1
		}
		line += bytes.Count(data[counted:start], []byte{'\n'})
		counted = start
		text := data[start:end]
		if re == nil || re.Match(trimEOL(text)) {
			hits = append(hits, SearchHit{Path: rel, Line: line, Text: q.hitText(text)})
			if len(hits) > q.max {
				break
			}
		}
		pos = end
	}
	return hits
}

// searchStream searches a big file line by line (lines over 4 MiB are
// matched on their first 4 MiB).
func searchStream(ctx context.Context, rel string, r *bufio.Reader, q *searchQuery) []SearchHit {
	if head, _ := r.Peek(binarySniff); bytes.IndexByte(head, 0) >= 0 {
		return nil
	}
	var hits []SearchHit
	for line := 1; ; line++ {
		if line%65536 == 0 && ctx.Err() != nil {
			return hits
		}
		text, n, err := readLine(r, 4<<20)
		if n == 0 {
			return hits
		}
		if strings.IndexByte(text, 0) >= 0 {
			return hits
		}
		if q.re.MatchString(string(trimEOL([]byte(text)))) {
			hits = append(hits, SearchHit{Path: rel, Line: line, Text: q.hitText([]byte(text))})
			if len(hits) > q.max {
				return hits
			}
		}
		if err != nil {
			return hits
		}
	}
}
