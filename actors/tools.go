package actors

import "github.com/wtagent/wtagent/supervisor"

// toolChildren are the tools and processes supervisors.
func (rt *Runtime) toolChildren() []supervisor.ChildSpec {
	return nil
}
