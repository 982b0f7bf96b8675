package acp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/session"
)

// Starter opens the wtagent session of an ACP session: a new one in root
// (resume nil) or resume. The agent fills in the sink and the approver.
type Starter func(root string, resume *session.Session, o app.Options) (*app.Driver, error)

// agent implements the ACP agent side: one entry per open session.
type agent struct {
	conn    *sdk.AgentSideConnection
	home    session.Home
	start   Starter
	version string

	mu       sync.Mutex
	sessions map[string]*acpSession
	// mcp holds each session's client MCP servers, given at session/new
	// or session/load: a session reopened after it made way gets them
	// again.
	mcp map[string]config.MCPServers
}

var (
	_ sdk.Agent       = (*agent)(nil)
	_ sdk.AgentLoader = (*agent)(nil)
)

// invalidParams is a JSON-RPC invalid-params error whose message says
// what is wrong.
func invalidParams(format string, a ...any) *sdk.RequestError {
	return &sdk.RequestError{Code: -32602, Message: fmt.Sprintf(format, a...)}
}

// Initialize implements sdk.Agent.
func (a *agent) Initialize(_ context.Context, _ sdk.InitializeRequest) (sdk.InitializeResponse, error) {
	return sdk.InitializeResponse{
		ProtocolVersion: sdk.ProtocolVersionNumber,
		AgentCapabilities: sdk.AgentCapabilities{
			LoadSession: true,
			// Resource links are always accepted (the baseline).
			PromptCapabilities: sdk.PromptCapabilities{EmbeddedContext: true},
			McpCapabilities:    mcpCapabilities(),
		},
		AgentInfo:   &sdk.Implementation{Name: "wtagent", Version: a.version},
		AuthMethods: []sdk.AuthMethod{},
	}, nil
}

// Authenticate implements sdk.Agent: there is nothing to authenticate (the
// ChatGPT login lives in wtagent's Chrome profile).
func (a *agent) Authenticate(context.Context, sdk.AuthenticateRequest) (sdk.AuthenticateResponse, error) {
	return sdk.AuthenticateResponse{}, nil
}

// checkCwd is a session's project root: an absolute path to a directory.
func checkCwd(cwd string) (string, error) {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return "", invalidParams("cwd %q is not an absolute path", cwd)
	}
	fi, err := os.Stat(cwd)
	if err != nil {
		return "", invalidParams("cwd %s does not exist", cwd)
	}
	if !fi.IsDir() {
		return "", invalidParams("cwd %s is not a directory", cwd)
	}
	root, err := filepath.EvalSymlinks(cwd)
	if err != nil {
		return "", invalidParams("cwd %s: %v", cwd, err)
	}
	return root, nil
}

// NewSession implements sdk.Agent: a new wtagent session in cwd.
func (a *agent) NewSession(_ context.Context, p sdk.NewSessionRequest) (sdk.NewSessionResponse, error) {
	root, err := checkCwd(p.Cwd)
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	servers, err := clientMCP(p.McpServers)
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	if err := a.makeWay(root); err != nil {
		return sdk.NewSessionResponse{}, err
	}
	s, err := a.open(root, nil, servers)
	if err != nil {
		return sdk.NewSessionResponse{}, err
	}
	_, effort := s.d.Mode()
	return sdk.NewSessionResponse{SessionId: sdk.SessionId(s.id), Modes: sessionModes(effort)}, nil
}

// LoadSession implements sdk.AgentLoader: `wtagent resume`, the history
// replayed as updates before the answer.
func (a *agent) LoadSession(ctx context.Context, p sdk.LoadSessionRequest) (sdk.LoadSessionResponse, error) {
	id := string(p.SessionId)
	if a.lookup(id) != nil {
		return sdk.LoadSessionResponse{}, invalidParams("session %s is already open", id)
	}
	root, err := checkCwd(p.Cwd)
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	servers, err := clientMCP(p.McpServers)
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	if err := a.makeWay(root); err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	sess, st, err := app.Reopen(ctx, a.home, id)
	if err != nil {
		return sdk.LoadSessionResponse{}, invalidParams("session %s: %v", id, err)
	}
	if st.Root != root {
		sess.Close()
		return sdk.LoadSessionResponse{}, invalidParams("session %s belongs to %s, not %s", id, st.Root, root)
	}
	events, _, err := sess.Events()
	if err != nil {
		sess.Close()
		return sdk.LoadSessionResponse{}, err
	}
	tr := newTranslator(root, true)
	for _, ev := range events {
		for _, u := range tr.updates(ev) {
			if err := a.conn.SessionUpdate(ctx, sdk.SessionNotification{SessionId: p.SessionId, Update: u}); err != nil {
				sess.Close()
				return sdk.LoadSessionResponse{}, err
			}
		}
	}
	s, err := a.open(root, sess, servers)
	if err != nil {
		return sdk.LoadSessionResponse{}, err
	}
	_, effort := s.d.Mode()
	return sdk.LoadSessionResponse{Modes: sessionModes(effort)}, nil
}

