package config

import (
	"os"
	"path/filepath"
	"testing"
)

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadKeepsDefaults(t *testing.T) {
	cfg, err := Load(writeConfig(t, `{"debug": true}`))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Port != 8080 || !cfg.Debug || cfg.DataDir != "data" {
		t.Fatalf("got %+v", cfg)
	}
}

func TestLoadBadJSON(t *testing.T) {
	if _, err := Load(writeConfig(t, `{"port":`)); err == nil {
		t.Fatal("no error")
	}
}
