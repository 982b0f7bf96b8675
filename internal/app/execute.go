package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/app/slash"
	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/internal/ui"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/policy/secrets"
	"github.com/wtagent/wtagent/session"
)

// Options are one session's run in the terminal.
type Options struct {
	Env      Env
	Settings settings.Settings
	Home     session.Home
	// Root is the absolute project root.
	Root string
	// Session is the session to resume; nil creates one for Task.
	Session *session.Session
	// Task is the task, or the new instruction of a resume (may be empty).
	Task string
	// Interactive keeps the prompt open after each run.
	Interactive bool
	// Input reads the user's prompts and approval keys.
	Input Input
	// StopProcesses stops dev servers at the end without asking.
	StopProcesses bool
	// Sink, when set, receives the run's events instead of the terminal
	// renderer or --json (a host such as the ACP agent), and no signal
	// handler is installed: the host pauses runs itself.
	Sink func(event.Event)
	// Approver, when set, answers approvals in prompt mode instead of
	// the terminal.
	Approver actors.Approver
	// HostMCP are the host's MCP servers (an ACP client's), joined to the
	// user's for this session under the same policy.
	HostMCP config.MCPServers
}

// Input is the terminal input the application needs.
type Input interface {
	ui.KeyReader
	// ReadLine reads one (possibly multi-line) prompt; io.EOF or
	// ErrInterrupted end the session.
	ReadLine(ctx context.Context) (string, error)
}

// Execute runs the session: one run for Task, and more for each prompt in
// interactive mode. Its error carries the exit code of the last run. ctx
// is the session's: reads at the prompt, the MCP servers and the project
// questions live under it, and its end stops the run as SIGTERM does.
func Execute(ctx context.Context, o Options) error {
	if o.Settings.Provider == "chatgpt" && o.Settings.ChromeURL != "" {
		if err := probeChromeURL(ctx, o.Settings, o.Home); err != nil {
			return err
		}
	} else if o.Settings.Provider == "chatgpt" && !o.Settings.Headless {
		// Checked before any prompt or session: nothing can run here.
		if err := chrome.CheckDisplay(o.Env.Getenv, o.Env.GOOS); err != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitFailed, Err: err}
		}
	}
	lock, err := lockProject(ctx, o)
	if err != nil {
		return err
	}
	defer lock.Release()
	if rs, ok := o.Input.(interface{ SetRoot(string) }); ok {
		rs.SetRoot(o.Root)
	}
	task := o.Task
	if task == "" && o.Session == nil {
		if !o.Interactive || o.Input == nil {
			return cmdutil.FlagErrorf("no task given (pass one as an argument, or run in a terminal for the interactive prompt)")
		}
		fmt.Fprintln(o.Env.IO.Out, interactiveBanner(o.Root))
		for task == "" {
			first, err := o.Input.ReadLine(ctx)
			if err != nil {
				return endOfInput(err)
			}
			if name, args, ok := slash.Parse(first); ok {
				if slashBeforeSession(&o, name, args) {
					return nil
				}
				continue
			}
			task = first
		}
	}
	r, err := start(ctx, o, lock, task)
	if err != nil {
		return err
	}
	defer r.sess.Close()
	defer r.close()
	return r.loop(ctx, task)
}

// start opens o.Session, or creates the session of task, and starts its
// runtime. Closing the runEnv, then its session, ends it.
func start(ctx context.Context, o Options, lock *session.ProjectLock, task string) (*runEnv, error) {
	if err := o.Settings.LoadScript(); err != nil {
		return nil, err
	}
	sess := o.Session
	created := sess == nil
	if sess == nil {
		s, err := session.Create(o.Home, session.Meta{Root: o.Root, Task: task, Provider: o.Settings.Provider,
			Mode: o.Settings.Mode, Effort: o.Settings.Effort, Approvals: string(o.Settings.Approvals), Script: o.Settings.ScriptPath(),
			ChatGPTURL: o.Settings.ChatGPTURL, PID: os.Getpid(), AgentVersion: buildinfo.Current().Version})
		if err != nil {
			return nil, err
		}
		sess = s
	}
	if lock != nil {
		lock.SetSession(sess.ID())
	}
	r, err := newRunEnv(ctx, o, sess)
	if err != nil {
		sess.Close()
		if created {
			// Nothing ran: a start-up error leaves no session behind.
			if rmErr := session.Remove(o.Home, sess.ID()); rmErr != nil {
				return nil, errors.Join(err, rmErr)
			}
		}
		return nil, err
	}
	return r, nil
}

