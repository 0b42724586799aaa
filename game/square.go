package game

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Square is a square named by its coordinates, the same on every board
// and grid: rank·16 + file, rank 1 and file A being 0 (G1=6, A5=64, H16=247).
// Each grid's rules core numbers its squares its own way for speed and
// converts at this surface.
type Square uint8

// MaxFiles and MaxRanks bound the coordinates a Square can hold.
const (
	MaxFiles = 16
	MaxRanks = 16
)

// NoSquare is "no such square".
const NoSquare Square = 255

// SquareAt returns the square on file f (0 = A) and rank r (0 = rank 1);
// both must be below 16.
func SquareAt(f, r int) Square { return Square(r*MaxFiles + f) }

// File returns the file of s, 0 = A.
func (s Square) File() int { return int(s % MaxFiles) }

// Rank returns the rank of s, 0 = rank 1.
func (s Square) Rank() int { return int(s / MaxFiles) }

// String returns the WCF name of s in upper case, e.g. "F6" (R3); "-" for
// NoSquare.
func (s Square) String() string {
	if s == NoSquare {
		return "-"
	}
	return fmt.Sprintf("%c%d", 'A'+s.File(), s.Rank()+1)
}

// ParseSquare reads a square's name such as "f6" or "N16" case-insensitively,
// without asking which board has it (Variant.Has does).
func ParseSquare(text string) (Square, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	if len(t) < 2 || len(t) > 3 || t[0] < 'A' || t[0] >= 'A'+MaxFiles {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	r, err := strconv.Atoi(t[1:])
	if err != nil || t[1] == '0' || t[1] == '+' || t[1] == '-' || r < 1 || r > MaxRanks {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	return SquareAt(int(t[0]-'A'), r-1), nil
}

// SquareSet is a set of Squares.
type SquareSet [4]uint64

// Has reports whether s is in the set.
func (b SquareSet) Has(s Square) bool { return b[s>>6]>>(s&63)&1 != 0 }

// Set adds s to the set.
func (b *SquareSet) Set(s Square) { b[s>>6] |= 1 << (s & 63) }

// IsEmpty reports whether the set is empty.
func (b SquareSet) IsEmpty() bool { return b[0]|b[1]|b[2]|b[3] == 0 }

// Count returns the number of squares in the set.
func (b SquareSet) Count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2]) + bits.OnesCount64(b[3])
}

// Squares lists the set's squares in ascending order (reading order).
func (b SquareSet) Squares() []Square {
	var out []Square
	for w, word := range b {
		for word != 0 {
			out = append(out, Square(w*64+bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	return out
}
