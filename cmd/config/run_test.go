package config

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
)

// TestConfigRun: configRun over captured streams lists each setting with
// its source — default, the config file, a flag — the data root, the
// config file and the project's instructions, as a table or one JSON
// line; a config file with an unknown key is an error naming it.
func TestConfigRun(t *testing.T) {
	tests := []struct {
		name    string
		config  string // config.json in the data root; none when empty
		args    []string
		json    bool
		want    []string // regular expressions the output matches
		wantErr string
	}{
		{name: "defaults", want: []string{`config file: \(none; looked in `, `(?m)^max-turns\s+\d+\s+default$`, `(?m)^SETTING\s+VALUE\s+FROM$`}},
		{name: "a flag", args: []string{"--max-turns", "7"}, want: []string{`(?m)^max-turns\s+7\s+flag$`}},
		{name: "the config file", config: `{"mode": "thinking"}`, want: []string{`config file: .*config\.json`, `(?m)^mode\s+thinking\s+config$`}},
		{name: "a flag over the config file", config: `{"max-turns": 9}`, args: []string{"--max-turns", "3"}, want: []string{`(?m)^max-turns\s+3\s+flag$`}},
		{name: "the project's instructions", want: []string{`project: +\S+`, `AGENTS\.md`}},
		{name: "json", config: `{"mode": "thinking"}`, json: true, want: []string{`"name":"mode","value":"thinking","source":"config"`}},
		{name: "an unknown key", config: `{"max_turns": 9}`, wantErr: "max_turns"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, getenv := cmdtest.Home(t, nil)
			h, err := home()
			if err != nil {
				t.Fatal(err)
			}
			if tc.config != "" {
				if err := os.WriteFile(filepath.Join(h.Dir(), "config.json"), []byte(tc.config), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			project := t.TempDir()
			if err := os.WriteFile(filepath.Join(project, "AGENTS.md"), []byte("be brief\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			ios, _, out, _ := iostreams.Test()
			o := &Options{IO: ios, Home: home, Getenv: getenv, JSON: tc.json,
				ProjectRoot: func() (string, error) { return project, nil }}
			fs := pflag.NewFlagSet("config", pflag.ContinueOnError)
			settings.AddFlags(fs, &o.Flags)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			err = configRun(o)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one naming %q\n%s", err, tc.wantErr, out)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.json {
				var line map[string]any
				if err := json.Unmarshal(out.Bytes(), &line); err != nil || line["home"] != h.Dir() {
					t.Fatalf("not one JSON line naming the data root (%v):\n%s", err, out)
				}
			}
			for _, w := range tc.want {
				if !regexp.MustCompile(w).MatchString(out.String()) {
					t.Errorf("output does not match %s:\n%s", w, out)
				}
			}
		})
	}
}
