package mockchat

import (
	"context"
	"fmt"
	"io"
)

// Serve is the body of `wtagent mockchat`: it starts a server for opts on
// addr, prints its URL to out and serves until ctx is done.
func Serve(ctx context.Context, opts Options, addr string, out io.Writer) error {
	if err := CheckScript(opts.Script); err != nil {
		return fmt.Errorf("mockchat: %w", err)
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	s := New(opts)
	defer s.Close()
	url, err := s.Start(addr)
	if err != nil {
		return err
	}
	state := "logged out: log in on the page"
	if opts.LoggedIn {
		state = "logged in"
	}
	gen := opts.DOM
	if gen == "" {
		gen = DefaultGeneration
	}
	if _, err := fmt.Fprintf(out, "mockchat: %d script replies, %s, the %s page\nmockchat: serving %s\n", len(opts.Script), state, gen, url); err != nil {
		return fmt.Errorf("mockchat: %w", err)
	}
	<-ctx.Done()
	return nil
}
