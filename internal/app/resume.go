package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// Continue resumes session id with text as its new instruction (may be
// empty): the session's recorded provider, script, approvals mode, ChatGPT
// mode and origin apply unless flags override them.
func Continue(ctx context.Context, env Env, home session.Home, flags *settings.Flags, id, text string, input ClosingInput) error {
	sess, st, err := Reopen(ctx, home, id)
	if err != nil {
		return err
	}
	if env.Dir != "" {
		root, err := env.ProjectRoot()
		if err != nil {
			sess.Close()
			return err
		}
		if root != st.Root {
			sess.Close()
			return cmdutil.FlagErrorf("session %s belongs to %s, not %s", id, st.Root, root)
		}
	}
	sayRefused(env, id, st, text)
	inherit(flags, st, env.IO.IsStdinTTY())
	fc, _, err := config.Load(home, env.Getenv)
	if err != nil {
		sess.Close()
		return err
	}
	resolved, err := settings.Resolve(fc, flags, env.IO.IsStdinTTY())
	if err != nil {
		sess.Close()
		if flags.Provider == "script" && flags.Script == "" {
			return cmdutil.FlagErrorf("session %s used the scripted model: pass --script FILE to resume it", id)
		}
		return err
	}
	if err := resolved.LoadLocators(home, flags); err != nil {
		sess.Close()
		return err
	}
	return Execute(ctx, Options{Env: env, Settings: resolved, Home: home, Root: st.Root, Session: sess,
		Task: strings.TrimSpace(text), Input: input})
}

// sayRefused tells the user that the run being resumed was refused by
// ChatGPT, and whether new words go with this resume.
func sayRefused(env Env, id string, st session.State, text string) {
	if st.Outcome != event.OutcomeRefused {
		return
	}
	then := "it goes on with your new words"
	if strings.TrimSpace(text) == "" {
		then = "it asks ChatGPT to go on; the same request may be refused again: give new words (wtagent resume " + id + ` "…")`
	}
	fmt.Fprintf(env.IO.ErrOut, "wtagent: the last run of session %s was refused: %s; %s\n", id, st.Reason, then)
}

// Reopen opens session id to resume it: refused when another process runs
// it or when an undo of it was cut short.
func Reopen(ctx context.Context, home session.Home, id string) (*session.Session, session.State, error) {
	if err := session.ValidateID(id); err != nil {
		return nil, session.State{}, cmdutil.FlagErrorf("%v", err)
	}
	sess, err := session.Open(home, id)
	if err != nil {
		return nil, session.State{}, err
	}
	st, err := sess.LoadState()
	if err != nil {
		sess.Close()
		return nil, session.State{}, err
	}
	if session.SocketLive(ctx, st.Socket) {
		sess.Close()
		return nil, session.State{}, fmt.Errorf("session %s is running in another wtagent process (pid %d); see `wtagent status %s`", id, st.PID, id)
	}
	if err := unfinishedUndo(sess); err != nil {
		sess.Close()
		return nil, session.State{}, err
	}
	return sess, st, nil
}

// inherit fills the flags not given with the session's recorded settings.
// A recorded prompt mode without a terminal to prompt on falls back to the
// default (deny). Of the ChatGPT (mode, effort) request, a part given on
// the command line drops the recorded other part where they name
// different effort tiers.
func inherit(flags *settings.Flags, st session.State, stdinTTY bool) {
	flags.Inherit("provider", st.Provider)
	flags.Inherit("script", st.Script)
	mode, effort := st.Mode, st.Effort
	if _, err := settings.CheckModeRequest(flags.Mode, effort); flags.Changed("mode") && err != nil {
		effort = ""
	}
	if _, err := settings.CheckModeRequest(mode, flags.Effort); flags.Changed("effort") && err != nil {
		mode = ""
	}
	flags.Inherit("mode", mode)
	flags.Inherit("effort", effort)
	flags.Inherit("chatgpt-url", st.ChatGPTURL)
	if st.Approvals != "prompt" || stdinTTY {
		flags.Inherit("approvals", st.Approvals)
	}
}

// unfinishedUndo refuses to resume a session whose undo was cut short: the
// files are half restored until `wtagent undo` finishes it.
func unfinishedUndo(sess *session.Session) error {
	events, _, err := sess.Events()
	if err != nil {
		return err
	}
	tl, err := checkpoint.NewTimeline(events)
	if err != nil {
		return err
	}
	if p := tl.Pending; p != nil {
		return fmt.Errorf("an undo of turn %d in session %s was cut short; finish it first with `wtagent undo %s`", p.Turn, sess.ID(), sess.ID())
	}
	return nil
}
