package doctor

import (
	"os"
	"testing"
)

// TestOthersMayRead: a group- or world-readable data directory warns on
// Unix; on Windows, where every directory reports 0777, it never does.
func TestOthersMayRead(t *testing.T) {
	for _, tc := range []struct {
		goos string
		mode os.FileMode
		want bool
	}{
		{"linux", os.ModeDir | 0o700, false},
		{"linux", os.ModeDir | 0o750, true},
		{"darwin", os.ModeDir | 0o755, true},
		{"windows", os.ModeDir | 0o777, false},
	} {
		if got := othersMayRead(tc.goos, tc.mode); got != tc.want {
			t.Errorf("othersMayRead(%s, %v) = %v, want %v", tc.goos, tc.mode, got, tc.want)
		}
	}
}
