package event

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"
)

// OpKey is the exactly-once operation key of a tool call: the SHA-256 (hex)
// of the session, the assistant message the call came from, the turn, the
// tool and its canonical arguments. Each field is length-prefixed, so no
// two different inputs share a key. A re-read of the same reply yields the
// same key; a new reply asking for the same thing does not.
func OpKey(sessionID, replyMessageID string, turn int, tool string, canonicalArgs []byte) string {
	h := sha256.New()
	field := func(b []byte) {
		var n [binary.MaxVarintLen64]byte
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
		h.Write(b)
	}
	field([]byte("wtagent-op-v1"))
	field([]byte(sessionID))
	field([]byte(replyMessageID))
	field([]byte(strconv.Itoa(turn)))
	field([]byte(tool))
	field(canonicalArgs)
	return hex.EncodeToString(h.Sum(nil))
}

// OpKeyAt is the operation key of the call at position index (from 0)
// of a reply with several calls: index 0 is OpKey's key (so the logs of
// one-call replies resume as they always did); a later call adds its
// position, so two identical calls in one reply are two operations.
func OpKeyAt(sessionID, replyMessageID string, turn, index int, tool string, canonicalArgs []byte) string {
	if index == 0 {
		return OpKey(sessionID, replyMessageID, turn, tool, canonicalArgs)
	}
	return OpKey(sessionID, replyMessageID, turn, tool+"\x00call="+strconv.Itoa(index), canonicalArgs)
}

// CallID is the stable call id of an operation: "call_" and 16 hex digits
// of the key (hashed first if the key is not hex).
func CallID(opKey string) string {
	if len(opKey) >= 16 {
		if _, err := hex.DecodeString(opKey[:16]); err == nil {
			return "call_" + opKey[:16]
		}
	}
	sum := sha256.Sum256([]byte(opKey))
	return "call_" + hex.EncodeToString(sum[:8])
}
