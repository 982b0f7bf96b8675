package owntemp

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// ErrNotOwn means the directory exists but is not this user's private
// directory: a link, not a directory, another user's, or open to others.
var ErrNotOwn = errors.New("not wtagent's own temporary directory")

// Path is the directory's path: wtagent-<uid> under os.TempDir (wtagent
// where there are no uids, as on Windows, whose temporary directory is
// per user).
func Path() string {
	name := "wtagent"
	if uid := os.Getuid(); uid >= 0 {
		name += "-" + strconv.Itoa(uid)
	}
	return filepath.Join(os.TempDir(), name)
}

// Dir returns Path, made (0700) if missing and checked to be this user's
// private directory.
func Dir() (string, error) {
	dir := Path()
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("temporary directory: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", fmt.Errorf("temporary directory: %w", err)
	}
	if why := notOwn(fi); why != "" {
		return "", fmt.Errorf("%s: %w: %s", dir, ErrNotOwn, why)
	}
	return dir, nil
}

// MkdirTemp makes a new directory in Dir, named as os.MkdirTemp names it.
func MkdirTemp(pattern string) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	return os.MkdirTemp(dir, pattern)
}

// CreateTemp creates a new file in Dir, named as os.CreateTemp names it.
func CreateTemp(pattern string) (*os.File, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	return os.CreateTemp(dir, pattern)
}
