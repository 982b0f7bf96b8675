package nsinit

import "strconv"

// Request is one program a serving init (Config.Serve) starts: sent by
// wtagent on the program's own connection, its stdio and extra
// descriptors alongside (see Serve).
type Request struct {
	// Path and Argv are the program (Argv[0] its name); Dir its working
	// directory; Env its whole environment.
	Path string
	Argv []string
	Dir  string
	Env  []string
	// Setsid, Setctty, Ctty, Setpgid and Pdeathsig are the program's
	// syscall.SysProcAttr fields of the same names.
	Setsid, Setctty, Setpgid bool
	Ctty, Pdeathsig          int
	// Files is how many descriptors (stdio first) come with the request.
	Files int
}

// Encode is r as a length-prefixed record: a little-endian uint32 byte
// count, then NUL-terminated fields.
func (r Request) Encode() []byte {
	flag := func(b bool) string {
		if b {
			return "1"
		}
		return "0"
	}
	fields := []string{r.Path, r.Dir, flag(r.Setsid), flag(r.Setctty), flag(r.Setpgid),
		strconv.Itoa(r.Ctty), strconv.Itoa(r.Pdeathsig), strconv.Itoa(r.Files),
		strconv.Itoa(len(r.Argv))}
	fields = append(append(fields, r.Argv...), r.Env...)
	b := make([]byte, 4, 256)
	for _, f := range fields {
		b = append(append(b, f...), 0)
	}
	n := uint32(len(b) - 4)
	b[0], b[1], b[2], b[3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
	return b
}

// decodeRequest reads Encode's record after its length prefix.
func decodeRequest(b []byte) (Request, error) {
	var f []string
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != 0 {
			i++
		}
		if i == len(b) {
			return Request{}, wrap("request: unterminated field", errUsage)
		}
		f, b = append(f, string(b[:i])), b[i+1:]
	}
	const head = 9
	if len(f) < head {
		return Request{}, wrap("request: short", errUsage)
	}
	r := Request{Path: f[0], Dir: f[1], Setsid: f[2] == "1", Setctty: f[3] == "1", Setpgid: f[4] == "1"}
	var nargv int
	for _, p := range []struct {
		s string
		v *int
	}{{f[5], &r.Ctty}, {f[6], &r.Pdeathsig}, {f[7], &r.Files}, {f[8], &nargv}} {
		n, err := strconv.Atoi(p.s)
		if err != nil || n < 0 {
			return Request{}, wrap("request: bad number "+strconv.Quote(p.s), errUsage)
		}
		*p.v = n
	}
	if nargv > len(f)-head {
		return Request{}, wrap("request: short argv", errUsage)
	}
	r.Argv, r.Env = f[head:head+nargv], f[head+nargv:]
	if len(r.Argv) == 0 {
		r.Argv = nil
	}
	if len(r.Env) == 0 {
		r.Env = nil
	}
	return r, nil
}
