//go:build !wtfault

package undo

// afterStep is nil: a build without the tag wtfault has no fault hook,
// whatever the environment says (fault_on.go is the wtfault one).
func afterStep(func(string) string) func(int) { return nil }
