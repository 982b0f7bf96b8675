package boundary

import (
	"errors"
	"testing"
)

// TestCheckWindowsNames: the Windows path rules, by table, on any OS.
func TestCheckWindowsNames(t *testing.T) {
	for _, tc := range []struct {
		path string
		bad  bool
	}{
		{"src/main.go", false},
		{"C:/Users/me/proj/a.txt", false},
		{"c:/x", false},
		{"//server/share/file.txt", false}, // UNC: allowed here, outside the root
		{"console.log", false},
		{"com10.txt", false},
		{"nullable/x", false},
		{"CON", true},
		{"con", true},
		{"docs/nul.txt", true},
		{"Aux.tar.gz", true},
		{"COM1", true},
		{"lpt9.log", true},
		{"COM¹", true},
		{"CONOUT$", true},
		{"NUL ", true},
		{"file.txt:secret", true},
		{"file.txt::$DATA", true},
		{"dir/a:b/c", true},
		{"C:relative.txt", true},
		{"//./PhysicalDrive0", true},
		{"//?/C:/x", true},
		{"GIT~1/hooks/pre-commit", true},
		{"PROGRA~1", true},
		{"docs/README~2.MD", true},
		{"backup~", false},
		{"notes~1.backup", false},
		{"a-very-long~1", false},
		{"~1", false},
	} {
		err := checkWindowsNames(tc.path)
		if got := err != nil; got != tc.bad {
			t.Errorf("%q: %v, want bad=%v", tc.path, err, tc.bad)
		}
		if err != nil && !errors.Is(err, ErrBadPath) {
			t.Errorf("%q: %v is not ErrBadPath", tc.path, err)
		}
	}
}
