package session

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestValidateID(t *testing.T) {
	good := []string{fixtureID, "19991231-235959-ffffffff", "20240229-000000-00000000"}
	for _, id := range good {
		if err := ValidateID(id); err != nil {
			t.Errorf("ValidateID(%q) = %v", id, err)
		}
	}
	bad := []string{"", "../x", "..", "/etc/passwd", "20250301-101500-0a1b2c3d/..", "20250301-101500-0A1B2C3D",
		"20250301-101500-0a1b2c3", "20250301-101500-0a1b2c3d0", "20251301-101500-0a1b2c3d", "20250230-101500-0a1b2c3d",
		"20250301-246000-0a1b2c3d", "20250301_101500_0a1b2c3d", " 20250301-101500-0a1b2c3d", "20250301-101500-0a1b2c3d\n",
		strings.Repeat("a", 4096), "session_20250301101500_0a1b2c3d", "20250301-101500-0a1b2c3\x00"}
	for _, id := range bad {
		if err := ValidateID(id); !errors.Is(err, ErrBadID) {
			t.Errorf("ValidateID(%q) = %v, want ErrBadID", id, err)
		}
	}
}

func TestNewID(t *testing.T) {
	at := time.Date(2025, 3, 1, 11, 15, 0, 0, time.FixedZone("CET", 3600))
	id, err := NewID(at, bytes.NewReader([]byte{0x0a, 0x1b, 0x2c, 0x3d}))
	if err != nil {
		t.Fatal(err)
	}
	if id != fixtureID {
		t.Fatalf("NewID = %q, want %q (UTC time)", id, fixtureID)
	}
	got, err := IDTime(id)
	if err != nil || !got.Equal(at) {
		t.Fatalf("IDTime = %v, %v", got, err)
	}
	if _, err := NewID(at, bytes.NewReader(nil)); err == nil {
		t.Fatal("NewID with no randomness succeeded")
	}
	a, _ := NewID(at, nil)
	b, _ := NewID(at, nil)
	if a == b || ValidateID(a) != nil {
		t.Fatalf("random ids %q %q", a, b)
	}
}

func FuzzValidateID(f *testing.F) {
	for _, s := range []string{fixtureID, "../x", "", "20250230-101500-0a1b2c3d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		if ValidateID(id) != nil {
			return
		}
		if len(id) != 24 || strings.ContainsAny(id, "/\\.\x00") {
			t.Fatalf("accepted unsafe id %q", id)
		}
		if _, err := IDTime(id); err != nil {
			t.Fatalf("valid id %q has no time: %v", id, err)
		}
	})
}
