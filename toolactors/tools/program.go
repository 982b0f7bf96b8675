package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/toolactors/proc"
)

// planProgram resolves a program call. The working directory must be a
// directory inside the root (or a granted outside prefix). A program with
// a slash is a path (relative to the working directory, through the
// boundary); a bare name is looked up on the PATH of the child's
// environment. The environment is InvokeTool.Env (the process's own when
// the caller gave none) plus the call's KEY=VALUE additions; TERM=dumb is
// added when it has no TERM.
func (c call) planProgram(program string, argv []string, cwd string, extra []string) (proc.Plan, error) {
	p := proc.Plan{Program: program, Argv: argv}
	if program == "" || strings.ContainsRune(program, 0) {
		return p, fmt.Errorf("%w: program is empty or invalid", ErrBadArgs)
	}
	if cwd == "" {
		cwd = "."
	}
	t, info, err := c.locate(cwd, false)
	if err != nil {
		return p, err
	}
	defer t.close()
	if info == nil {
		return p, fmt.Errorf("cwd %s: %w", cwd, ErrNotFound)
	}
	if !info.IsDir() {
		return p, fmt.Errorf("cwd %s: %w", cwd, ErrNotDir)
	}
	p.Cwd = t.show
	if t.outside {
		p.Dir = filepath.Join(t.prefix, t.rel)
	} else {
		p.Dir = filepath.Join(c.d.Paths.Dir(), t.rel)
	}
	if p.Env, err = mergeEnv(c.inv.Env, extra); err != nil {
		return p, err
	}
	if p.Path, err = c.resolveProgram(program, t, p.Env); err != nil {
		return p, err
	}
	return p, nil
}

// resolveProgram finds the executable by the host's rules (PATHEXT on
// Windows).
func (c call) resolveProgram(program string, cwd target, env []string) (string, error) {
	return c.resolveProgramWith(proc.HostExecRules(env), program, cwd, env)
}

func (c call) resolveProgramWith(r proc.ExecRules, program string, cwd target, env []string) (string, error) {
	if !r.IsPath(program) {
		return proc.LookPath(r, program, r.EnvValue(env, "PATH"))
	}
	if filepath.IsAbs(program) {
		return proc.CheckExecutable(r, program)
	}
	rel := filepath.Join(cwd.rel, program)
	if cwd.outside {
		return proc.CheckExecutable(r, filepath.Join(cwd.prefix, rel))
	}
	for _, name := range r.Names(rel) {
		t, info, err := c.locate(name, false)
		if err != nil {
			return "", fmt.Errorf("%w: %s: %v", ErrProgramNotFound, program, err)
		}
		if info == nil {
			continue
		}
		if !r.Executable(name, info) {
			return "", fmt.Errorf("%w: %s is not executable (chmod +x it, or run it through its interpreter)", ErrProgramNotFound, program)
		}
		return filepath.Join(c.d.Paths.Dir(), t.rel), nil
	}
	return "", fmt.Errorf("%w: %s (no such file in %s)", ErrProgramNotFound, program, cwd.show)
}

// mergeEnv applies KEY=VALUE additions to base (the process environment
// when base is nil); an addition replaces an existing key.
func mergeEnv(base, extra []string) ([]string, error) {
	if base == nil {
		base = os.Environ()
	}
	out := make([]string, 0, len(base)+len(extra)+1)
	index := map[string]int{}
	add := func(kv string) {
		k, _, _ := strings.Cut(kv, "=")
		if i, ok := index[k]; ok {
			out[i] = kv
			return
		}
		index[k] = len(out)
		out = append(out, kv)
	}
	for _, kv := range base {
		add(kv)
	}
	for _, kv := range extra {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" || strings.ContainsAny(k, " \t\n\x00") || strings.ContainsRune(kv, 0) {
			return nil, fmt.Errorf("%w: env item %q is not KEY=VALUE", ErrBadArgs, kv)
		}
		if k == proc.TreeMarkerKey {
			return nil, fmt.Errorf("%w: %s is reserved", ErrBadArgs, k)
		}
		add(kv)
	}
	if _, ok := index["TERM"]; !ok {
		add("TERM=dumb")
	}
	return out, nil
}
