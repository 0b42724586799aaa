package movegen

import "math/bits"

//go:generate go run ../internal/widegen

// This file is the grid: the cell numbering of Square and the Bitboard
// over it. It is the one file of the rules core that knows the grid's
// size. Boards up to 12 files wide (Camelot, Cam, Camette) are played on
// this 12×16 grid in three words; internal/widegen makes the same rules
// core for Chivalry's 14 files from its own copy of this file (a 14×16
// grid in four words), so standard Camelot pays nothing for the wider
// board (V2).

// Square is a square of R1, numbered as a cell of the board's bounding
// 12×16 rectangle: rank·12 + file, rank 1 and file A being 0 (F1=5, G1=6,
// A4=36, …, G16=186). 160 of the 192 cells are on the board (the set
// Board). The rectangular numbering keeps the WCF reading order (rank 1
// first, files A..L within a rank) and makes every direction a fixed shift
// of a Bitboard, so a property of all squares at once (which pieces can
// jump, where canters land) costs a few word operations.
type Square uint8

// Files and ranks of the bounding 12×16 rectangle.
const (
	NumFiles = 12 // A..L
	NumRanks = 16 // 1..16
)

// NumSquares is the number of squares on Camelot's board (R1).
const NumSquares = 160

// SquareSpan is the number of Square values (on the board or not): the
// size of tables indexed by Square.
const SquareSpan = NumFiles * NumRanks

// NoSquare marks "no such square": a step that leaves the board (R1).
const NoSquare Square = SquareSpan

// MaxKnights and MaxMen bound a side's pieces on the boards of this grid
// (R2, V3: Camelot's 4 and 10 are the most; CFEN refuses more).
const (
	MaxKnights = 4
	MaxMen     = 10
)

// Bitboard is a set of squares: bit i of the 192-bit value is square i
// (see Square), in three words, Lo holding squares 0-63, Mid 64-127 and
// Hi 128-191. Only squares of the board are ever set. It is a plain value
// type so that moves and positions copy cheaply; a struct of three words
// rather than an array, because the compiler keeps small structs in
// registers but arrays in memory.
type Bitboard struct{ Lo, Mid, Hi uint64 }

// squareBB[s] is the set holding s alone.
var squareBB [SquareSpan + 1]Bitboard

func init() {
	for s := 0; s < SquareSpan; s++ {
		switch s >> 6 {
		case 0:
			squareBB[s].Lo = 1 << (s & 63)
		case 1:
			squareBB[s].Mid = 1 << (s & 63)
		default:
			squareBB[s].Hi = 1 << (s & 63)
		}
	}
}

// SquareBB returns the set holding s alone (empty for NoSquare).
func SquareBB(s Square) Bitboard { return squareBB[s] }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	w := b.Lo
	if s >= 64 {
		w = b.Mid
	}
	if s >= 128 {
		w = b.Hi
	}
	return w>>(s&63)&1 != 0
}

// Set adds s to b.
func (b *Bitboard) Set(s Square) { *b = b.Or(squareBB[s]) }

// Clear removes s from b.
func (b *Bitboard) Clear(s Square) { *b = b.AndNot(squareBB[s]) }

// Toggle flips s in b.
func (b *Bitboard) Toggle(s Square) { *b = b.Xor(squareBB[s]) }

// Or returns b ∪ c.
func (b Bitboard) Or(c Bitboard) Bitboard { return Bitboard{b.Lo | c.Lo, b.Mid | c.Mid, b.Hi | c.Hi} }

// And returns b ∩ c.
func (b Bitboard) And(c Bitboard) Bitboard {
	return Bitboard{b.Lo & c.Lo, b.Mid & c.Mid, b.Hi & c.Hi}
}

// AndNot returns b \ c.
func (b Bitboard) AndNot(c Bitboard) Bitboard {
	return Bitboard{b.Lo &^ c.Lo, b.Mid &^ c.Mid, b.Hi &^ c.Hi}
}

// Xor returns the symmetric difference of b and c.
func (b Bitboard) Xor(c Bitboard) Bitboard {
	return Bitboard{b.Lo ^ c.Lo, b.Mid ^ c.Mid, b.Hi ^ c.Hi}
}

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.Lo|b.Mid|b.Hi == 0 }

// Intersects reports whether b and c share a square.
func (b Bitboard) Intersects(c Bitboard) bool {
	return b.Lo&c.Lo|b.Mid&c.Mid|b.Hi&c.Hi != 0
}

// Count returns the number of squares in b.
func (b Bitboard) Count() int {
	return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Mid) + bits.OnesCount64(b.Hi)
}

// First returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square {
	switch {
	case b.Lo != 0:
		return Square(bits.TrailingZeros64(b.Lo))
	case b.Mid != 0:
		return Square(64 + bits.TrailingZeros64(b.Mid))
	case b.Hi != 0:
		return Square(128 + bits.TrailingZeros64(b.Hi))
	}
	return NoSquare
}

// PopFirst removes and returns the lowest square of b (NoSquare when empty).
// Iterating with it visits squares in ascending order.
func (b *Bitboard) PopFirst() Square {
	switch {
	case b.Lo != 0:
		s := bits.TrailingZeros64(b.Lo)
		b.Lo &= b.Lo - 1
		return Square(s)
	case b.Mid != 0:
		s := bits.TrailingZeros64(b.Mid)
		b.Mid &= b.Mid - 1
		return Square(64 + s)
	case b.Hi != 0:
		s := bits.TrailingZeros64(b.Hi)
		b.Hi &= b.Hi - 1
		return Square(128 + s)
	}
	return NoSquare
}

// Squares lists the squares of b in ascending order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for !b.IsEmpty() {
		out = append(out, b.PopFirst())
	}
	return out
}

// Words returns the three words of b, lowest squares first: for loops
// that walk the set word by word.
func (b Bitboard) Words() [3]uint64 { return [3]uint64{b.Lo, b.Mid, b.Hi} }

// Digest16 mixes b into 16 bits: a short tag of a set, such as a move's
// captured pieces in a packed move.
func (b Bitboard) Digest16() uint16 {
	return uint16((b.Lo*0x9e3779b97f4a7c15 ^ b.Mid*0xc2b2ae3d27d4eb4f ^ b.Hi*0x165667b19e3779f9) >> 48)
}

// up returns b with every square moved k cells up the index (s → s+k,
// 0 < k < 64); cells past the rectangle fall off. With the rectangular
// numbering (see Square) a step in a direction is such a shift; the
// caller masks the squares whose step would leave the board or wrap round
// an edge.
func (b Bitboard) up(k uint) Bitboard {
	return Bitboard{b.Lo << k, b.Mid<<k | b.Lo>>(64-k), b.Hi<<k | b.Mid>>(64-k)}
}

// down returns b with every square moved k cells down the index (s → s-k).
func (b Bitboard) down(k uint) Bitboard {
	return Bitboard{b.Lo>>k | b.Mid<<(64-k), b.Mid>>k | b.Hi<<(64-k), b.Hi >> k}
}
