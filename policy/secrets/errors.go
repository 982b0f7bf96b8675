package secrets

import (
	"errors"
)

// ErrUnknownSecret is a reveal of a source the secret guard does not
// mask.
var ErrUnknownSecret = errors.New("no masked secret from that source")
