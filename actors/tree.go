package actors

import (
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

func newPIDs(e *actor.Engine) pids {
	return pids{
		eventlog:   pidOf(e, pathEventLog),
		status:     pidOf(e, pathStatus),
		session:    pidOf(e, pathSession),
		policy:     pidOf(e, pathPolicy),
		approval:   pidOf(e, pathApproval),
		model:      pidOf(e, pathModel),
		tools:      toolactors.Front(pidOf(e, pathTools)),
		processes:  toolactors.Front(pidOf(e, pathProcesses)),
		controller: pidOf(e, pathController),
		client:     actor.NewPID(e.Address(), clientKind+"/"+clientID),
	}
}
