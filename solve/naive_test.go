package solve

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// naiveValues solves every position of the given signatures (closed under
// capture) by plain rounds over the whole graph, with no index, counters
// or un-moves: round d marks a win where some move reaches a loss at d-1
// and a loss where every move reaches a win and the longest is at d-1.
// Positions are keyed by their Zobrist key.
func naiveValues(t *testing.T, sigs []Signature) map[uint64]Value {
	t.Helper()
	geo := movegen.GeometryOf(movegen.Camette)
	squares := geo.Board.Squares()
	var all []movegen.Position
	for _, sig := range sigs {
		kinds := []movegen.Piece{}
		add := func(n uint8, pc movegen.Piece) {
			for i := uint8(0); i < n; i++ {
				kinds = append(kinds, pc)
			}
		}
		add(sig.WK, movegen.MakePiece(movegen.White, movegen.Knight))
		add(sig.WM, movegen.MakePiece(movegen.White, movegen.Man))
		add(sig.BK, movegen.MakePiece(movegen.Black, movegen.Knight))
		add(sig.BM, movegen.MakePiece(movegen.Black, movegen.Man))
		seen := map[uint64]bool{}
		var place func(i int, p movegen.Position)
		place = func(i int, p movegen.Position) {
			if i == len(kinds) {
				for _, side := range []movegen.Color{movegen.White, movegen.Black} {
					q := p
					q.Side = side
					q.Key = q.ComputeKey()
					if !seen[q.Key] {
						seen[q.Key] = true
						all = append(all, q)
					}
				}
				return
			}
			for _, s := range squares {
				if p.Occupied().Has(s) {
					continue
				}
				q := p
				q.Pieces[kinds[i].Color()].Set(s)
				if kinds[i].Kind() == movegen.Knight {
					q.Knights.Set(s)
				}
				place(i+1, q)
			}
		}
		place(0, movegen.Position{Variant: movegen.Camette, MoveNumber: 1})
	}
	vals := map[uint64]Value{}
	known := map[uint64]bool{}
	var ml movegen.MoveList
	for _, p := range all {
		p.GenerateMoves(&ml)
		if v, over := terminalValue(&p, ml.N); over {
			vals[p.Key], known[p.Key] = v, true
		}
	}
	for d := 1; ; d++ {
		found := map[uint64]Value{}
		for _, p := range all {
			if known[p.Key] {
				continue
			}
			p.GenerateMoves(&ml)
			allWon, longest, shortestLoss := true, -1, -1
			for _, m := range ml.Slice() {
				q := p
				q.MakeMove(m)
				v, ok := vals[q.Key]
				if q.Pieces[q.Side].IsEmpty() {
					v, ok = LostNow, true
				}
				switch {
				case !ok:
					allWon = false
				case v.IsLoss():
					allWon = false
					if shortestLoss < 0 || v.Plies() < shortestLoss {
						shortestLoss = v.Plies()
					}
				case v.IsWin():
					longest = max(longest, v.Plies())
				default:
					allWon = false
				}
			}
			switch {
			case shortestLoss == d-1:
				found[p.Key] = InPlies(d)
			case shortestLoss < 0 && allWon && longest == d-1:
				found[p.Key] = InPlies(d)
			}
		}
		if len(found) == 0 {
			break
		}
		for k, v := range found {
			vals[k], known[k] = v, true
		}
	}
	return vals
}

// The solver's values and distances equal the naive solver's on every
// position of the signatures of at most three pieces.
func TestSolverMatchesNaive(t *testing.T) {
	var sigs []Signature
	for _, s := range Signatures() {
		if w, b := s.Pieces(); w+b <= 3 {
			sigs = append(sigs, s)
		}
	}
	want := naiveValues(t, sigs)
	solved := map[Signature][]Value{}
	below := func(s Signature) []Value { return solved[s] }
	checked := 0
	for _, sig := range sigs {
		vals, _, err := solveLayer(sig, below, 2, func(int64) {}, nil)
		if err != nil {
			t.Fatal(err)
		}
		solved[sig] = vals
		for idx := uint64(0); idx < sig.Size(); idx++ {
			p := Unrank(sig, idx).Position()
			w, ok := want[p.Key]
			if !ok {
				w = Draw
			}
			if vals[idx] != w {
				t.Fatalf("%s: %s: solver %s, naive %s", sig, p.CFEN(), vals[idx], w)
			}
			checked++
		}
	}
	t.Logf("%d positions of %d signatures agree", checked, len(sigs))
}