// open starts a session with the client's MCP servers and registers it.
func (a *agent) open(root string, resume *session.Session, servers config.MCPServers) (*acpSession, error) {
	s := newACPSession(a.conn, root)
	d, err := a.start(root, resume, app.Options{Sink: s.event, Approver: s, HostMCP: servers})
	if err != nil {
		return nil, &sdk.RequestError{Code: -32603, Message: err.Error()}
	}
	s.attach(d)
	a.mu.Lock()
	a.sessions[s.id] = s
	a.mcp[s.id] = servers
	a.mu.Unlock()
	return s, nil
}

func (a *agent) lookup(id string) *acpSession {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sessions[id]
}

// session is session id, open: reopened if it made way for another of
// its project; an error names an id that is neither open nor stored.
func (a *agent) session(ctx context.Context, id sdk.SessionId) (*acpSession, error) {
	if s := a.lookup(string(id)); s != nil {
		return s, nil
	}
	if id == "" {
		return nil, invalidParams("no session: call session/new (or session/load) first")
	}
	sess, st, err := app.Reopen(ctx, a.home, string(id))
	if err != nil {
		return nil, invalidParams("unknown session id %q: call session/new (or session/load) first", id)
	}
	if err := a.makeWay(st.Root); err != nil {
		sess.Close()
		return nil, err
	}
	a.mu.Lock()
	servers := a.mcp[string(id)]
	a.mu.Unlock()
	return a.open(st.Root, sess, servers)
}

// makeWay closes the idle sessions of root: one wtagent session works in
// a project at a time, and an editor keeps one agent for its threads. A
// session running a prompt there is an error.
func (a *agent) makeWay(root string) error {
	a.mu.Lock()
	var idle []*acpSession
	for id, s := range a.sessions {
		if s.root != root {
			continue
		}
		if s.busy() {
			a.mu.Unlock()
			return invalidParams("session %s is running a prompt in %s: wait for it or cancel it first", id, root)
		}
		idle = append(idle, s)
		delete(a.sessions, id)
	}
	a.mu.Unlock()
	for _, s := range idle {
		s.close()
	}
	return nil
}

// Prompt implements sdk.Agent: one run of the session.
func (a *agent) Prompt(ctx context.Context, p sdk.PromptRequest) (sdk.PromptResponse, error) {
	s, err := a.session(ctx, p.SessionId)
	if err != nil {
		return sdk.PromptResponse{}, err
	}
	task, err := promptTask(s.root, p.Prompt)
	if err != nil {
		return sdk.PromptResponse{}, err
	}
	// The request's context is not the run's: the SDK ends it when a
	// second prompt arrives, which is refused; session/cancel pauses.
	return s.prompt(task)
}

// Cancel implements sdk.Agent: pause the running prompt at the next safe
// point.
func (a *agent) Cancel(_ context.Context, p sdk.CancelNotification) error {
	if s := a.lookup(string(p.SessionId)); s != nil {
		s.cancel()
	}
	return nil
}

// CloseSession implements sdk.Agent.
func (a *agent) CloseSession(_ context.Context, p sdk.CloseSessionRequest) (sdk.CloseSessionResponse, error) {
	s := a.lookup(string(p.SessionId))
	if s == nil {
		return sdk.CloseSessionResponse{}, invalidParams("session %q is not open", p.SessionId)
	}
	a.mu.Lock()
	delete(a.sessions, s.id)
	a.mu.Unlock()
	s.close()
	return sdk.CloseSessionResponse{}, nil
}

// closeAll ends every open session (the client went away).
func (a *agent) closeAll() {
	a.mu.Lock()
	open := a.sessions
	a.sessions = map[string]*acpSession{}
	a.mu.Unlock()
	for _, s := range open {
		s.close()
	}
}

// ListSessions implements sdk.Agent.
func (a *agent) ListSessions(context.Context, sdk.ListSessionsRequest) (sdk.ListSessionsResponse, error) {
	return sdk.ListSessionsResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionList)
}

// ResumeSession implements sdk.Agent.
func (a *agent) ResumeSession(context.Context, sdk.ResumeSessionRequest) (sdk.ResumeSessionResponse, error) {
	return sdk.ResumeSessionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionResume)
}

// SetSessionConfigOption implements sdk.Agent.
func (a *agent) SetSessionConfigOption(context.Context, sdk.SetSessionConfigOptionRequest) (sdk.SetSessionConfigOptionResponse, error) {
	return sdk.SetSessionConfigOptionResponse{}, sdk.NewMethodNotFound(sdk.AgentMethodSessionSetConfigOption)
}

// SetSessionMode implements sdk.Agent: a mode is a ChatGPT effort tier,
// selected before the next message (as /effort).
func (a *agent) SetSessionMode(ctx context.Context, p sdk.SetSessionModeRequest) (sdk.SetSessionModeResponse, error) {
	s, err := a.session(ctx, p.SessionId)
	if err != nil {
		return sdk.SetSessionModeResponse{}, err
	}
	effort, err := modeEffort(p.ModeId)
	if err != nil {
		return sdk.SetSessionModeResponse{}, err
	}
	if err := s.d.SetEffort(effort); err != nil {
		return sdk.SetSessionModeResponse{}, invalidParams("mode %s: %v", p.ModeId, err)
	}
	return sdk.SetSessionModeResponse{}, nil
}
