package session

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// testHome returns a fresh data root.
func testHome(t *testing.T) Home {
	t.Helper()
	h, err := NewHome(filepath.Join(t.TempDir(), "wt"))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// newSession creates a session and closes it at cleanup.
func newSession(t *testing.T, h Home, meta Meta) *Session {
	t.Helper()
	s, err := Create(h, meta)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// checkMode asserts a file's permission bits.
func checkMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	if runtime.GOOS == "windows" {
		return
	}
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != want {
		t.Errorf("%s: mode %o, want %o", filepath.Base(path), fi.Mode().Perm(), want)
	}
}

func TestCreateOpen(t *testing.T) {
	h := testHome(t)
	created := time.Date(2025, 3, 1, 10, 15, 0, 0, time.UTC)
	s := newSession(t, h, Meta{Root: "/p", Task: "do it", Provider: "script", PID: 7, Created: created,
		Limits: map[string]int{"turns": 40}, AgentVersion: "0.1.0"})
	if err := ValidateID(s.ID()); err != nil || s.ID()[:15] != "20250301-101500" {
		t.Fatalf("id %q: %v", s.ID(), err)
	}
	if s.Dir() != filepath.Join(h.SessionsDir(), s.ID()) {
		t.Fatalf("Dir = %q", s.Dir())
	}
	checkMode(t, s.Dir(), 0o700)
	checkMode(t, s.StatePath(), 0o600)

	o, err := Open(h, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	st, err := o.LoadState()
	if err != nil {
		t.Fatal(err)
	}
	if st.ID != s.ID() || st.Root != "/p" || st.Task != "do it" || st.PID != 7 || st.Limits["turns"] != 40 ||
		!st.Created.Equal(created) || st.Phase != event.PhaseInitializing || st.Version != StateVersion {
		t.Fatalf("state %+v", st)
	}

	// Every other file is created 0600, the diagnostics dir 0700.
	l, err := o.OpenLog()
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	sp, err := o.OpenSpool(0)
	if err != nil {
		t.Fatal(err)
	}
	sp.Close()
	r, err := o.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	lf, err := o.OpenLogFile()
	if err != nil {
		t.Fatal(err)
	}
	lf.Close()
	diag, err := o.DiagnosticsDir()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{o.EventsPath(), o.SpoolPath(), r.Path(), o.LogPath()} {
		checkMode(t, p, 0o600)
	}
	checkMode(t, diag, 0o700)
}

func TestCreateExplicitID(t *testing.T) {
	h := testHome(t)
	newSession(t, h, Meta{ID: fixtureID})
	if _, err := Create(h, Meta{ID: fixtureID}); !errors.Is(err, ErrExists) {
		t.Fatalf("second Create err = %v, want ErrExists", err)
	}
	if _, err := Create(h, Meta{ID: "../escape"}); !errors.Is(err, ErrBadID) {
		t.Fatalf("Create(../escape) err = %v, want ErrBadID", err)
	}
	if _, err := os.Stat(filepath.Join(h.Dir(), "escape")); !os.IsNotExist(err) {
		t.Fatal("a bad id made a directory")
	}
}

func TestOpenRefuses(t *testing.T) {
	h := testHome(t)
	s := newSession(t, h, Meta{})
	for _, id := range []string{"", "../x", "../../etc/passwd", "20250301-101500-0a1b2c3d/../x", string(make([]byte, 300))} {
		if _, err := Open(h, id); !errors.Is(err, ErrBadID) {
			t.Errorf("Open(%q) err = %v, want ErrBadID", id, err)
		}
	}
	if _, err := Open(h, "20000101-000000-00000000"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(unknown) err = %v, want ErrNotFound", err)
	}
	if _, err := Open(testHome(t), s.ID()); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open in an empty home err = %v, want ErrNotFound", err)
	}
	// A directory without session.json is not a session.
	if err := os.Mkdir(filepath.Join(h.SessionsDir(), "20000101-000000-00000001"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(h, "20000101-000000-00000001"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open(empty dir) err = %v, want ErrNotFound", err)
	}
}

func TestOpenRefusesSymlinkedSessionDir(t *testing.T) {
	h := testHome(t)
	real := newSession(t, h, Meta{ID: fixtureID})
	// sessions/<other id> → the real session, and → a directory outside.
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, StateFileName), []byte(`{"id":"20000101-000000-00000002"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{"20000101-000000-00000001": real.Dir(), "20000101-000000-00000002": outside}
	for id, target := range links {
		if err := os.Symlink(target, filepath.Join(h.SessionsDir(), id)); err != nil {
			t.Skip("no symlinks:", err)
		}
		if _, err := Open(h, id); !errors.Is(err, ErrSymlink) {
			t.Errorf("Open(symlink to %s) err = %v, want ErrSymlink", target, err)
		}
	}
	list, err := List(h)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, s := range list {
		if s.Err != nil {
			if !errors.Is(s.Err, ErrSymlink) {
				t.Errorf("%s: Err %v, want ErrSymlink", s.ID, s.Err)
			}
			bad++
		}
	}
	if len(list) != 3 || bad != 2 {
		t.Fatalf("List = %d sessions, %d refused; want 3, 2", len(list), bad)
	}
}

func TestSymlinkedFilesRefused(t *testing.T) {
	h := testHome(t)
	s := newSession(t, h, Meta{})
	target := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{EventsFileName, SpoolFileName} {
		if err := os.Symlink(target, filepath.Join(s.Dir(), name)); err != nil {
			t.Skip("no symlinks:", err)
		}
	}
	if _, err := s.OpenLog(); !errors.Is(err, ErrSymlink) {
		t.Errorf("OpenLog err = %v, want ErrSymlink", err)
	}
	if _, err := s.OpenSpool(0); !errors.Is(err, ErrSymlink) {
		t.Errorf("OpenSpool err = %v, want ErrSymlink", err)
	}
	if _, _, err := ReadEvents(s.EventsPath()); !errors.Is(err, ErrSymlink) {
		t.Errorf("ReadEvents err = %v, want ErrSymlink", err)
	}
	// session.json replaced by a symlink: loads and saves refuse it.
	if err := os.Remove(s.StatePath()); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, s.StatePath()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadState(); !errors.Is(err, ErrSymlink) {
		t.Errorf("LoadState err = %v, want ErrSymlink", err)
	}
	if err := s.SaveState(State{}); !errors.Is(err, ErrSymlink) {
		t.Errorf("SaveState err = %v, want ErrSymlink", err)
	}
	if fi, _ := os.Stat(target); fi.Size() != 0 {
		t.Fatal("the symlink target was written")
	}
}

func TestList(t *testing.T) {
	h := testHome(t)
	if list, err := List(h); err != nil || len(list) != 0 {
		t.Fatalf("List of a missing home = %v, %v", list, err)
	}
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	var ids []string
	for i := range 3 {
		s := newSession(t, h, Meta{Root: "/p", Task: "task", Created: base.Add(time.Duration(i) * time.Hour)})
		s.now = func() time.Time { return base.Add(time.Duration(10-i) * time.Hour) }
		if err := s.UpdateState(func(st *State) error {
			st.Turn, st.Phase, st.PID = i+1, event.PhaseWaitingModel, 100+i
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID())
	}
	// Corrupt the newest-created one's session.json; add a stray entry.
	if err := os.WriteFile(filepath.Join(h.SessionsDir(), ids[2], StateFileName), []byte(`{"id": tru`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(h.SessionsDir(), "notes.txt"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	list, err := List(h)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 {
		t.Fatalf("List = %d entries, want 3", len(list))
	}
	// Session 0 was updated last (10h), then 1 (9h); the corrupt one has
	// only its file times.
	if list[0].ID != ids[2] || !errors.Is(list[0].Err, ErrCorrupt) {
		t.Errorf("corrupt entry = %+v", list[0])
	}
	if list[1].ID != ids[0] || list[1].Turns != 1 || list[1].PID != 100 || list[1].Phase != event.PhaseWaitingModel ||
		list[1].Task != "task" || !list[1].LastActivity.Equal(base.Add(10*time.Hour)) || list[1].Err != nil {
		t.Errorf("list[1] = %+v", list[1])
	}
	if list[2].ID != ids[1] || list[2].Turns != 2 {
		t.Errorf("list[2] = %+v", list[2])
	}
}

// TestCreateAgent: a sub-agent's session is a session directory of its
// own under the main session's agents/, with its state file.
func TestCreateAgent(t *testing.T) {
	h, err := NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	main, err := Create(h, Meta{Root: "/p", Task: "main"})
	if err != nil {
		t.Fatal(err)
	}
	defer main.Close()
	var dirs []string
	for range 2 {
		a, err := main.CreateAgent(Meta{Root: "/p", Task: "explore alpha"})
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(a.Dir()) != filepath.Join(main.Dir(), AgentsDirName) {
			t.Fatalf("sub-agent dir %s is not under %s", a.Dir(), main.Dir())
		}
		st, err := a.LoadState()
		if err != nil || st.Task != "explore alpha" || st.ID != a.ID() {
			t.Fatalf("state %+v, %v", st, err)
		}
		dirs = append(dirs, a.Dir())
		a.Close()
	}
	if dirs[0] == dirs[1] {
		t.Fatalf("two sub-agents share %s", dirs[0])
	}
}
