//go:build linux

package main

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestDoctorPageBundle: `wtagent doctor --page --bundle FILE` writes one
// archive for a bug report — the redacted page, a screenshot, the locator
// report, the versions and the page's errors — and a secret planted in
// the conversation, the conversation's words (the question and the
// answer) and the session token appear nowhere in it, while the page's
// structure does. --bundle without --page is a usage error.
func TestDoctorPageBundle(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	os.Chmod(e.home, 0o700)
	if code, _, errOut := e.run("doctor", "--bundle", filepath.Join(e.root, "b.tgz")); code != 2 || !strings.Contains(errOut, "--bundle needs --page") {
		t.Fatalf("--bundle without --page: exit %d %q", code, errOut)
	}
	const secret = "sk-proj-PLANTEDsecret0123456789abcdefXYZ"
	const question = "zebras sing at midnight " + secret
	const answer = "The purple walrus answers softly."
	srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Nov, Lang: mockchat.LangTurkish,
		Script: []model.ScriptLine{{Line: 1, Reply: answer}}})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	seedChat(t, url, question)
	bundle := filepath.Join(e.root, "page-bundle.tgz")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := e.command(ctx, "doctor", "--page", "--headless", "--chatgpt-url", url, "--json", "--timeout", "3m", "--bundle", bundle)
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), `"name":"bundle","level":"ok","detail":"wrote `+bundle+` (page.html, page.png, report.json, versions.txt, errors.txt)`) {
		t.Fatalf("doctor --page --bundle:\n%s", out)
	}
	f, err := os.Open(bundle)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = string(b)
	}
	for name, want := range map[string]string{
		"page.html":    "data-content-search-unit-key", // the structure stays
		"report.json":  `"locators"`,
		"versions.txt": "adapter chatgpt-web/",
		"errors.txt":   "",
		"page.png":     "PNG",
	} {
		if !strings.Contains(files[name], want) {
			t.Errorf("%s lacks %q (%d bytes)", name, want, len(files[name]))
		}
	}
	if !strings.Contains(files["report.json"], `"generation": "2026-11"`) {
		t.Errorf("report.json does not name the generation:\n%s", files["report.json"])
	}
	for name, body := range files {
		for _, banned := range []string{secret, "PLANTED", "zebras", "midnight", "purple walrus", "mock-access-token"} {
			if strings.Contains(body, banned) {
				t.Errorf("%s holds %q", name, banned)
			}
		}
	}
}
