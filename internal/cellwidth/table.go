package cellwidth

import (
	"io"
	"strings"
)

// The layout of Table: the one text/tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
// gives, the commands' tables before they measured in cells.
const (
	tableMinWidth = 2
	tablePadding  = 2
)

// Table writes rows lined up in columns measured in terminal cells (where
// text/tabwriter counts runes, so a Chinese or emoji cell pushed the
// columns after it out of line). Every cell but a row's last is padded
// with spaces to its column's widest such cell plus two cells (at least
// two); a row's last cell is not padded, so lines carry no trailing space.
// For ASCII text the output is byte for byte tabwriter's with those
// settings.
func Table(w io.Writer, rows [][]string) error {
	var widths []int
	for _, r := range rows {
		for i := 0; i < len(r)-1; i++ {
			if i == len(widths) {
				widths = append(widths, tableMinWidth)
			}
			widths[i] = max(widths[i], String(r[i])+tablePadding)
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-String(c)))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
