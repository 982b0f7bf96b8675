//go:build !wtfault

package fault

// Enabled reports whether this build has the fault hooks (build tag
// wtfault).
const Enabled = false

// Env returns "": a build without the tag wtfault has no fault hooks,
// whatever the environment says.
func Env(func(string) string, string) string { return "" }

// Kill does nothing: without the tag wtfault nothing is killed.
func Kill() {}
