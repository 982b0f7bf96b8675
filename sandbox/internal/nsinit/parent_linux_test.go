package nsinit

import (
	"os"
	"testing"
)

// TestReaderGone: a status pipe whose reader is open is not gone; once
// the reader is closed (wtagent died), it is.
func TestReaderGone(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if readerGone(int(w.Fd())) {
		t.Fatal("a pipe with its reader open counts as gone")
	}
	r.Close()
	if !readerGone(int(w.Fd())) {
		t.Fatal("a pipe whose reader is closed does not count as gone")
	}
}
