package spsa

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/search"
)

// TestDocumentedParams: the table of docs/tuning-search.md is
// search.ParamTable, row for row.
func TestDocumentedParams(t *testing.T) {
	data, err := os.ReadFile("../docs/tuning-search.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| name ") {
			rows = append(rows, l)
		}
	}
	var want []string
	for _, p := range search.ParamTable {
		want = append(want, fmt.Sprintf("| %s | %d | %d | %d | %g | %s |", p.Name, p.Default, p.Min, p.Max, p.CEnd, p.What))
	}
	if len(rows) < len(want) || strings.Join(rows[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/tuning-search.md's table is\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}
