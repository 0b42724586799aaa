//go:build ignore

package movegen

import "math/bits"

// This file is the wide grid: the cell numbering of Square and the
// Bitboard over it, for boards up to 14 files wide (Chivalry, V2). It
// replaces movegen/grid.go in the copy of the rules core that
// internal/widegen writes; every other file is the same source.

// Square is a square of a board of V2, numbered as a cell of the 14×16
// rectangle that holds every board: rank·14 + file, rank 1 and file A
// being 0 (G1=6, H1=7, A5=56, …, H16=217). The rectangular numbering keeps
// the WCF reading order and makes every direction a fixed shift of a
// Bitboard.
type Square uint8

// Files and ranks of the bounding 14×16 rectangle.
const (
	NumFiles = 14 // A..N
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
// (V3: Chivalry's 8 Knights and 12 Men are the most; CFEN refuses more).
const (
	MaxKnights = 8
	MaxMen     = 12
)

// Bitboard is a set of squares: bit i of the 224-bit value is square i
// (see Square), in four words, Lo holding squares 0-63, Mid 64-127, Hi
// 128-191 and Top 192-223. Only squares of the board are ever set.
type Bitboard struct{ Lo, Mid, Hi, Top uint64 }

// squareBB[s] is the set holding s alone.
var squareBB [SquareSpan + 1]Bitboard

func init() {
	for s := 0; s < SquareSpan; s++ {
		switch s >> 6 {
		case 0:
			squareBB[s].Lo = 1 << (s & 63)
		case 1:
			squareBB[s].Mid = 1 << (s & 63)
		case 2:
			squareBB[s].Hi = 1 << (s & 63)
		default:
			squareBB[s].Top = 1 << (s & 63)
		}
	}
}

// SquareBB returns the set holding s alone (empty for NoSquare).
func SquareBB(s Square) Bitboard { return squareBB[s] }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	var w uint64
	switch s >> 6 {
	case 0:
		w = b.Lo
	case 1:
		w = b.Mid
	case 2:
		w = b.Hi
	default:
		w = b.Top
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
func (b Bitboard) Or(c Bitboard) Bitboard {
	return Bitboard{b.Lo | c.Lo, b.Mid | c.Mid, b.Hi | c.Hi, b.Top | c.Top}
}

// And returns b ∩ c.
func (b Bitboard) And(c Bitboard) Bitboard {
	return Bitboard{b.Lo & c.Lo, b.Mid & c.Mid, b.Hi & c.Hi, b.Top & c.Top}
}

// AndNot returns b \ c.
func (b Bitboard) AndNot(c Bitboard) Bitboard {
	return Bitboard{b.Lo &^ c.Lo, b.Mid &^ c.Mid, b.Hi &^ c.Hi, b.Top &^ c.Top}
}

// Xor returns the symmetric difference of b and c.
func (b Bitboard) Xor(c Bitboard) Bitboard {
	return Bitboard{b.Lo ^ c.Lo, b.Mid ^ c.Mid, b.Hi ^ c.Hi, b.Top ^ c.Top}
}

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.Lo|b.Mid|b.Hi|b.Top == 0 }

// Intersects reports whether b and c share a square.
func (b Bitboard) Intersects(c Bitboard) bool {
	return b.Lo&c.Lo|b.Mid&c.Mid|b.Hi&c.Hi|b.Top&c.Top != 0
}

// Count returns the number of squares in b.
func (b Bitboard) Count() int {
	return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Mid) + bits.OnesCount64(b.Hi) + bits.OnesCount64(b.Top)
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
	case b.Top != 0:
		return Square(192 + bits.TrailingZeros64(b.Top))
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
	case b.Top != 0:
		s := bits.TrailingZeros64(b.Top)
		b.Top &= b.Top - 1
		return Square(192 + s)
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

// Words returns the four words of b, lowest squares first: for loops
// that walk the set word by word.
func (b Bitboard) Words() [4]uint64 { return [4]uint64{b.Lo, b.Mid, b.Hi, b.Top} }

// Digest16 mixes b into 16 bits: a short tag of a set, such as a move's
// captured pieces in a packed move.
func (b Bitboard) Digest16() uint16 {
	return uint16((b.Lo*0x9e3779b97f4a7c15 ^ b.Mid*0xc2b2ae3d27d4eb4f ^ b.Hi*0x165667b19e3779f9 ^ b.Top*0xd6e8feb86659fd93) >> 48)
}

// up returns b with every square moved k cells up the index (s → s+k,
// 0 < k < 64); cells past the rectangle fall off (the caller masks, as
// with the narrow grid).
func (b Bitboard) up(k uint) Bitboard {
	return Bitboard{b.Lo << k, b.Mid<<k | b.Lo>>(64-k), b.Hi<<k | b.Mid>>(64-k), (b.Top<<k | b.Hi>>(64-k)) & topMask}
}

// down returns b with every square moved k cells down the index (s → s-k).
func (b Bitboard) down(k uint) Bitboard {
	return Bitboard{b.Lo>>k | b.Mid<<(64-k), b.Mid>>k | b.Hi<<(64-k), b.Hi>>k | b.Top<<(64-k), b.Top >> k}
}

// topMask keeps the cells of the last word that exist (192-223), so that
// no shift leaves a bit past the rectangle.
const topMask = 1<<(SquareSpan-192) - 1
