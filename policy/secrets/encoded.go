package secrets

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/internal/textcode"
)

// minEncodedLen keeps an encoded form short enough to occur by chance
// (the core of a short value's base64) out of the needles.
const minEncodedLen = 16

// gramLen is the shortest run of an encoding (hex, base64, base32) that
// is masked: a line of `base64 | rev` or of wrapped hex holds only a
// fragment of a value's encoding, and each fragment of at least gramLen
// characters is found on its own. A shorter fragment at a line's edge
// gives away fewer than ten of the value's bytes.
const gramLen = 12

// encodedForms returns the ways a program could print value so that it
// no longer reads as itself. whole are its reverse and ROT13 (and ROT13
// of the reverse), found whole; encoded are its hex (lower and upper
// case), base64 (standard and URL alphabets) and base32, of the value
// and of its reverse, each also reversed (`base64 | rev`), found by any
// gramLen-character fragment. A base64 or base32 form is given at every
// alignment the value can have in a longer encoded text (`env | base64`):
// only the characters that depend on the value's bytes alone.
func encodedForms(value string) (whole, encoded []string) {
	for _, v := range []string{value, textcode.Reverse(value)} {
		for _, f := range []string{v, textcode.ROT13(v)} {
			if f != value && len(f) >= minSecretLen {
				whole = append(whole, f)
			}
		}
		enc := []string{hex.EncodeToString([]byte(v)), strings.ToUpper(hex.EncodeToString([]byte(v)))}
		for _, e := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			enc = append(enc, alignedCores(v, 3, 4, e.EncodeToString)...)
		}
		enc = append(enc, alignedCores(v, 5, 8, base32.StdEncoding.EncodeToString)...)
		for _, e := range enc {
			if len(e) >= minEncodedLen {
				encoded = append(encoded, e, textcode.Reverse(e))
			}
		}
	}
	slices.Sort(whole)
	slices.Sort(encoded)
	return slices.Compact(whole), slices.Compact(encoded)
}

// gramIndex maps gramLen-character fragments of encoded forms to their
// source. A bitmap of their first four bytes' hashes skips, at almost
// every position of ordinary text, the map lookup.
type gramIndex struct {
	m    map[string]string
	bits []uint64
}

const gramBits = 20

func gramHash(b []byte) uint32 {
	return (uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24) * 2654435761 >> (32 - gramBits)
}

// add indexes every gramLen-character fragment of forms under source.
func (g *gramIndex) add(forms []string, source string) {
	if g.m == nil {
		g.m, g.bits = map[string]string{}, make([]uint64, 1<<gramBits/64)
	}
	for _, f := range forms {
		for i := 0; i+gramLen <= len(f); i++ {
			g.m[f[i:i+gramLen]] = source
			h := gramHash([]byte(f[i : i+4]))
			g.bits[h/64] |= 1 << (h % 64)
		}
	}
}

// at returns the source of the fragment at b's start, if it is one.
func (g *gramIndex) at(b []byte) (string, bool) {
	if h := gramHash(b); g.bits[h/64]&(1<<(h%64)) == 0 {
		return "", false
	}
	src, ok := g.m[string(b[:gramLen])]
	return src, ok
}

// alignedCores encodes v after 0 … block-1 filler bytes with an encoding
// that turns block bytes into chars characters, and keeps of each the
// whole groups that encode v's bytes only: what any longer text holding v
// at that alignment encodes to, whatever surrounds it.
func alignedCores(v string, block, chars int, encode func([]byte) string) []string {
	var out []string
	for pad := range block {
		b := append(make([]byte, pad), v...)
		skip := 0
		if pad > 0 {
			skip = 1 // the first group mixes filler and v
		}
		full := len(b) / block // groups made of b's bytes only
		if full <= skip {
			continue
		}
		out = append(out, encode(b)[skip*chars:full*chars])
	}
	return out
}

// spreadMask replaces in s every run of characters that spells one of
// the needles, or that is made of fragments in grams, once whitespace is
// ignored (base64 wraps its lines at 76, xxd -p at 60, od spaces its
// bytes, fold cuts anywhere), with the mark of its source; sources that
// skip says are left alone. The needles hold no whitespace. It returns
// the sources it masked, each once.
func spreadMask(s *string, needles []secretValue, grams *gramIndex, skip func(source string) bool) []string {
	text := *s
	squeezed := make([]byte, 0, len(text))
	at := make([]int, 0, len(text))
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t', '\n', '\r':
			continue
		}
		squeezed = append(squeezed, text[i])
		at = append(at, i)
	}
	type span struct {
		from, to int // in squeezed
		source   string
	}
	var spans []span
	sq := string(squeezed)
	for _, n := range needles {
		if skip(n.source) {
			continue
		}
		for from := 0; ; {
			i := strings.Index(sq[from:], n.value)
			if i < 0 {
				break
			}
			i += from
			spans = append(spans, span{i, i + len(n.value), n.source})
			from = i + len(n.value)
		}
	}
	if grams.m != nil {
		for i := 0; i+gramLen <= len(squeezed); i++ {
			if src, ok := grams.at(squeezed[i:]); ok && !skip(src) {
				spans = append(spans, span{i, i + gramLen, src})
			}
		}
	}
	if len(spans) == 0 {
		return nil
	}
	slices.SortStableFunc(spans, func(a, b span) int { return a.from - b.from })
	var (
		b       strings.Builder
		sources []string
		last    int // in text
		end     = -1
	)
	for _, sp := range spans {
		if sp.from < end { // overlaps the run being masked: extend it
			end = max(end, sp.to)
			continue
		}
		if end >= 0 {
			last = at[end-1] + 1
		}
		b.WriteString(text[last:at[sp.from]])
		b.WriteString(maskOf(sp.source))
		if !slices.Contains(sources, sp.source) {
			sources = append(sources, sp.source)
		}
		end = sp.to
	}
	b.WriteString(text[at[end-1]+1:])
	*s = b.String()
	return sources
}
