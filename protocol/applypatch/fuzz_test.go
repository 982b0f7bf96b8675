package applypatch

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseApply: Parse never panics and either returns a patch or an
// *Error; applying any parsed Update to any text never panics, an error
// leaves the result empty, and a CRLF file keeps CRLF line ends.
func FuzzParseApply(f *testing.F) {
	f.Add("*** Begin Patch\n*** Update File: a\n@@ x\n a\n-b\n+c\n*** End of File\n*** End Patch", "x\na\nb\n")
	f.Add("*** Begin Patch\r\n*** Add File: a\r\n+x\r\n*** Delete File: b\r\n*** End Patch", "")
	f.Add("*** Begin Patch\n*** Update File: a\n*** Move to: b\n-\n+\n\n*** End Patch\n", "\n\n")
	f.Fuzz(func(t *testing.T, text, file string) {
		p, err := Parse(text)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || p != nil {
				t.Fatalf("Parse error %v (%T) with patch %v", err, err, p)
			}
			return
		}
		for _, fl := range p.Files {
			if fl.Action != Update {
				_ = fl.Content()
				continue
			}
			out, _, err := fl.Apply(file)
			if err != nil && out != "" {
				t.Fatalf("Apply failed (%v) but returned %q", err, out)
			}
			crlf := strings.Count(file, "\n") > 0 && strings.Count(file, "\r\n") == strings.Count(file, "\n")
			if err == nil && crlf && strings.Count(out, "\r\n") != strings.Count(out, "\n") {
				t.Fatalf("a CRLF file came out with LF line ends: %q", out)
			}
		}
	})
}
