package movegen

// AbstractPlay's end of the game looks at pieces, not at legal moves
// (V14.2): a side loses (in the Anti forms, wins) when none of its pieces
// has a step, canter, jump or Charge, each piece judged alone, neither
// R12 (a piece in its own castle moves first) nor its castle-move check
// (V14.4) applied. A side whose pieces have such moves but no legal one
// plays on, able only to claim a draw or resign.

// HasPieceMove reports whether some piece of the side to move has a move
// as V14.2 judges it: a jump (never from the opponent's castle, R8), a
// plain step (R6), a canter (R7) or a castle move (R13, within the two a
// side may make). A Knight's Charge begins with a canter, so it needs no
// test of its own.
func (p *Position) HasPieceMove() bool {
	geo := p.geo()
	us := p.Side
	own, enemy := p.Pieces[us], p.Pieces[us.Other()]
	empty := p.emptySquares(geo)
	ownCastle, oppCastle := geo.Castle[us], geo.Castle[us.Other()]
	if in := own.And(oppCastle); !in.IsEmpty() && p.CastleMoves[us] < 2 {
		for b := in; !b.IsEmpty(); {
			if oppCastle.AndNot(SquareBB(b.PopFirst())).Intersects(empty) {
				return true
			}
		}
	}
	landable := empty.AndNot(ownCastle)
	for b := own.AndNot(oppCastle); !b.IsEmpty(); {
		s := b.PopFirst()
		if geo.Adjacent[s].Intersects(landable) {
			return true
		}
		for _, l := range geo.Leaps[s] {
			if enemy.Has(l.Over) && empty.Has(l.Land) || own.Has(l.Over) && landable.Has(l.Land) {
				return true
			}
		}
	}
	return false
}

// DrawKey returns the key that repetition compares: Key under the WCF's
// rules (board, side to move and castle moves used, R16); under
// AbstractPlay's the board and side to move alone, castle moves used and
// trees left out (V14.3), so that River's positions before and between
// the placements count with the start's.
func (p *Position) DrawKey() uint64 {
	if !p.geo().repetitionBoardOnly {
		return p.Key
	}
	k := p.Key ^ zobristCastle[White][p.CastleMoves[White]] ^ zobristCastle[Black][p.CastleMoves[Black]]
	for b := p.Trees; !b.IsEmpty(); {
		k ^= zobristTree[b.PopFirst()]
	}
	return k
}
