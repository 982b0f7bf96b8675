// Package config loads the service's settings.
package config

import (
	"encoding/json"
	"fmt"
	"os"
)

// Config is the service's settings.
type Config struct {
	Port    int    `json:"port"`
	Debug   bool   `json:"debug"`
	DataDir string `json:"data_dir"`
}

// Default is the configuration used for keys the file does not set.
func Default() Config {
	return Config{Port: 8080, DataDir: "data"}
}

// Load reads the JSON file at path over the defaults.
func Load(path string) (Config, error) {
	cfg := Default()
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, fmt.Errorf("read config: %w", err)
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return cfg, fmt.Errorf("parse %s: %w", path, err)
	}
	return cfg, nil
}
