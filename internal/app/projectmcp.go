package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/policy"
)

// mcpApprovalsFile, in wtagent's data directory, holds the projects whose
// .mcp.json the user approved, with the digest of the approved bytes.
const mcpApprovalsFile = "mcp-approvals.json"

// mcpApprovals are the approved .mcp.json files: project root → digest.
type mcpApprovals struct {
	Projects map[string]string `json:"projects"`
}

// runMCPServers are the run's MCP servers: the config file's, and the
// project's .mcp.json when the user approved it for this project (asked
// here on a terminal in prompt mode; never under --approvals deny or
// without a terminal). notes say what was left out and why.
func (r *runEnv) runMCPServers(ctx context.Context) (config.MCPServers, []string) {
	servers := r.o.Settings.MCPServers
	data, err := os.ReadFile(filepath.Join(r.o.Root, config.ProjectMCPFile))
	if errors.Is(err, os.ErrNotExist) {
		return servers, nil
	}
	if err != nil {
		return servers, []string{fmt.Sprintf("the project's %s is not used: %v", config.ProjectMCPFile, err)}
	}
	p, err := config.ParseProjectMCP(data)
	if err != nil {
		return servers, []string{fmt.Sprintf("the project's %s is not used: %v", config.ProjectMCPFile, err)}
	}
	var notes []string
	for _, s := range p.Skipped {
		notes = append(notes, fmt.Sprintf("%s: server %s", config.ProjectMCPFile, s))
	}
	if len(p.Servers) == 0 || !r.approveProjectMCP(ctx, p) {
		if len(p.Servers) > 0 {
			notes = append(notes, fmt.Sprintf("the project's %s offers the MCP servers %s, not used: they run programs, so they need your yes in a terminal (--approvals prompt)",
				config.ProjectMCPFile, strings.Join(p.Servers.Names(), ", ")))
		}
		return servers, notes
	}
	merged := config.MCPServers{}
	for name, s := range p.Servers {
		merged[name] = s
	}
	for name, s := range servers {
		if _, dup := merged[name]; dup {
			notes = append(notes, fmt.Sprintf("%s: server %s: your config's server of that name is used", config.ProjectMCPFile, name))
		}
		merged[name] = s
	}
	return merged, notes
}

// joinHostMCP joins the host's servers to the run's: a name the run's
// servers already use keeps the user's server, and a note says so.
func joinHostMCP(servers, host config.MCPServers) (config.MCPServers, []string) {
	if len(host) == 0 {
		return servers, nil
	}
	joined := maps.Clone(servers)
	if joined == nil {
		joined = config.MCPServers{}
	}
	var notes []string
	for _, name := range host.Names() {
		if _, dup := joined[name]; dup {
			notes = append(notes, fmt.Sprintf("the editor's MCP server %s: your server of that name is used", name))
			continue
		}
		joined[name] = host[name]
	}
	return joined, notes
}

// approveProjectMCP reports whether the user approved these exact bytes
// for this project, asking when they have not and a terminal can answer.
func (r *runEnv) approveProjectMCP(ctx context.Context, p config.ProjectMCP) bool {
	path := filepath.Join(r.o.Home.Dir(), mcpApprovalsFile)
	a := readMCPApprovals(path)
	if a.Projects[r.o.Root] == p.Digest {
		return true
	}
	if r.o.Settings.Approvals != policy.ModePrompt || r.o.Input == nil || !r.o.Env.IO.IsStdinTTY() {
		return false
	}
	var desc []string
	for _, name := range p.Servers.Names() {
		s := p.Servers[name]
		what := s.URL
		if s.Command != "" {
			what = strings.Join(append([]string{s.Command}, s.Args...), " ")
		}
		desc = append(desc, fmt.Sprintf("%s (%s)", name, what))
	}
	r.notice(fmt.Sprintf("this project's %s offers MCP servers: %s", config.ProjectMCPFile, strings.Join(desc, "; ")))
	k, err := r.o.Input.ReadKey(ctx, "start them for this project (asked again if the file changes)? [y]es  [n]o › ", "yn")
	if err != nil || k != 'y' {
		return false
	}
	a.Projects[r.o.Root] = p.Digest
	if err := writeMCPApprovals(path, a); err != nil {
		r.notice("the approval is not saved: " + err.Error())
	}
	return true
}

func readMCPApprovals(path string) mcpApprovals {
	a := mcpApprovals{}
	if data, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(data, &a) // an unreadable file approves nothing
	}
	if a.Projects == nil {
		a.Projects = map[string]string{}
	}
	return a
}

func writeMCPApprovals(path string, a mcpApprovals) error {
	data, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, append(data, '\n'), 0o600)
}
