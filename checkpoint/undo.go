package checkpoint

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"sort"

	"github.com/wtagent/wtagent/internal/atomicfile"
)

// Step is one file an undo restores: from Expect (the agent's last
// version) to Target (the version before the undone turn). A nil entry is
// a file that does not exist.
type Step struct {
	Path   string
	Expect *Entry
	Target *Entry
}

// Conflict is a file an undo will not touch because the user changed it
// by hand.
type Conflict struct {
	Path   string
	Reason string
}

// ErrNothingToUndo is returned when no change is recorded for the turn.
var ErrNothingToUndo = errors.New("nothing to undo")

// ConflictError is a file that no longer holds what the undo expects.
type ConflictError struct{ Conflict Conflict }

func (e *ConflictError) Error() string { return e.Conflict.Path + ": " + e.Conflict.Reason }

// Conflict reasons.
const (
	reasonSince   = "changed by hand since the agent's last change"
	reasonBetween = "changed by hand between the agent's changes"
)

// Plan works out how to bring the project back to what it was before turn
// n: every file the agent changed from then on goes back to its version
// before the turn, unless the user changed it by hand in the meantime.
func (t *Timeline) Plan(ctx context.Context, s Store, root *os.Root, n int) ([]Step, []Conflict, error) {
	i0 := t.From(n)
	if i0 < 0 {
		return nil, nil, fmt.Errorf("%w: no change recorded in turn %d or later", ErrNothingToUndo, n)
	}
	m := manifests{s: s, ctx: ctx, cache: map[string]Manifest{}}
	base, err := m.get(t.Changes[i0].Before)
	if err != nil {
		return nil, nil, err
	}
	touched, hand := map[string]bool{}, map[string]bool{}
	last, lastSeq := "", int64(-1)
	for i := i0; i < len(t.Changes); i++ {
		c := t.Changes[i]
		if last != "" && last != c.Before && !c.Beside {
			if err := m.mark(hand, last, c.Before); err != nil {
				return nil, nil, err
			}
		}
		end, seq := t.after(i), c.afterSeq
		if end == "" { // died before the after snapshot: the disk is the end
			if end, err = s.Take(ctx); err != nil {
				return nil, nil, err
			}
			seq = math.MaxInt64
		}
		if err := m.mark(touched, c.Before, end); err != nil {
			return nil, nil, err
		}
		if seq >= lastSeq || !c.Beside { // the newest end of changes side by side
			last, lastSeq = end, seq
		}
	}
	latest, err := m.get(last)
	if err != nil {
		return nil, nil, err
	}
	var steps []Step
	var conflicts []Conflict
	for _, p := range sortedKeys(touched) {
		st := Step{Path: p, Target: entry(base, p), Expect: entry(latest, p)}
		if same(st.Target, st.Expect) {
			continue
		}
		disk, err := DiskEntry(s, root, p)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case hand[p]:
			conflicts = append(conflicts, Conflict{Path: p, Reason: reasonBetween})
		case same(disk, st.Expect):
			steps = append(steps, st)
		case same(disk, st.Target):
			// already as it was
		default:
			conflicts = append(conflicts, Conflict{Path: p, Reason: reasonSince})
		}
	}
	return steps, conflicts, nil
}

type manifests struct {
	s     Store
	ctx   context.Context
	cache map[string]Manifest
}

func (m *manifests) get(id string) (Manifest, error) {
	if man, ok := m.cache[id]; ok {
		return man, nil
	}
	man, err := m.s.Manifest(m.ctx, id)
	if err != nil {
		return nil, err
	}
	m.cache[id] = man
	return man, nil
}

// mark adds the paths that differ between snapshots a and b to set.
func (m *manifests) mark(set map[string]bool, a, b string) error {
	ma, err := m.get(a)
	if err != nil {
		return err
	}
	mb, err := m.get(b)
	if err != nil {
		return err
	}
	for _, c := range Compare(ma, mb) {
		set[c.Path] = true
	}
	return nil
}

func entry(m Manifest, p string) *Entry {
	if e, ok := m[p]; ok {
		return &e
	}
	return nil
}

func same(a, b *Entry) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// DiskEntry is a project file's entry now, hashed in the store's scheme;
// nil when it does not exist.
func DiskEntry(s Store, root *os.Root, p string) (*Entry, error) {
	fi, err := root.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := root.Readlink(p)
		if err != nil {
			return nil, err
		}
		return &Entry{Hash: s.Hash([]byte(target)), Kind: KindLink}, nil
	case fi.Mode().IsRegular():
		data, err := root.ReadFile(p)
		if err != nil {
			return nil, err
		}
		kind := KindFile
		if fi.Mode()&0o111 != 0 {
			kind = KindExec
		}
		return &Entry{Hash: s.Hash(data), Kind: kind}, nil
	}
	return &Entry{Kind: Kind(fi.Mode().Type().String())}, nil
}

// Apply restores one file. It is idempotent: a file already at its target
// is left alone, so an undo cut short (kill -9) is finished by applying
// its steps again. A file that holds neither version is a conflict and is
// not touched.
func Apply(ctx context.Context, s Store, root *os.Root, st Step) (changed bool, err error) {
	disk, err := DiskEntry(s, root, st.Path)
	if err != nil {
		return false, err
	}
	if same(disk, st.Target) {
		return false, nil
	}
	if !same(disk, st.Expect) {
		return false, &ConflictError{Conflict{Path: st.Path, Reason: reasonSince}}
	}
	if st.Target == nil {
		if err := root.Remove(st.Path); err != nil {
			return false, err
		}
		removeEmptyParents(root, st.Path)
		return true, syncParent(root, st.Path)
	}
	data, err := s.Blob(ctx, st.Target.Hash)
	if err != nil {
		return false, err
	}
	if dir := path.Dir(st.Path); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return false, err
		}
	}
	return true, replace(root, st.Path, data, st.Target.Kind)
}

// replace puts data at p through a temporary file and a rename
// (atomicfile.InRoot for files), so p holds either its old or its new
// content, never a part.
func replace(root *os.Root, p string, data []byte, kind Kind) error {
	if kind == KindLink {
		var b [6]byte
		_, _ = rand.Read(b[:])
		tmp := path.Join(path.Dir(p), ".wtagent-undo-"+hex.EncodeToString(b[:]))
		if err := root.Symlink(string(data), tmp); err != nil {
			return err
		}
		if err := root.Rename(tmp, p); err != nil {
			return err
		}
		return atomicfile.SyncDir(root, path.Dir(p))
	}
	mode := os.FileMode(0o644)
	if kind == KindExec {
		mode = 0o755
	}
	_, err := atomicfile.InRoot{Root: root, Perm: mode, TempPattern: ".wtagent-undo-*"}.WriteFile(p, data)
	return err
}

// syncParent fsyncs the nearest directory above p that still exists, so a
// removal is on disk before undo.completed is.
func syncParent(root *os.Root, p string) error {
	d := path.Dir(p)
	for d != "." {
		if _, err := root.Stat(d); err == nil {
			break
		}
		d = path.Dir(d)
	}
	return atomicfile.SyncDir(root, d)
}

// removeEmptyParents removes the directories above p that are left empty.
func removeEmptyParents(root *os.Root, p string) {
	for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
		if root.Remove(d) != nil {
			return
		}
	}
}
