package netstream

import (
	"strings"

	"github.com/chromedp/cdproto/network"
)

// Recording returns the raw traffic of the turn whose POST is id.
func (n *Tracker) Recording(id network.RequestID) (post, resume string, frames []string, ok bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	st := n.streams[id]
	if st == nil {
		return "", "", nil, false
	}
	var rs []*netStream
	for _, o := range n.streams {
		if o.Of == id {
			rs = append(rs, o)
		}
	}
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].Seq < rs[j-1].Seq; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
	var b strings.Builder
	for _, r := range rs {
		b.Write(r.raw)
	}
	return string(st.raw), b.String(), append([]string(nil), st.frames...), true
}
