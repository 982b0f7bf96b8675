package acp

import (
	"context"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Run serves ACP on env's standard streams until the client closes them
// or ctx ends, its sessions under home. Each session runs with the run
// flags; approvals default to prompt: the editor asks.
func Run(ctx context.Context, env app.Env, home session.Home, flags *settings.Flags) error {
	fc, _, err := config.Load(home, env.Getenv)
	if err != nil {
		return err
	}
	// The editor is the terminal: a prompt mode is allowed.
	st, err := settings.Resolve(fc, flags, true)
	if err != nil {
		return err
	}
	if err := st.LoadLocators(home, flags); err != nil {
		return err
	}
	// Each session lives as long as the agent: under ctx, not under the
	// request that opened it.
	start := func(root string, resume *session.Session, o app.Options) (*app.Driver, error) {
		o.Env, o.Settings, o.Home, o.Root, o.Session = env, st, home, root, resume
		return app.Open(ctx, o)
	}
	return Serve(ctx, Options{In: env.IO.In, Out: env.IO.Out, Log: env.IO.ErrOut,
		Home: home, Start: start, Version: buildinfo.Current().Version})
}
