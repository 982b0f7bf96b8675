package mcpserve

import (
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
)

// The actor tree's names.
const (
	pathRoot  = "mcp"
	idQueue   = "queue"
	idChatGPT = "chatgpt"
)

// tree is the started actor tree.
type tree struct {
	root  *supervisor.Root
	queue *actor.PID
}

// startTree starts the queue, then the chatgpt actor, under one
// supervisor; the queue hears of every chatgpt start and exit. More than
// 5 crashes in 2 minutes end the tree (and the server).
func startTree(e *actor.Engine, o Options) tree {
	root := supervisor.PIDOf(e, pathRoot)
	queue, chatgpt := supervisor.ChildPID(root, idQueue), supervisor.ChildPID(root, idChatGPT)
	r := supervisor.Start(e, pathRoot, supervisor.Spec{
		Strategy: supervisor.OneForOne, Intensity: 5, Period: 2 * time.Minute,
		Notify: []*actor.PID{queue},
		Children: []supervisor.ChildSpec{
			{ID: idQueue, Producer: newQueueActor(chatgpt), Restart: supervisor.Permanent},
			{ID: idChatGPT, Producer: newChatGPTActor(o.NewTransport, queue, o.Logger), Restart: supervisor.Permanent,
				Backoff: o.Restart, Shutdown: 10 * time.Second},
		},
	})
	return tree{root: r, queue: queue}
}
