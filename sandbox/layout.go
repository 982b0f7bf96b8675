package sandbox

// layout is an operating system's side of a plan: the system paths
// programs never read, the device files every program may use, and the
// user's scratch directories.
type layout struct {
	hidden, devices []string
	// scratch are per-user cache and temporary directories the OS's own
	// tools write whatever TMPDIR says (macOS: DARWIN_USER_CACHE_DIR and
	// DARWIN_USER_TEMP_DIR, /private/var/folders/xx/hash/{C,T}: xcrun's
	// lookup cache behind /usr/bin/git, clang's and swift's module
	// caches). Writable in workspace-write, readable in read-only; asked
	// of the OS at run time (userScratchDirs), not in the static lists.
	scratch []string
}

// layoutFor returns goos's layout (Linux's for every OS but darwin).
func layoutFor(goos string) layout {
	if goos == "darwin" {
		return layout{hidden: darwinHidden, devices: darwinDevices}
	}
	return layout{hidden: linuxHidden, devices: linuxDevices}
}

var (
	// linuxHidden are Linux system paths programs never read.
	linuxHidden = []string{
		"/home", "/root", "/tmp", "/var/tmp", "/mnt", "/media", "/run/user", "/dev/shm",
		"/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers", "/etc/sudoers.d",
		"/etc/ssh", "/etc/ssl/private", "/run/docker.sock", "/var/run/docker.sock", "/run/containerd",
		"/run/podman", "/var/lib/docker",
	}
	// linuxDevices are the devices every program may use on Linux.
	linuxDevices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/ptmx", "/dev/pts"}

	// darwinHidden are the macOS ones, by their real paths (/tmp, /var and
	// /etc are links into /private): homes, other volumes, every user's
	// temporary and cache directories (/private/var/folders), root's home,
	// the sudo, ssh and directory-service secrets, the system keychains and
	// the privacy database. /System/Volumes/Data is the data volume that
	// /Users, /Applications, /opt … are firmlinks into: hiding it closes
	// the second name of every hidden path there.
	darwinHidden = []string{
		"/Users", "/Volumes", "/System/Volumes/Data", "/home", "/net", "/cores",
		"/private/tmp", "/private/var/tmp", "/private/var/folders", "/private/var/root",
		"/private/var/db/sudo", "/private/var/db/dslocal", "/private/var/db/TCC",
		"/private/var/run/docker.sock", "/private/etc/sudoers", "/private/etc/sudoers.d",
		"/private/etc/ssh", "/private/etc/master.passwd", "/Library/Keychains",
		"/Library/Application Support/com.apple.TCC",
	}
	// darwinDevices are the devices every program may use on macOS; the
	// PTY slaves (/dev/ttysNNN) are granted by pattern in the base profile.
	darwinDevices = []string{"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/ptmx", "/dev/fd", "/dev/dtracehelper"}
)
