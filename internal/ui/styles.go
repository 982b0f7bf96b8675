package ui

import (
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
