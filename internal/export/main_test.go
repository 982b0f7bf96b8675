package export

import (
	"flag"
	"testing"

	"github.com/wtagent/wtagent/internal/export/exporttest"
	"go.uber.org/goleak"
)

// update rewrites the golden files under testdata.
var update = flag.Bool("update", false, "rewrite golden files")

// fixtureMeta is the session.json the exports are written with.
func fixtureMeta() Meta {
	return Meta{ID: exporttest.ID, Root: exporttest.Root, Provider: exporttest.Provider, Created: exporttest.Start,
		AgentVersion: exporttest.AgentVersion, Approvals: exporttest.Approvals}
}

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
