package protocol

import "github.com/wtagent/wtagent/session/event"

// UnknownResult is the result sent back for a call whose outcome is
// unknown (its result never came): status "unknown", not run again, and
// the model told to check the project's state before it goes on.
func UnknownResult(call *event.ToolCall, why string) event.ToolResult {
	return event.ToolResult{Tool: call.Name, Status: event.ToolUnknown,
		Message: "The outcome of this call is unknown (" + why + "). It was not run again. Check the project's state " +
			"(fs.read, project.status, process.list) before you go on."}
}
