package stats

import "fmt"

// SummaryLines returns the two lines cutechess-cli prints at the end of a
// two-engine match, for example (W=10, D=5, L=5):
//
//	Score of A vs B: 10 - 5 - 5  [0.625] 20
//	Elo difference: 88.7 +/- 143.6, LOS: 90.2 %, DrawRatio: 25.0 %
//
// The score line gives A's wins, A's losses (B's wins) and the draws, in
// that order, then A's score fraction with three decimals and the number of
// games. The Elo line gives Tally.Elo, Tally.LOS and Tally.DrawRatio, the
// last two in percent, all with one decimal. Degenerate tallies print the
// finite values those methods document; with no games the lines read
// "0 - 0 - 0  [0.500] 0" and "0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 0.0 %".
func SummaryLines(nameA, nameB string, t Tally) []string {
	elo, margin := t.Elo()
	return []string{
		fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d",
			nameA, nameB, t.Wins, t.Losses, t.Draws, t.Score(), t.Games()),
		fmt.Sprintf("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%",
			elo, margin, t.LOS()*100, t.DrawRatio()*100),
	}
}
