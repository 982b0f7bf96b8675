package ui

import (
	"strings"

	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// styles are the renderer's text styles.
type styles struct {
	dim, bold, accent, ok, warn, bad, added, removed, hunk lipgloss.Style
}

func newStyles(w io.Writer, color bool) styles {
	r := lipgloss.NewRenderer(w)
	if color {
		r.SetColorProfile(termenv.ANSI256)
	} else {
		r.SetColorProfile(termenv.Ascii)
	}
	s := func() lipgloss.Style { return r.NewStyle() }
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
