package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// EditResult is fs.edit's Data.
type EditResult struct {
	Path string `json:"path"`
	// Edits is how many edits were applied; Replacements how many
	// occurrences they replaced in all.
	Edits        int    `json:"edits"`
	Replacements int    `json:"replacements"`
	Bytes        int    `json:"bytes"`
	Mode         string `json:"mode"`
	DiffCut      bool   `json:"diff_cut,omitempty"`
}

func fsEdit(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.FSEditArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	edits := a.Edits
	if a.OldText != "" || a.NewText != "" {
		edits = append([]protocol.Edit{{OldText: a.OldText, NewText: a.NewText, ReplaceAll: a.ReplaceAll}}, edits...)
	}
	if len(edits) == 0 {
		return errResult(fmt.Errorf("%w: give old_text and new_text, or <edits>", ErrBadArgs), nil)
	}
	t, info, err := c.locate(a.Path, true)
	if err != nil {
		return errResult(err, nil)
	}
	defer t.close()
	if info == nil {
		return errResult(fmt.Errorf("%s: %w (use fs.write to create it)", a.Path, ErrNotFound), nil)
	}
	if info.IsDir() {
		return errResult(fmt.Errorf("%s: %w", a.Path, ErrIsDir), nil)
	}
	raw, err := readWhole(t, info)
	if err != nil {
		return errResult(err, nil)
	}
	if !isText(raw) {
		return errResult(fmt.Errorf("%s: %w; fs.edit only edits text", a.Path, ErrBinary), nil)
	}
	before := string(raw)
	after, total, err := applyEdits(before, edits)
	if err != nil {
		return errResult(fmt.Errorf("%s: %w", t.show, err), map[string]any{"path": t.show})
	}
	if err := ctxErr(ctx); err != nil {
		return errResult(err, nil)
	}
	out, err := writeAtomic(t.root, t.rel, []byte(after), c.d.hooks)
	if err != nil {
		return errResult(fmt.Errorf("%s: %w", t.show, err), nil)
	}
	er := EditResult{Path: t.show, Edits: len(edits), Replacements: total, Bytes: len(after), Mode: fmt.Sprintf("%04o", out.Mode)}
	res := event.ToolResult{Status: event.ToolOK, Changed: []string{t.show}}
	res.Diff, er.DiffCut = capText(unifiedDiff(t.show, before, after, false), c.spec.OutputLimit)
	res.Message = fmt.Sprintf("edited %s: %d edit(s), %d replacement(s)", t.show, len(edits), total)
	res.Data = mustJSON(er)
	return res
}

// applyEdits applies the edits in order to s; any failure leaves nothing
// changed. A file with CRLF line ends also matches old_text written with
// LF (the replacement then gets CRLF too).
func applyEdits(s string, edits []protocol.Edit) (string, int, error) {
	crlf := strings.Contains(s, "\r\n")
	total := 0
	for i, e := range edits {
		which := ""
		if len(edits) > 1 {
			which = fmt.Sprintf(" (edit %d of %d)", i+1, len(edits))
		}
		if e.OldText == "" {
			return "", 0, fmt.Errorf("%w%s: old_text is empty", ErrBadArgs, which)
		}
		if e.OldText == e.NewText {
			return "", 0, fmt.Errorf("%w%s: old_text and new_text are the same", ErrNoChange, which)
		}
		oldText, newText := e.OldText, e.NewText
		n := strings.Count(s, oldText)
		if n == 0 && crlf && !strings.Contains(oldText, "\r\n") {
			oldText = strings.ReplaceAll(oldText, "\n", "\r\n")
			newText = strings.ReplaceAll(newText, "\n", "\r\n")
			n = strings.Count(s, oldText)
		}
		switch {
		case n == 0:
			return "", 0, fmt.Errorf("%w%s%s", ErrOldTextMissing, which, missingHint(s, e.OldText))
		case n > 1 && !e.ReplaceAll:
			return "", 0, fmt.Errorf("%w%s: it occurs %d times (at lines %s); add surrounding lines to make it unique, or set replace_all", ErrOldTextNotOne, which, n, occurrenceLines(s, oldText, 5))
		case e.ReplaceAll:
			s = strings.ReplaceAll(s, oldText, newText)
		default:
			s = strings.Replace(s, oldText, newText, 1)
		}
		total += n
	}
	return s, total, nil
}

// occurrenceLines lists the 1-based lines where sub starts, at most max.
func occurrenceLines(s, sub string, max int) string {
	var lines []string
	off := 0
	for len(lines) < max {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			break
		}
		pos := off + i
		lines = append(lines, fmt.Sprint(strings.Count(s[:pos], "\n")+1))
		off = pos + max1(len(sub))
	}
	if strings.Count(s, sub) > max {
		lines = append(lines, "…")
	}
	return strings.Join(lines, ", ")
}

func max1(n int) int { return max(n, 1) }

// missingHint points at where the old text nearly matches: the first line
// of old_text found with different indentation or trailing spaces.
func missingHint(s, old string) string {
	first := strings.TrimSpace(strings.SplitN(old, "\n", 2)[0])
	if first == "" {
		return ""
	}
	for i, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) == first {
			return fmt.Sprintf("; its first line appears at line %d with different whitespace or surrounding text — read the file again and copy the exact text", i+1)
		}
	}
	return "; read the file again and copy the exact text"
}
