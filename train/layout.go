package train

import (
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// layout is the model's rows on one board (model.go): the rows of the
// board's features (nnue.Board), then the bias b and the output weights
// v_us and v_them; and the two renumberings training needs.
type layout struct {
	board                       *nnue.Board
	inputs                      int
	bias, outUs, outThem, total int
	// twin is the row whose unit j^1 is tied to unit j of a row: a
	// feature's mirror image (left to right, V2); the bias and output rows
	// are their own.
	twin []int
	// blackView maps a feature in White's view to the same piece's
	// feature in Black's view: own and other swapped, the board turned.
	// It is made from nnue's numbering, so it is the engine's by
	// construction.
	blackView []uint16
}

var layouts [game.NumVariants]*layout

func init() {
	for _, v := range game.Variants() {
		if b := nnue.BoardOf(v); b != nil {
			layouts[v] = newLayout(v, b)
		}
	}
}

func newLayout(v game.Variant, b *nnue.Board) *layout {
	in := b.Inputs()
	l := &layout{board: b, inputs: in, bias: in, outUs: in + 1, outThem: in + 2, total: in + 3}
	l.twin = make([]int, l.total)
	for r := range l.twin {
		l.twin[r] = r
		if r < in {
			l.twin[r] = int(b.Mirror(nnue.Feature(r)))
		}
	}
	l.blackView = make([]uint16, in)
	for _, s := range v.Squares() {
		for _, c := range [2]game.Color{game.White, game.Black} {
			for _, k := range [2]game.Kind{game.Man, game.Knight} {
				l.blackView[b.Feature(game.White, c, k, s)] = uint16(b.Feature(game.Black, c, k, s))
			}
		}
	}
	return l
}

// layoutOf returns the layout of v's board; nil for a board this build
// does not play.
func layoutOf(v game.Variant) *layout { return layouts[v%game.NumVariants] }
