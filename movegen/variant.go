package movegen

import (
	"fmt"
	"strings"
)

// Variant is a board of the Parker family (V1). It is data: the board's
// squares, castles, start and end rules live in the table below and in the
// geometry derived from it, so the generator has no per-variant branches.
//
// The boards that fit the 12-file grid of Square (Camelot, Cam, Camette)
// are played by this package. Chivalry's 14 files need a wider grid; its
// name is known so that it can be refused with a clear message.
type Variant uint8

// The variants, Camelot first: the zero Variant is Camelot, so a zero
// Position is a Camelot position.
const (
	Camelot Variant = iota
	Cam
	Camette
	Chivalry
	numVariants
)

// variantSlots sizes the per-variant tables to a power of two, so that an
// index masked with variantSlots-1 needs no bounds check on the hot path.
const variantSlots = 4

// endRules names a variant's end-of-game rules (V5).
type endRules uint8

const (
	// twoSquareCastles: R14–R16 as in Camelot: two pieces in the
	// opponent's castle win; capturing all wins only with two pieces left;
	// one piece each, or no move against a lone piece, draws.
	twoSquareCastles endRules = iota
	// oneSquareCastles: Cam and Camette (V5): a piece in the opponent's
	// castle or the opponent wiped out wins; no move loses; no draw by
	// material.
	oneSquareCastles
)

// variantSpec is one row of V2, V3 and V5.
type variantSpec struct {
	name, title string
	files       int
	ranks       [][2]int // lowest and highest file (0 = A) of each rank, rank 1 first
	castles     [2][]string
	start       string // CFEN of the start (V3)
	knights     int    // Knights a side at the start: the most a CFEN may give
	men         int
	end         endRules
}

func fullRanks(n, lo, hi int) [][2]int {
	r := make([][2]int, n)
	for i := range r {
		r[i] = [2]int{lo, hi}
	}
	return r
}

func join(parts ...[][2]int) [][2]int {
	var r [][2]int
	for _, p := range parts {
		r = append(r, p...)
	}
	return r
}

var variantSpecs = [numVariants]variantSpec{
	Camelot: {
		name: "camelot", title: "Camelot", files: 12,
		ranks:   join([][2]int{{5, 6}, {2, 9}, {1, 10}}, fullRanks(10, 0, 11), [][2]int{{1, 10}, {2, 9}, {5, 6}}),
		castles: [2][]string{{"F1", "G1"}, {"F16", "G16"}},
		start:   StartCFEN,
		knights: 4, men: 10, end: twoSquareCastles,
	},
	Cam: {
		name: "cam", title: "Cam", files: 7,
		ranks:   join([][2]int{{3, 3}, {2, 4}, {1, 5}}, fullRanks(7, 0, 6), [][2]int{{1, 5}, {2, 4}, {3, 3}}),
		castles: [2][]string{{"D1"}, {"D13"}},
		start:   "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/0 0 1",
		knights: 2, men: 5, end: oneSquareCastles,
	},
	Camette: {
		name: "camette", title: "Camette", files: 5,
		ranks:   join([][2]int{{2, 2}, {1, 3}}, fullRanks(3, 0, 4), [][2]int{{1, 3}, {2, 2}}),
		castles: [2][]string{{"C1"}, {"C7"}},
		start:   "1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/0 0 1",
		knights: 1, men: 3, end: oneSquareCastles,
	},
	Chivalry: {
		name: "chivalry", title: "Chivalry", files: 14,
		ranks: join([][2]int{{6, 7}, {3, 10}, {2, 11}, {1, 12}}, fullRanks(8, 0, 13),
			[][2]int{{1, 12}, {2, 11}, {3, 10}, {6, 7}}),
		castles: [2][]string{{"G1", "H1"}, {"G16", "H16"}},
		start:   "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w 0/0 0 1",
		knights: 8, men: 12, end: twoSquareCastles,
	},
}

// Variants lists every variant in the order of V1.
func Variants() []Variant { return []Variant{Camelot, Cam, Camette, Chivalry} }

// ParseVariant reads a variant's name, case-insensitively (V1).
func ParseVariant(name string) (Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for v := Variant(0); v < numVariants; v++ {
		if variantSpecs[v].name == n {
			return v, nil
		}
	}
	return Camelot, fmt.Errorf("unknown variant %q (want camelot, cam, camette or chivalry)", name)
}

// String returns the variant's name as the protocol writes it: camelot, cam, …
func (v Variant) String() string {
	if v >= numVariants {
		return fmt.Sprintf("variant(%d)", uint8(v))
	}
	return variantSpecs[v].name
}

// Title returns the variant's name as shown to people and in records'
// Variant tag: Camelot, Cam, … (V1, V8).
func (v Variant) Title() string {
	if v >= numVariants {
		return v.String()
	}
	return variantSpecs[v].title
}

// Files and Ranks give the size of the variant's board (V2).
func (v Variant) Files() int { return variantSpecs[v%numVariants].files }

// Ranks returns the number of ranks of the variant's board.
func (v Variant) Ranks() int { return len(variantSpecs[v%numVariants].ranks) }

// StartCFEN returns the CFEN of the variant's start position (V3).
func (v Variant) StartCFEN() string { return variantSpecs[v%numVariants].start }

// Playable reports whether this package plays the variant: whether its
// board fits the grid; Chivalry's 14 files do not.
func (v Variant) Playable() bool { return v < numVariants && variantSpecs[v].files <= NumFiles }

// check returns an error for a variant this package cannot play.
func (v Variant) check() error {
	if v >= numVariants {
		return fmt.Errorf("unknown variant %d", uint8(v))
	}
	if !v.Playable() {
		return fmt.Errorf("variant %s is not supported: its board is %d files wide, wider than this build's grid of %d", v, variantSpecs[v].files, NumFiles)
	}
	return nil
}

// StartPosition returns the variant's start position (V3).
func (v Variant) StartPosition() Position {
	p, err := v.ParseCFEN(v.StartCFEN())
	if err != nil {
		panic(err)
	}
	return p
}
