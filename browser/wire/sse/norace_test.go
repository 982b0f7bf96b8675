//go:build !race

package sse

// raceEnabled is true under the race detector.
const raceEnabled = false
