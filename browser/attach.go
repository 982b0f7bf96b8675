package browser

import (
	"context"
	"fmt"
	"github.com/wtagent/wtagent/internal/owntemp"
	"os"
	"path/filepath"
	"time"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/internal/atomicfile"
)

// checkAttachments validates attachment paths before the page is touched.
func checkAttachments(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("browser: attachment %q is not an absolute path", p)
		}
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("browser: attachment: %w", err)
		}
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("browser: attachment %q is not a regular file", p)
		}
		out = append(out, p)
	}
	return out, nil
}

// messageFile writes text into a temporary .txt file for the attachment
// fallback and returns its path, the short inline instruction and a
// cleanup func.
func messageFile(text string, turn int) (path, inline string, cleanup func(), err error) {
	dir, err := owntemp.MkdirTemp("message-")
	if err != nil {
		return "", "", nil, fmt.Errorf("browser: message file: %w", err)
	}
	cleanup = func() { os.RemoveAll(dir) }
	name := fmt.Sprintf("message-turn-%d.txt", turn)
	path = filepath.Join(dir, name)
	if err := atomicfile.WriteFile(path, []byte(text), 0o600); err != nil {
		cleanup()
		return "", "", nil, fmt.Errorf("browser: message file: %w", err)
	}
	inline = fmt.Sprintf("This message is too long for the chat box, so its full text (%d bytes) is in the attached file %s. Read the whole file and answer it exactly as if it had been typed here.", len(text), name)
	return path, inline, cleanup, nil
}

// uploaded tells whether the file's upload finished: its tile (found by
// the file's name, in any UI language) shows no progress bar; a page
// whose tiles do not name the file counts finished tiles instead (more
// than before).
func uploaded(ctx context.Context, s *session, name string, before int) (bool, error) {
	var tile struct {
		Found bool `json:"found"`
		Done  bool `json:"done"`
	}
	if err := s.call(ctx, 0, &tile, "tileFor", name); err != nil {
		return false, err
	}
	if tile.Found {
		return tile.Done, nil
	}
	var n int
	if err := s.call(ctx, 0, &n, "chips"); err != nil {
		return false, err
	}
	return n > before, nil
}

// attach uploads files through the page's file input, one at a time, and
// waits until each upload shows its chip.
func (t *Transport) attach(ctx context.Context, s *session, files []string) error {
	for _, f := range files {
		var before int
		if err := s.call(ctx, 0, &before, "chips"); err != nil {
			return err
		}
		t.opts.note("uploading %s", filepath.Base(f))
		cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
		obj, err := chromedp.Run(cctx, chromedp.Evaluate[*runtime.RemoteObject](`window.__wtagent ? window.__wtagent.uploadInput() : null`))
		if err == nil && (obj == nil || obj.ObjectID == "") {
			cancel()
			return s.adapterError(ctx, "upload", "attach a file", "no file input")
		}
		if err == nil {
			_, err = chromedp.Call(cctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{f}, ObjectID: obj.ObjectID})
			_, _ = chromedp.Call(cctx, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.ObjectID})
		}
		cancel()
		if err != nil {
			return s.wrap(ctx, fmt.Errorf("browser: attach %s: %w", f, err))
		}
		deadline := time.Now().Add(t.opts.UploadTimeout)
		for {
			done, err := uploaded(ctx, s, filepath.Base(f), before)
			if err != nil {
				return err
			}
			if done {
				break
			}
			var uerr string
			if err := s.call(ctx, 0, &uerr, "uploadError"); err != nil {
				return err
			}
			if uerr != "" {
				return fmt.Errorf("browser: the upload of %s failed: %s", filepath.Base(f), uerr)
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("browser: the upload of %s did not finish within %s", filepath.Base(f), t.opts.UploadTimeout)
			}
			if err := s.sleep(ctx, 100*time.Millisecond); err != nil {
				return err
			}
		}
	}
	return nil
}
