//go:build !linux

package session

import "errors"

// helperFsize is Linux only.
func helperFsize(*Session) error { return errors.New("fsize helper needs Linux") }
