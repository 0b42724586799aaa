package verify

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/internal/refgen"
)

// numSquares is the number of Camette's squares (V2).
const numSquares = 23

// The board, written here from V2 rather than taken from the solver: the
// local number of a square counts the squares before it, rank 1 first and
// files from A within a rank, which is the order the table's index uses.
var (
	rankFiles = [8][2]int{1: {2, 2}, 2: {1, 3}, 3: {0, 4}, 4: {0, 4}, 5: {0, 4}, 6: {1, 3}, 7: {2, 2}} // lowest and highest file (A = 0)
	rankStart [8]int                                                                                   // local number of each rank's first square
	rankGrid  [8]int                                                                                   // refgen's Board index of file A of each rank
	sqFile    [numSquares]int                                                                          // from 0 for A
	sqRank    [numSquares]int                                                                          // from 1
	gridOf    [numSquares]int                                                                          // refgen's Board index
	mirrorOf  [numSquares]uint8                                                                        // the square reflected left to right
	castleOf  = [2]uint32{1 << 0, 1 << (numSquares - 1)}                                               // White's C1, Black's C7
)

func init() {
	n := 0
	for r := 1; r <= 7; r++ {
		rankStart[r], rankGrid[r] = n, refgen.Square(0, r)
		for f := rankFiles[r][0]; f <= rankFiles[r][1]; f++ {
			sqFile[n], sqRank[n], gridOf[n] = f, r, refgen.Square(f, r)
			if gridOf[n] != rankGrid[r]+f {
				panic("verify: placementOf needs a rank's squares side by side in refgen's Board")
			}
			n++
		}
	}
	if n != numSquares {
		panic("verify: Camette does not have 23 squares")
	}
	for i := range numSquares {
		for j := range numSquares {
			if sqRank[j] == sqRank[i] && sqFile[j] == 4-sqFile[i] {
				mirrorOf[i] = uint8(j)
			}
		}
	}
}

// binom[n][k] is n choose k.
var binom = func() (t [numSquares + 1][4]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k < 4; k++ {
			if n > 0 {
				t[n][k] = t[n-1][k-1] + t[n-1][k]
			}
		}
	}
	return
}()

// signature is a layer: White Knights, White Men, Black Knights, Black
// Men, the order of the index's groups.
type signature [4]uint8

// valid reports whether s fits Camette's material (V3) with a piece a side.
func (s signature) valid() bool {
	return s[0] <= 1 && s[1] <= 3 && s[2] <= 1 && s[3] <= 3 && s[0]+s[1] > 0 && s[2]+s[3] > 0
}

// key numbers the signatures for lookup tables.
func (s signature) key() int { return int(s[0])<<5 | int(s[1])<<3 | int(s[2])<<2 | int(s[3]) }

// String writes s as the table's file names do: "K3-k3", "2-k".
func (s signature) String() string {
	side := func(k, m uint8, knight string) string {
		out := ""
		if k > 0 {
			out = knight
		}
		if m > 0 || k == 0 {
			out += strconv.Itoa(int(m))
		}
		return out
	}
	return side(s[0], s[1], "K") + "-" + side(s[2], s[3], "k")
}

// parseSignature reads a signature as String writes it.
func parseSignature(text string) (signature, error) {
	var s signature
	w, b, ok := strings.Cut(text, "-")
	for i, part := range []string{w, b} {
		knight := "Kk"[i : i+1]
		if rest, found := strings.CutPrefix(part, knight); found {
			s[2*i] = 1
			part = rest
		}
		if part != "" {
			if len(part) != 1 || part[0] < '0' || part[0] > '9' {
				ok = false
			}
			s[2*i+1] = part[0] - '0'
		}
	}
	if !ok || !s.valid() || s.String() != text {
		return s, fmt.Errorf("bad signature %q", text)
	}
	return s, nil
}

// size is the number of positions of the layer: each group a combination
// of the squares the groups before it left free, times two sides to move.
func (s signature) size() uint64 {
	n, free := uint64(2), numSquares
	for _, k := range s {
		n *= binom[free][k]
		free -= int(k)
	}
	return n
}

// placement is a position as the table sees it: the squares of each
// side's pieces (bit i for local square i), which of them are Knights,
// and the side to move (0 White, 1 Black).
type placement struct {
	pieces  [2]uint32
	knights uint32
	side    int
}

// groups returns the squares of the index's groups.
func (p *placement) groups() [4]uint32 {
	return [4]uint32{p.pieces[0] & p.knights, p.pieces[0] &^ p.knights, p.pieces[1] & p.knights, p.pieces[1] &^ p.knights}
}

// signature returns p's material.
func (p *placement) signature() signature {
	var s signature
	for i, g := range p.groups() {
		s[i] = uint8(bits.OnesCount32(g))
	}
	return s
}

