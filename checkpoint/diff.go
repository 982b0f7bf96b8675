package checkpoint

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff"
)

// FileChange is one path whose entry differs between two manifests; a nil
// side means the file did not exist.
type FileChange struct {
	Path          string
	Before, After *Entry
}

// Compare lists the paths that differ between two manifests, sorted.
func Compare(a, b Manifest) []FileChange {
	var out []FileChange
	for _, p := range union(a, b) {
		ea, inA := a[p]
		eb, inB := b[p]
		if inA && inB && ea == eb {
			continue
		}
		fc := FileChange{Path: p}
		if inA {
			fc.Before = &ea
		}
		if inB {
			fc.After = &eb
		}
		out = append(out, fc)
	}
	return out
}

// ChangedPaths lists the paths that differ between two snapshots of s,
// sorted.
func ChangedPaths(ctx context.Context, s Store, before, after string) ([]string, error) {
	a, err := s.Manifest(ctx, before)
	if err != nil {
		return nil, err
	}
	b, err := s.Manifest(ctx, after)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, fc := range Compare(a, b) {
		out = append(out, fc.Path)
	}
	return out, nil
}

func union(a, b Manifest) []string {
	m := Manifest{}
	for p, e := range a {
		m[p] = e
	}
	for p, e := range b {
		m[p] = e
	}
	return m.Paths()
}

// WriteDiff writes changes as a unified diff, reading contents from s.
func WriteDiff(ctx context.Context, w io.Writer, s Store, changes []FileChange) error {
	for _, c := range changes {
		old, err := content(ctx, s, c.Before)
		if err != nil {
			return err
		}
		cur, err := content(ctx, s, c.After)
		if err != nil {
			return err
		}
		from, to := "a/"+c.Path, "b/"+c.Path
		if c.Before == nil {
			from = "/dev/null"
		}
		if c.After == nil {
			to = "/dev/null"
		}
		if binary(old) || binary(cur) {
			fmt.Fprintf(w, "--- %s\n+++ %s\nBinary files differ\n", from, to)
			continue
		}
		d := udiff.Unified(from, to, old, cur)
		if d == "" { // only the kind changed
			fmt.Fprintf(w, "--- %s\n+++ %s\n", from, to)
		}
		io.WriteString(w, d)
		if c.Before != nil && c.After != nil && c.Before.Kind != c.After.Kind {
			fmt.Fprintf(w, "(%s is now a %s, was a %s)\n", c.Path, c.After.Kind, c.Before.Kind)
		}
	}
	return nil
}

func content(ctx context.Context, s Store, e *Entry) (string, error) {
	if e == nil {
		return "", nil
	}
	b, err := s.Blob(ctx, e.Hash)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

func binary(s string) bool {
	return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s)
}
