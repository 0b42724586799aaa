package eval

import (
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
)

// The learned evaluation on this grid: package nnue holds the net (its
// weights, file format and kernels, the same for every grid); this file
// and netstack.go feed it a position of this grid's squares.

// NetBoard is a net's input numbering (nnue.Board) on this grid's squares.
type NetBoard struct {
	*nnue.Board
	// squares, dense (each cell's dense number, -1 off the board) and
	// flipRank are the Board's, held here so that the search's feature
	// lookups read one struct.
	squares  int
	dense    [movegen.SquareSpan]int16
	flipRank []int16
}

// netBoards holds each playable variant's NetBoard, indexed by Variant.
var netBoards [game.NumVariants]*NetBoard

func init() {
	for _, v := range movegen.Variants() {
		if !movegen.Playable(v) {
			continue
		}
		nb := nnue.BoardOf(v)
		b := &NetBoard{Board: nb, squares: nb.Squares, flipRank: make([]int16, nb.Squares)}
		for d := range b.flipRank {
			b.flipRank[d] = int16(nb.FlipRank(d))
		}
		for s := range b.dense {
			b.dense[s] = -1
			if movegen.Square(s) < movegen.SquareSpan {
				if n := movegen.Square(s).Neutral(); n != 255 {
					b.dense[s] = int16(b.Dense(n))
				}
			}
		}
		netBoards[v] = b
	}
}

// NetBoardOf returns v's NetBoard; nil for a variant this grid does not play.
func NetBoardOf(v movegen.Variant) *NetBoard { return netBoards[v%game.NumVariants] }

// Feature returns the feature of a piece of colour c and kind k on
// square s, seen from side view (nnue.Board.Feature on this grid).
func (b *NetBoard) Feature(view, c movegen.Color, k movegen.Kind, s movegen.Square) nnue.Feature {
	sq := b.dense[s]
	if view == movegen.Black {
		sq = b.flipRank[sq]
	}
	f := int(k)*b.squares + int(sq)
	if c != view {
		f += 2 * b.squares
	}
	return nnue.Feature(f)
}

// Features appends the features of every piece of p, a position of b's
// board, seen from side view.
func (b *NetBoard) Features(dst []nnue.Feature, p *movegen.Position, view movegen.Color) []nnue.Feature {
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		pieces := p.Pieces[c]
		for !pieces.IsEmpty() {
			s := pieces.PopFirst()
			k := movegen.Man
			if p.Knights.Has(s) {
				k = movegen.Knight
			}
			dst = append(dst, b.Feature(view, c, k, s))
		}
	}
	return dst
}

// NetEvaluate scores p with the net n for the side to move, in centi-men,
// summing both views from scratch. The search uses a NetStack instead,
// which updates them move by move; both give the same score.
func NetEvaluate(n *nnue.Net, p *movegen.Position) int {
	var views [2][nnue.MaxHidden]int16
	var fs [2 * (movegen.MaxKnights + movegen.MaxMen)]nnue.Feature
	b := NetBoardOf(n.Variant)
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		acc := views[c][:n.Hidden]
		copy(acc, n.Bias)
		for _, f := range b.Features(fs[:0], p, c) {
			nnue.AddRow(acc, n.Row(f))
		}
	}
	return n.Output(views[p.Side][:n.Hidden], views[p.Side.Other()][:n.Hidden], p.Occupied().Count())
}
