package actors

import (
	"context"
	"strings"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors"
)

// The supervision tree's paths. The supervisor gives every child a PID that
// is stable across restarts (supervisor.PIDOf), so actors address each
// other by path instead of passing PIDs around.
const (
	pathRoot       = "wtagent"
	pathEventLog   = pathRoot + "/eventlog"
	pathStatus     = pathRoot + "/status"
	pathSession    = pathRoot + "/session"
	pathPolicy     = pathSession + "/policy"
	pathApproval   = pathSession + "/approval"
	pathAgents     = pathSession + "/agents"
	pathModelSup   = pathSession + "/browser"
	pathModel      = pathModelSup + "/model"
	pathTools      = pathSession + "/tools"
	pathProcesses  = pathSession + "/processes"
	pathMCP        = pathSession + "/mcp"
	pathController = pathSession + "/controller"
)

// Child IDs within their supervisors.
const (
	idEngineLog  = "engine"
	idEventLog   = "eventlog"
	idStatus     = "status"
	idSession    = "session"
	idPolicy     = "policy"
	idApproval   = "approval"
	idAgents     = "agents"
	idModelSup   = "browser"
	idModel      = "model"
	idTools      = "tools"
	idProcesses  = "processes"
	idMCP        = "mcp"
	idController = "controller"
)

// pids are the stable PIDs of the session's actors (for tools and
// processes: their subtrees' front workers).
type pids struct {
	eventlog, status, session, policy, approval, model, tools, processes, controller *actor.PID
	// root is the tree's root supervisor; agents the supervisor of its
	// sub-agents' trees.
	root, agents *actor.PID
	// client is the bridge to the code that started the runtime; it gets
	// RunFinished.
	client *actor.PID
}

// clientKind and clientID name the unsupervised bridge actor.
const clientKind, clientID = "client", "run"

// pidOf returns the stable PID of the supervised actor at path.
func pidOf(e *actor.Engine, path string) *actor.PID {
	return supervisor.PIDOf(e, path)
}

// newPIDs are the PIDs of the tree at root (pathRoot, or a sub-agent's
// subtree) whose bridge actor has the ID client.
func newPIDs(e *actor.Engine, root, client string) pids {
	at := func(path string) *actor.PID { return pidOf(e, root+strings.TrimPrefix(path, pathRoot)) }
	return pids{
		eventlog:   at(pathEventLog),
		status:     at(pathStatus),
		session:    at(pathSession),
		policy:     at(pathPolicy),
		approval:   at(pathApproval),
		model:      at(pathModel),
		tools:      toolactors.Front(at(pathTools)),
		processes:  toolactors.Front(at(pathProcesses)),
		controller: at(pathController),
		root:       at(pathRoot),
		agents:     at(pathAgents),
		client:     actor.NewPID(e.Address(), clientKind+"/"+client),
	}
}

// tree is a runtime's running actor tree: the session's root, or a
// sub-agent's subtree (subagent.Tree).
type tree interface {
	Done() <-chan struct{}
	Err() error
	Shutdown(ctx context.Context) error
}
