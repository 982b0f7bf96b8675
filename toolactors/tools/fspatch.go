package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/protocol/applypatch"
)

// PatchResult is fs.patch's Data: each file, in the patch's order.
type PatchResult struct {
	Files   []PatchFile `json:"files"`
	DiffCut bool        `json:"diff_cut,omitempty"`
}

// PatchFile is what a patch did to one file.
type PatchFile struct {
	Path string `json:"path"`
	// Action is "added", "updated", "moved" or "deleted".
	Action  string `json:"action"`
	MovedTo string `json:"moved_to,omitempty"`
	Added   int    `json:"added"`
	Removed int    `json:"removed"`
}

// fsPatch applies a patch atomically: it parses it, locates every file
// and every hunk, and only then writes; a write that fails undoes the
// ones before it, so the project ends as it was or fully patched.
func fsPatch(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.FSPatchArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	p, err := applypatch.Parse(a.Patch)
	if err != nil {
		return errResult(fmt.Errorf("%w: %w; nothing was written", ErrPatch, err), nil)
	}
	plan, err := c.planPatch(p)
	defer plan.close()
	if err != nil {
		return errResult(fmt.Errorf("%w: %w; nothing was written", ErrPatch, err), nil)
	}
	if err := ctxErr(ctx); err != nil {
		return errResult(fmt.Errorf("%w; nothing was written", err), nil)
	}
	if err := plan.commit(c.d.hooks); err != nil {
		return errResult(fmt.Errorf("%w: %w", ErrPatch, err), nil)
	}
	return plan.result(c.spec.OutputLimit)
}

// patchPlan is a patch made ready to write: the writes in order and what
// each file's result says.
type patchPlan struct {
	steps   []patchStep
	files   []PatchFile
	diffs   []string
	targets []target
}

// patchStep is one write or removal, with what undoes it.
type patchStep struct {
	t      target
	data   []byte // the new content; nil with remove
	remove bool
	// old is the content before, when the file existed.
	old     []byte
	existed bool
}

func (pl *patchPlan) close() {
	for _, t := range pl.targets {
		t.close()
	}
}

// planPatch checks every file of the patch and computes its new content;
// it writes nothing.
func (c call) planPatch(p *applypatch.Patch) (*patchPlan, error) {
	pl := &patchPlan{}
	for _, f := range p.Files {
		t, info, err := c.locate(f.Path, true)
		if err != nil {
			return pl, err
		}
		pl.targets = append(pl.targets, t)
		if err := notSymlink(t); err != nil {
			return pl, err
		}
		switch f.Action {
		case applypatch.Add:
			err = pl.add(t, info, f)
		case applypatch.Delete:
			err = pl.delete(t, info)
		default:
			err = c.planUpdate(pl, t, info, f)
		}
		if err != nil {
			return pl, err
		}
	}
	return pl, nil
}

func (pl *patchPlan) add(t target, info fs.FileInfo, f applypatch.File) error {
	if info != nil {
		return fmt.Errorf("%s: %w; use *** Update File: to change it", t.show, ErrExists)
	}
	content := f.Content()
	pl.steps = append(pl.steps, patchStep{t: t, data: []byte(content)})
	pl.files = append(pl.files, PatchFile{Path: t.show, Action: "added", Added: len(f.Lines)})
	pl.diffs = append(pl.diffs, unifiedDiff(t.show, "", content, true))
	return nil
}

func (pl *patchPlan) delete(t target, info fs.FileInfo) error {
	old, err := existingText(t, info, "")
	if err != nil {
		return err
	}
	pl.steps = append(pl.steps, patchStep{t: t, remove: true, old: old, existed: true})
	pl.files = append(pl.files, PatchFile{Path: t.show, Action: "deleted", Removed: strings.Count(string(old), "\n")})
	pl.diffs = append(pl.diffs, "--- a/"+t.show+"\n+++ /dev/null\n")
	return nil
}

