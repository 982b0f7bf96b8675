//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package lineedit

func keepOutputProcessing(int) {}
