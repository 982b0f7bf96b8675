package tools

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/protocol"
)

func TestProjectStatusGit(t *testing.T) {
	b := gitRepo(t, map[string]string{"tracked.txt": "v1\n", "other.txt": "x\n"})
	gitEnv := append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	for _, args := range [][]string{{"checkout", "-q", "-b", "feature/x"}, {"add", "."}, {"commit", "-q", "-m", "init"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = b.Dir(), gitEnv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	b.Write(t, map[string]string{"tracked.txt": "v2\n", "new file.txt": "n\n"})
	v := Verification{Command: "go test ./...", Passed: true}
	d := Deps{Paths: b, Verification: func() (Verification, bool) { return v, true }}
	res := run(t, d, protocol.ToolProjectStatus, &protocol.ProjectStatusArgs{})
	tooltest.WantStatus(t, res, event.ToolOK)
	st := tooltest.Decode[StatusResult](t, res)
	if st.Root != b.Dir() || st.Git.Branch != "feature/x" || st.Git.DirtyCount != 2 || st.Git.Error != "" {
		t.Fatalf("status: %+v", st)
	}
	if got := strings.Join(st.Git.Dirty, "|"); got != " M tracked.txt|?? new file.txt" {
		t.Errorf("dirty %q", got)
	}
	if st.Verification == nil || st.Verification.Command != "go test ./..." || st.Processes == nil {
		t.Errorf("verification/processes: %+v", st)
	}
	// outside a repository the git part says why
	plain := tooltest.NewBoundary(t)
	st = tooltest.Decode[StatusResult](t, run(t, Deps{Paths: plain}, protocol.ToolProjectStatus, &protocol.ProjectStatusArgs{}))
	if st.Git.Error != "not a git repository" {
		t.Errorf("no repo: %+v", st.Git)
	}
}