func (c call) planUpdate(pl *patchPlan, t target, info fs.FileInfo, f applypatch.File) error {
	old, err := existingText(t, info, "; use *** Add File: to create it")
	if err != nil {
		return err
	}
	after, st, err := f.Apply(string(old))
	if err != nil {
		return err
	}
	pf := PatchFile{Path: t.show, Action: "updated", Added: st.Added, Removed: st.Removed}
	if f.MoveTo == "" {
		pl.steps = append(pl.steps, patchStep{t: t, data: []byte(after), old: old, existed: true})
		pl.files = append(pl.files, pf)
		pl.diffs = append(pl.diffs, unifiedDiff(t.show, string(old), after, false))
		return nil
	}
	dst, dinfo, err := c.locate(f.MoveTo, true)
	if err != nil {
		return err
	}
	pl.targets = append(pl.targets, dst)
	if err := notSymlink(dst); err != nil {
		return err
	}
	if dinfo != nil {
		return fmt.Errorf("%s: %w; a move does not replace a file", dst.show, ErrExists)
	}
	pf.Action, pf.MovedTo = "moved", dst.show
	pl.steps = append(pl.steps, patchStep{t: dst, data: []byte(after)}, patchStep{t: t, remove: true, old: old, existed: true})
	pl.files = append(pl.files, pf)
	pl.diffs = append(pl.diffs, "rename from "+t.show+"\nrename to "+dst.show+"\n"+unifiedDiff(dst.show, string(old), after, false))
	return nil
}

// notSymlink refuses a path that is a symbolic link: a patch writes
// files, never through links (as fs.write).
func notSymlink(t target) error {
	if fi, err := t.root.Lstat(t.rel); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s: %w; patch the file it points to instead", t.show, ErrSymlink)
	}
	return nil
}

// existingText reads a file a patch updates or deletes: it must exist and
// be a text file.
func existingText(t target, info fs.FileInfo, hint string) ([]byte, error) {
	switch {
	case info == nil:
		return nil, fmt.Errorf("%s: %w%s", t.show, ErrNotFound, hint)
	case info.IsDir():
		return nil, fmt.Errorf("%s: %w", t.show, ErrIsDir)
	}
	old, err := readWhole(t, info)
	if err != nil {
		return nil, err
	}
	if !isText(old) {
		return nil, fmt.Errorf("%s: %w; a patch changes text files only", t.show, ErrBinary)
	}
	return old, nil
}

// commit makes the writes in order. When one fails, the ones before it
// are undone, newest first, and the error says whether that worked.
func (pl *patchPlan) commit(h *hooks) error {
	for i, s := range pl.steps {
		var err error
		if s.remove {
			err = s.t.root.Remove(s.t.rel)
		} else {
			_, err = writeAtomic(s.t.root, s.t.rel, s.data, h)
		}
		if err == nil {
			continue
		}
		err = fmt.Errorf("%s: %w", s.t.show, err)
		if uerr := undo(pl.steps[:i], h); uerr != nil {
			return fmt.Errorf("%w; undoing the files written before it failed too, so the project is part patched (wtagent undo restores the checkpoint): %w", err, uerr)
		}
		return fmt.Errorf("%w; the files written before it were restored, so nothing changed", err)
	}
	return nil
}

// undo reverses done steps, newest first.
func undo(done []patchStep, h *hooks) error {
	var errs []error
	for i := len(done) - 1; i >= 0; i-- {
		s := done[i]
		var err error
		if s.existed {
			_, err = writeAtomic(s.t.root, s.t.rel, s.old, h)
		} else {
			err = s.t.root.Remove(s.t.rel)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", s.t.show, err))
		}
	}
	return errors.Join(errs...)
}

// result lists each file with its action and line counts, and their diffs.
func (pl *patchPlan) result(limit int) event.ToolResult {
	res := event.ToolResult{Status: event.ToolOK}
	lines := make([]string, len(pl.files))
	for i, f := range pl.files {
		res.Changed = append(res.Changed, f.Path)
		name := f.Path
		if f.MovedTo != "" {
			res.Changed = append(res.Changed, f.MovedTo)
			name += " → " + f.MovedTo
		}
		lines[i] = fmt.Sprintf("%s %s (+%d -%d)", f.Action, name, f.Added, f.Removed)
	}
	pr := PatchResult{Files: pl.files}
	res.Diff, pr.DiffCut = capText(strings.Join(pl.diffs, ""), limit)
	res.Message = fmt.Sprintf("patched %d file(s): %s", len(pl.files), strings.Join(lines, "; "))
	res.Data = mustJSON(pr)
	return res
}
