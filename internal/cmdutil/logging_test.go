package cmdutil

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestNewLogger: stderr gets records from its level up, the session log
// gets everything; attributes added with With reach both.
func TestNewLogger(t *testing.T) {
	var stderr, file bytes.Buffer
	l, err := NewLogger(&stderr, "warn", &file)
	if err != nil {
		t.Fatal(err)
	}
	l = l.With("session", "s1")
	l.Debug("chatty detail")
	l.Warn("something odd", "n", 3)
	if strings.Contains(stderr.String(), "chatty detail") || !strings.Contains(stderr.String(), "something odd") || !strings.Contains(stderr.String(), "session=s1") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
	for _, want := range []string{"chatty detail", "something odd", "session=s1", "n=3"} {
		if !strings.Contains(file.String(), want) {
			t.Errorf("the session log lacks %q:\n%s", want, file.String())
		}
	}
	// Without a file only stderr is written.
	stderr.Reset()
	l, _ = NewLogger(&stderr, "debug", nil)
	l.Debug("hello")
	if !strings.Contains(stderr.String(), "hello") {
		t.Errorf("stderr at debug: %q", stderr.String())
	}
	var fe *FlagError
	if _, err := NewLogger(&stderr, "loud", nil); !errors.As(err, &fe) {
		t.Errorf("bad level: %v", err)
	}
}
