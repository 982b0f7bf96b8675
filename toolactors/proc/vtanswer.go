package proc

import "bytes"

// vtAnswerer answers the terminal queries a pseudo console asks the
// terminal it thinks it talks to. Windows' newer ConPTY sends Primary
// Device Attributes (ESC [ c) when it starts and waits up to 3 seconds for
// the reply; a cursor position report (ESC [ 6 n) can block a program
// until answered. wtagent is that terminal, so it answers: a VT level-1
// terminal ("ESC [ ? 61 c", with a parameter, which some ConPTY versions
// need), its cursor at the top left ("ESC [ 1 ; 1 R"). It is pure (the
// pseudo console writes the answers back), so its table runs on any OS.
type vtAnswerer struct {
	// tail is the end of the last chunk when it may begin a query split
	// across reads.
	tail []byte
}

// vtQueries are the queries answered, with their answers.
var vtQueries = []struct{ query, answer string }{
	{"\x1b[c", "\x1b[?61c"},
	{"\x1b[0c", "\x1b[?61c"},
	{"\x1b[6n", "\x1b[1;1R"},
}

// vtQueryMax is the length of the longest query.
const vtQueryMax = 4

// answer returns the answers to the queries in chunk (and in a query split
// between the previous chunk and this one), in order.
func (a *vtAnswerer) answer(chunk []byte) string {
	buf := append(a.tail, chunk...)
	var out []byte
	for i := 0; i < len(buf); i++ {
		if buf[i] != 0x1b {
			continue
		}
		for _, q := range vtQueries {
			if bytes.HasPrefix(buf[i:], []byte(q.query)) {
				out = append(out, q.answer...)
				i += len(q.query) - 1
				break
			}
		}
	}
	a.tail = a.tail[:0]
	if i := bytes.LastIndexByte(buf, 0x1b); i >= 0 && len(buf)-i < vtQueryMax && partialQuery(buf[i:]) {
		a.tail = append(a.tail, buf[i:]...)
	}
	return string(out)
}

// partialQuery reports whether p is the start of a query but not a whole
// one.
func partialQuery(p []byte) bool {
	for _, q := range vtQueries {
		if len(p) < len(q.query) && bytes.HasPrefix([]byte(q.query), p) {
			return true
		}
	}
	return false
}
