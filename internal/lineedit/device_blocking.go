package lineedit

import "os"

// blockingDevice reads f with plain blocking reads. wake cannot interrupt
// it: a read in progress when a call gives up completes later and its bytes
// go to the next call, and after Close the goroutine ends when that read
// returns.
type blockingDevice struct{ f *os.File }

func (d blockingDevice) read(p []byte) (int, error) { return d.f.Read(p) }
func (d blockingDevice) wake()                      {}
func (d blockingDevice) interruptible() bool        { return false }
func (d blockingDevice) close() error               { return nil }
