package main

import "fmt"

// requestCorpus measures the done gate's reading of real requests
// (testdata/requests/corpus.jsonl) against a reviewer's: over-ask (it
// demands evidence the reviewer does not) and under-ask (it does not
// demand what the reviewer needs), English and Chinese apart.
func (b *bench) requestCorpus() result {
	m, err := goBench("./policy/evidence", "^BenchmarkRequestCorpus$", "3x")
	if err != nil {
		return failed(err)
	}
	c := m["BenchmarkRequestCorpus"]
	ok := true
	for _, k := range []string{"en-over-%", "en-under-%", "zh-over-%", "zh-under-%"} {
		ok = ok && c[k] <= 3
	}
	return result{
		measured: fmt.Sprintf("English over-ask %.1f %%, under-ask %.1f %%; Chinese over-ask %.1f %%, under-ask %.1f %%",
			c["en-over-%"], c["en-under-%"], c["zh-over-%"], c["zh-under-%"]),
		baseline: fmt.Sprintf("the reviewer's labels of %.0f English and %.0f Chinese requests", c["en-requests"], c["zh-requests"]),
		ok:       verdict(ok),
	}
}
