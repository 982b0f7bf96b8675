package session

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestAsyncSpoolKeepsOrderAndData(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	sp, err := s.OpenSpool(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	a := NewAsyncSpool(sp, 4)
	buf := []byte("chunk-00\n")
	for i := 0; i < 100; i++ {
		copy(buf[6:8], []byte{byte('0' + i/10), byte('0' + i%10)})
		if err := a.Write("call_1", "", "stdout", buf); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	sp.Close()
	raw, err := os.ReadFile(s.SpoolPath())
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, l := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
		var c struct{ Chunk string }
		if err := json.Unmarshal(l, &c); err != nil {
			t.Fatalf("spool line %q: %v", l, err)
		}
		got.WriteString(c.Chunk)
	}
	var want strings.Builder
	for i := 0; i < 100; i++ {
		want.WriteString("chunk-" + string([]byte{byte('0' + i/10), byte('0' + i%10)}) + "\n")
	}
	if got.String() != want.String() {
		t.Fatalf("spooled output differs (reused buffer not copied, or out of order):\n%.200s", got.String())
	}
}
