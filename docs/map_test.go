// Package docs holds no code: its test keeps ARCHITECTURE.md's package map
// true to the real import graph.
package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
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
// not allow, or an allowed import that no file makes; and when an import
// breaks the floors: from a lower floor to a higher one, or from
// production code into a test-support package.
func TestArchitectureMap(t *testing.T) {
	module, root := moduleOf(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := parseMap(doc)
	if err != nil {
		t.Fatalf("ARCHITECTURE.md: %v", err)
	}
	graph := importGraph(t, root, module)
	for _, problem := range append(compareMap(m.rows, graph), checkFloors(m, graph)...) {
		t.Error(problem)
	}
	if t.Failed() {
		t.Logf("the rows the graph calls for (package | floor | owns | imports):\n%s", suggestRows(m, graph))
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

// archMap is ARCHITECTURE.md's package map: its floors, from the bottom
// up (the tests floor, beside them, apart), and a row per package.
type archMap struct {
	floors   []string
	hasTests bool
	rows     map[string]row
}

// row is one package's row: its floor and the module packages its
// non-test files may import.
type row struct {
	floor   string
	imports []string
}

// parseMap reads the map's two tables, each known by its header's first
// cell. The floors table ("| floor | …") lists the floors from the top
// down, a name first in each row. The package table ("| package | …") has
// a row per package: the package in backticks (`cmd/root/`, trailing slash
// optional), its floor, what it owns, and last the module packages it may
// import, separated by commas or spaces ("—" for none).
func parseMap(doc []byte) (archMap, error) {
	m := archMap{rows: map[string]row{}}
	table := "" // the first header cell of the table being read
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			table = ""
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case table == "":
			table = cells[0]
		case strings.Trim(cells[0], "-: ") == "": // the header's rule
		case table == "floor":
			f := cellName(cells[0])
			if slices.Contains(m.floors, f) || f == testsFloor && m.hasTests {
				return archMap{}, fmt.Errorf("line %d: floor %s has two rows", n, f)
			}
			if f == testsFloor {
				m.hasTests = true
			} else {
				m.floors = slices.Insert(m.floors, 0, f)
			}
		case table == "package":
			if len(cells) < 4 {
				return archMap{}, fmt.Errorf("line %d: a package row needs package | floor | owns | imports", n)
			}
			pkg := cellName(cells[0])
			if _, dup := m.rows[pkg]; dup {
				return archMap{}, fmt.Errorf("line %d: %s has two rows", n, pkg)
			}
			m.rows[pkg] = row{floor: cellName(cells[1]), imports: importList(cells[len(cells)-1])}
		}
	}
	if err := sc.Err(); err != nil {
		return archMap{}, err
	}
	return m, m.valid()
}

// valid reports a map without floors or rows, or a row on a floor the
// floors table does not have.
func (m archMap) valid() error {
	if len(m.floors) == 0 {
		return fmt.Errorf("no floors table (| floor | holds |)")
	}
	if len(m.rows) == 0 {
		return fmt.Errorf("no package rows (| package | floor | owns | imports |)")
	}
	for _, pkg := range slices.Sorted(maps.Keys(m.rows)) {
		if f := m.rows[pkg].floor; !slices.Contains(m.floors, f) && !(f == testsFloor && m.hasTests) {
			return fmt.Errorf("%s's row names floor %q, which the floors table does not have", pkg, f)
		}
	}
	return nil
}

// cellName is a table cell's name without backticks or a trailing slash.
func cellName(cell string) string {
	return strings.TrimSuffix(strings.Trim(cell, "`"), "/")
}

// importList is an imports cell's packages, sorted.
func importList(cell string) []string {
	var list []string
	for _, f := range strings.FieldsFunc(cell, func(r rune) bool { return r == ',' || r == ' ' }) {
		f = cellName(f)
		if f != "" && f != "—" && f != "-" {
			list = append(list, f)
		}
	}
	sort.Strings(list)
	return list
}

// compareMap returns every disagreement between the map and the graph,
// sorted.
func compareMap(rows map[string]row, graph map[string][]string) []string {
	var problems []string
	for pkg, edges := range graph {
		r, ok := rows[pkg]
		if !ok {
			problems = append(problems, fmt.Sprintf("package %s has no row in ARCHITECTURE.md", pkg))
			continue
		}
		for _, e := range edges {
			if !slices.Contains(r.imports, e) {
				problems = append(problems, fmt.Sprintf("%s imports %s, which its row does not allow", pkg, e))
			}
		}
		for _, a := range r.imports {
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

// suggestRows prints the package table's rows the graph calls for: a
// package's floor is its row's, or for a package without one the lowest
// floor its imports allow.
func suggestRows(m archMap, graph map[string][]string) string {
	var b strings.Builder
	for _, p := range slices.Sorted(maps.Keys(graph)) {
		floor := m.rows[p].floor
		if floor == "" {
			floor = lowestFloor(m, graph[p])
		}
		imports := "—"
		if len(graph[p]) > 0 {
			imports = strings.Join(graph[p], ", ")
		}
		fmt.Fprintf(&b, "| `%s/` | %s | … | %s |\n", p, floor, imports)
	}
	return b.String()
}
