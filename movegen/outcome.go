package movegen

import "fmt"

// Result is the state of a game.
type Result uint8

// Game results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns the result as a record writes it: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// winFor returns the result "c wins".
func winFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Outcome says whether and why a game is over.
type Outcome struct {
	Result Result
	Rule   string // the ruling that decided it, e.g. "R14"
	Reason string // a short human-readable reason
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Result != Ongoing }

// String returns e.g. "1-0 (R14: white has two pieces in black's castle)".
func (o Outcome) String() string {
	if !o.IsOver() {
		return "* (game in progress)"
	}
	return fmt.Sprintf("%s (%s: %s)", o.Result, o.Rule, o.Reason)
}

// Outcome applies R14, R15 and the R16 draws that the position itself shows
// (one piece each, 100 plies without capture or castle entry). Repetition
// needs the game's history: see Game.Outcome.
func (p *Position) Outcome() Outcome {
	if o := p.Decided(); o.IsOver() {
		return o
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 { // R15
		mover := p.Side.Other()
		if p.NoMoveLoses() {
			rule := "R15"
			if p.geo().end == oneSquareCastles {
				rule = "V5"
			}
			return Outcome{winFor(mover), rule, fmt.Sprintf("%s has no legal move", p.Side)}
		}
		return Outcome{Draw, "R15", fmt.Sprintf("%s has no legal move and %s has fewer than two pieces", p.Side, mover)}
	}
	if p.Plies >= 100 {
		return Outcome{Draw, "R16", "100 plies without a capture or a move onto an opponent's castle square"}
	}
	return Outcome{}
}

// NoMoveLoses reports whether the side to move, were it without a legal
// move, would lose: by R15 when the opponent has two or more pieces; in
// Cam and Camette always (V5: no draw by material).
func (p *Position) NoMoveLoses() bool {
	return p.geo().end == oneSquareCastles || p.Pieces[p.Side.Other()].Count() >= 2
}

// Decided returns the R14 wins and the R16 one-piece draw: the outcomes
// under which GenerateMoves gives no moves although pieces could move (R17).
// The side that just moved is looked at first.
func (p *Position) Decided() Outcome {
	if !p.staticOver() { // the fast test of the same rules; reasons only when over
		return Outcome{}
	}
	if geo := p.geo(); geo.end == oneSquareCastles {
		// V5: one piece in the opponent's castle, or the opponent wiped
		// out, wins for the side that did it; no draw by material.
		for _, c := range [2]Color{p.Side.Other(), p.Side} {
			if p.Pieces[c].Intersects(geo.Castle[c.Other()]) {
				return Outcome{winFor(c), "V5", fmt.Sprintf("%s has a piece in %s's castle", c, c.Other())}
			}
			if p.Pieces[c.Other()].IsEmpty() {
				return Outcome{winFor(c), "V5", fmt.Sprintf("%s has captured all of %s's pieces", c, c.Other())}
			}
		}
		return Outcome{}
	}
	castle := &p.geo().Castle
	for _, c := range [2]Color{p.Side.Other(), p.Side} {
		if p.Pieces[c].And(castle[c.Other()]).Count() >= 2 {
			return Outcome{winFor(c), "R14", fmt.Sprintf("%s has two pieces in %s's castle", c, c.Other())}
		}
	}
	for _, c := range [2]Color{p.Side.Other(), p.Side} {
		if p.Pieces[c.Other()].IsEmpty() && p.Pieces[c].Count() >= 2 {
			return Outcome{winFor(c), "R14", fmt.Sprintf("%s has captured all of %s's pieces", c, c.Other())}
		}
	}
	if p.Pieces[White].Count() <= 1 && p.Pieces[Black].Count() <= 1 {
		return Outcome{Draw, "R16", "each side has at most one piece"}
	}
	return Outcome{}
}
