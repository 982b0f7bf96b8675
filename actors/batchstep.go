package actors

import "slices"

// batchMove is what a batch does next (see nextMove).
type batchMove int

const (
	moveWait  batchMove = iota // a call is still decided or run, or its snapshot taken
	moveCheck                  // check the chain's call at k (then it runs)
	moveAfter                  // take the snapshot after the chain's call at k
	moveSend                   // send the results; with k >= 0, first skip the chain's calls after k
)

// batchCall is what a batch's progression reads of one of its calls.
type batchCall struct {
	// result: the call has its result; ok: the result is a success.
	result, ok bool
	// started: the call was checked, or its result is being recorded.
	started bool
	// afterDue: a snapshot was taken before the call and the one after it
	// is not taken yet.
	afterDue bool
}

// nextMove is a batch's progression as a pure step, from its calls (in
// the reply's order) and its chain (the indexes run one at a time, in
// order, after the others) to the controller's next move and the chain
// position k it is about (-1 for none). The calls outside the chain come
// first; then each call of the chain is checked after the previous one's
// result and its snapshot after it; the first that does not succeed ends
// the chain (the calls after it are skipped); then the results are sent.
func nextMove(calls []batchCall, chain []int) (batchMove, int) {
	for i, c := range calls {
		if !c.result && !slices.Contains(chain, i) {
			return moveWait, -1
		}
	}
	for k, i := range chain {
		switch c := calls[i]; {
		case !c.result && c.started:
			return moveWait, k
		case !c.result:
			return moveCheck, k
		case c.afterDue:
			return moveAfter, k
		case !c.ok:
			return moveSend, k
		}
	}
	return moveSend, -1
}
