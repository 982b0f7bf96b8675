//go:build !unix

package lineedit

import "os"

// watchResize has no resize signal to watch here: a resize takes effect at
// the next redraw, which re-reads the width.
func watchResize() (resize <-chan os.Signal, stop func()) { return nil, func() {} }
