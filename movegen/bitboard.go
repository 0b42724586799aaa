package movegen

import "math/bits"

// Bitboard is a set of squares: bit i of the 192-bit value is square i
// (0..159, R1). Only the low 160 bits are ever set. It is a plain value
// type so that moves and positions copy cheaply.
type Bitboard [3]uint64

// SquareBB returns the set holding s alone.
func SquareBB(s Square) Bitboard {
	var b Bitboard
	b[s>>6] = 1 << (s & 63)
	return b
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b[s>>6]>>(s&63)&1 != 0 }

// Set adds s to b.
func (b *Bitboard) Set(s Square) { b[s>>6] |= 1 << (s & 63) }

// Clear removes s from b.
func (b *Bitboard) Clear(s Square) { b[s>>6] &^= 1 << (s & 63) }

// Toggle flips s in b.
func (b *Bitboard) Toggle(s Square) { b[s>>6] ^= 1 << (s & 63) }

// Or returns b ∪ c.
func (b Bitboard) Or(c Bitboard) Bitboard { return Bitboard{b[0] | c[0], b[1] | c[1], b[2] | c[2]} }

// And returns b ∩ c.
func (b Bitboard) And(c Bitboard) Bitboard { return Bitboard{b[0] & c[0], b[1] & c[1], b[2] & c[2]} }

// AndNot returns b \ c.
func (b Bitboard) AndNot(c Bitboard) Bitboard {
	return Bitboard{b[0] &^ c[0], b[1] &^ c[1], b[2] &^ c[2]}
}

// Xor returns the symmetric difference of b and c.
func (b Bitboard) Xor(c Bitboard) Bitboard { return Bitboard{b[0] ^ c[0], b[1] ^ c[1], b[2] ^ c[2]} }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b[0]|b[1]|b[2] == 0 }

// Intersects reports whether b and c share a square.
func (b Bitboard) Intersects(c Bitboard) bool {
	return b[0]&c[0]|b[1]&c[1]|b[2]&c[2] != 0
}

// Count returns the number of squares in b.
func (b Bitboard) Count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2])
}

// First returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square {
	switch {
	case b[0] != 0:
		return Square(bits.TrailingZeros64(b[0]))
	case b[1] != 0:
		return Square(64 + bits.TrailingZeros64(b[1]))
	case b[2] != 0:
		return Square(128 + bits.TrailingZeros64(b[2]))
	}
	return NoSquare
}

// PopFirst removes and returns the lowest square of b (NoSquare when empty).
// Iterating with it visits squares in ascending order.
func (b *Bitboard) PopFirst() Square {
	switch {
	case b[0] != 0:
		s := bits.TrailingZeros64(b[0])
		b[0] &= b[0] - 1
		return Square(s)
	case b[1] != 0:
		s := bits.TrailingZeros64(b[1])
		b[1] &= b[1] - 1
		return Square(64 + s)
	case b[2] != 0:
		s := bits.TrailingZeros64(b[2])
		b[2] &= b[2] - 1
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
