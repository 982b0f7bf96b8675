package doctor

import (
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdDoctor: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdDoctor(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"defaults", nil, func(o *Options) bool { return !o.Login && o.Timeout == 90*time.Second }, false},
		{"login check", []string{"--login", "--headless", "--chatgpt-url", "u", "--timeout", "1m"}, func(o *Options) bool { return o.Login && o.Headless && o.ChatGPTURL == "u" && o.Timeout == time.Minute }, false},
		{"page check", []string{"--page", "--headless", "--chatgpt-url", "u"}, func(o *Options) bool { return o.Page && !o.Login && o.Headless && o.ChatGPTURL == "u" }, false},
		{"an argument", []string{"x"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdDoctor(f, func(o *Options) error { got = o; return nil }), tc.args...)
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
