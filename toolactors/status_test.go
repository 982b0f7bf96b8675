package toolactors

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

func TestProjectStatusGit(t *testing.T) {
	b := gitRepo(t, map[string]string{"tracked.txt": "v1\n", "other.txt": "x\n"})
	gitEnv := append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	for _, args := range [][]string{{"checkout", "-q", "-b", "feature/x"}, {"add", "."}, {"commit", "-q", "-m", "init"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = b.dir, gitEnv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	b.write(t, map[string]string{"tracked.txt": "v2\n", "new file.txt": "n\n"})
	v := Verification{Command: "go test ./...", Passed: true}
	d := Deps{Paths: b, Verification: func() (Verification, bool) { return v, true }}
	res := run(t, d, protocol.ToolProjectStatus, &protocol.ProjectStatusArgs{})
	wantStatus(t, res, messages.ToolOK)
	st := decode[StatusResult](t, res)
	if st.Root != b.dir || st.Git.Branch != "feature/x" || st.Git.DirtyCount != 2 || st.Git.Error != "" {
		t.Fatalf("status: %+v", st)
	}
	if got := strings.Join(st.Git.Dirty, "|"); got != " M tracked.txt|?? new file.txt" {
		t.Errorf("dirty %q", got)
	}
	if st.Verification == nil || st.Verification.Command != "go test ./..." || st.Processes == nil {
		t.Errorf("verification/processes: %+v", st)
	}
	// outside a repository the git part says why
	plain := newBoundary(t)
	st = decode[StatusResult](t, run(t, Deps{Paths: plain}, protocol.ToolProjectStatus, &protocol.ProjectStatusArgs{}))
	if st.Git.Error != "not a git repository" {
		t.Errorf("no repo: %+v", st.Git)
	}
}

// cappedSpool fails once it holds limit bytes, like the session's
// per-session cap.
type cappedSpool struct {
	mu    sync.Mutex
	n     int
	limit int
}

var errSpoolFull = errors.New("tool output spool is full")

func (s *cappedSpool) Write(callID, processID, stream string, p []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n+len(p) > s.limit {
		return errSpoolFull
	}
	s.n += len(p)
	return nil
}

func TestExecSpoolFull(t *testing.T) {
	b := newBoundary(t)
	sp := &cappedSpool{limit: 64 << 10}
	rec := newRecorder(false)
	d := Deps{Paths: b, Spool: sp, Output: rec.output}
	res := run(t, d, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", hugeScript(4 << 20)}, TimeoutMS: 60000})
	wantStatus(t, res, messages.ToolOK)
	data := execData(t, res)
	if data.SpoolError != errSpoolFull.Error() || sp.n > sp.limit || sp.n == 0 {
		t.Errorf("spool: %q, %d bytes", data.SpoolError, sp.n)
	}
	if rec.counts[messages.StreamStdout] != data.StdoutBytes || !strings.HasSuffix(res.Stdout, "TAIL-MARKER last line\n") {
		t.Errorf("output after the spool filled: live %d of %d", rec.counts[messages.StreamStdout], data.StdoutBytes)
	}
}
