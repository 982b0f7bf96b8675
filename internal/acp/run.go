package acp

import (
	"context"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Run serves ACP on f's standard streams until the client closes them or
// ctx ends. Each session runs with the run flags; approvals default to
// prompt: the editor asks.
func Run(ctx context.Context, f *cmdutil.Factory, flags *settings.Flags) error {
	home, err := f.Home()
	if err != nil {
		return err
	}
	fc, _, err := config.Load(home, f.Getenv)
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
		o.F, o.Settings, o.Home, o.Root, o.Session = f, st, home, root, resume
		return app.Open(ctx, o)
	}
	return Serve(ctx, Options{In: f.IOStreams.In, Out: f.IOStreams.Out, Log: f.IOStreams.ErrOut,
		Home: home, Start: start, Version: buildinfo.Current().Version})
}
