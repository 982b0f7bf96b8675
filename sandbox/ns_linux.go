package sandbox

import (
	"fmt"
	"os"
	"runtime"
	"strings"

	"golang.org/x/sys/unix"
)

// probeNamespaces reports whether wtagent may give a thread its own mount
// and network namespaces (it needs CAP_SYS_ADMIN: root, or a container's
// root). The probe runs on a thread that is then discarded.
func probeNamespaces() bool {
	ok := make(chan bool, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread is discarded
		ok <- unix.Unshare(unix.CLONE_NEWNS|unix.CLONE_NEWNET) == nil &&
			unix.Mount("", "/", "", unix.MS_REC|unix.MS_SLAVE, "") == nil
	}()
	return <-ok
}

// usernsHint says why this user may not create user namespaces, from
// the kernel's settings, and what to run; err is what trying said.
func usernsHint(err error) (why, fix string) {
	read := func(p string) string {
		b, _ := os.ReadFile(p)
		return strings.TrimSpace(string(b))
	}
	return usernsHintFrom(err, read, os.Getuid() == 0)
}

// usernsHintFrom is usernsHint with the settings read by read.
func usernsHintFrom(err error, read func(path string) string, root bool) (why, fix string) {
	switch {
	case read("/proc/sys/user/max_user_namespaces") == "0":
		return "user namespaces are disabled (user.max_user_namespaces=0)",
			"sudo sysctl -w user.max_user_namespaces=15000 (and in /etc/sysctl.d/ to keep it)"
	case !root && read("/proc/sys/kernel/unprivileged_userns_clone") == "0":
		return "user namespaces are disabled for ordinary users (kernel.unprivileged_userns_clone=0)",
			"sudo sysctl -w kernel.unprivileged_userns_clone=1 (and in /etc/sysctl.d/ to keep it)"
	case !root && read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1":
		return "AppArmor restricts user namespaces for ordinary users (kernel.apparmor_restrict_unprivileged_userns=1)",
			"give wtagent an AppArmor profile that allows them (/etc/apparmor.d/wtagent: abi <abi/4.0>, profile wtagent /path/to/wtagent flags=(unconfined) { userns, }; then sudo apparmor_parser -r /etc/apparmor.d/wtagent), or sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"
	}
	return fmt.Sprintf("commands cannot get their own user namespace here (%v)", err),
		"allow user namespaces for this user (in a container: a seccomp profile that allows clone with CLONE_NEWUSER)"
}
