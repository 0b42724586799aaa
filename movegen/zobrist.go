package movegen

import (
	"encoding/binary"

	farm "github.com/dgryski/go-farm"
)

// Zobrist keys. They are derived by hashing a label with FarmHash's
// Fingerprint64, which go-farm documents as stable across platforms and
// releases (Hash64 may change), so a position's key, and with it the opening
// book keyed by it, is the same on every machine, Go version and build.
// TestKeysArePinned holds a few keys fixed.
var (
	zobristPiece  [2][2][SquareSpan]uint64 // [colour][kind][square]
	zobristSide   uint64                   // Black to move
	zobristCastle [2][3]uint64             // [colour][castle moves used]
	zobristTree   [SquareSpan]uint64       // a tree on the square (V10)
)

func zobristValue(parts ...uint32) uint64 {
	buf := make([]byte, 0, 4*len(parts)+16)
	buf = append(buf, "camelot-zobrist"...)
	for _, v := range parts {
		buf = binary.LittleEndian.AppendUint32(buf, v)
	}
	return farm.Fingerprint64(buf)
}

func init() {
	for c := 0; c < 2; c++ {
		for k := 0; k < 2; k++ {
			// Squares are labelled by their ordinal in the WCF reading
			// order (F1=0 … G16=159), not by their Square value.
			n := uint32(0)
			for b := Board; !b.IsEmpty(); n++ {
				zobristPiece[c][k][b.PopFirst()] = zobristValue(1, uint32(c), uint32(k), n)
			}
			// The other cells of the grid, squares of the other
			// variants' boards (V2), by their Square value under a label
			// of their own, so Camelot's keys stay as they were.
			for s := Square(0); s < SquareSpan; s++ {
				if !Board.Has(s) {
					zobristPiece[c][k][s] = zobristValue(4, uint32(c), uint32(k), uint32(s))
				}
			}
		}
		// Zero castle moves used contributes nothing, so a key depends
		// only on what differs from the usual state.
		for n := 1; n < 3; n++ {
			zobristCastle[c][n] = zobristValue(2, uint32(c), uint32(n))
		}
	}
	zobristSide = zobristValue(3)
	for s := Square(0); s < SquareSpan; s++ {
		zobristTree[s] = zobristValue(5, uint32(s))
	}
}
