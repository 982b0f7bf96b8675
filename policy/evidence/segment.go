package evidence

import (
	"unicode"
	"unicode/utf8"
)

// segmenter cuts Chinese text into words by forward maximum matching over
// a small lexicon: the request tables' words and the nouns that contain
// one of them (开发计划 is a plan, not 开发; 运行时 is a runtime), so a
// table word matches only when it is a word of the sentence. A run of
// non-Han text is one token; a Han rune the lexicon does not know is a
// word of its own.
//
// A general segmenter (github.com/go-ego/gse) was measured for this: its
// embedded dictionaries add about 30 MB to the binary and loading them
// takes 1.7 s and 128 MB of heap, for requests whose verbs and
// verb-bearing nouns fit a few hundred entries.
type segmenter struct {
	dict   map[string]bool
	maxLen int // in runes
}

// newSegmenter builds a segmenter over the given word lists.
func newSegmenter(lists ...[]string) segmenter {
	s := segmenter{dict: map[string]bool{}}
	for _, l := range lists {
		for _, w := range l {
			s.dict[w] = true
			s.maxLen = max(s.maxLen, utf8.RuneCountInString(w))
		}
	}
	return s
}

// cut returns the byte ranges of the words of text, in order; spaces and
// punctuation are not words.
func (s segmenter) cut(text string) [][2]int {
	var out [][2]int
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsSpace(r) || unicode.IsPunct(r) && !unicode.Is(unicode.Han, r):
			i += n
		case !unicode.Is(unicode.Han, r):
			j := i
			for j < len(text) {
				r2, n2 := utf8.DecodeRuneInString(text[j:])
				if unicode.Is(unicode.Han, r2) || unicode.IsSpace(r2) || unicode.IsPunct(r2) {
					break
				}
				j += n2
			}
			out = append(out, [2]int{i, j})
			i = j
		default:
			end := i + n
			for j, k := i+n, 1; j <= len(text) && k <= s.maxLen; k++ {
				if s.dict[text[i:j]] {
					end = j
				}
				if j == len(text) {
					break
				}
				_, n2 := utf8.DecodeRuneInString(text[j:])
				j += n2
			}
			out = append(out, [2]int{i, end})
			i = end
		}
	}
	return out
}
