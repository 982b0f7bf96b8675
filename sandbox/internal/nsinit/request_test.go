package nsinit

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestRequestRoundTrip: a request encoded and framed as wtagent sends it
// reads back the same on the spare's side; what cannot travel is refused.
func TestRequestRoundTrip(t *testing.T) {
	big := strings.Repeat("x", 3*FrameSize)
	for _, r := range []Request{
		{Path: "/bin/sh", Argv: []string{"sh", "-c", "echo 'a b' \\ \"c\""}, Dir: "/p", Env: []string{"A=1", "B="}, Files: 3},
		{Path: "./x", Argv: []string{"x", ""}, Setsid: true, Setctty: true, Ctty: 0, Files: 5},
		{Path: "/bin/true", Argv: []string{"true"}, Env: []string{"BIG=" + big}, Setsid: true, Files: 1},
		{Path: "/bin/true"},
	} {
		b, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		frames, err := Frames(b)
		if err != nil {
			t.Fatal(err)
		}
		n, err := frameLength(frames[0])
		var got []byte
		for _, f := range frames {
			if len(f) > FrameSize {
				t.Errorf("a frame of %d bytes", len(f))
			}
			got = append(got, f...)
		}
		if err != nil || n != len(b) || len(got) != n+4 {
			t.Fatalf("length %d (%v), want %d; %d bytes framed", n, err, len(b), len(got))
		}
		back, err := decodeRequest(got[4:])
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Errorf("decode(encode(%+v)) = %+v, %v", r, back, err)
		}
	}
	if _, err := (Request{Path: "/bin/true", Argv: []string{"a\x00b"}}).Encode(); !errors.Is(err, errRequest) {
		t.Errorf("a NUL in an argument: %v, want errRequest", err)
	}
	for _, bad := range []string{"", "x\x00", requestVersion + "\x00/p\x00\x00q\x000\x000\x000\x00", requestVersion + "\x00/p\x00\x00\x000\x000\x009\x00a\x00", requestVersion + "\x00/p"} {
		if _, err := decodeRequest([]byte(bad)); !errors.Is(err, errRequest) {
			t.Errorf("decode(%q) = %v, want errRequest", bad, err)
		}
	}
}
