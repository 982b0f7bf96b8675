package export

import "strings"

// The Codex apply_patch envelope.
const (
	patchBegin  = "*** Begin Patch\n"
	patchEnd    = "*** End Patch\n"
	patchAdd    = "*** Add File: "
	patchUpdate = "*** Update File: "
)

// patchLines splits text into lines without their terminators; a trailing
// newline does not start another line.
func patchLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// writePatch renders an fs.write as apply_patch text: an overwrite is an
// Add File with the whole content, an append an Update File whose one
// chunk only adds lines (apply_patch inserts those at the end).
func writePatch(a fsWriteArgs) string {
	var b strings.Builder
	b.WriteString(patchBegin)
	if a.Mode == "append" {
		b.WriteString(patchUpdate + a.Path + "\n@@\n")
	} else {
		b.WriteString(patchAdd + a.Path + "\n")
	}
	for _, l := range patchLines(a.Content) {
		b.WriteString("+" + l + "\n")
	}
	b.WriteString(patchEnd)
	return b.String()
}

// editPatch renders an fs.edit as apply_patch text: one Update File chunk
// per replacement, removing the old text's lines and adding the new's.
func editPatch(a fsEditArgs) string {
	var b strings.Builder
	b.WriteString(patchBegin + patchUpdate + a.Path + "\n")
	for _, e := range a.edits() {
		b.WriteString("@@\n")
		for _, l := range patchLines(e.OldText) {
			b.WriteString("-" + l + "\n")
		}
		for _, l := range patchLines(e.NewText) {
			b.WriteString("+" + l + "\n")
		}
	}
	b.WriteString(patchEnd)
	return b.String()
}
