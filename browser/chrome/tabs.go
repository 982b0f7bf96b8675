package chrome

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// TabRecords records the tabs wtagent opens in a Chrome the user started:
// one file per tab in Dir, written when the tab opens and removed once it
// is closed. A wtagent killed before it closed its tab (kill -9) leaves
// its record, and the next attach to the same Chrome closes the tabs whose
// owner is gone. Only recorded tabs are closed, so never one of the
// user's.
type TabRecords struct {
	Dir string
	// Alive reports whether the process pid still runs: a live owner's
	// tab is its own (another wtagent attached to the same Chrome).
	Alive func(pid int) bool
}

// tabRecord is one recorded tab.
type tabRecord struct {
	Target string `json:"target"`
	PID    int    `json:"pid"`
	// Browser is the WebSocket URL of the Chrome the tab is in: it
	// changes when that Chrome restarts.
	Browser string `json:"browser"`
}

// recordFile is the record of target: target ids are hex, so the name is
// safe; anything else is refused.
func (r *TabRecords) recordFile(id string) (string, error) {
	if id == "" || strings.ContainsAny(id, `/\.`) {
		return "", fmt.Errorf("browser: a tab id %q cannot name a record", id)
	}
	return filepath.Join(r.Dir, id+".json"), nil
}

// add records the tab id of the Chrome at browserWS as this process's. The
// file is written whole (a temporary file renamed into place).
func (r *TabRecords) add(browserWS, id string) error {
	path, err := r.recordFile(id)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(r.Dir, 0o700); err != nil {
		return err
	}
	b, err := json.Marshal(tabRecord{Target: id, PID: os.Getpid(), Browser: browserWS})
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(r.Dir, ".tab-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(b)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

// remove drops the record of tab id (closed).
func (r *TabRecords) remove(id string) {
	if path, err := r.recordFile(id); err == nil {
		_ = os.Remove(path)
	}
}

// orphans are the records whose owner no longer runs.
func (r *TabRecords) orphans() []tabRecord {
	ents, err := os.ReadDir(r.Dir)
	if err != nil {
		return nil
	}
	var out []tabRecord
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(r.Dir, e.Name()))
		var rec tabRecord
		if err != nil || json.Unmarshal(b, &rec) != nil || rec.Target+".json" != e.Name() {
			continue
		}
		if !r.Alive(rec.PID) {
			out = append(out, rec)
		}
	}
	return out
}

// reap closes, in the Chrome at browserWS (ctx is a chromedp context of
// it), the recorded tabs whose owner no longer runs, and drops their
// records; a record of this Chrome whose tab is already gone is dropped
// too. It returns the ids it closed.
func (r *TabRecords) reap(ctx context.Context, browserWS string) ([]string, error) {
	orphans := r.orphans()
	if len(orphans) == 0 {
		return nil, nil
	}
	res, err := chromedp.CallBrowser(ctx, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return nil, fmt.Errorf("browser: list the tabs: %w", err)
	}
	open := map[string]bool{}
	for _, t := range res.TargetInfos {
		open[string(t.TargetID)] = true
	}
	var closed []string
	var errs []error
	for _, rec := range orphans {
		switch {
		case open[rec.Target]:
			if _, err := chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: target.ID(rec.Target)}); err != nil {
				errs = append(errs, fmt.Errorf("browser: close the tab %s a stopped wtagent left: %w", rec.Target, err))
				continue
			}
			closed = append(closed, rec.Target)
			r.remove(rec.Target)
		case rec.Browser == browserWS:
			r.remove(rec.Target) // this Chrome's, already closed
		}
	}
	return closed, errors.Join(errs...)
}

// recordTab closes the tabs a stopped wtagent left in the Chrome the user
// started, then records this tab (Config.Tabs; nothing without it). A
// failure is logged: the run goes on.
func (c *Chrome) recordTab(ctx context.Context) {
	r := c.cfg.Tabs
	if r == nil || !c.Remote() {
		return
	}
	cctx, cancel := c.Bind(ctx, c.cfg.StepTimeout)
	defer cancel()
	closed, err := r.reap(cctx, c.cfg.Remote.WebSocket)
	if err != nil {
		c.cfg.Logger.Warn("closing the tabs a stopped wtagent left", "err", err)
	}
	if len(closed) > 0 {
		c.cfg.Logger.Info("closed the tabs a stopped wtagent left in the Chrome at "+c.cfg.Remote.URL, "tabs", closed)
	}
	c.tabID = string(chromedp.FromContext(c.tab).Target.TargetID)
	if err := r.add(c.cfg.Remote.WebSocket, c.tabID); err != nil {
		c.cfg.Logger.Warn("record wtagent's tab", "err", err)
	}
}