// runEnv is a running session with its UI and runtime.
type runEnv struct {
	o        Options
	sess     *session.Session
	rt       *actors.Runtime
	renderer *ui.Renderer
	// prompts draws approval prompts on stderr when stdout is --json.
	prompts  *ui.Renderer
	json     *ui.JSONWriter
	logClose func()
	sigs     *interrupts
	// sandboxClose releases the sandbox after the runtime is down.
	sandboxClose func()
	// store holds the session's snapshots (nil when none can be taken);
	// socket is the live status socket.
	store  checkpoint.Store
	socket string
	// mode and effort are the ChatGPT mode and effort tier asked for;
	// undoNote tells the model, with the next prompt, what an undo put
	// back.
	mode, effort string
	undoNote     string
	// typer reads what the user types while a run works (a terminal only).
	typer *typeAhead
	// hungUp is set when SIGTERM or SIGHUP came at a prompt: the session
	// ends as at exit, asking nothing more.
	hungUp bool
}

func newRunEnv(ctx context.Context, o Options, sess *session.Session) (*runEnv, error) {
	ios := o.Env.IO
	r := &runEnv{o: o, sess: sess, mode: o.Settings.Mode, effort: o.Settings.Effort}
	logFile, err := sess.OpenLogFile()
	if err != nil {
		return nil, err
	}
	redacted := secrets.NewRedactingWriter(logFile)
	r.logClose = func() { redacted.Flush(); logFile.Close() }
	logger, err := cmdutil.NewLogger(ios.ErrOut, o.Env.LogLevel, redacted)
	if err != nil {
		r.logClose()
		return nil, err
	}
	sink := o.Sink
	switch {
	case sink != nil:
	case o.Env.JSON:
		r.json = ui.NewJSONWriter(ios.Out)
		sink = r.json.Event
	default:
		opts := ui.Options{TTY: ios.IsStdoutTTY(), Color: ios.ColorEnabled(),
			Width: ios.TerminalWidth(), Verbose: o.Settings.Verbose, Interactive: o.Interactive}
		if sc, ok := o.Input.(interface{ Screen() ui.Screen }); ok {
			opts.Screen = sc.Screen()
		}
		r.renderer = ui.New(ios.Out, opts)
		go r.renderer.Run()
		sink = r.renderer.Event
	}
	newT, err := transportFactory(o.Settings, o.Home, sess, redacted)
	if err != nil {
		r.close()
		return nil, err
	}
	if lr, ok := o.Input.(liveReader); ok && r.renderer != nil && ios.IsStdinTTY() {
		r.typer = &typeAhead{in: o.Input, live: lr, resume: make(chan struct{}, 1),
			queue:    func(id, text string) { r.rt.Queue(id, text) },
			takeOver: func() { r.rt.TakeOver() },
			handBack: func() { r.rt.HandBack() },
			ctrlC: func() {
				select {
				case r.sigs.c <- sigInt:
				default:
				}
			}}
	}
	if r.typer != nil {
		r.renderer.SetKeyHint("ctrl+o browser")
	}
	approver := o.Approver
	if o.Settings.Approvals == policy.ModePrompt && approver == nil && o.Input != nil {
		// With --json the event stream owns stdout: ask on stderr.
		prompts := r.renderer
		if prompts == nil {
			r.prompts = ui.New(ios.ErrOut, ui.Options{Color: false, Width: ios.TerminalWidth()})
			go r.prompts.Run()
			prompts = r.prompts
		}
		keys := approvalKeys{KeyReader: o.Input}
		if r.typer != nil {
			keys = approvalKeys{KeyReader: r.typer, pause: r.typer.ctrlC}
		}
		approver = ui.NewApprover(prompts, keys)
	}
	sock, err := o.Home.SocketPath(sess.ID())
	if err != nil {
		r.close()
		return nil, err
	}
	home, _ := os.UserHomeDir()
	store, err := checkpoint.Open(sess.Dir(), o.Root)
	if err != nil {
		logger.Warn("no snapshots for diff and undo", "err", err)
		store = nil
	}
	sb, sbClose, err := openSandbox(o, sess.ID(), home)
	if err != nil {
		r.close()
		return nil, err
	}
	r.sandboxClose = sbClose
	r.store, r.socket = store, sock
	configured, mcpNotes := r.runMCPServers(ctx)
	configured, hostNotes := joinHostMCP(configured, o.HostMCP)
	mcpNotes = append(mcpNotes, hostNotes...)
	mcpServers, mcpWarnings := connectMCP(ctx, configured, policy.ScrubEnv(o.Env.Environ(), o.Settings.AllowEnv))
	mcpWarnings = append(mcpNotes, mcpWarnings...)
	var agentSink func(name, task string) func(event.Event)
	if r.renderer != nil {
		agentSink = r.renderer.AgentSink // the sub-agents' groups in the live view
	}
	r.rt, err = actors.Start(actors.Config{
		Checkpoints: store,
		Session:     sess, Root: o.Root, Provider: o.Settings.Provider, NewTransport: newT.main,
		Approvals: o.Settings.Approvals, Approver: approver, AllowEnv: o.Settings.AllowEnv, Rules: o.Settings.Rules,
		Environ: o.Env.Environ(), Home: home, Protected: []string{o.Home.Dir()}, Mode: o.Settings.Mode, Effort: o.Settings.Effort, Sandbox: sb,
		Warnings: slices.Concat(dataDirWarnings(o.Home.Dir(), o.Root, sb), leftoverNotes(o.Root, o.Env.Now()), mcpWarnings),
		Limits:   o.Settings.Limits, Sink: sink, Logger: logger, StatusSocket: sock, PID: os.Getpid(), Now: o.Env.Now,
		MCP: mcpServers, NewAgentTransport: newT.agent, AgentSink: agentSink,
	})
	if err != nil {
		closeMCP(mcpServers)
		r.close()
		return nil, err
	}
	if o.Sink == nil {
		r.sigs = watchInterrupts()
	}
	return r, nil
}

