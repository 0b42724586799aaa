package nnue

import "github.com/camelot-engine/camelot/game"

// Board is the input numbering of one variant's board: each piece by
// colour (own, other) × kind (Man, Knight) × square of the board, so
// 4 × 160 inputs for Camelot, 4 × 67 for Cam, 4 × 176 for Chivalry.
type Board struct {
	Variant game.Variant
	Squares int // the board's squares (V2)
	// dense numbers the board's squares 0..Squares-1 in reading order
	// (rank 1 first); denseSquare is its inverse.
	dense       [256]int16
	denseSquare []game.Square
	// flipRank maps a dense square to the one Black sees it as: the rank
	// turned (rank r to the last rank − r) on Parker's boards, which are
	// symmetric both ways (V2); the board turned 180° on River's (V9),
	// whose river is symmetric only so. mirrorFile maps it to the square
	// with the file mirrored (A to the last file), a symmetry of Parker's
	// boards; on River's it is the square itself.
	flipRank, mirrorFile []int16
}

// boards holds each variant's Board, indexed by Variant.
var boards [game.NumVariants]*Board

func init() {
	for _, v := range game.Variants() {
		boards[v] = newBoard(v)
	}
}

func newBoard(v game.Variant) *Board {
	b := &Board{Variant: v}
	for s := range b.dense {
		b.dense[s] = -1
	}
	for _, s := range v.Squares() {
		b.dense[s] = int16(len(b.denseSquare))
		b.denseSquare = append(b.denseSquare, s)
	}
	b.Squares = len(b.denseSquare)
	b.flipRank, b.mirrorFile = make([]int16, b.Squares), make([]int16, b.Squares)
	symmetric := len(v.RiverSquares()) == 0
	for i, s := range b.denseSquare {
		b.flipRank[i] = b.dense[game.SquareAt(s.File(), v.Ranks()-1-s.Rank())]
		b.mirrorFile[i] = b.dense[game.SquareAt(v.Files()-1-s.File(), s.Rank())]
		if !symmetric {
			b.flipRank[i] = b.dense[game.SquareAt(v.Files()-1-s.File(), v.Ranks()-1-s.Rank())]
			b.mirrorFile[i] = int16(i)
		}
	}
	return b
}

// BoardOf returns the input numbering of v's board; nil for a variant
// .
func BoardOf(v game.Variant) *Board { return boards[v%game.NumVariants] }

// Dense returns the dense number of square s, -1 off the board.
func (b *Board) Dense(s game.Square) int { return int(b.dense[s]) }

// FlipRank returns the dense square with the rank of dense square d
// turned (Black's view).
func (b *Board) FlipRank(d int) int { return int(b.flipRank[d]) }

// Inputs is the number of input features of the board.
func (b *Board) Inputs() int { return 4 * b.Squares }

// Feature is an input index, 0..Inputs-1, of one piece in one side's
// view: own pieces first, then the other side's; Men, then Knights; the
// square in dense order, the board turned for Black.
type Feature uint16

// Feature returns the feature of a piece of colour c and kind k on
// square s, seen from side view.
func (b *Board) Feature(view, c game.Color, k game.Kind, s game.Square) Feature {
	sq := b.dense[s]
	if view == game.Black {
		sq = b.flipRank[sq]
	}
	f := int(k)*b.Squares + int(sq)
	if c != view {
		f += 2 * b.Squares
	}
	return Feature(f)
}

// Mirror returns the feature of the same piece on the square mirrored
// left to right.
func (b *Board) Mirror(f Feature) Feature {
	sq := int(f) % b.Squares
	return f - Feature(sq) + Feature(b.mirrorFile[sq])
}

// twin is hidden unit j's mirror twin σ(j).
func twin(j int) int { return j ^ 1 }
