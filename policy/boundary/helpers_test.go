package boundary

import (
	"testing"

	"github.com/wtagent/wtagent/internal/projecttest"
)

// project is a projecttest.Project with its boundary open.
type project struct {
	*projecttest.Project
	b *Boundary
}

func newProject(t *testing.T) *project {
	t.Helper()
	p := projecttest.New(t)
	b, err := Open(p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return &project{Project: p, b: b}
}
