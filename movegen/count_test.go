package movegen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// CountMoves (perft's bulk count), GenerateTactical and MustCapture (for
// quiescence) must agree with GenerateMoves on every position.
func TestShortcutsAgreeWithGenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var all, scratch, tactical movegen.MoveList
	positions := 0
	for game := 0; game < 60; game++ {
		p := movegen.StartPosition()
		for ply := 0; ply < 120; ply++ {
			p.GenerateMoves(&all)
			if n := p.CountMoves(&scratch); n != all.N {
				t.Fatalf("%s: CountMoves %d, GenerateMoves %d", p.CFEN(), n, all.N)
			}
			p.GenerateTactical(&tactical)
			oppCastle := movegen.Castle[p.Side.Other()]
			want := 0
			for _, m := range all.Slice() {
				if m.IsCapture() || oppCastle.Has(m.To) {
					want++
					if !tactical.Contains(m) {
						t.Fatalf("%s: tactical list lacks %s", p.CFEN(), p.MoveText(m))
					}
				}
			}
			if tactical.N != want {
				t.Fatalf("%s: %d tactical moves, want %d", p.CFEN(), tactical.N, want)
			}
			// MustCapture: every move captures (R11, R12); otherwise a
			// position of captures only has Charges alone (R9).
			allCapture := true
			for _, m := range all.Slice() {
				allCapture = allCapture && m.IsCapture()
			}
			if p.MustCapture() && (all.N == 0 || !allCapture) {
				t.Fatalf("%s: MustCapture but %d moves, all captures %v", p.CFEN(), all.N, allCapture)
			}
			if !p.MustCapture() && all.N > 0 && allCapture {
				for _, m := range all.Slice() {
					if r, _ := p.Route(m); r.Canters == 0 {
						t.Fatalf("%s: no capture compulsory, yet %s is a plain jump", p.CFEN(), p.MoveText(m))
					}
				}
			}
			if p.CanStep() && !p.MustCapture() {
				steps := 0
				for _, m := range all.Slice() {
					if r, _ := p.Route(m); r.Plain {
						steps++
					}
				}
				if steps == 0 {
					t.Fatalf("%s: CanStep, but no plain move is legal", p.CFEN())
				}
			}
			positions++
			if all.N == 0 {
				break
			}
			p.MakeMove(all.Moves[rng.IntN(all.N)])
		}
	}
	t.Logf("%d positions", positions)
}
