package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// styles are the renderer's text styles.
type styles struct {
	dim, bold, accent, ok, warn, bad, added, removed, hunk lipgloss.Style
}

// newStyles returns the renderer's styles. With colour they write the
// 256-colour palette's codes as given: lipgloss v2 probes no terminal and
// downsamples nothing. Without colour (NO_COLOR, TERM=dumb, not a terminal)
// every style is plain: it sets a property that adds no escape, so its text
// still takes lipgloss's layout (a multi-line text's lines padded to the
// widest, CRLF as LF) like the coloured styles' — the empty style would
// return it untouched.
func newStyles(color bool) styles {
	s := lipgloss.NewStyle
	if !color {
		plain := s().Bold(false)
		return styles{plain, plain, plain, plain, plain, plain, plain, plain, plain}
	}
	return styles{
		dim:     s().Faint(true),
		bold:    s().Bold(true),
		accent:  s().Foreground(lipgloss.Color("39")),
		ok:      s().Foreground(lipgloss.Color("42")),
		warn:    s().Foreground(lipgloss.Color("214")),
		bad:     s().Foreground(lipgloss.Color("203")),
		added:   s().Foreground(lipgloss.Color("42")),
		removed: s().Foreground(lipgloss.Color("203")),
		hunk:    s().Foreground(lipgloss.Color("39")).Faint(true),
	}
}

// renderLines styles each line of s on its own: a style rendering several
// lines at once pads them all to the widest with spaces.
func renderLines(st lipgloss.Style, s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return strings.Join(lines, "\n")
}
