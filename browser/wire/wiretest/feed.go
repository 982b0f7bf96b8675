package wiretest

// writer is a decoder fed by chunks through its pointer (*sse.Parser is
// one).
type writer[P any] interface {
	*P
	Write(b []byte)
}

// Feed feeds the chunks to a new P, in order, and returns it:
// Feed[sse.Parser](a, b) parses the stream a+b.
func Feed[P any, W writer[P]](chunks ...string) *P {
	p := new(P)
	for _, c := range chunks {
		W(p).Write([]byte(c))
	}
	return p
}