// loop runs task, then (interactively) each next prompt.
func (r *runEnv) loop(ctx context.Context, task string) error {
	var last messages.RunFinished
	note := ""
	for {
		r.rt.Run(messages.StartRun{Task: task, Note: note, Attachments: r.attachments(task)})
		f, err := r.wait(ctx)
		if err != nil {
			return err
		}
		last = f
		if !r.o.Interactive || f.Outcome == event.OutcomeCancelled {
			break
		}
		if r.renderer != nil {
			r.renderer.Sync()
		}
		next, exit := r.prompt(ctx)
		if exit {
			r.sayHowToResume()
			break
		}
		task, note = next, r.takeUndoNote()
	}
	r.endProcesses(ctx)
	return outcomeError(last)
}

// prompt reads the next prompt, answering slash commands on the way; exit
// is set at the end of input or on /exit.
func (r *runEnv) prompt(ctx context.Context) (string, bool) {
	ctx, stop := r.untilHangUp(ctx)
	defer stop()
	for {
		line, err := r.o.Input.ReadLine(ctx)
		if err != nil {
			if stop() {
				r.notice("the terminal hung up (or SIGTERM): ending the session")
			}
			return "", true
		}
		name, args, ok := slash.Parse(line)
		if !ok {
			return line, false
		}
		if r.slash(ctx, name, args) {
			return "", true
		}
	}
}

