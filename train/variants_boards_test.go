package train

// Tests of the training store on every board this build plays: the narrow
// build's Camelot, Cam and Camette, and, in the copy internal/widegen
// writes for the wide grid, Chivalry with its 40 pieces (files named
// *_boards_test.go run on both grids).

import (
	"slices"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
)

// TestViewsHoldEveryPiece stores each board's start, with either side to
// move, and checks that both views give back every piece's feature as the
// engine numbers it (nnue.Board.Features), and the score and result from
// the side to move's view. Chivalry's start has 40 pieces: a count field
// too narrow for it once dropped pieces silently.
func TestViewsHoldEveryPiece(t *testing.T) {
	for _, v := range movegen.Variants() {
		b := nnue.BoardOf(v)
		if b == nil {
			continue
		}
		for _, side := range [2]movegen.Color{movegen.White, movegen.Black} {
			p := v.StartPosition()
			p.Side = side
			var d Data
			if err := d.add(&p, 123, 1); err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			us, them := d.Views(0, nil, nil)
			l := layoutOf(v)
			pieces := p.Pieces[movegen.White].Count() + p.Pieces[movegen.Black].Count()
			for name, got := range map[string][]uint16{"us": us, "them": them} {
				view := side
				if name == "them" {
					view = side.Other()
				}
				want := []uint16{uint16(l.bias)}
				for _, f := range b.Features(nil, &p, view) {
					want = append(want, uint16(f))
				}
				if len(want) != pieces+1 {
					t.Fatalf("%s: the engine's features count %d pieces, want %d", v, len(want)-1, pieces)
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s, %s to move, view %s: rows %v, want %v", v, side, name, got, want)
				}
			}
			wantScore, wantResult := 123, 1.0
			if side == movegen.Black {
				wantScore, wantResult = -123, 0
			}
			if d.Score(0) != wantScore || d.Result(0) != wantResult {
				t.Errorf("%s, %s to move: score %d result %v, want %d %v", v, side, d.Score(0), d.Result(0), wantScore, wantResult)
			}
		}
	}
}
