package supervisor

import "time"

// delay returns the wait before the n-th consecutive restart (n ≥ 1), with
// r in [0, 1) choosing the jitter.
func (b Backoff) delay(n int, r float64) time.Duration {
	if n < 1 || b.Min <= 0 {
		return 0
	}
	d := b.Min
	for i := 1; i < n && d < b.Max; i++ {
		d *= 2
	}
	if b.Max > 0 {
		d = min(d, b.Max)
	}
	if b.Jitter > 0 {
		d += time.Duration(float64(d) * b.Jitter * r)
	}
	if b.Max > 0 {
		d = min(d, b.Max)
	}
	return d
}

// resetAfter is how long an incarnation must have run for its exit to
// count as a first failure.
func (b Backoff) resetAfter() time.Duration {
	if b.ResetAfter > 0 {
		return b.ResetAfter
	}
	return max(b.Min, b.Max)
}

// window is a sliding window of restart times.
type window struct{ at []time.Time }

// add records a restart at now and returns how many restarts fall within
// the period ending at now.
func (w *window) add(now time.Time, period time.Duration) int {
	w.at = append(w.at, now)
	cut := 0
	for cut < len(w.at) && now.Sub(w.at[cut]) >= period {
		cut++
	}
	w.at = append(w.at[:0], w.at[cut:]...)
	return len(w.at)
}
