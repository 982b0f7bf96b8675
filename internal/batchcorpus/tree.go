package batchcorpus

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// skipDirs are directories that programs leave behind (caches), not part
// of a task's end state.
var skipDirs = map[string]bool{"__pycache__": true, ".pytest_cache": true, "node_modules": true}

// ownTemp is the name of a wtagent temporary file (".NAME.wtagent-PID-HEX.tmp").
var ownTemp = regexp.MustCompile(`^\..*\.wtagent-[0-9]+-[0-9a-f]+\.tmp$`)

// Tree is a project's state: one line per regular file and symlink,
// "sha256 mode path" in WalkDir's (lexical) order, without caches and wtagent's own
// temporary files. Two runs that end in the same state have equal Trees.
func Tree(root string) (string, error) {
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if skipDirs[d.Name()] && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if ownTemp.MatchString(d.Name()) {
			return nil
		}
		line, err := treeLine(p, filepath.ToSlash(rel), d)
		if err != nil {
			return err
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("batchcorpus: tree: %w", err)
	}
	return strings.Join(lines, ""), nil
}

// treeLine is the Tree line of one file.
func treeLine(p, rel string, d fs.DirEntry) (string, error) {
	var data []byte
	mode := "file"
	var err error
	switch {
	case d.Type()&fs.ModeSymlink != 0:
		mode = "link"
		var target string
		target, err = os.Readlink(p)
		data = []byte(target)
	case d.Type().IsRegular():
		var fi fs.FileInfo
		if fi, err = d.Info(); err == nil && fi.Mode()&0o111 != 0 {
			mode = "exec"
		}
		if err == nil {
			data, err = os.ReadFile(p)
		}
	default:
		mode = "other"
	}
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) + " " + mode + " " + rel + "\n", nil
}

// CopyTree copies the regular files, symlinks and directories under src
// to dst (created), keeping the executable bits.
func CopyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, fi.Mode().Perm()|0o200)
	})
}
