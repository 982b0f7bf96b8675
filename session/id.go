package session

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"time"
)

// idLayout is the time part of a session id.
const idLayout = "20060102-150405"

// idPattern is the complete, strict form of a session id. It is compiled
// once and never changed.
var idPattern = regexp.MustCompile(`^[0-9]{8}-[0-9]{6}-[0-9a-f]{8}$`)

// NewID returns a session id for t (in UTC): YYYYMMDD-HHMMSS-<8 hex>, the
// hex from rnd (crypto/rand when nil).
func NewID(t time.Time, rnd io.Reader) (string, error) {
	if rnd == nil {
		rnd = rand.Reader
	}
	var b [4]byte
	if _, err := io.ReadFull(rnd, b[:]); err != nil {
		return "", fmt.Errorf("session id: %w", err)
	}
	return t.UTC().Format(idLayout) + "-" + hex.EncodeToString(b[:]), nil
}

// ValidateID checks that id is a well-formed session id (so it is safe to
// join into a path). The error wraps ErrBadID.
func ValidateID(id string) error {
	if id == "" {
		return fmt.Errorf("%w: empty", ErrBadID)
	}
	if !idPattern.MatchString(id) {
		shown := id
		if len(shown) > 40 {
			shown = shown[:40] + "…"
		}
		return fmt.Errorf("%w %q: want YYYYMMDD-HHMMSS-<8 lowercase hex>", ErrBadID, shown)
	}
	if _, err := time.Parse(idLayout, id[:len(idLayout)]); err != nil {
		return fmt.Errorf("%w %q: bad date or time", ErrBadID, id)
	}
	return nil
}

// IDTime returns the creation time encoded in a valid id.
func IDTime(id string) (time.Time, error) {
	if err := ValidateID(id); err != nil {
		return time.Time{}, err
	}
	return time.Parse(idLayout, id[:len(idLayout)])
}
