package toolactors

// outputRing keeps the last bytes of a managed process's output, with
// absolute offsets so a reader can ask for "what is new since N". It is
// owned by one actor; it has no lock.
type outputRing struct {
	buf []byte
	// end is the absolute offset of the byte after the last one written.
	end int64
}

func newOutputRing(size int) *outputRing { return &outputRing{buf: make([]byte, size)} }

// write records p; bytes older than the ring's size are dropped but
// still counted.
func (r *outputRing) write(p []byte) {
	n := len(r.buf)
	if len(p) > n {
		r.end += int64(len(p) - n)
		p = p[len(p)-n:]
	}
	for len(p) > 0 {
		i := int(r.end % int64(n))
		k := copy(r.buf[i:], p)
		p = p[k:]
		r.end += int64(k)
	}
}

// start is the oldest offset still kept.
func (r *outputRing) start() int64 { return max(0, r.end-int64(len(r.buf))) }

// since returns the bytes from off to the end; lost counts bytes between
// off and the oldest kept byte that were overwritten.
func (r *outputRing) since(off int64) (data []byte, from, lost int64) {
	if off < 0 {
		off = 0
	}
	if off > r.end {
		off = r.end
	}
	from = off
	if s := r.start(); from < s {
		lost, from = s-from, s
	}
	n := int64(len(r.buf))
	data = make([]byte, 0, r.end-from)
	for o := from; o < r.end; {
		i := o % n
		k := min(n-i, r.end-o)
		data = append(data, r.buf[i:i+k]...)
		o += k
	}
	return data, from, lost
}
