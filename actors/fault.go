package actors

import (
	"os"

	"github.com/wtagent/wtagent/internal/fault"
)

// faultBatchEnv names the fault hook (in builds with the wtfault tag only,
// see package fault) that kills wtagent in the middle of a batch, at the
// point it names: faultBeforeChange, once every call before the change has
// its result and before the change is checked.
const faultBatchEnv = "WTAGENT_FAULT_BATCH_KILL"

// faultBeforeChange is the point of faultBatchEnv between a batch's reads
// and its change.
const faultBeforeChange = "before-change"

// faultBetweenChanges is the point of faultBatchEnv between two calls of a
// chain of changes: the earlier one has its result, the later one is not
// checked yet.
const faultBetweenChanges = "between-changes"

// batchFault kills wtagent when the fault hook asks for it at point; in
// other builds it does nothing.
func batchFault(point string) {
	if fault.Env(os.Getenv, faultBatchEnv) == point {
		fault.Kill()
	}
}
