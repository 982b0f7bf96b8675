package sandbox

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestTrueCase spells paths as the directories list them (what macOS's
// case- and normalisation-ignoring file systems need before Seatbelt
// compares paths): "Café" stored in NFD is found typed in NFC.
func TestTrueCase(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	café, caféNFD := "Café", norm.NFD.String("Café")
	for _, d := range []string{"My Proj/.Git/Hooks", "exact/a", "Exact/b", caféNFD + "/x", "both/" + café, "both/" + caféNFD} {
		if err := os.MkdirAll(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"my proj/.git/hooks", "My Proj/.Git/Hooks"},
		{"MY PROJ/.GIT/hooks/pre-commit", "My Proj/.Git/Hooks/pre-commit"},
		{"my proj/new dir/x", "My Proj/new dir/x"},
		{"exact/a", "exact/a"},
		{"Exact/b", "Exact/b"},
		{"nowhere/x", "nowhere/x"},
		{café + "/x", caféNFD + "/x"},
		{"CAFÉ/X/new", caféNFD + "/x/new"},
		{caféNFD + "/x", caféNFD + "/x"},
		{"both/" + café, "both/" + café},
		{"both/" + caféNFD, "both/" + caféNFD},
	} {
		if got, want := trueCase(filepath.Join(base, c.in)), filepath.Join(base, c.want); got != want {
			t.Errorf("trueCase(%q) = %q, want %q", c.in, got, want)
		}
	}
	if got := trueCase("relative/x"); got != "relative/x" {
		t.Errorf("a relative path changed: %q", got)
	}
}
