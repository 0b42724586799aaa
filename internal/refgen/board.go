// Package refgen is a deliberately simple reference move generator for
// Camelot, written from /work/shared/RULINGS.md (R1–R17) alone. It exists to
// cross-check faster generators: correctness and readability come first.
package refgen

import "strconv"

// Board geometry (R1). Squares are indexed sq = (rank-1)*12 + file, with
// file 0..11 for A..L and rank 1..16, so ascending index is "board order"
// (rank 1 first, then file A..L within a rank).
const (
	numFiles = 12
	numRanks = 16
	numSq    = numFiles * numRanks
)

const (
	white = 0
	black = 1
)

// Piece bytes, as in CFEN (R5). 0 is an empty square.
const (
	empty       = 0
	whiteMan    = 'M'
	whiteKnight = 'N'
	blackMan    = 'm'
	blackKnight = 'n'
)

// rankSpan gives the lowest and highest existing file of a rank (R1).
func rankSpan(r int) (lo, hi int) {
	switch r {
	case 1, 16:
		return 5, 6 // F, G
	case 2, 15:
		return 2, 9 // C..J
	case 3, 14:
		return 1, 10 // B..K
	default:
		return 0, 11 // A..L
	}
}

// exists reports whether (file, rank) is one of the 160 squares (R1).
func exists(f, r int) bool {
	if f < 0 || f >= numFiles || r < 1 || r > numRanks {
		return false
	}
	lo, hi := rankSpan(r)
	return f >= lo && f <= hi
}

func sqOf(f, r int) int    { return (r-1)*numFiles + f }
func fileOf(sq int) int    { return sq % numFiles }
func rankOf(sq int) int    { return sq/numFiles + 1 }
func sqName(sq int) string { return string(rune('A'+fileOf(sq))) + strconv.Itoa(rankOf(sq)) }
func isKnight(p byte) bool { return p == whiteKnight || p == blackKnight }
func isColor(p byte, c int) bool {
	if c == white {
		return p == whiteMan || p == whiteKnight
	}
	return p == blackMan || p == blackKnight
}

// parseSq parses a square name like "F6" (case-insensitive).
func parseSq(s string) (int, bool) {
	if len(s) < 2 || len(s) > 3 {
		return 0, false
	}
	c := s[0]
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if c < 'A' || c > 'L' {
		return 0, false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	if s[1] == '0' {
		return 0, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil {
		return 0, false
	}
	f := int(c - 'A')
	if !exists(f, r) {
		return 0, false
	}
	return sqOf(f, r), true
}

// Castles (R1): White's castle is F1,G1 (rank 1), Black's is F16,G16.
func ownCastle(c, sq int) bool {
	if c == white {
		return rankOf(sq) == 1
	}
	return rankOf(sq) == numRanks
}

func oppCastle(c, sq int) bool { return ownCastle(1-c, sq) }

// The eight directions (R1).
var dirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// step returns the square k steps from sq in direction d, if it exists.
func step(sq int, d [2]int, k int) (int, bool) {
	f, r := fileOf(sq)+k*d[0], rankOf(sq)+k*d[1]
	if !exists(f, r) {
		return 0, false
	}
	return sqOf(f, r), true
}

type board [numSq]byte
