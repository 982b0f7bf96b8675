package protocol

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// ProcessEvent is the note told to the model with the next result when a
// dev server crashed or exited: <process_event process_id="…"
// status="…">why</process_event>.
func ProcessEvent(id string, state event.ProcessState, why string) string {
	text := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(why)
	return fmt.Sprintf("<process_event process_id=%q status=%q>%s</process_event>", id, state, text)
}
