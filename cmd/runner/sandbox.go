package runner

import (
	"fmt"
	"os"

	"github.com/wtagent/wtagent/sandbox"
)

// openSandbox builds the session's sandbox and its temporary directory;
// the returned func closes both.
func openSandbox(o Options, sid, home string) (*sandbox.Sandbox, func(), error) {
	s := o.Settings
	tmp := ""
	if s.Sandbox != sandbox.Off {
		d, err := os.MkdirTemp("", "wtagent-"+sid+"-")
		if err != nil {
			return nil, nil, fmt.Errorf("sandbox temporary directory: %w", err)
		}
		tmp = d
	}
	sb, err := sandbox.New(sandbox.Spec{Mode: s.Sandbox, Root: o.Root, TempDir: tmp, Home: home,
		DataDir: o.Home.Dir(), NoNetwork: s.NoNetwork, Env: o.F.Environ(), Writable: s.SandboxWritable})
	closeAll := func() {
		if sb != nil {
			sb.Close()
		}
		if tmp != "" {
			os.RemoveAll(tmp)
		}
	}
	if err != nil {
		closeAll()
		return nil, nil, err
	}
	return sb, closeAll, nil
}
