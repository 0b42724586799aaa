package tune

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/internal/plural"
)

// formatLoss writes a loss with six decimals, or "-" for a set of no
// positions (-validation 0).
func formatLoss(loss float64, positions int) string {
	if positions == 0 {
		return "-"
	}
	return fmt.Sprintf("%.6f", loss)
}

// printLargestChanges lists the n weights that moved most (middlegame
// and endgame change added), largest first, ties in table order.
func printLargestChanges(w io.Writer, names []string, before, after []linear.Weight, n int) {
	change := func(i int) int { return abs(after[i].MG-before[i].MG) + abs(after[i].EG-before[i].EG) }
	var moved []int
	for i := range after {
		if change(i) > 0 {
			moved = append(moved, i)
		}
	}
	slices.SortStableFunc(moved, func(a, b int) int { return cmp.Compare(change(b), change(a)) })
	fmt.Fprintf(w, "%d of %s changed", len(moved), plural.Of(len(after), "weight", "weights"))
	if len(moved) == 0 {
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintln(w, "; the largest changes (mg, eg):")
	for _, i := range moved[:min(n, len(moved))] {
		fmt.Fprintf(w, "  %-24s %5d %5d  ->  %5d %5d\n", names[i], before[i].MG, before[i].EG, after[i].MG, after[i].EG)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
