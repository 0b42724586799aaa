package train

import (
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// layout is the model's rows on one board (model.go): the rows of the
// board's features (nnue.Board), then the bias b, then each output
// bucket's weights v_us and v_them; and the two renumberings training
// needs. The feature and bias rows are the same whatever the buckets.
type layout struct {
	board  *nnue.Board
	inputs int
	bias   int // b's row, after the features'
	// twin is the row whose unit j^1 is tied to unit j of a row: a
	// feature's mirror image (left to right, V2); the bias and output rows
	// are their own. It covers the rows of nnue.MaxBuckets buckets.
	twin []int
	// blackView maps a feature in White's view to the same piece's
	// feature in Black's view: own and other swapped, the board turned.
	// It is made from nnue's numbering, so it is the engine's by
	// construction.
	blackView []uint16
}

// rows is the number of rows of a model of buckets output buckets.
func (l *layout) rows(buckets int) int { return l.inputs + 1 + 2*buckets }

// outUs is the row of bucket o's v_us; outThem, the next, its v_them.
func (l *layout) outUs(o int) int   { return l.inputs + 1 + 2*o }
func (l *layout) outThem(o int) int { return l.inputs + 2 + 2*o }

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
	l := &layout{board: b, inputs: in, bias: in}
	l.twin = make([]int, l.rows(nnue.MaxBuckets))
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
