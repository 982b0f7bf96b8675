package config

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdConfig: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"defaults", nil, func(o *Options) bool { return o.Flags.Provider == "chatgpt" && !o.Flags.Changed("provider") }, false},
		{"a run flag given", []string{"--approvals", "deny"}, func(o *Options) bool { return o.Flags.Approvals == "deny" && o.Flags.Changed("approvals") }, false},
		{"effort", []string{"--effort", "extended"}, func(o *Options) bool { return o.Flags.Effort == "extended" && o.Flags.Changed("effort") }, false},
		{"an argument", []string{"x"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdConfig(f, func(o *Options) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.IO != f.IOStreams || !tc.check(got) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}

// TestShownRows: the mock page's URL is printed only when something set
// it; every other setting always is.
func TestShownRows(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows [][3]string
		want []string
	}{
		{"default", [][3]string{{"mode", "", "default"}, {"chatgpt-url", "", "default"}, {"max-turns", "80", "default"}}, []string{"mode", "max-turns"}},
		{"set by a flag", [][3]string{{"chatgpt-url", "http://127.0.0.1:9", "flag"}}, []string{"chatgpt-url"}},
		{"set in the config file", [][3]string{{"chatgpt-url", "http://127.0.0.1:9", "config"}}, []string{"chatgpt-url"}},
	} {
		var got []string
		for _, r := range shownRows(tc.rows) {
			got = append(got, r[0])
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
