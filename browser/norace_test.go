//go:build !race

package browser

// raceEnabled is true under the race detector.
const raceEnabled = false
