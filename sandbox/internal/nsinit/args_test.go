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
		{Path: "/bin/sh", Argv: []string{"sh", "-c", "-ro --"}},
		{ReadOnly: []string{"/p/.git/hooks", "/p/.git/config"}, Masks: []string{"/p/.ssh", "/p/-lo"}, Loopback: true, Dir: "/p", Extra: 2, Path: "./x", Argv: []string{"x"}},
		{Masks: []string{"/h/.aws"}, MapIDs: true, MapUID: 1000, MapGID: 100, Probe: true},
		{ReadOnly: []string{"/p/.git/hooks"}, Masks: []string{"/h/.aws"}, Loopback: true, Spare: true},
	} {
		got, err := parse(c.Args())
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("parse(%q) = %+v, %v; want %+v", c.Args(), got, err, c)
		}
	}
	for _, bad := range [][]string{nil, {"-ro"}, {"-x", "--", "/bin/true"}, {"-extra", "two", "--", "/bin/true"}, {"-map", "1", "--", "/bin/true"}, {"--"}} {
		if _, err := parse(bad); !errors.Is(err, errUsage) {
			t.Errorf("parse(%q) = %v, want errUsage", bad, err)
		}
	}
}
