package checkpoint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestChangedPaths: the paths that differ between two snapshots — a file
// changed, one created, one removed — sorted; an unknown snapshot is an
// error.
func TestChangedPaths(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, root := newProject(t, kind)
			put(t, root, "same.txt", "same\n", 0o644)
			put(t, root, "edit.txt", "old\n", 0o644)
			put(t, root, "gone.txt", "bye\n", 0o644)
			before := take(t, s)
			put(t, root, "edit.txt", "new\n", 0o644)
			put(t, root, "sub/new.txt", "hi\n", 0o644)
			if err := os.Remove(filepath.Join(root, "gone.txt")); err != nil {
				t.Fatal(err)
			}
			after := take(t, s)
			got, err := ChangedPaths(t.Context(), s, before, after)
			if want := []string{"edit.txt", "gone.txt", "sub/new.txt"}; err != nil || !slices.Equal(got, want) {
				t.Fatalf("ChangedPaths = %q, %v; want %q", got, err, want)
			}
			if got, err := ChangedPaths(t.Context(), s, after, after); err != nil || len(got) != 0 {
				t.Fatalf("ChangedPaths of a snapshot with itself = %q, %v", got, err)
			}
			if _, err := ChangedPaths(t.Context(), s, "no-such-snapshot", after); err == nil {
				t.Fatal("ChangedPaths from an unknown snapshot: no error")
			}
		})
	}
}
