package evidence

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// corpusFile holds requests people typed to coding agents, each with the
// evidence a careful reviewer expects (see testdata/requests/README.md).
const corpusFile = "../../testdata/requests/corpus.jsonl"

// corpusCase is one request of the corpus.
type corpusCase struct {
	ID     string `json:"id"`
	Lang   string `json:"lang"`
	Text   string `json:"text"`
	Source string `json:"source"`
	Kind   string `json:"kind"`
	Needs  struct {
		Change     bool     `json:"change"`
		Read       bool     `json:"read"`
		ReadOf     []string `json:"read_of"`
		Verify     bool     `json:"verify"`
		AnswerOnly bool     `json:"answer_only"`
	} `json:"needs"`
	Why string `json:"why"`
}

// corpusError is how the gate's reading of one request differs from the
// reviewer's: what it demands that the reviewer does not (over) and what
// the reviewer needs that it does not demand (under).
type corpusError struct {
	c           corpusCase
	over, under []string
}

func (e corpusError) String() string {
	return fmt.Sprintf("%s (%s) over %v under %v: %q", e.c.ID, e.c.Lang, e.over, e.under, e.c.Text)
}

// corpusRates are the over-ask and under-ask rates by language, in per
// cent of the language's requests.
type corpusRates struct {
	cases, over, under map[string]int
	errors             []corpusError
}

func (r corpusRates) rate(counts map[string]int, lang string) float64 {
	if r.cases[lang] == 0 {
		return 0
	}
	return 100 * float64(counts[lang]) / float64(r.cases[lang])
}

// readCorpus loads the corpus, failing the test on a malformed line.
func readCorpus(tb testing.TB) []corpusCase {
	tb.Helper()
	f, err := os.Open(corpusFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c corpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatalf("%s:%d: %v", corpusFile, n, err)
		}
		if c.ID == "" || c.Text == "" || c.Source == "" || (c.Lang != "en" && c.Lang != "zh") {
			tb.Fatalf("%s:%d: a case needs an id, a text, a source and lang en or zh", corpusFile, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// judge compares the gate's reading of a request with the reviewer's.
func judge(c corpusCase) corpusError {
	n := RequestNeeds(c.Text)
	want := c.Needs
	e := corpusError{c: c}
	flag := func(list *[]string, on bool, what string) {
		if on {
			*list = append(*list, what)
		}
	}
	flag(&e.over, n.Change && !want.Change, "change")
	flag(&e.under, want.Change && !n.Change, "change")
	flag(&e.over, n.Verify && !want.Verify, "verify")
	flag(&e.under, want.Verify && !n.Verify, "verify")
	flag(&e.over, n.Read && !want.Read, "read")
	for _, f := range n.ReadFiles {
		if !slices.ContainsFunc(want.ReadOf, func(r string) bool { return namesFile(r, f) }) {
			e.over = append(e.over, "read of "+f)
		}
	}
	flag(&e.under, want.Read && !n.Read && len(n.ReadFiles) == 0, "read")
	return e
}

// namesFile reports whether a reviewer's read_of entry names file f: the
// same path, a shorter tail of it, or a phrase that contains its name.
func namesFile(entry, f string) bool {
	entry = strings.TrimPrefix(strings.ReplaceAll(strings.TrimSpace(entry), `\`, "/"), "./")
	f = strings.TrimPrefix(strings.ReplaceAll(f, `\`, "/"), "./")
	return entry == f || strings.HasSuffix(entry, "/"+f) || strings.HasSuffix(f, "/"+entry) ||
		strings.Contains(entry, path.Base(f))
}

// measureCorpus runs RequestNeeds over the corpus.
func measureCorpus(cases []corpusCase) corpusRates {
	r := corpusRates{cases: map[string]int{}, over: map[string]int{}, under: map[string]int{}}
	for _, c := range cases {
		r.cases[c.Lang]++
		e := judge(c)
		if len(e.over) > 0 {
			r.over[c.Lang]++
		}
		if len(e.under) > 0 {
			r.under[c.Lang]++
		}
		if len(e.over)+len(e.under) > 0 {
			r.errors = append(r.errors, e)
		}
	}
	return r
}

// maxCorpusRate is the highest over-ask or under-ask rate allowed in each
// language, in per cent.
const maxCorpusRate = 3.0

func TestRequestCorpus(t *testing.T) {
	cases := readCorpus(t)
	r := measureCorpus(cases)
	for _, e := range r.errors {
		t.Log(e)
	}
	for _, lang := range []string{"en", "zh"} {
		over, under := r.rate(r.over, lang), r.rate(r.under, lang)
		t.Logf("%s: %d requests, over-ask %d (%.1f %%), under-ask %d (%.1f %%)", lang, r.cases[lang], r.over[lang], over, r.under[lang], under)
		if over > maxCorpusRate || under > maxCorpusRate {
			t.Errorf("%s: over-ask %.1f %%, under-ask %.1f %%; each must be ≤ %.0f %% (the cases are logged above)", lang, over, under, maxCorpusRate)
		}
	}
}

// BenchmarkRequestCorpus reports the over-ask and under-ask rates of
// RequestNeeds over the corpus, by language, for make bench.
func BenchmarkRequestCorpus(b *testing.B) {
	cases := readCorpus(b)
	var r corpusRates
	for b.Loop() {
		r = measureCorpus(cases)
	}
	for _, lang := range []string{"en", "zh"} {
		b.ReportMetric(float64(r.cases[lang]), lang+"-requests")
		b.ReportMetric(r.rate(r.over, lang), lang+"-over-%")
		b.ReportMetric(r.rate(r.under, lang), lang+"-under-%")
	}
}
