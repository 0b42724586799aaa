package movegen

import (
	"math/rand/v2"
	"testing"
)

// randomSets returns two disjoint random sets of board squares and the
// squares left empty.
func randomSets(r *rand.Rand) (a, b, empty Bitboard) {
	for s := Board; !s.IsEmpty(); {
		sq := s.PopFirst()
		switch r.IntN(4) {
		case 0:
			a.Set(sq)
		case 1:
			b.Set(sq)
		default:
			empty.Set(sq)
		}
	}
	return a, b, empty
}

// TestJumpSources: the shift-based set equals a square-by-square walk of
// the leap tables (R1, R8), on random boards.
func TestJumpSources(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		_, enemy, empty := randomSets(r)
		got := jumpSources(enemy, empty)
		var want Bitboard
		for s := Board; !s.IsEmpty(); {
			sq := s.PopFirst()
			for _, l := range Leaps[sq] {
				if enemy.Has(l.Over) && empty.Has(l.Land) {
					want.Set(sq)
				}
			}
		}
		if got != want {
			t.Fatalf("jumpSources differs: extra %v, missing %v", got.AndNot(want).Squares(), want.AndNot(got).Squares())
		}
	}
}
