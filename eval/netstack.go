package eval

import (
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
)

// NetStack holds a search thread's accumulators, one pair of views per ply,
// and updates them lazily: Push records what a move changes, and a ply's
// accumulators are computed from the nearest computed ply above only when
// that ply is evaluated, so moves whose positions are never evaluated
// (pruned, cut off, answered from a table) cost nothing here.
type NetStack struct {
	net   *nnue.Net
	board *NetBoard // the net's
	h     int
	acc   []int16 // ply p, view c at (2p+c)·h
	done  []bool  // the accumulators of ply p are computed
	moves []change
}

// change is what the move from one ply to the next does to the pieces.
type change struct {
	null     bool // a null move: the same pieces
	mover    movegen.Color
	kind     movegen.Kind
	from, to movegen.Square
	captured int
	capSq    [movegen.MaxKnights + movegen.MaxMen]movegen.Square
	capKind  [movegen.MaxKnights + movegen.MaxMen]movegen.Kind
}

// NewNetStack returns a stack for searches up to plies deep.
func NewNetStack(n *nnue.Net, plies int) *NetStack {
	return &NetStack{
		net: n, board: NetBoardOf(n.Variant), h: n.Hidden,
		acc:   make([]int16, 2*(plies+1)*n.Hidden),
		done:  make([]bool, plies+1),
		moves: make([]change, plies+1),
	}
}

// Net returns the stack's net.
func (s *NetStack) Net() *nnue.Net { return s.net }

func (s *NetStack) view(ply int, c movegen.Color) []int16 {
	i := (2*ply + int(c)) * s.h
	return s.acc[i : i+s.h]
}

// Reset sums the root position's accumulators (ply 0) from scratch.
func (s *NetStack) Reset(p *movegen.Position) {
	var fs [2 * (movegen.MaxKnights + movegen.MaxMen)]nnue.Feature
	for _, c := range [2]movegen.Color{movegen.White, movegen.Black} {
		acc := s.view(0, c)
		copy(acc, s.net.Bias)
		for _, f := range s.board.Features(fs[:0], p, c) {
			nnue.AddRow(acc, s.net.Row(f))
		}
	}
	s.done[0] = true
}

// Push records the move m about to be played in p, the position at ply.
// It must come before p.MakeMove(m).
func (s *NetStack) Push(ply int, p *movegen.Position, m movegen.Move) {
	ch := &s.moves[ply]
	ch.null, ch.mover, ch.from, ch.to, ch.captured = false, p.Side, m.From, m.To, 0
	ch.kind = movegen.Man
	if p.Knights.Has(m.From) {
		ch.kind = movegen.Knight
	}
	for c := m.Captured; !c.IsEmpty(); ch.captured++ {
		sq := c.PopFirst()
		ch.capSq[ch.captured], ch.capKind[ch.captured] = sq, movegen.Man
		if p.Knights.Has(sq) {
			ch.capKind[ch.captured] = movegen.Knight
		}
	}
	s.done[ply+1] = false
}

// PushNull records a null move at ply.
func (s *NetStack) PushNull(ply int) {
	s.moves[ply].null = true
	s.done[ply+1] = false
}

// Evaluate scores p, the position at ply, for its side to move.
func (s *NetStack) Evaluate(ply int, p *movegen.Position) int {
	s.compute(ply)
	return s.net.Output(s.view(ply, p.Side), s.view(ply, p.Side.Other()), p.Occupied().Count())
}

// compute makes the accumulators of ply current, from the deepest
// computed ply above it.
func (s *NetStack) compute(ply int) {
	q := ply
	for !s.done[q] {
		q--
	}
	for ; q < ply; q++ {
		s.apply(q)
		s.done[q+1] = true
	}
}

// apply computes ply q+1's accumulators from ply q's and the move between.
func (s *NetStack) apply(q int) {
	ch := &s.moves[q]
	n, b := s.net, s.board
	for _, view := range [2]movegen.Color{movegen.White, movegen.Black} {
		src, dst := s.view(q, view), s.view(q+1, view)
		if ch.null {
			copy(dst, src)
			continue
		}
		nnue.AddSubRow(dst, src, n.Row(b.Feature(view, ch.mover, ch.kind, ch.to)), n.Row(b.Feature(view, ch.mover, ch.kind, ch.from)))
		them := ch.mover.Other()
		for i := 0; i < ch.captured; i++ {
			nnue.SubRow(dst, n.Row(b.Feature(view, them, ch.capKind[i], ch.capSq[i])))
		}
	}
}
