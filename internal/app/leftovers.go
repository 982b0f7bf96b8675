package app

import (
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/toolactors/tools"
)

// leftoverNotes removes the temporary files an earlier wtagent, killed
// during a file write, left in the project (tools.SweepLeftovers:
// its own only) and says which, for the banner.
func leftoverNotes(root string, now time.Time) []string {
	removed := tools.SweepLeftovers(root, now)
	switch len(removed) {
	case 0:
		return nil
	case 1:
		return []string{"removed a temporary file an interrupted write of wtagent left in the project: " + removed[0]}
	}
	shown := removed[:min(len(removed), 5)]
	more := ""
	if len(removed) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(removed)-len(shown))
	}
	return []string{fmt.Sprintf("removed %d temporary files interrupted writes of wtagent left in the project: %s%s",
		len(removed), strings.Join(shown, ", "), more)}
}
