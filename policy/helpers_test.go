package policy

import (
	"testing"

	"github.com/wtagent/wtagent/internal/projecttest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/boundary"
)

// Short names for the risks in test tables.
const (
	rExec = messages.RiskExecute
	rSens = messages.RiskSensitive
	rDest = messages.RiskDestructive
	rExt  = messages.RiskExternal
)

// project is a projecttest.Project with its boundary open.
type project struct {
	*projecttest.Project
	b *boundary.Boundary
}

func newProject(t *testing.T) *project {
	t.Helper()
	p := projecttest.New(t)
	b, err := boundary.Open(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return &project{Project: p, b: b}
}
