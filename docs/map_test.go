// Package docs holds no code: its test keeps ARCHITECTURE.md's package map
// true to the real import graph.
package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// platforms are the targets whose build-constrained files count: a
// package's imports are the union over all of them.
var platforms = []string{"linux", "darwin", "windows"}

// TestArchitectureMap fails when ARCHITECTURE.md's package table and the
// module's import graph (non-test files, every platform) disagree: a
// package without a row, a row without a package, an import the row does
// not allow, or an allowed import that no file makes.
func TestArchitectureMap(t *testing.T) {
	module, root := moduleOf(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseMap(doc)
	if err != nil {
		t.Fatalf("ARCHITECTURE.md: %v", err)
	}
	graph := importGraph(t, root, module)
	for _, problem := range compareMap(rows, graph) {
		t.Error(problem)
	}
	if t.Failed() {
		t.Logf("the rows the graph calls for (package | imports):\n%s", suggestRows(graph))
	}
}

// moduleOf returns the module path and its root directory.
func moduleOf(t *testing.T) (module, root string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module, root, ok := strings.Cut(strings.TrimSpace(string(out)), " ")
	if !ok {
		t.Fatalf("go list -m printed %q", out)
	}
	return module, root
}

// importGraph lists, for every package of the module that has non-test
// files on some platform, the module packages those files import on any
// platform, by path relative to the module ("cmd/root").
func importGraph(t *testing.T, root, module string) map[string][]string {
	t.Helper()
	graph := map[string][]string{}
	for _, goos := range platforms {
		cmd := exec.Command("go", "list", "-e", "-f", "{{if .GoFiles}}{{.ImportPath}} {{join .Imports \" \"}}{{end}}", "./...")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS="+goos, "CGO_ENABLED=0")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list (GOOS=%s): %v", goos, err)
		}
		for line := range strings.Lines(string(out)) {
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			pkg := relative(fields[0], module)
			edges := graph[pkg]
			for _, imp := range fields[1:] {
				if rel := relative(imp, module); rel != imp && !slices.Contains(edges, rel) {
					edges = append(edges, rel)
				}
			}
			graph[pkg] = edges
		}
	}
	for _, edges := range graph {
		sort.Strings(edges)
	}
	return graph
}

// relative returns path relative to the module, "." for the module's own
// root package, or path unchanged when it lies outside the module.
func relative(path, module string) string {
	if path == module {
		return "."
	}
	if rest, ok := strings.CutPrefix(path, module+"/"); ok {
		return rest
	}
	return path
}

// parseMap reads the package table: every row whose first cell is a
// package in backticks (`cmd/root/`, trailing slash optional) and whose
// last cell lists the module packages it may import, separated by commas
// or spaces ("—" for none).
func parseMap(doc []byte) (map[string][]string, error) {
	rows := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 3 {
			return nil, fmt.Errorf("line %d: a package row needs package | owns | imports", n)
		}
		pkg := strings.TrimSuffix(strings.Trim(strings.TrimSpace(cells[0]), "`"), "/")
		if _, dup := rows[pkg]; dup {
			return nil, fmt.Errorf("line %d: %s has two rows", n, pkg)
		}
		rows[pkg] = importList(cells[len(cells)-1])
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no package rows (| `pkg/` | owns | imports |)")
	}
	return rows, sc.Err()
}

func importList(cell string) []string {
	var list []string
	for _, f := range strings.FieldsFunc(cell, func(r rune) bool { return r == ',' || r == ' ' }) {
		f = strings.TrimSuffix(strings.Trim(f, "`"), "/")
		if f != "" && f != "—" && f != "-" {
			list = append(list, f)
		}
	}
	sort.Strings(list)
	return list
}

// compareMap returns every disagreement between the map and the graph,
// sorted.
func compareMap(rows, graph map[string][]string) []string {
	var problems []string
	for pkg, edges := range graph {
		allowed, ok := rows[pkg]
		if !ok {
			problems = append(problems, fmt.Sprintf("package %s has no row in ARCHITECTURE.md", pkg))
			continue
		}
		for _, e := range edges {
			if !slices.Contains(allowed, e) {
				problems = append(problems, fmt.Sprintf("%s imports %s, which its row does not allow", pkg, e))
			}
		}
		for _, a := range allowed {
			if !slices.Contains(edges, a) {
				problems = append(problems, fmt.Sprintf("%s's row allows %s, which it does not import", pkg, a))
			}
		}
	}
	for pkg := range rows {
		if _, ok := graph[pkg]; !ok {
			problems = append(problems, fmt.Sprintf("ARCHITECTURE.md has a row for %s, which is not a package", pkg))
		}
	}
	sort.Strings(problems)
	return problems
}

func suggestRows(graph map[string][]string) string {
	var b strings.Builder
	pkgs := make([]string, 0, len(graph))
	for p := range graph {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		imports := "—"
		if len(graph[p]) > 0 {
			imports = strings.Join(graph[p], ", ")
		}
		fmt.Fprintf(&b, "| `%s/` | … | %s |\n", p, imports)
	}
	return b.String()
}
