package evidence

import (
	"regexp"
	"strings"
)

// Answer is the model's answer back for one piece of evidence the done
// gate asked for: a line of the done message that names the item and
// says why it does not apply.
//
//	Not applicable: run — the tests reproduce the reported bug, as asked.
//	不适用：修改 — 用户只要求解释。
//
// Item is one of the keys the refusal names ("change", "read", "read of
// FILE", "run"); the gate accepts an answer once per item and run, and
// never for a claim: claims are still checked.
type Answer struct {
	Item, Reason string
}

// AnswerKey names a missing item for an answer back: "change", "read",
// "read of FILE", "run".
func AnswerKey(kind, file string) string {
	if file != "" {
		return kind + " of " + file
	}
	return kind
}

// Answers reads the answers back of a done message: each line that starts
// with "Not applicable:" or "不适用：" and names an item and a reason
// (after a dash, a colon or a comma). A line without a reason answers
// nothing.
func Answers(message string) []Answer {
	re := regexp.MustCompile(`(?im)^\s*(?:[-*]\s*)?(?:not applicable|不适用)\s*[:：]\s*(.+?)\s*(?:—|–| - |[:：,，])\s*(\S.*?)\s*$`)
	var out []Answer
	for _, m := range re.FindAllStringSubmatch(message, -1) {
		item := answerItem(strings.Trim(m[1], "`'\" "))
		if item == "" || strings.TrimSpace(m[2]) == "" {
			continue
		}
		out = append(out, Answer{Item: item, Reason: strings.TrimSpace(m[2])})
	}
	return out
}

// answerItem normalises an item as the model may write it, in English or
// Chinese: "run", "a run", "test", "运行"; "change", "修改"; "read",
// "读取"; "read of a.txt", "读取 a.txt".
func answerItem(s string) string {
	l := strings.ToLower(strings.TrimSpace(s))
	l = strings.TrimPrefix(strings.TrimPrefix(l, "a "), "the ")
	if f, ok := strings.CutPrefix(l, "read of "); ok {
		return AnswerKey("read", strings.TrimSpace(s[len(s)-len(f):]))
	}
	if f, ok := strings.CutPrefix(s, "读取"); ok && strings.TrimSpace(f) != "" {
		return AnswerKey("read", strings.TrimSpace(f))
	}
	switch l {
	case "run", "test", "tests", "test run", "build", "verification", "passing build, test or run", "运行", "测试", "验证", "构建":
		return "run"
	case "change", "修改", "改动":
		return "change"
	case "read", "读取", "阅读":
		return "read"
	}
	return ""
}
