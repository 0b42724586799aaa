package eval

import "github.com/camelot-engine/camelot/movegen"

// The capture terms look a few jumps ahead on bitboards, without making
// moves: they run only when a side has a jump, which is rare at the nodes
// the evaluation sees, since a search does not stand pat when a capture
// is compulsory (R11).

// maxChain is the longest jump sequence the chain term tells apart: 1, 2,
// and 3 or more.
const maxChain = 3

// longestChain returns the most jumps, up to maxChain, that one of
// jumpers could make in a row (R8): captured pieces leave at once, and a
// landing in the opponent's castle (target) ends the move.
func longestChain(geo *movegen.Geometry, jumpers, enemy, empty, target movegen.Bitboard) int {
	best := 0
	for b := jumpers; !b.IsEmpty(); {
		s := b.PopFirst()
		best = max(best, chainFrom(geo, s, enemy, empty.Or(movegen.SquareBB(s)), target, maxChain))
		if best == maxChain {
			break
		}
	}
	return best
}

// chainFrom returns the most jumps, up to limit, from s.
func chainFrom(geo *movegen.Geometry, s movegen.Square, enemy, empty, target movegen.Bitboard, limit int) int {
	best := 0
	for _, l := range geo.Leaps[s] {
		if !enemy.Has(l.Over) || !empty.Has(l.Land) {
			continue
		}
		n := 1
		if limit > 1 && !target.Has(l.Land) {
			e, m := enemy, empty
			e.Clear(l.Over)
			m.Set(l.Over)
			n += chainFrom(geo, l.Land, e, m, target, limit-1)
		}
		if best = max(best, n); best == limit {
			break
		}
	}
	return best
}

// recaptured reports whether every capture the side could make ends
// where the opponent can jump the capturing piece back (R8, R11): each
// first jump of each jumper ends its move there (no jump goes on) on a
// square outside the opponent's castle, and an enemy piece could then
// jump it. A side to move in such a position must give material back; a
// side waiting has been offered a poisoned piece.
func recaptured(geo *movegen.Geometry, jumpers, enemy, empty, home, target movegen.Bitboard) bool {
	for b := jumpers; !b.IsEmpty(); {
		s := b.PopFirst()
		for _, l := range geo.Leaps[s] {
			if !enemy.Has(l.Over) || !empty.Has(l.Land) {
				continue
			}
			if target.Has(l.Land) {
				return false // safe in the castle (R13)
			}
			e, m := enemy, empty.Or(movegen.SquareBB(s))
			e.Clear(l.Over)
			m.Set(l.Over)
			m.Clear(l.Land)
			if geo.CanJumpFrom(l.Land, e, m, target) {
				return false // the jump goes on: where it ends is another matter
			}
			if geo.JumpTargets(e.AndNot(home), movegen.SquareBB(l.Land), m).IsEmpty() {
				return false // it lands safe
			}
		}
	}
	return !jumpers.IsEmpty()
}
