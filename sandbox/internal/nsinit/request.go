package nsinit

import "errors"

// Request is what a spare init (see Config.Spare) is asked to start: the
// program, its directory, environment and session, and how many
// descriptors come with the request (the program's 0, 1, 2, … in order,
// passed with SCM_RIGHTS).
type Request struct {
	// Path and Argv are the program (Argv[0] its name).
	Path string
	Argv []string
	// Dir is the program's working directory; Env its environment.
	Dir string
	Env []string
	// Setsid starts a new session; with Setctty, descriptor Ctty (a
	// number in the program's table) becomes its controlling terminal.
	Setsid, Setctty bool
	Ctty            int
	// Files is how many descriptors the request carries.
	Files int
}

// requestVersion heads an encoded Request.
const requestVersion = "wtagent-spare-1"

// errRequest is a request that cannot be encoded or decoded.
var errRequest = errors.New("spare request")

// Encode is r as the bytes sent to a spare: NUL-terminated fields. A
// string holding a NUL cannot be sent (exec would refuse it too).
func (r Request) Encode() ([]byte, error) {
	flags := ""
	if r.Setsid {
		flags += "s"
	}
	if r.Setctty {
		flags += "c"
	}
	fields := append([]string{requestVersion, r.Path, r.Dir, flags, itoa(r.Ctty), itoa(r.Files), itoa(len(r.Argv))}, r.Argv...)
	fields = append(fields, r.Env...)
	n := 0
	for _, f := range fields {
		n += len(f) + 1
	}
	b := make([]byte, 0, n)
	for _, f := range fields {
		for i := 0; i < len(f); i++ {
			if f[i] == 0 {
				return nil, wrap("a NUL in "+quote(f), errRequest)
			}
		}
		b = append(append(b, f...), 0)
	}
	return b, nil
}

// decodeRequest reads Encode's output back.
func decodeRequest(b []byte) (Request, error) {
	var fields []string
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != 0 {
			i++
		}
		if i == len(b) {
			return Request{}, wrap("an unterminated field", errRequest)
		}
		fields = append(fields, string(b[:i]))
		b = b[i+1:]
	}
	if len(fields) < 7 || fields[0] != requestVersion {
		return Request{}, wrap("not a request", errRequest)
	}
	r := Request{Path: fields[1], Dir: fields[2]}
	for _, f := range fields[3] {
		switch f {
		case 's':
			r.Setsid = true
		case 'c':
			r.Setctty = true
		default:
			return Request{}, wrap("flags "+quote(fields[3]), errRequest)
		}
	}
	var ok [3]bool
	var argc int
	r.Ctty, ok[0] = atoi(fields[4])
	r.Files, ok[1] = atoi(fields[5])
	argc, ok[2] = atoi(fields[6])
	if !ok[0] || !ok[1] || !ok[2] || argc > len(fields)-7 {
		return Request{}, wrap("bad numbers", errRequest)
	}
	r.Argv = fields[7 : 7+argc]
	r.Env = fields[7+argc:]
	if len(r.Argv) == 0 {
		r.Argv = nil
	}
	if len(r.Env) == 0 {
		r.Env = nil
	}
	return r, nil
}

// A request travels in frames of at most FrameSize bytes, the first
// headed by the payload's length (4 bytes, little-endian) and carrying
// the descriptors; a payload is at most maxRequest bytes.
const (
	FrameSize  = 32 << 10
	maxRequest = 8 << 20
	maxFiles   = 64
)

// Frames splits an encoded request into the frames sent to a spare.
func Frames(payload []byte) ([][]byte, error) {
	if len(payload) > maxRequest {
		return nil, wrap("larger than "+itoa(maxRequest)+" bytes", errRequest)
	}
	n := len(payload)
	b := append([]byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)}, payload...)
	var frames [][]byte
	for len(b) > FrameSize {
		frames = append(frames, b[:FrameSize])
		b = b[FrameSize:]
	}
	return append(frames, b), nil
}

// frameLength reads the length that heads a request's first frame.
func frameLength(first []byte) (int, error) {
	if len(first) < 4 {
		return 0, wrap("a short first frame", errRequest)
	}
	n := int(first[0]) | int(first[1])<<8 | int(first[2])<<16 | int(first[3])<<24
	if n > maxRequest {
		return 0, wrap("too long", errRequest)
	}
	return n, nil
}
