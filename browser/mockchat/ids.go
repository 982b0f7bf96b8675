package mockchat

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"
)

// newUUID returns a random (version 4) UUID, the form of ChatGPT's
// conversation and message ids.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// randHex returns n random bytes in hex.
func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// unixSeconds is a time as the documents carry it: float seconds.
func unixSeconds(t time.Time) float64 {
	return float64(t.UnixMicro()) / 1e6
}
