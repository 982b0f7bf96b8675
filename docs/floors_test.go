package docs

import (
	"fmt"
	"slices"
	"sort"
)

// testsFloor is the floor of test support and test suites: its packages
// may import from any floor, and only tests import them.
const testsFloor = "tests"

// checkFloors returns every import of the graph that breaks the map's
// floors, sorted: a package importing one on a higher floor, or a package
// off the tests floor (production code) importing one on it. Packages
// without a row are left to compareMap.
func checkFloors(m archMap, graph map[string][]string) []string {
	var problems []string
	for pkg, edges := range graph {
		from, ok := m.rows[pkg]
		if !ok || from.floor == testsFloor {
			continue
		}
		for _, imp := range edges {
			to, ok := m.rows[imp]
			switch {
			case !ok:
			case to.floor == testsFloor:
				problems = append(problems, fmt.Sprintf("%s (%s) imports %s (%s): production code imports a test-support package",
					pkg, from.floor, imp, to.floor))
			case m.level(to.floor) > m.level(from.floor):
				problems = append(problems, fmt.Sprintf("%s (%s) imports %s (%s): an import from a lower floor to a higher one",
					pkg, from.floor, imp, to.floor))
			}
		}
	}
	sort.Strings(problems)
	return problems
}

// level is a floor's height: 0 for the bottom floor.
func (m archMap) level(floor string) int {
	return slices.Index(m.floors, floor)
}

// lowestFloor is the lowest floor a package importing imports may sit
// on: the highest of their floors, the tests floor if one of them is on
// it, the bottom floor if none has a row.
func lowestFloor(m archMap, imports []string) string {
	lowest := m.floors[0]
	for _, imp := range imports {
		f := m.rows[imp].floor
		switch {
		case f == testsFloor:
			return testsFloor
		case f != "" && m.level(f) > m.level(lowest):
			lowest = f
		}
	}
	return lowest
}
