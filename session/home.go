package session

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// Home is wtagent's data root: $WTAGENT_HOME, or the OS application-data
// directory. Its zero value is not usable; get one from ResolveHome or
// NewHome.
type Home struct {
	dir string
}

// The names inside the data root.
const (
	sessionsDirName = "sessions"
	profileDirName  = "chrome-profile"
	runDirName      = "run"
	configFileName  = "config.json"
	historyFileName = "history.jsonl"
)

// NewHome returns the Home at dir, made absolute.
func NewHome(dir string) (Home, error) {
	if dir == "" {
		return Home{}, fmt.Errorf("%w: empty directory", ErrNoHome)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Home{}, fmt.Errorf("%w: %v", ErrNoHome, err)
	}
	return Home{dir: abs}, nil
}

// ResolveHome finds the data root for goos from the environment that getenv
// reads: WTAGENT_HOME if set, else ${XDG_DATA_HOME:-~/.local/share}/wtagent
// on Linux and other Unix systems, ~/Library/Application Support/wtagent on
// macOS and %APPDATA%\wtagent on Windows. It does not touch the disk.
func ResolveHome(getenv func(string) string, goos string) (Home, error) {
	if v := getenv("WTAGENT_HOME"); v != "" {
		return NewHome(v)
	}
	join := joinerFor(goos)
	switch goos {
	case "windows":
		if appData := getenv("APPDATA"); appData != "" {
			return Home{dir: join(appData, "wtagent")}, nil
		}
		if profile := getenv("USERPROFILE"); profile != "" {
			return Home{dir: join(profile, "AppData", "Roaming", "wtagent")}, nil
		}
		return Home{}, fmt.Errorf("%w: neither WTAGENT_HOME, APPDATA nor USERPROFILE is set", ErrNoHome)
	case "darwin", "ios":
		home := getenv("HOME")
		if home == "" {
			return Home{}, fmt.Errorf("%w: neither WTAGENT_HOME nor HOME is set", ErrNoHome)
		}
		return Home{dir: join(home, "Library", "Application Support", "wtagent")}, nil
	case "plan9":
		home := getenv("home")
		if home == "" {
			return Home{}, fmt.Errorf("%w: neither WTAGENT_HOME nor home is set", ErrNoHome)
		}
		return Home{dir: join(home, "lib", "wtagent")}, nil
	default:
		// The XDG spec says relative values are invalid and to be ignored.
		if xdg := getenv("XDG_DATA_HOME"); xdg != "" && strings.HasPrefix(xdg, "/") {
			return Home{dir: join(xdg, "wtagent")}, nil
		}
		home := getenv("HOME")
		if home == "" {
			return Home{}, fmt.Errorf("%w: neither WTAGENT_HOME, XDG_DATA_HOME nor HOME is set", ErrNoHome)
		}
		return Home{dir: join(home, ".local", "share", "wtagent")}, nil
	}
}

// joinerFor joins paths with goos's separator, so a Windows home resolves
// correctly even in a test running elsewhere.
func joinerFor(goos string) func(...string) string {
	switch {
	case goos == runtime.GOOS:
		return filepath.Join
	case goos == "windows":
		return func(elem ...string) string {
			parts := make([]string, 0, len(elem))
			for i, e := range elem {
				if i > 0 {
					e = strings.TrimLeft(e, `\/`)
				}
				if i < len(elem)-1 {
					e = strings.TrimRight(e, `\/`)
				}
				if e != "" {
					parts = append(parts, e)
				}
			}
			return strings.Join(parts, `\`)
		}
	default:
		return path.Join
	}
}

// Dir is the data root.
func (h Home) Dir() string { return h.dir }

// SessionsDir holds one directory per session.
func (h Home) SessionsDir() string { return filepath.Join(h.dir, sessionsDirName) }

// ProfileDir is the dedicated Chrome profile.
func (h Home) ProfileDir() string { return filepath.Join(h.dir, profileDirName) }

// ChromeTabsDir holds the records of the tabs wtagent opens in a Chrome
// the user started (--chrome-url): the next attach closes those a killed
// wtagent left.
func (h Home) ChromeTabsDir() string { return filepath.Join(h.RunDir(), "chrome-tabs") }

// RunDir holds the live status sockets (mode 0700).
func (h Home) RunDir() string { return filepath.Join(h.dir, runDirName) }

// SocketPath is the status socket of session id, under RunDir:
// <id>.sock, or <the id's random part>.sock when that path would not fit
// in a socket address (see socketName).
func (h Home) SocketPath(id string) (string, error) {
	if err := ValidateID(id); err != nil {
		return "", err
	}
	return filepath.Join(h.RunDir(), socketName(h.RunDir(), id)), nil
}

// maxSocketPath is the longest socket path every platform binds: macOS's
// sun_path holds 104 bytes and Windows' and Linux's 108, a NUL included.
const maxSocketPath = 103

// socketName is the file name of session id's socket in runDir: "<id>.sock"
// when the whole path fits in maxSocketPath bytes, else the id's random
// 8 hex digits, which keep it 16 bytes shorter (a long user name under
// %APPDATA% or ~/Library/Application Support can need it). A path too
// long even then is returned as is: listening fails, and the session runs
// without a status socket (it warns).
func socketName(runDir, id string) string {
	long := id + ".sock"
	if len(runDir)+1+len(long) <= maxSocketPath {
		return long
	}
	return id[strings.LastIndexByte(id, '-')+1:] + ".sock"
}

// ConfigFile is the user's configuration file.
func (h Home) ConfigFile() string { return filepath.Join(h.dir, configFileName) }

// HistoryFile is the interactive prompt history.
func (h Home) HistoryFile() string { return filepath.Join(h.dir, historyFileName) }

// SessionDir is the directory of session id; the id is validated first, so
// no caller ever joins an unchecked name into a path.
func (h Home) SessionDir(id string) (string, error) {
	if err := ValidateID(id); err != nil {
		return "", err
	}
	return filepath.Join(h.SessionsDir(), id), nil
}

// EnsureLayout creates the data root, sessions/, run/ and chrome-profile/
// with mode 0700 (tightening looser modes of sessions/ and run/), and
// refuses a sessions/ or run/ that is a symbolic link or not a directory.
func (h Home) EnsureLayout() error {
	if h.dir == "" {
		return fmt.Errorf("%w: zero Home", ErrNoHome)
	}
	if err := os.MkdirAll(h.dir, dirMode); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	for _, d := range []struct {
		path   string
		strict bool
	}{
		{h.SessionsDir(), true}, {h.RunDir(), true}, {h.ProfileDir(), false},
	} {
		if err := ensurePrivateDir(d.path, d.strict); err != nil {
			return err
		}
	}
	return nil
}

// ensurePrivateDir creates dir with mode 0700. When strict, it refuses a
// symlink or non-directory there and tightens a looser mode.
func ensurePrivateDir(dir string, strict bool) error {
	if err := os.Mkdir(dir, dirMode); err != nil && !os.IsExist(err) {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	if !strict {
		return nil
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("check %s: %w", dir, err)
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return fmt.Errorf("%s: %w", dir, ErrSymlink)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: not a directory", dir)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != dirMode {
		if err := os.Chmod(dir, dirMode); err != nil {
			return fmt.Errorf("restrict %s to 0700: %w", dir, err)
		}
	}
	return nil
}
