package picker

import (
	"slices"
	"strings"
	"unicode"
)

// modelName is a model name read by the model grammar, which names a
// model by what the page never translates:
//
//	name    = [ "gpt" ] version [ family ] [ variant ] | "latest" | variant
//	version = digits { "." digits }    ("6", "6.2"; a slug's "6-2" is 6.2)
//	family  = a word of latin letters that is no variant ("sol")
//	variant = "instant" | "thinking" | "pro" | "mini" | "reasoning"
//
// A menu row's name is read from its stable value (data-value, a slug)
// when it has one, else from its text, where only the words of the
// grammar count: a bare version header repeated on the row ("6 6 High")
// counts once, and a retirement notice, an effort's label or any other
// localised word is no part of the name. A request names a row only by
// these parts, never by a localised word alone.
type modelName struct {
	Version, Family, Variant string
	Latest                   bool
}

// variants are the grammar's variant words.
func variants() []string { return []string{"instant", "thinking", "pro", "mini", "reasoning"} }

// effortWords are words of a row that name its effort, not its model.
func effortWords() []string {
	return []string{"low", "medium", "high", "xhigh", "max", "extra", "light", "standard", "extended"}
}

// empty reports whether the name names nothing the grammar knows.
func (n modelName) empty() bool { return n == modelName{} }

// parseSlug reads a slug ("gpt-6-2-sol-instant"): runs of digits are one
// version.
func parseSlug(slug string) modelName {
	var toks []string
	digits := false
	for _, seg := range segments(slug) {
		isNum := strings.IndexFunc(seg, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
		if isNum && digits {
			toks[len(toks)-1] += "." + seg
			continue
		}
		digits = isNum
		toks = append(toks, seg)
	}
	return parseTokens(toks, true)
}

// parseLabel reads a row's text or a request typed by a user ("GPT-6.2
// Sol", "6 6 High · Retires on 15 Jan 2027").
func parseLabel(s string) modelName {
	toks := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.'
	})
	var out []string
	for _, t := range toks {
		t = strings.Trim(t, ".")
		if t != "" && (len(out) == 0 || out[len(out)-1] != t) {
			out = append(out, t)
		}
	}
	return parseTokens(out, false)
}

// parseTokens applies the grammar to a name's tokens. The version is the
// first version-like token (a notice's date comes later); a family is
// taken only right after it (or, in a slug, anywhere after it).
func parseTokens(toks []string, slug bool) modelName {
	var n modelName
	isVersion := func(t string) bool {
		return t != "" && strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' }) < 0
	}
	latin := func(t string) bool {
		return strings.IndexFunc(t, func(r rune) bool { return r < 'a' || r > 'z' }) < 0
	}
	for i, t := range toks {
		switch {
		case t == "gpt" || t == "chatgpt":
		case t == "latest" || t == "auto":
			n.Latest = true
		case slices.Contains(variants(), t):
			if n.Variant == "" {
				n.Variant = t
			}
		case isVersion(t):
			if n.Version == "" {
				n.Version = t
			}
		case n.Version != "" && n.Family == "" && latin(t) && !slices.Contains(effortWords(), t) &&
			(slug || i > 0 && toks[i-1] == n.Version):
			n.Family = t
		}
	}
	return n
}

// rowName is a menu item's name in the grammar: from its slug when it has
// one, else from its text.
func rowName(it menuItem) modelName {
	if s := it.slug(); s != "" {
		return parseSlug(s)
	}
	return parseLabel(it.Label)
}

// nameScore scores how well a request names a row: 0 when a part the
// request names differs; else higher the fewer parts the row adds
// (a request "6.2 sol" prefers the row 6.2 Sol to 6.2 Sol Instant).
func nameScore(req, row modelName) int {
	if req.empty() || row.empty() {
		return 0
	}
	if req.Latest != row.Latest && (req.Latest || req.Version == "" && req.Variant == "") {
		return 0
	}
	if req.Version != "" && req.Version != row.Version || req.Family != "" && req.Family != row.Family ||
		req.Variant != "" && req.Variant != row.Variant {
		return 0
	}
	score := 8
	if req.Variant == "" && row.Variant != "" {
		score -= 4
	}
	if req.Family == "" && row.Family != "" {
		score--
	}
	if req.Latest != row.Latest {
		score -= 2
	}
	return score
}
