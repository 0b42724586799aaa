package nnue

import (
	"math/rand/v2"

	"github.com/camelot-engine/camelot/movegen"
)

// randomNet is Random with a seed drawn from rng.
func randomNet(rng *rand.Rand, h int) *Net { return Random(rng.Uint64(), h) }

// randomPositions plays random games from the start and from a few
// middle-game and castle-race positions (from the bench suite) and
// returns n positions met on the way.
func randomPositions(rng *rand.Rand, n int) []movegen.Position {
	var out []movegen.Position
	for len(out) < n {
		p, err := movegen.ParseCFEN(startCFENs[rng.IntN(len(startCFENs))])
		if err != nil {
			panic(err)
		}
		var ml movegen.MoveList
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			if p.Outcome().IsOver() {
				break
			}
			if p.GenerateMoves(&ml); ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
			out = append(out, p)
		}
	}
	return out
}

// startCFENs are where random games start: the start, a middle game, two
// castle races and a Man that must leave its own castle (R12).
var startCFENs = []string{
	movegen.StartCFEN,
	"2/8/10/12/12/n2mmmmmmn2/6mm4/6N5/6MN4/5M1M4/2NM1M1MM3/12/12/10/8/2 w 0/0 1 11",
	"2/3M4/8N1/1m10/8M3/4m7/12/9M2/1m2m1N5/3n8/7MM3/12/12/10/8/n1 b 0/0 4 35",
	"N1/4M3/5M4/12/12/12/12/12/5M6/9M2/4M7/12/12/10/8/1n w 0/1 0 38",
	// White's Man on F1 must leave White's castle (R12).
	"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NM1MMMMN2/12/12/10/8/M1 w 0/0 0 9",
}
