package toolactors

// cleanTerminal turns terminal output into plain text for the model: it
// drops ANSI escape sequences (CSI, OSC, DCS and two- or three-byte ESC
// sequences), turns "\r\n" into "\n", lets a bare "\r" start the line over
// (progress bars keep only their last state), applies backspaces and drops
// other control characters except tab.
func cleanTerminal(b []byte) []byte {
	out := make([]byte, 0, len(b))
	lineStart := 0
	pendingCR := false
	for i := 0; i < len(b); i++ {
		ch := b[i]
		switch {
		case ch == 0x1b:
			i = skipEscape(b, i)
			continue
		case ch == '\r':
			pendingCR = true
			continue
		case ch == '\n':
			pendingCR = false
			out = append(out, '\n')
			lineStart = len(out)
			continue
		case ch == '\b':
			if len(out) > lineStart {
				out = out[:len(out)-1]
			}
			continue
		case ch < 0x20 && ch != '\t', ch == 0x7f:
			continue
		}
		if pendingCR {
			out = out[:lineStart]
			pendingCR = false
		}
		out = append(out, ch)
	}
	return out
}

// skipEscape returns the index of the last byte of the escape sequence
// that starts at b[i] (an ESC).
func skipEscape(b []byte, i int) int {
	if i+1 >= len(b) {
		return i
	}
	switch b[i+1] {
	case '[': // CSI: parameters and intermediates, then a final byte
		for j := i + 2; j < len(b); j++ {
			if b[j] >= 0x40 && b[j] <= 0x7e {
				return j
			}
		}
		return len(b) - 1
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: until BEL or ST
		for j := i + 2; j < len(b); j++ {
			if b[j] == 0x07 {
				return j
			}
			if b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\' {
				return j + 1
			}
		}
		return len(b) - 1
	}
	j := i + 1
	for j < len(b) && b[j] >= 0x20 && b[j] <= 0x2f { // intermediates
		j++
	}
	if j < len(b) {
		return j
	}
	return len(b) - 1
}
