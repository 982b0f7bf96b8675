package ui

import "strings"

// screenWriter writes through a Screen: what a prompt writes with Hold
// goes to the scrollback, a line per Println (a prompt writes whole
// lines).
type screenWriter struct{ s Screen }

func (w screenWriter) Write(b []byte) (int, error) {
	w.s.Println(strings.TrimSuffix(string(b), "\n"))
	return len(b), nil
}
