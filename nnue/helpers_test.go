package nnue

import (
	"math/rand/v2"

	"github.com/camelot-engine/camelot/movegen"
)

// randomNet returns a net of h units with random weights that keep the
// mirror tie (doc.go), as a trained net does.
func randomNet(rng *rand.Rand, h int) *Net {
	n := &Net{Hidden: h, Weights: make([]int16, Inputs*h), Bias: make([]int16, h), Out: make([]int16, 2*h),
		OutBias: int32(rng.IntN(20001) - 10000), Scale: 193_840}
	w := func(limit int) int16 { return int16(rng.IntN(2*limit+1) - limit) }
	for f := Feature(0); f < Inputs; f++ {
		for j := 0; j < h; j += 2 {
			v := w(150)
			n.Weights[int(f)*h+j] = v
			n.Weights[int(f.Mirror())*h+twin(j)] = v
		}
	}
	for j := 0; j < h; j += 2 {
		n.Bias[j], n.Out[j], n.Out[h+j] = w(200), w(127), w(127)
		n.Bias[j+1], n.Out[j+1], n.Out[h+j+1] = n.Bias[j], n.Out[j], n.Out[h+j]
	}
	return n
}

// flipColours returns p with the colours swapped and the board turned
// rank for rank (R1): the same game from the other side.
func flipColours(p movegen.Position) movegen.Position {
	q := p
	q.Pieces = [2]movegen.Bitboard{}
	q.Knights = movegen.Bitboard{}
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		for b := p.Pieces[c]; !b.IsEmpty(); {
			s := b.PopFirst()
			t := movegen.SquareAt(s.File(), movegen.NumRanks-1-s.Rank())
			q.Pieces[c.Other()].Set(t)
			if p.Knights.Has(s) {
				q.Knights.Set(t)
			}
		}
	}
	q.Side = p.Side.Other()
	q.CastleMoves = [2]uint8{p.CastleMoves[1], p.CastleMoves[0]}
	q.Key = q.ComputeKey()
	return q
}

// mirrorFiles returns p mirrored left to right (file A to L).
func mirrorFiles(p movegen.Position) movegen.Position {
	q := p
	q.Pieces = [2]movegen.Bitboard{}
	q.Knights = movegen.Bitboard{}
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		for b := p.Pieces[c]; !b.IsEmpty(); {
			s := b.PopFirst()
			t := movegen.SquareAt(movegen.NumFiles-1-s.File(), s.Rank())
			q.Pieces[c].Set(t)
			if p.Knights.Has(s) {
				q.Knights.Set(t)
			}
		}
	}
	q.Key = q.ComputeKey()
	return q
}

// randomPositions plays random games from the start and from a few
// middle-game and castle-race positions (from the bench suite) and
// returns n positions met on the way.
func randomPositions(rng *rand.Rand, n int) []movegen.Position {
	starts := []string{
		movegen.StartCFEN,
		"2/8/10/12/12/n2mmmmmmn2/6mm4/6N5/6MN4/5M1M4/2NM1M1MM3/12/12/10/8/2 w 0/0 1 11",
		"2/3M4/8N1/1m10/8M3/4m7/12/9M2/1m2m1N5/3n8/7MM3/12/12/10/8/n1 b 0/0 4 35",
		"N1/4M3/5M4/12/12/12/12/12/5M6/9M2/4M7/12/12/10/8/1n w 0/1 0 38",
	}
	var out []movegen.Position
	for len(out) < n {
		p, err := movegen.ParseCFEN(starts[rng.IntN(len(starts))])
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
