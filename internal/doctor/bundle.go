package doctor

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/internal/buildinfo"
)

// writeBundle writes doctor --page --bundle's archive (tar.gz) to path:
// the redacted page (page.html), a screenshot with no text (page.png),
// the page report with its locator table (report.json), the versions
// (versions.txt) and what the page showed as errors (errors.txt). It
// answers the names it holds. Nothing in it carries conversation text,
// drafts or credentials: the page parts are redacted by the adapter, the
// report holds structure only, and cookies are never read.
func writeBundle(path string, rep browser.PageReport) ([]string, error) {
	if rep.Bundle == nil {
		return nil, errors.New("the page was not captured")
	}
	// Notices and a modal's words are page text: only their length goes.
	rep.Notices = slices.Clone(rep.Notices)
	for i, n := range rep.Notices {
		rep.Notices[i] = fmt.Sprintf("[%d chars]", len(n))
	}
	if rep.Modal != nil {
		m := *rep.Modal
		m.Text = fmt.Sprintf("[%d chars]", len(m.Text))
		rep.Modal = &m
	}
	report, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return nil, err
	}
	bi := buildinfo.Current()
	versions := fmt.Sprintf("wtagent %s (commit %s, built %s)\nadapter %s\npage generation %s\nlocator overrides %s\n%s %s/%s\n",
		bi.Version, bi.Commit, bi.Date, rep.AdapterVersion, rep.Generation, orNone(rep.LocatorsFile), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	files := []struct {
		name string
		data []byte
	}{
		{"page.html", rep.Bundle.HTML}, {"page.png", rep.Bundle.PNG}, {"report.json", report},
		{"versions.txt", []byte(versions)}, {"errors.txt", []byte(pageErrors(rep))},
	}
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	now := time.Now()
	var names []string
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o600, Size: int64(len(f.data)), ModTime: now, Typeflag: tar.TypeReg}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
		names = append(names, f.name)
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return names, atomicfile.WriteFile(path, buf.Bytes(), 0o600)
}

// pageErrors lists what the check found wrong on the page, one a line.
func pageErrors(rep browser.PageReport) string {
	var lines []string
	add := func(what, err string) {
		if err != "" {
			lines = append(lines, what+": "+err)
		}
	}
	add("challenge", rep.Challenge)
	add("send control", rep.Send.Error)
	add("picker", rep.Picker.Error)
	add("thread", rep.Conversation.Error)
	if rep.Modal != nil {
		add("modal", rep.Modal.Kind)
	}
	for _, name := range slices.Sorted(maps.Keys(rep.Locators)) {
		if m := rep.Locators[name]; len(m.Invalid) > 0 {
			add("locator "+name, "the page rejects "+strings.Join(m.Invalid, " | "))
		}
	}
	if len(lines) == 0 {
		return "none\n"
	}
	return strings.Join(lines, "\n") + "\n"
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
