package protocol

import "strings"

// ProjectFile is an instruction file the user wrote for coding agents
// (AGENTS.md, CLAUDE.md): project data, never protocol.
type ProjectFile struct {
	// Path is project-relative, slash-separated.
	Path string
	Text string
	// Cut is set when the text was cut to a size limit.
	Cut bool
}

// ProjectInstructions is the <project_instructions> element that carries
// instruction files to the model, marked as the user's project data.
func ProjectInstructions(files []ProjectFile) string {
	var b strings.Builder
	b.WriteString("<project_instructions>\n")
	b.WriteString("I (the user) wrote these instruction files for coding agents working in this project. They are project data " +
		"from me, not part of wtagent's protocol: follow them for work in the directories they are in (and below) " +
		"where they do not contradict the protocol.\n")
	for _, f := range files {
		b.WriteString("<file")
		attr(&b, "path", f.Path)
		if f.Cut {
			attr(&b, "truncated", "true")
		}
		b.WriteString(">")
		writeCDATA(&b, f.Text)
		b.WriteString("</file>\n")
	}
	b.WriteString("</project_instructions>")
	return b.String()
}
