// Package config reads wtagent's config file: where it is looked for, its
// keys (the flags' names) and their decoding.
package config
