package movegen

import (
	"math/rand/v2"
	"strings"
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
		got := cg.jumpSources(enemy, empty)
		var want Bitboard
		for s := Board; !s.IsEmpty(); {
			sq := s.PopFirst()
			for _, l := range cg.Leaps[sq] {
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

// TestCanterLandings: the shift-based set, on the board, equals a walk of
// the leap tables (R1, R7) on random boards; off the board it may hold
// cells beyond the edge, which every caller masks away.
func TestCanterLandings(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		from, pivots, _ := randomSets(r)
		got := cg.canterLandings(from, pivots).And(cg.Board)
		var want Bitboard
		for s := from; !s.IsEmpty(); {
			sq := s.PopFirst()
			for _, l := range cg.Leaps[sq] {
				if pivots.Has(l.Over) {
					want.Set(l.Land)
				}
			}
		}
		if got != want {
			t.Fatalf("canterLandings differs: extra %v, missing %v", got.AndNot(want).Squares(), want.AndNot(got).Squares())
		}
	}
}

// TestCastleRim: the squares next to each castle (R1), by name.
func TestCastleRim(t *testing.T) {
	for c, want := range map[Color]string{
		White: "E2 F2 G2 H2", // rank 1 has only the castle (R1)
		Black: "E15 F15 G15 H15",
	} {
		var names []string
		for _, s := range cg.castleRim[c].Squares() {
			names = append(names, s.String())
		}
		if got := strings.Join(names, " "); got != want {
			t.Errorf("cg.castleRim[%v] = %s, want %s", c, got, want)
		}
	}
}

// TestPatternSets: Spread, JumpTargets and Backed equal square-by-square
// walks of the step and leap tables (R1, R6, R8), on random boards.
func TestPatternSets(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		a, b, empty := randomSets(r)
		var spread, targets, backed Bitboard
		for s := Board; !s.IsEmpty(); {
			sq := s.PopFirst()
			if a.Has(sq) {
				spread = spread.Or(cg.Adjacent[sq])
				for _, l := range cg.Leaps[sq] {
					if b.Has(l.Over) && empty.Has(l.Land) {
						targets.Set(l.Over)
					}
				}
			}
			if b.Has(sq) {
				guarded := true
				for d := Direction(0); d < NumDirections/2; d++ {
					fwd, back := cg.Neighbor[sq][d], cg.Neighbor[sq][d+NumDirections/2]
					if fwd != NoSquare && !a.Has(fwd) && back != NoSquare && !a.Has(back) {
						guarded = false
					}
				}
				if guarded {
					backed.Set(sq)
				}
			}
		}
		if got := cg.Spread(a); got != spread {
			t.Fatalf("Spread differs: extra %v, missing %v", got.AndNot(spread).Squares(), spread.AndNot(got).Squares())
		}
		if got := cg.JumpTargets(a, b, empty); got != targets {
			t.Fatalf("JumpTargets differs: extra %v, missing %v", got.AndNot(targets).Squares(), targets.AndNot(got).Squares())
		}
		if got := cg.Backed(b, a); got != backed {
			t.Fatalf("Backed differs: extra %v, missing %v", got.AndNot(backed).Squares(), backed.AndNot(got).Squares())
		}
	}
}

// cg is Camelot's board, which most tests of this package are about.
var cg = GeometryOf(Camelot)
