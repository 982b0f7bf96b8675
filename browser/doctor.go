package browser

import "context"

// CheckLogin launches Chrome with opts' profile, opens ChatGPT, reads the
// login state once (it never waits for the user) and closes Chrome. It is
// `wtagent doctor --login`. The profile must not be in use.
func CheckLogin(ctx context.Context, opts Options) (LoginState, error) {
	t := New(opts)
	s, err := launch(ctx, &t.opts)
	if err != nil {
		return LoginUnknown, err
	}
	defer s.close()
	if err := s.navigate(ctx, t.opts.BaseURL+"/"); err != nil {
		return LoginUnknown, err
	}
	return t.settledLogin(ctx, s)
}
