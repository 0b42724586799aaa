package movegen

import (
	"fmt"

	"github.com/camelot-engine/camelot/game"
)

// Result and Outcome are the grid-neutral ones of package game.
type (
	Result  = game.Result
	Outcome = game.Outcome
)

// Game results.
const (
	Ongoing   = game.Ongoing
	WhiteWins = game.WhiteWins
	BlackWins = game.BlackWins
	Draw      = game.Draw
)

func winFor(c Color) Result { return game.WinFor(c) }

// Outcome applies R14, R15 and the R16 draws that the position itself shows
// (one piece each, 100 plies without capture or castle entry). Repetition
// needs the game's history: see Game.Outcome.
func (p *Position) Outcome() Outcome {
	if p.InTreePhase() {
		return Outcome{} // V10: the placements are moves, and the game goes on
	}
	if o := p.Decided(); o.IsOver() {
		return o
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	geo := p.geo()
	if ml.N == 0 && geo.noMoveLosesAlways { // V14.2
		switch {
		case p.HasPieceMove():
			return Outcome{} // stuck: the side to move can only claim or resign
		case geo.end == game.Misere:
			return Outcome{Result: winFor(p.Side), Rule: "V14", Reason: fmt.Sprintf("%s has no move", p.Side)}
		}
		return Outcome{Result: winFor(p.Side.Other()), Rule: "V14", Reason: fmt.Sprintf("%s has no move", p.Side)}
	}
	if ml.N == 0 { // R15
		mover := p.Side.Other()
		switch p.NoMoveValue() {
		case 1:
			return Outcome{Result: winFor(p.Side), Rule: "V11", Reason: fmt.Sprintf("%s has no legal move", p.Side)}
		case -1:
			rule := "R15"
			if geo.end == game.OneSquareCastles {
				rule = "V5"
			}
			return Outcome{Result: winFor(mover), Rule: rule, Reason: fmt.Sprintf("%s has no legal move", p.Side)}
		}
		return Outcome{Result: Draw, Rule: "R15", Reason: fmt.Sprintf("%s has no legal move and %s has fewer than two pieces", p.Side, mover)}
	}
	if geo.drawPlies > 0 && p.Plies >= geo.drawPlies {
		return Outcome{Result: Draw, Rule: "R16", Reason: game.HundredPlies}
	}
	return Outcome{}
}

// NoMoveValue is what having no legal move would mean for the side to
// move: -1 a loss (R15, when the opponent has two or more pieces; in Cam
// and Camette always, V5: no draw by material), 0 a draw (R15), +1 a win
// (the Anti forms, V11). Under AbstractPlay's rules a loss, or in the
// Anti forms a win, when no piece has a move at all; a loss (unless the
// draw is claimed) when pieces have moves but none is legal (V14.2).
func (p *Position) NoMoveValue() int {
	switch geo := p.geo(); {
	case geo.noMoveLosesAlways:
		if geo.end == game.Misere && !p.HasPieceMove() {
			return 1
		}
		return -1
	case geo.end == game.Misere:
		return 1
	case geo.end == game.OneSquareCastles || p.Pieces[p.Side.Other()].Count() >= 2:
		return -1
	}
	return 0
}

// Decided returns the R14 wins and the R16 one-piece draw: the outcomes
// under which GenerateMoves gives no moves although pieces could move (R17).
// The side that just moved is looked at first.
func (p *Position) Decided() Outcome {
	if !p.staticOver() || p.InTreePhase() { // the fast test of the same rules; reasons only when over
		return Outcome{}
	}
	if geo := p.geo(); geo.end == game.Misere {
		// V11: a piece in the opponent's castle loses for its side, the
		// side that moved looked at first; no draw by material.
		for _, c := range [2]Color{p.Side.Other(), p.Side} {
			if p.Pieces[c].Intersects(geo.Castle[c.Other()]) {
				return Outcome{Result: winFor(c.Other()), Rule: "V11", Reason: fmt.Sprintf("%s has a piece in %s's castle", c, c.Other())}
			}
		}
		return Outcome{}
	} else if geo.end == game.OneSquareCastles {
		// V5: one piece in the opponent's castle, or the opponent wiped
		// out, wins for the side that did it; no draw by material.
		for _, c := range [2]Color{p.Side.Other(), p.Side} {
			if p.Pieces[c].Intersects(geo.Castle[c.Other()]) {
				return Outcome{Result: winFor(c), Rule: "V5", Reason: fmt.Sprintf("%s has a piece in %s's castle", c, c.Other())}
			}
			if p.Pieces[c.Other()].IsEmpty() {
				return Outcome{Result: winFor(c), Rule: "V5", Reason: fmt.Sprintf("%s has captured all of %s's pieces", c, c.Other())}
			}
		}
		return Outcome{}
	}
	castle := &p.geo().Castle
	for _, c := range [2]Color{p.Side.Other(), p.Side} {
		if p.Pieces[c].And(castle[c.Other()]).Count() >= 2 {
			return Outcome{Result: winFor(c), Rule: "R14", Reason: fmt.Sprintf("%s has two pieces in %s's castle", c, c.Other())}
		}
	}
	for _, c := range [2]Color{p.Side.Other(), p.Side} {
		if p.Pieces[c.Other()].IsEmpty() && p.Pieces[c].Count() >= 2 {
			return Outcome{Result: winFor(c), Rule: "R14", Reason: fmt.Sprintf("%s has captured all of %s's pieces", c, c.Other())}
		}
	}
	if p.Pieces[White].Count() <= 1 && p.Pieces[Black].Count() <= 1 {
		return Outcome{Result: Draw, Rule: "R16", Reason: "each side has at most one piece"}
	}
	return Outcome{}
}
