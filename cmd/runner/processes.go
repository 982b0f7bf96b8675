package runner

// endProcesses decides what happens to dev servers still running at the
// end: asked on a terminal, stopped without one unless --keep-processes.
func (r *runEnv) endProcesses() {}
