package applypatch

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"
)

// MaxSize is the largest patch Parse accepts, in bytes.
const MaxSize = 4 << 20

// The format's markers.
const (
	beginPatch = "*** Begin Patch"
	endPatch   = "*** End Patch"
	addFile    = "*** Add File: "
	updateFile = "*** Update File: "
	deleteFile = "*** Delete File: "
	moveTo     = "*** Move to: "
	endOfFile  = "*** End of File"
	hunkStart  = "@@"
)

// Action is what a patch does to one file.
type Action string

// The actions.
const (
	Add    Action = "add"
	Update Action = "update"
	Delete Action = "delete"
)

// Patch is a parsed patch: its file operations in order.
type Patch struct {
	Files []File
}

// File is one file operation.
type File struct {
	Action Action
	// Path is the file, slash-separated and relative to the project.
	Path string
	// MoveTo is the new path of an Update that renames the file, or "".
	MoveTo string
	// Lines are an Add's lines, without their "+".
	Lines []string
	// Hunks are an Update's changes, in file order.
	Hunks []Hunk
	// Line is where the operation starts in the patch text, from 1.
	Line int
}

// Hunk is one "@@" section of an Update.
type Hunk struct {
	// Anchor is the text after "@@" (a line the hunk comes after, such
	// as a function's first line), or "".
	Anchor string
	// Lines are the hunk's lines in order.
	Lines []Line
	// AtEnd is set by "*** End of File": the hunk ends the file.
	AtEnd bool
	// Line is where the hunk starts in the patch text, from 1.
	Line int
}

// Line is one line of a hunk: Op is ' ' (context), '-' (removed) or '+'
// (added).
type Line struct {
	Op   byte
	Text string
}

// Paths returns every path the patch touches, in order: each file's Path
// and, for a move, its MoveTo.
func (p *Patch) Paths() []string {
	var out []string
	for _, f := range p.Files {
		out = append(out, f.Path)
		if f.MoveTo != "" {
			out = append(out, f.MoveTo)
		}
	}
	return out
}

// Parse reads a patch. See the package documentation for the repairs it
// makes; anything else that is not the format is an *Error wrapping
// ErrSyntax, ErrEmpty, ErrTooLarge, ErrBinary or ErrPath.
func Parse(text string) (*Patch, error) {
	if len(text) > MaxSize {
		return nil, &Error{Err: ErrTooLarge, Detail: fmt.Sprintf("%d bytes; at most %d — split it into several patches", len(text), MaxSize)}
	}
	if strings.IndexByte(text, 0) >= 0 || !utf8.ValidString(text) {
		return nil, &Error{Err: ErrBinary, Detail: "a patch holds text only (NUL bytes or invalid UTF-8 found); binary files cannot be patched"}
	}
	lines, first := patchLines(text)
	if len(lines) == 0 {
		return nil, &Error{Err: ErrEmpty, Detail: "no text; a patch starts with " + beginPatch}
	}
	if lines[0] != beginPatch {
		return nil, &Error{Err: ErrSyntax, Line: first, Detail: fmt.Sprintf("the first line must be %q, not %q", beginPatch, clip(lines[0]))}
	}
	if last := lines[len(lines)-1]; last != endPatch || len(lines) == 1 {
		return nil, &Error{Err: ErrSyntax, Line: first + len(lines) - 1, Detail: fmt.Sprintf("the last line must be %q", endPatch)}
	}
	p := &parser{lines: lines[1 : len(lines)-1], first: first + 1}
	if err := p.parse(); err != nil {
		return nil, err
	}
	if len(p.patch.Files) == 0 {
		return nil, &Error{Err: ErrEmpty, Detail: "the patch names no file; give *** Add File:, *** Update File: or *** Delete File: sections"}
	}
	if err := checkPaths(&p.patch); err != nil {
		return nil, err
	}
	return &p.patch, nil
}

// patchLines splits text into lines with CRLF read as LF, without the
// blank lines around the patch; first is the line number of the first one.
func patchLines(text string) (lines []string, first int) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	all := strings.Split(text, "\n")
	start, end := 0, len(all)
	for start < end && strings.TrimSpace(all[start]) == "" {
		start++
	}
	for end > start && strings.TrimSpace(all[end-1]) == "" {
		end--
	}
	out := all[start:end]
	for i, l := range out {
		if t := strings.TrimRight(l, " \t"); t == beginPatch || t == endPatch || t == endOfFile {
			out[i] = t
		}
	}
	return out, start + 1
}

// parser reads the lines between Begin Patch and End Patch.
type parser struct {
	lines []string
	first int // line number of lines[0]
	i     int
	patch Patch
}

func (p *parser) lineNo() int { return p.first + p.i }

func (p *parser) errorf(path string, format string, args ...any) error {
	return &Error{Path: path, Line: p.lineNo(), Err: ErrSyntax, Detail: fmt.Sprintf(format, args...)}
}

