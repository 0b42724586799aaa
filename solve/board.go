// Package solve computes and reads the exact game-theoretic value of every
// Camette position (V2–V5): retrograde analysis layer by layer over the
// material signatures, a perfect index of each layer, and the table files
// that the engine probes.
//
// The method follows the solved games of this kind (Thompson's retrograde
// scheme with successor counters, as in the Awari and nine men's morris
// databases): captures only remove pieces, so layers of less material are
// solved first and a capture leads into a solved layer; moves within a layer
// are resolved in rounds of increasing distance, so every value carries the
// exact number of plies to the end of the game (V5).
package solve

import (
	"math/bits"

	"github.com/camelot-engine/camelot/movegen"
)

// NumSquares is the number of Camette's squares (V2).
const NumSquares = 23

// Mask is a set of Camette squares, bit i for the square of local number i.
// Local numbers follow the squares' order in movegen (rank 1 first, files
// from A), so they are stable for the table's index.
type Mask uint32

// boardMask is every square.
const boardMask Mask = 1<<NumSquares - 1

// local is Camette's board in local numbers: the squares, the castles, and
// the step and leap tables that un-moves walk.
type local struct {
	square   [NumSquares]movegen.Square
	number   [movegen.SquareSpan]int8 // -1 off the board
	castle   [2]Mask
	adj      [NumSquares]Mask
	leapOver [NumSquares][]leap
}

// leap is a leap from a square over Over to Land (R7, R8).
type leap struct{ over, land int8 }

var camette = newLocal()

func newLocal() *local {
	geo := movegen.GeometryOf(movegen.Camette)
	l := &local{}
	for i := range l.number {
		l.number[i] = -1
	}
	n := 0
	for b := geo.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		l.square[n] = s
		l.number[s] = int8(n)
		n++
	}
	if n != NumSquares {
		panic("solve: Camette does not have 23 squares")
	}
	for c := 0; c < 2; c++ {
		l.castle[c] = l.maskOf(geo.Castle[c])
	}
	for i, s := range l.square {
		l.adj[i] = l.maskOf(geo.Adjacent[s])
		for _, lp := range geo.Leaps[s] {
			l.leapOver[i] = append(l.leapOver[i], leap{l.number[lp.Over], l.number[lp.Land]})
		}
	}
	return l
}

// maskOf converts a bitboard of Camette squares to a Mask.
func (l *local) maskOf(b movegen.Bitboard) Mask {
	var m Mask
	for !b.IsEmpty() {
		m |= 1 << uint(l.number[b.PopFirst()])
	}
	return m
}

// bitboard converts a Mask to movegen's bitboard.
func (l *local) bitboard(m Mask) movegen.Bitboard {
	var b movegen.Bitboard
	for m != 0 {
		i := bits.TrailingZeros32(uint32(m))
		m &= m - 1
		b.Set(l.square[i])
	}
	return b
}

// Placement is a Camette position as the table sees it: the squares of each
// side's pieces, which of them are Knights, and the side to move. The ply
// clock and castle moves do not count (V6: Camette has no castle moves; the
// values ignore the 100-ply rule, which the solver reports on separately).
type Placement struct {
	Pieces  [2]Mask // by colour
	Knights Mask
	Side    movegen.Color
}

// PlacementOf reads a movegen position of Camette.
func PlacementOf(p *movegen.Position) Placement {
	return Placement{
		Pieces:  [2]Mask{camette.maskOf(p.Pieces[0]), camette.maskOf(p.Pieces[1])},
		Knights: camette.maskOf(p.Knights),
		Side:    p.Side,
	}
}

// Position returns the movegen position of pl, with a zero ply clock.
func (pl Placement) Position() movegen.Position {
	p := pl.position()
	p.Key = p.ComputeKey()
	return p
}

// Signature returns pl's material signature.
func (pl Placement) Signature() Signature {
	return Signature{
		WK: uint8(bits.OnesCount32(uint32(pl.Pieces[0] & pl.Knights))),
		WM: uint8(bits.OnesCount32(uint32(pl.Pieces[0] &^ pl.Knights))),
		BK: uint8(bits.OnesCount32(uint32(pl.Pieces[1] & pl.Knights))),
		BM: uint8(bits.OnesCount32(uint32(pl.Pieces[1] &^ pl.Knights))),
	}
}

// Mirror returns pl reflected left to right (V2: every board is symmetric).
func (pl Placement) Mirror() Placement {
	return Placement{
		Pieces:  [2]Mask{camette.mirror(pl.Pieces[0]), camette.mirror(pl.Pieces[1])},
		Knights: camette.mirror(pl.Knights),
		Side:    pl.Side,
	}
}

// mirror reflects a mask left to right.
func (l *local) mirror(m Mask) Mask {
	var out Mask
	for m != 0 {
		i := bits.TrailingZeros32(uint32(m))
		m &= m - 1
		out |= 1 << uint(mirrorOf[i])
	}
	return out
}

// mirrorOf[i] is the local number of square i's mirror image.
var mirrorOf = func() (t [NumSquares]int8) {
	geo := movegen.GeometryOf(movegen.Camette)
	for i, s := range camette.square {
		m := geo.SquareAt(movegen.Camette.Files()-1-s.File(), s.Rank())
		t[i] = camette.number[m]
	}
	return
}()
