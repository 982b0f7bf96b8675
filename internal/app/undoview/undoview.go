package undoview

import (
	"errors"
	"fmt"
	"io"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/cmdutil"
)

// Report prints an undo's outcome; the error it returns carries the exit
// code. undoFrom names the command that undoes a turn and every later one
// (said when only the newest turn was undone and earlier ones changed
// files too).
func Report(w io.Writer, res checkpoint.UndoResult, err error, undoFrom func(turn int) string) error {
	var ce *checkpoint.ConflictsError
	switch {
	case errors.As(err, &ce):
		fmt.Fprintf(w, "undo of turn %d refused: these files were changed by hand since the agent changed them\n", ce.Turn)
		for _, c := range ce.Conflicts {
			fmt.Fprintf(w, "  %s: %s\n", c.Path, c.Reason)
		}
		fmt.Fprintln(w, "nothing was changed; undo or keep your edits first")
		return &cmdutil.ExitError{Code: cmdutil.ExitFailed}
	case errors.Is(err, checkpoint.ErrNothingToUndo):
		fmt.Fprintln(w, err)
		return nil
	case err != nil:
		return err
	}
	if res.Finished {
		fmt.Fprintf(w, "finished the interrupted undo of turn %d\n", res.Turn)
	}
	if res.Newest {
		fmt.Fprintf(w, "undid turn %d of %d, the newest that changed files: %d file(s) restored\n", res.Turn, res.Last, len(res.Restored))
	} else {
		fmt.Fprintf(w, "undid turn %d and later: %d file(s) restored\n", res.Turn, len(res.Restored))
	}
	writeRestored(w, res.Restored)
	if res.Newest && res.Earlier > 0 {
		fmt.Fprintf(w, "only turn %d was undone; `%s` undoes every turn from %d on\n", res.Turn, undoFrom(res.Earlier), res.Earlier)
	}
	return nil
}

// writeRestored lists the files an undo put back.
func writeRestored(w io.Writer, restored []checkpoint.Step) {
	for _, st := range restored {
		verb := "restored"
		switch {
		case st.Target == nil:
			verb = "removed "
		case st.Expect == nil:
			verb = "recreated"
		}
		fmt.Fprintf(w, "  %s %s\n", verb, st.Path)
	}
}
