package proc

// Plan is a program ready to start: resolved path, working directory and
// environment.
type Plan struct {
	// Program is as the model gave it; Path is the resolved executable.
	Program string
	Path    string
	Argv    []string
	// Dir is the absolute working directory; Cwd how results show it.
	Dir string
	Cwd string
	Env []string
}
