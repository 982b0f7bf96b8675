package tools

import (
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenDir holds the golden diffs.
const goldenDir = "../../testdata/toolactors/diff"

func TestUnifiedDiffGolden(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"one-line-change", "a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nD\ne\nf\ng\nh\n"},
		{"two-hunks", strings.Repeat("x\n", 3) + "old1\n" + strings.Repeat("y\n", 10) + "old2\n" + strings.Repeat("z\n", 3),
			strings.Repeat("x\n", 3) + "new1\n" + strings.Repeat("y\n", 10) + "new2\n" + strings.Repeat("z\n", 3)},
		{"insert-at-start", "b\nc\n", "a\nb\nc\n"},
		{"delete-at-end", "a\nb\nc\n", "a\nb\n"},
		{"no-newline-at-end", "a\nb", "a\nc"},
		{"add-newline-at-end", "a\nb", "a\nb\n"},
		{"empty-to-content", "", "new\nfile\n"},
		{"content-to-empty", "gone\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := unifiedDiff("f.txt", tc.a, tc.b, false)
			path := filepath.Join(goldenDir, tc.name+".diff")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("diff:\n%s\nwant:\n%s", got, want)
			}
			checkApplies(t, tc.a, tc.b, got)
		})
	}
}

// TestUnifiedDiffApplies makes random edits and checks with git apply
// that each diff turns the old text into the new one.
func TestUnifiedDiffApplies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 40; i++ {
		var a []string
		for j := 0; j < 5+rng.IntN(60); j++ {
			a = append(a, "line "+itoa(rng.IntN(12))+"\n")
		}
		b := append([]string(nil), a...)
		for k := 0; k < 1+rng.IntN(6); k++ {
			switch p := rng.IntN(len(b) + 1); rng.IntN(3) {
			case 0:
				b = append(b[:p], append([]string{"inserted " + itoa(k) + "\n"}, b[p:]...)...)
			case 1:
				if p < len(b) {
					b = append(b[:p], b[p+1:]...)
				}
			default:
				if p < len(b) {
					b[p] = "changed " + itoa(k) + "\n"
				}
			}
		}
		as, bs := strings.Join(a, ""), strings.Join(b, "")
		checkApplies(t, as, bs, unifiedDiff("f.txt", as, bs, false))
	}
}

// checkApplies applies diff to a with git apply and compares with b.
func checkApplies(t *testing.T, a, b, diff string) {
	t.Helper()
	if diff == "" {
		if a != b {
			t.Fatal("empty diff for different texts")
		}
		return
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.diff"), []byte(diff), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "apply", "--unidiff-zero", "p.diff")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v %s\n%s", err, out, diff)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "f.txt"))
	if string(got) != b {
		t.Fatalf("applied diff gives %q, want %q\n%s", got, b, diff)
	}
}
