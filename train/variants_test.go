package train

// Tests of the training store on every board: Camelot, Cam and Camette on
// the 12-file grid, Chivalry with its 40 pieces on the 14-file one, all
// through the same code.

import (
	"slices"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// TestViewsHoldEveryPiece stores each board's start, with either side to
// move, and checks that both views give back every piece's feature as the
// engine numbers it (boards.NetFeatures), and the score and result from
// the side to move's view. Chivalry's start has 40 pieces: a count field
// too narrow for it once dropped pieces silently.
func TestViewsHoldEveryPiece(t *testing.T) {
	for _, v := range game.Variants() {
		if nnue.BoardOf(v) == nil {
			continue
		}
		for _, side := range [2]game.Color{game.White, game.Black} {
			p := withSide(afterTrees(boards.StartPosition(v)), side)
			var d Data
			if err := d.add(p, 123, 1); err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			us, them := d.Views(0, nil, nil)
			l := layoutOf(v)
			count := pieces(p)
			pieces := count[game.White][game.Man] + count[game.White][game.Knight] + count[game.Black][game.Man] + count[game.Black][game.Knight]
			for name, got := range map[string][]uint16{"us": us, "them": them} {
				view := side
				if name == "them" {
					view = side.Other()
				}
				want := []uint16{uint16(l.bias)}
				for _, f := range boards.NetFeatures(p, view, nil) {
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
			if side == game.Black {
				wantScore, wantResult = -123, 0
			}
			if d.Score(0) != wantScore || d.Result(0) != wantResult {
				t.Errorf("%s, %s to move: score %d result %v, want %d %v", v, side, d.Score(0), d.Result(0), wantScore, wantResult)
			}
		}
	}
}
