package solve

import (
	"fmt"
	"math/bits"
)

// Signature is a layer of the table: how many Knights and Men each side
// has (V3: at most one Knight and three Men a side in Camette).
type Signature struct{ WK, WM, BK, BM uint8 }

// String names the signature as the table's files do: "K3-k3" for a full
// board, "2-k" for two White Men against a lone Black Knight.
func (s Signature) String() string {
	side := func(k, m uint8, knight string) string {
		out := ""
		if k > 0 {
			out = knight
		}
		if m > 0 || k == 0 {
			out += fmt.Sprint(m)
		}
		return out
	}
	return side(s.WK, s.WM, "K") + "-" + side(s.BK, s.BM, "k")
}

// Pieces returns the number of pieces of each side.
func (s Signature) Pieces() (white, black int) { return int(s.WK + s.WM), int(s.BK + s.BM) }

// below reports whether a capture, or several, can lead from layer up to
// s: neither side has more of a kind of piece in s.
func (s Signature) below(up Signature) bool {
	return s != up && s.WK <= up.WK && s.WM <= up.WM && s.BK <= up.BK && s.BM <= up.BM
}

// Flip returns the signature with the colours swapped.
func (s Signature) Flip() Signature { return Signature{s.BK, s.BM, s.WK, s.WM} }

// valid reports whether s fits Camette (V3) with a piece on each side.
func (s Signature) valid() bool {
	w, b := s.Pieces()
	return s.WK <= 1 && s.BK <= 1 && s.WM <= 3 && s.BM <= 3 && w >= 1 && b >= 1
}

// Signatures lists every layer with at least one piece a side, in the
// order they are solved: fewer pieces first, so that every capture leads
// into a layer already solved (captures only remove pieces).
func Signatures() []Signature {
	var out []Signature
	for total := 2; total <= 8; total++ {
		for wk := uint8(0); wk <= 1; wk++ {
			for wm := uint8(0); wm <= 3; wm++ {
				for bk := uint8(0); bk <= 1; bk++ {
					for bm := uint8(0); bm <= 3; bm++ {
						s := Signature{wk, wm, bk, bm}
						if w, b := s.Pieces(); w+b == total && s.valid() {
							out = append(out, s)
						}
					}
				}
			}
		}
	}
	return out
}

// binom[n][k] is n choose k.
var binom = func() (t [NumSquares + 1][5]uint64) {
	for n := 0; n <= NumSquares; n++ {
		t[n][0] = 1
		for k := 1; k < 5; k++ {
			if n > 0 {
				t[n][k] = t[n-1][k-1] + t[n-1][k]
			}
		}
	}
	return
}()

// Size returns the number of positions of the layer: every placement of its
// pieces on distinct squares, times two sides to move. The index has no
// holes: positions that cannot arise (a piece in each castle, say) still
// have an index and a value.
func (s Signature) Size() uint64 {
	free, n := NumSquares, uint64(2)
	for _, g := range s.groups() {
		n *= binom[free][g]
		free -= int(g)
	}
	return n
}

// groups lists the piece groups in index order: White Knight, White Men,
// Black Knight, Black Men.
func (s Signature) groups() [4]uint8 { return [4]uint8{s.WK, s.WM, s.BK, s.BM} }

// Index returns pl's index in its layer: a mixed-radix number whose digits
// are each group's combination of the squares still free (the
// combinatorial number system, rank = Σ C(cᵢ, i) over the chosen squares'
// ranks among the free ones), and last the side to move.
func Index(pl Placement) uint64 {
	groups := [4]Mask{pl.Pieces[0] & pl.Knights, pl.Pieces[0] &^ pl.Knights, pl.Pieces[1] & pl.Knights, pl.Pieces[1] &^ pl.Knights}
	var idx uint64
	var taken Mask
	free := NumSquares
	for _, g := range groups {
		k := bits.OnesCount32(uint32(g))
		var r uint64
		i := 1
		for m := g; m != 0; i++ {
			sq := bits.TrailingZeros32(uint32(m))
			m &= m - 1
			c := sq - bits.OnesCount32(uint32(taken&(1<<uint(sq)-1)))
			r += binom[c][i]
		}
		idx = idx*binom[free][k] + r
		taken |= g
		free -= k
	}
	return idx*2 + uint64(pl.Side)
}

// Unrank returns the placement of signature s with index idx < s.Size().
func Unrank(s Signature, idx uint64) Placement {
	var pl Placement
	pl.Side = colorOf(idx & 1)
	idx >>= 1
	g := s.groups()
	// The digits, last group first.
	var digit [4]uint64
	var free [4]int
	f := NumSquares
	for i := 0; i < 4; i++ {
		free[i] = f
		f -= int(g[i])
	}
	for i := 3; i >= 0; i-- {
		base := binom[free[i]][g[i]]
		digit[i] = idx % base
		idx /= base
	}
	var taken Mask
	for i := 0; i < 4; i++ {
		m := unrankCombination(digit[i], int(g[i]), taken)
		taken |= m
		switch i {
		case 0:
			pl.Pieces[0] |= m
			pl.Knights |= m
		case 1:
			pl.Pieces[0] |= m
		case 2:
			pl.Pieces[1] |= m
			pl.Knights |= m
		case 3:
			pl.Pieces[1] |= m
		}
	}
	return pl
}

// unrankCombination returns the k squares, among those not in taken, whose
// combination has rank r.
func unrankCombination(r uint64, k int, taken Mask) Mask {
	var m Mask
	c := NumSquares - 1
	for i := k; i >= 1; i-- {
		for binom[c][i] > r {
			c--
		}
		r -= binom[c][i]
		m |= selectFree(c, taken)
		c--
	}
	return m
}

// selectFree returns the square that is the n-th (from 0) not in taken.
func selectFree(n int, taken Mask) Mask {
	free := boardMask &^ taken
	for ; n > 0; n-- {
		free &= free - 1
	}
	if free == 0 {
		panic("solve: combination rank out of range")
	}
	return free & -free
}
