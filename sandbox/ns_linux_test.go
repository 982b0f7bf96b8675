package sandbox

import (
	"errors"
	"strings"
	"testing"
)

// TestUsernsHint: each kernel setting that keeps user namespaces from
// this user is named, with what to run.
func TestUsernsHint(t *testing.T) {
	for _, c := range []struct {
		name     string
		settings map[string]string
		root     bool
		why, fix string
	}{
		{"max zero", map[string]string{"/proc/sys/user/max_user_namespaces": "0"}, true, "user.max_user_namespaces=0", "sysctl -w user.max_user_namespaces="},
		{"debian knob", map[string]string{"/proc/sys/kernel/unprivileged_userns_clone": "0"}, false, "kernel.unprivileged_userns_clone=0", "sysctl -w kernel.unprivileged_userns_clone=1"},
		{"debian knob, root", map[string]string{"/proc/sys/kernel/unprivileged_userns_clone": "0"}, true, "cannot get their own user namespace here (EPERM)", "seccomp"},
		{"apparmor", map[string]string{"/proc/sys/kernel/apparmor_restrict_unprivileged_userns": "1"}, false, "AppArmor restricts", "userns,"},
		{"unknown", nil, false, "cannot get their own user namespace here (EPERM)", "allow user namespaces"},
	} {
		why, fix := usernsHintFrom(errors.New("EPERM"), func(p string) string { return c.settings[p] }, c.root)
		if !strings.Contains(why, c.why) || !strings.Contains(fix, c.fix) {
			t.Errorf("%s: why %q fix %q, want %q and %q", c.name, why, fix, c.why, c.fix)
		}
	}
}