// wait waits for the run's end. The first Ctrl+C pauses after the current
// step, the second stops the run now; so does the end of ctx.
func (r *runEnv) wait(ctx context.Context) (messages.RunFinished, error) {
	if r.typer != nil {
		ctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			r.typer.run(ctx)
		}()
		defer func() {
			cancel()
			<-done
		}()
	}
	presses, ended := 0, ctx.Done()
	for {
		select {
		case f := <-r.rt.Finished():
			if f.Unlogged {
				return f, &cmdutil.ExitError{Code: cmdutil.ExitInterrupted,
					Err: fmt.Errorf("%s; free some space, then `wtagent resume %s`", f.Reason, r.sess.ID())}
			}
			return f, nil
		case <-r.rt.Done():
			return messages.RunFinished{}, &cmdutil.ExitError{Code: cmdutil.ExitInterrupted,
				Err: fmt.Errorf("the session's actors gave up: %v; resume with `wtagent resume %s`", r.rt.Err(), r.sess.ID())}
		case <-ended:
			ended = nil // stopped once; wait for the run's end
			r.notice("stopping now: killing running tools")
			r.rt.Cancel("stopped: " + context.Cause(ctx).Error())
		case s := <-r.sigs.c:
			presses++
			if s == sigTerm || presses > 1 {
				r.notice("stopping now: killing running tools")
				r.rt.Cancel("stopped by the user")
				continue
			}
			r.notice("pausing after the current step — press Ctrl+C again to stop now")
			r.rt.Pause("paused by the user (Ctrl+C)")
		}
	}
}

// sayHowToResume tells, as an interactive session ends, its id and how
// to go on with it later.
func (r *runEnv) sayHowToResume() {
	if r.renderer != nil {
		r.renderer.Sync()
	}
	fmt.Fprintf(r.o.Env.IO.Out, "session %s ended · go on with it later: wtagent resume %s\n", r.sess.ID(), r.sess.ID())
}

func (r *runEnv) notice(text string) {
	if r.renderer != nil {
		r.renderer.Notice(text)
		return
	}
	fmt.Fprintln(r.o.Env.IO.ErrOut, "wtagent:", text)
}

// attachments resolves the task's @path mentions. An existing path that
// cannot be attached is reported and the task goes on without it; an
// @word that names nothing is text.
func (r *runEnv) attachments(task string) []string {
	var paths []string
	for _, a := range FindAttachments(task, r.o.Root) {
		if a.Problem != "" {
			r.notice(fmt.Sprintf("not attaching %s: %s", a.Path, a.Problem))
			continue
		}
		paths = append(paths, a.Path)
	}
	return paths
}

func (r *runEnv) close() {
	if r.sigs != nil {
		r.sigs.stop()
	}
	if r.rt != nil {
		// Detached: the runtime is shut down (its log closed, its tools
		// stopped) however the session's context ended.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := r.rt.Shutdown(ctx); err != nil {
			fmt.Fprintln(r.o.Env.IO.ErrOut, "wtagent: shutdown:", err)
		}
		cancel()
	}
	if r.sandboxClose != nil {
		r.sandboxClose()
	}
	if r.renderer != nil {
		r.renderer.Close()
	}
	if r.prompts != nil {
		r.prompts.Close()
	}
	if r.logClose != nil {
		r.logClose()
	}
}

// outcomeError maps a run's outcome to the command's exit code.
func outcomeError(f messages.RunFinished) error {
	if f.Usage {
		return &cmdutil.ExitError{Code: cmdutil.ExitUsage}
	}
	switch f.Outcome {
	case event.OutcomeCompleted:
		return nil
	case event.OutcomeInterrupted:
		return &cmdutil.ExitError{Code: cmdutil.ExitInterrupted}
	case event.OutcomeCancelled:
		return &cmdutil.ExitError{Code: cmdutil.ExitCancelled}
	}
	return &cmdutil.ExitError{Code: cmdutil.ExitFailed}
}

// interactiveBanner is shown above the first prompt.
func interactiveBanner(root string) string {
	return "wtagent · " + root + "\n" +
		"Enter sends · Alt+Enter (or Shift+Enter) adds a line · paste keeps newlines · ↑/↓ history · @path attaches (Tab completes) · Ctrl+C clears the line · Ctrl+D quits"
}

// endOfInput is the exit for a prompt that ended before any task.
func endOfInput(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, ErrInterrupted) {
		return nil
	}
	return err
}
