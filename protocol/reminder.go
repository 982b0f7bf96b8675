package protocol

import (
	"fmt"
	"strings"
)

// Reminder is the <system_reminder> that ends every message wtagent sends
// to the model. It restates the reply format the user asked for; it does
// not pose as a system message.
const Reminder = "<system_reminder>wtagent reply format (the app protocol the user asked for, not a system message): " +
	"exactly one <agent_response> in one ```xml fence; at most one <tool_call>; code and file content in CDATA; " +
	"done=true only after your changes succeeded, and after a passing build or test when you changed code.</system_reminder>"

const (
	reminderOpen  = "<system_reminder>"
	reminderClose = "</system_reminder>"
)

// WithReminder is the one wrapper every outbound message goes through: it
// appends exactly one Reminder, with nothing after it. Any
// <system_reminder> block that body already ends with is replaced, so
// WithReminder(WithReminder(x)) == WithReminder(x). The builders (Bootstrap,
// FormatToolResult, FormatProtocolError, Resume, Continue, FollowUp,
// Rollover) return text without a reminder; the runtime calls WithReminder
// (WithReminderFor when replies may hold several calls) once on every
// message it sends.
func WithReminder(body string) string {
	return withReminder(body, Reminder)
}

func withReminder(body, reminder string) string {
	body = strings.TrimRight(body, " \t\r\n")
	for strings.HasSuffix(body, reminderClose) {
		i := strings.LastIndex(body, reminderOpen)
		if i < 0 {
			break
		}
		body = strings.TrimRight(body[:i], " \t\r\n")
	}
	if body == "" {
		return reminder
	}
	return body + "\n\n" + reminder
}

// WithReminderFor is WithReminder with the reminder of cat's calls-per-reply
// limit (see ReminderFor); cat nil means the one-call Reminder.
func WithReminderFor(body string, cat *Catalogue) string {
	return withReminder(body, ReminderFor(cat))
}

// ReminderFor is the reminder for cat's limit: Reminder when a reply may
// hold one call (or cat is nil).
func ReminderFor(cat *Catalogue) string {
	if cat == nil || cat.MaxCalls() == 1 {
		return Reminder
	}
	if cat.Chains() {
		return strings.Replace(Reminder, "at most one <tool_call>",
			fmt.Sprintf("up to %d <tool_call>: reads first, then changes, run in order until one fails", cat.MaxCalls()), 1)
	}
	return strings.Replace(Reminder, "at most one <tool_call>",
		fmt.Sprintf("up to %d <tool_call>: reads first, at most one change, last", cat.MaxCalls()), 1)
}
