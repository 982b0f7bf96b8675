//go:build !unix

package owntemp

import "io/fs"

// notOwn says why fi is not this user's private directory ("" when it
// is). Without Unix modes and owners only its kind is checked: the
// temporary directory is per user there and its ACL guards it.
func notOwn(fi fs.FileInfo) string {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0 || fi.Mode()&fs.ModeIrregular != 0:
		return "it is a link"
	case !fi.IsDir():
		return "it is not a directory"
	}
	return ""
}
