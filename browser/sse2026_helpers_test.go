package browser

// sse2026 holds the 2026-shaped turns package sse's tests decode.
const sse2026 = "wire/sse/testdata/sse2026"

// goldenTurn is the part of a sse2026 golden file these tests read (the
// whole format is package sse's).
type goldenTurn struct {
	Text     string `json:"text"`
	Finished bool   `json:"finished"`
	Segments int    `json:"segments"`
}
