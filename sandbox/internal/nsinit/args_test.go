package nsinit

import (
	"errors"
	"reflect"
	"testing"
)

// TestArgsRoundTrip: what wtagent writes on the init's command line, the
// init reads back; a bad command line is refused.
func TestArgsRoundTrip(t *testing.T) {
	for _, c := range []Config{
		{Serve: true},
		{ReadOnly: []string{"/p/.git/hooks", "/p/.git/config"}, Masks: []string{"/p/.ssh", "/p/-lo"}, Loopback: true, Serve: true},
		{Masks: []string{"/h/.aws"}, MapIDs: true, MapUID: 1000, MapGID: 100, Probe: true},
	} {
		got, err := parse(c.Args())
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("parse(%q) = %+v, %v; want %+v", c.Args(), got, err, c)
		}
	}
	for _, bad := range [][]string{nil, {"-ro"}, {"-x", "-serve"}, {"-map", "1", "-serve"}, {"-lo"}, {"--", "/bin/true"}} {
		if _, err := parse(bad); !errors.Is(err, errUsage) {
			t.Errorf("parse(%q) = %v, want errUsage", bad, err)
		}
	}
}

// TestRequestRoundTrip: a program's request reads back as sent (empty
// fields, NULs' neighbours and flags included); a cut or bad record is
// refused.
func TestRequestRoundTrip(t *testing.T) {
	for _, r := range []Request{
		{Path: "/bin/sh", Argv: []string{"sh", "-c", "echo 1"}, Dir: "/p", Env: []string{"A=1", "B="}, Files: 3},
		{Path: "./x", Argv: []string{"x", ""}, Setsid: true, Setctty: true, Ctty: 0, Pdeathsig: 9, Files: 5},
		{Path: "/bin/true", Argv: []string{"true"}, Setpgid: true, Ctty: 2, Files: 3},
	} {
		b := r.Encode()
		if n := int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24; n != len(b)-4 {
			t.Errorf("length %d for %d bytes", n, len(b)-4)
		}
		got, err := decodeRequest(b[4:])
		if err != nil || !reflect.DeepEqual(got, r) {
			t.Errorf("decode(%+v) = %+v, %v", r, got, err)
		}
	}
	good := Request{Path: "/bin/true", Argv: []string{"true"}, Files: 3}.Encode()[4:]
	for _, bad := range [][]byte{good[:len(good)-1], good[:5], []byte("a\x00b\x000\x000\x000\x00x\x000\x003\x001\x00")} {
		if _, err := decodeRequest(bad); !errors.Is(err, errUsage) {
			t.Errorf("decode(%q) = %v, want errUsage", bad, err)
		}
	}
}