func (p *parser) parse() error {
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		var err error
		switch {
		case strings.HasPrefix(l, addFile):
			err = p.add(strings.TrimPrefix(l, addFile))
		case strings.HasPrefix(l, updateFile):
			err = p.update(strings.TrimPrefix(l, updateFile))
		case strings.HasPrefix(l, deleteFile):
			p.patch.Files = append(p.patch.Files, File{Action: Delete, Path: strings.TrimSpace(strings.TrimPrefix(l, deleteFile)), Line: p.lineNo()})
			p.i++
		case strings.TrimSpace(l) == "":
			p.i++
		default:
			err = p.errorf("", "expected *** Add File:, *** Update File:, *** Delete File: or *** End Patch, not %q", clip(l))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// add reads an Add File section: every line starts with "+".
func (p *parser) add(name string) error {
	f := File{Action: Add, Path: strings.TrimSpace(name), Line: p.lineNo()}
	p.i++
	for ; p.i < len(p.lines) && !isHeader(p.lines[p.i]); p.i++ {
		l := p.lines[p.i]
		if !strings.HasPrefix(l, "+") {
			return p.errorf(f.Path, "every line of an added file starts with \"+\", not %q", clip(l))
		}
		f.Lines = append(f.Lines, l[1:])
	}
	p.patch.Files = append(p.patch.Files, f)
	return nil
}

// update reads an Update File section: an optional Move to, then hunks.
func (p *parser) update(name string) error {
	f := File{Action: Update, Path: strings.TrimSpace(name), Line: p.lineNo()}
	p.i++
	if p.i < len(p.lines) && strings.HasPrefix(p.lines[p.i], moveTo) {
		f.MoveTo = strings.TrimSpace(strings.TrimPrefix(p.lines[p.i], moveTo))
		p.i++
	}
	for p.i < len(p.lines) && !isHeader(p.lines[p.i]) {
		h, err := p.hunk(f.Path, len(f.Hunks) == 0)
		if err != nil {
			return err
		}
		f.Hunks = append(f.Hunks, h)
	}
	if len(f.Hunks) == 0 && f.MoveTo == "" {
		return p.errorf(f.Path, "an Update File section needs at least one @@ hunk")
	}
	p.patch.Files = append(p.patch.Files, f)
	return nil
}

// hunk reads one hunk. The first hunk of a file may leave out its "@@"
// line (as Codex allows).
func (p *parser) hunk(path string, first bool) (Hunk, error) {
	h := Hunk{Line: p.lineNo()}
	switch l := p.lines[p.i]; {
	case l == hunkStart:
		p.i++
	case strings.HasPrefix(l, hunkStart+" "):
		h.Anchor = strings.TrimPrefix(l, hunkStart+" ")
		p.i++
	case !first:
		return h, p.errorf(path, "expected a hunk (@@), not %q", clip(l))
	}
	for ; p.i < len(p.lines); p.i++ {
		l := p.lines[p.i]
		if isHeader(l) || strings.HasPrefix(l, hunkStart) {
			break
		}
		if l == endOfFile {
			h.AtEnd = true
			p.i++
			break
		}
		switch {
		case l == "":
			h.Lines = append(h.Lines, Line{Op: ' '})
		case l[0] == ' ' || l[0] == '-' || l[0] == '+':
			h.Lines = append(h.Lines, Line{Op: l[0], Text: l[1:]})
		default:
			return h, p.errorf(path, "a hunk line starts with \" \" (context), \"-\" (removed) or \"+\" (added), not %q", clip(l))
		}
	}
	if len(h.Lines) == 0 {
		return h, &Error{Path: path, Line: h.Line, Err: ErrSyntax, Detail: "the hunk has no lines"}
	}
	return h, nil
}

// isHeader reports a line that starts the next section or ends the patch.
func isHeader(l string) bool {
	return strings.HasPrefix(l, addFile) || strings.HasPrefix(l, updateFile) ||
		strings.HasPrefix(l, deleteFile) || l == endPatch
}

// checkPaths refuses empty, absolute and escaping paths, and a path named
// twice (its meaning would depend on the order of operations).
func checkPaths(p *Patch) error {
	seen := map[string]int{}
	for _, f := range p.Files {
		names := []string{f.Path}
		if f.MoveTo != "" {
			names = append(names, f.MoveTo)
		}
		for _, name := range names {
			if name == "" {
				return &Error{Line: f.Line, Err: ErrPath, Detail: "a file section names no path"}
			}
			clean := path.Clean(strings.ReplaceAll(name, "\\", "/"))
			switch {
			case path.IsAbs(clean) || (len(clean) > 1 && clean[1] == ':'):
				return &Error{Path: name, Line: f.Line, Err: ErrPath, Detail: "paths in a patch are relative to the project root"}
			case clean == ".." || strings.HasPrefix(clean, "../"):
				return &Error{Path: name, Line: f.Line, Err: ErrPath, Detail: "the path leaves the project"}
			case clean == ".":
				return &Error{Path: name, Line: f.Line, Err: ErrPath, Detail: "the path names the project root, not a file"}
			}
			if at, ok := seen[clean]; ok {
				return &Error{Path: name, Line: f.Line, Err: ErrPath, Detail: fmt.Sprintf("the path is already named at line %d; one patch changes a file once", at)}
			}
			seen[clean] = f.Line
		}
	}
	return nil
}

// clip shortens a line quoted in an error.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	return string([]rune(s)[:77]) + "…"
}