// rank returns p's index in its layer: each group's combination ranked
// among the squares still free (the rank of a square among them is its
// number less the taken squares below it; the combination's rank is
// Σ C(cᵢ, i) over its squares in increasing order, i from 1), the groups
// as mixed-radix digits, first group most significant, then the side to
// move as the lowest bit.
func (p *placement) rank() uint64 {
	var idx uint64
	var taken uint32
	free := numSquares
	for _, g := range p.groups() {
		var r uint64
		i := 1
		for m := g; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros32(m)
			r += binom[sq-bits.OnesCount32(taken&(1<<sq-1))][i]
			i++
		}
		idx = idx*binom[free][i-1] + r
		taken |= g
		free -= i - 1
	}
	return idx<<1 | uint64(p.side)
}

// unrank returns the placement of index idx < s.size() in layer s.
func unrank(s signature, idx uint64) placement {
	p := placement{side: int(idx & 1)}
	idx >>= 1
	var free [4]int
	f := numSquares
	for i, k := range s {
		free[i] = f
		f -= int(k)
	}
	var digit [4]uint64
	for i := 3; i >= 0; i-- {
		base := binom[free[i]][s[i]]
		digit[i] = idx % base
		idx /= base
	}
	var taken uint32
	for i, k := range s {
		// The largest c with C(c, j) <= r is the j-th square's free rank.
		var m uint32
		r := digit[i]
		c := free[i] - 1
		for j := int(k); j >= 1; j-- {
			for binom[c][j] > r {
				c--
			}
			r -= binom[c][j]
			m |= nthFree(c, taken)
			c--
		}
		taken |= m
		p.pieces[i/2] |= m
		if i%2 == 0 {
			p.knights |= m
		}
	}
	return p
}

// nthFree returns the square (as a bit) that is the n-th, from 0, of those
// not in taken.
func nthFree(n int, taken uint32) uint32 {
	free := (1<<numSquares - 1) &^ taken
	for ; n > 0; n-- {
		free &= free - 1
	}
	return free & -free
}

// mirror returns p reflected left to right (V2: the board is symmetric).
func (p *placement) mirror() placement {
	return placement{pieces: [2]uint32{mirrorMask(p.pieces[0]), mirrorMask(p.pieces[1])}, knights: mirrorMask(p.knights), side: p.side}
}

func mirrorMask(m uint32) uint32 {
	var out uint32
	for ; m != 0; m &= m - 1 {
		out |= 1 << mirrorOf[bits.TrailingZeros32(m)]
	}
	return out
}

// Piece letters of CFEN (R5), which refgen's Board holds too.
var letters = [2][2]byte{{'M', 'N'}, {'m', 'n'}} // by side, then Knight

// toBoard writes p's pieces on b, whose other Camette squares it empties.
func (p *placement) toBoard(b *refgen.Board) {
	for _, g := range gridOf {
		b[g] = 0
	}
	for c := range 2 {
		for m := p.pieces[c]; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			b[gridOf[i]] = letters[c][p.knights>>i&1]
		}
	}
}

// placementOf reads the Camette squares of b, a rank at a time: the
// letters M, N, m, n all have bit 6 set, bit 5 only for Black, bit 1 only
// for a Knight (R5), so eight squares of a rank are read at once.
func placementOf(b *refgen.Board, side int) placement {
	p := placement{side: side}
	const lsb = 0x0101010101010101
	for r := 1; r <= 7; r++ {
		w := binary.LittleEndian.Uint64(b[rankGrid[r]:])
		occ, blk := w>>6&lsb, w>>5&lsb
		lo, mask, at := uint(rankFiles[r][0]), uint64(1)<<(rankFiles[r][1]-rankFiles[r][0]+1)-1, uint(rankStart[r])
		p.pieces[0] |= uint32(gather(occ&^blk)>>lo&mask) << at
		p.pieces[1] |= uint32(gather(occ&blk)>>lo&mask) << at
		p.knights |= uint32(gather(w>>1&occ)>>lo&mask) << at
	}
	return p
}

// gather packs bit 0 of each byte of x into bits 0 to 7, byte j to bit j:
// the multiplier's terms 2^(56-7j) carry byte j's bit to bit 56 + j and
// every other product lands on a distinct lower bit, so nothing carries.
func gather(x uint64) uint64 { return x * 0x0102040810204080 >> 56 }

// cfen writes p as a Camette CFEN (V6): ranks 7 to 1, each listing its
// squares from its lowest file, numbers counting empty squares.
func (p *placement) cfen() string {
	var sb strings.Builder
	sq := make([]byte, numSquares)
	for i := range numSquares {
		for c := range 2 {
			if p.pieces[c]&(1<<i) != 0 {
				sq[i] = letters[c][(p.knights>>i)&1]
			}
		}
	}
	for r := 7; r >= 1; r-- {
		run := 0
		for i := rankStart[r]; i <= rankStart[r]+rankFiles[r][1]-rankFiles[r][0]; i++ {
			if sq[i] == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(sq[i])
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if r > 1 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([2]string{" w 0/0 0 1", " b 0/0 0 1"}[p.side])
	return sb.String()
}
