package eval

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// mirror swaps the colours and reflects the board across its middle
// (rank r <-> 17-r), which R1 maps onto itself; the side to move swaps too.
func mirror(p movegen.Position) movegen.Position {
	var q movegen.Position
	for b := movegen.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		t := movegen.SquareAt(s.File(), movegen.NumRanks-1-s.Rank())
		for c := movegen.White; c <= movegen.Black; c++ {
			if p.Pieces[c].Has(s) {
				q.Pieces[c.Other()].Set(t)
			}
		}
		if p.Knights.Has(s) {
			q.Knights.Set(t)
		}
	}
	q.Side = p.Side.Other()
	q.CastleMoves = [2]uint8{p.CastleMoves[1], p.CastleMoves[0]}
	q.MoveNumber = 1
	q.Key = q.ComputeKey()
	return q
}

var samples = []string{
	movegen.StartCFEN,
	"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1",
	"1M/2M5/10/12/12/12/12/12/12/12/12/12/mm10/10/8/2 w 0/0 5 9",
	"2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w",
}

func TestEvaluateSymmetric(t *testing.T) {
	for _, cfen := range samples {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			t.Fatal(err)
		}
		q := mirror(p)
		if a, b := Default.Evaluate(&p), Default.Evaluate(&q); a != b {
			t.Errorf("%s: %d, mirrored %s: %d", cfen, a, q.CFEN(), b)
		}
	}
	start := movegen.StartPosition()
	if got := Default.Evaluate(&start); got != Tempo {
		t.Errorf("start position scores %d, want the tempo %d", got, Tempo)
	}
}

func TestBreakdownSumsToEvaluate(t *testing.T) {
	for _, cfen := range samples {
		p, _ := movegen.ParseCFEN(cfen)
		sum := 0
		for _, term := range Default.Breakdown(&p) {
			sum += term.White - term.Black
		}
		if p.Side == movegen.Black {
			sum = -sum
		}
		if got := Default.Evaluate(&p); got != sum {
			t.Errorf("%s: Evaluate %d, breakdown sums to %d", cfen, got, sum)
		}
	}
}

// A piece in the opponent's castle (R13) and progress towards it (R14)
// are worth more than the same piece at home.
func TestCastleProgressRewarded(t *testing.T) {
	home, _ := movegen.ParseCFEN("2/8/10/m10m/12/12/12/12/12/12/12/12/M10M/10/8/2 w")
	near, _ := movegen.ParseCFEN("2/8/10/m10m/12/12/12/12/12/M11/12/12/11M/10/8/2 w")
	inside, _ := movegen.ParseCFEN("M1/8/10/m10m/12/12/12/12/12/12/12/12/11M/10/8/2 w")
	h, n, i := Default.Evaluate(&home), Default.Evaluate(&near), Default.Evaluate(&inside)
	if !(h < n && n < i) {
		t.Errorf("home %d, advanced %d, in castle %d: want increasing", h, n, i)
	}
}
