package policy

import (
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/projecttest"
	"github.com/wtagent/wtagent/policy/boundary"
)

// Short names for the risks in test tables.
const (
	rExec = event.RiskExecute
	rSens = event.RiskSensitive
	rDest = event.RiskDestructive
	rExt  = event.RiskExternal
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
