package stats_test

import (
	"fmt"

	"github.com/camelot-engine/camelot/stats"
)

func Example() {
	var t stats.Tally
	// Three colour-swapped pairs from A's point of view.
	t.AddPair(stats.Win, stats.Draw)
	t.AddPair(stats.Draw, stats.Draw)
	t.AddPair(stats.Win, stats.Loss)
	// And one unpaired game.
	t.Add(stats.Win)

	for _, line := range stats.SummaryLines("camelot-dev", "camelot-base", t) {
		fmt.Println(line)
	}
	test := stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	fmt.Println(test.Line(t))
	fmt.Println("penta", t.Penta)
	// Output:
	// Score of camelot-dev vs camelot-base: 3 - 1 - 3  [0.643] 7
	// Elo difference: 102.1 +/- 233.6, LOS: 84.1 %, DrawRatio: 42.9 %
	// SPRT: llr 0.122 (4.1%), lbound -2.94, ubound 2.94
	// penta [0 0 2 1 0]
}
