package ui

import (
	"bytes"
	"strings"
)

// callOutput folds one tool call's (or process's) live output: the first
// lines are shown as they come, later ones are counted and the last few kept
// to show when the call completes.
type callOutput struct {
	partial map[string]*bytes.Buffer
	shown   int
	hidden  int
	tail    []string
}

const tailLines = 6

// splitLines appends data to the stream's partial line and returns the
// complete lines, with carriage-return overwrites resolved.
func (c *callOutput) splitLines(stream string, data []byte) []string {
	if c.partial == nil {
		c.partial = map[string]*bytes.Buffer{}
	}
	b := c.partial[stream]
	if b == nil {
		b = &bytes.Buffer{}
		c.partial[stream] = b
	}
	b.Write(data)
	var lines []string
	for {
		i := bytes.IndexByte(b.Bytes(), '\n')
		if i < 0 {
			break
		}
		lines = append(lines, cleanLine(string(b.Next(i+1))))
	}
	if b.Len() > 4096 { // a very long line without a newline
		lines = append(lines, cleanLine(string(b.Next(b.Len()))))
	}
	return lines
}

// flush returns what is left of every stream's partial line.
func (c *callOutput) flush() []string {
	var out []string
	for _, b := range c.partial {
		if b.Len() > 0 {
			out = append(out, cleanLine(b.String()))
			b.Reset()
		}
	}
	return out
}

// cleanLine drops the line ending and anything a carriage return overwrote.
func cleanLine(s string) string {
	s = strings.TrimRight(s, "\r\n")
	if i := strings.LastIndexByte(s, '\r'); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// admit decides whether a line is shown now (true) or folded.
func (c *callOutput) admit(line string, live int) bool {
	if c.shown < live {
		c.shown++
		return true
	}
	c.hidden++
	c.tail = append(c.tail, line)
	if len(c.tail) > tailLines {
		c.tail = c.tail[1:]
	}
	return false
}
