package export

import (
	"crypto/sha256"
	"encoding/hex"
)

// SessionUUID is the UUID (version 4 layout) that exports use for a
// session id; it is derived from the id, so exporting twice gives the same
// UUID.
func SessionUUID(id string) string { return derivedUUID("wtagent-session", id) }

// derivedUUID returns a UUID with version 4 and RFC 4122 variant bits, its
// other bits from SHA-256 of the parts.
func derivedUUID(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	var buf [36]byte
	hex.Encode(buf[0:8], u[0:4])
	buf[8] = '-'
	hex.Encode(buf[9:13], u[4:6])
	buf[13] = '-'
	hex.Encode(buf[14:18], u[6:8])
	buf[18] = '-'
	hex.Encode(buf[19:23], u[8:10])
	buf[23] = '-'
	hex.Encode(buf[24:36], u[10:16])
	return string(buf[:])
}
