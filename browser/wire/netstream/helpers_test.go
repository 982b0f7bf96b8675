package netstream

// sse2026 holds the 2026-shaped turns package sse's tests decode.
const sse2026 = "../sse/testdata/sse2026"
