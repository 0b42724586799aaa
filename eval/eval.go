// Package eval scores Camelot positions. It knows the board (package
// movegen) but nothing of the search: the engine asks it for a static score
// through the small Evaluator interface, so a tuned evaluation can replace
// this first one without touching the search.
package eval

import (
	"math/bits"

	"github.com/camelot-engine/camelot/movegen"
)

// Evaluator scores a position in centi-men (a Man is 100) from the point of
// view of the side to move.
type Evaluator interface {
	Evaluate(p *movegen.Position) int
	Breakdown(p *movegen.Position) []Term
}

// Term is one named part of an evaluation, per side, before the side to
// move's point of view is applied: the score is the sum of White-Black.
type Term struct {
	Name         string
	White, Black int
}

// Default is the evaluation the engine uses.
var Default Evaluator = Basic{}

// Weights of the basic evaluation.
const (
	ManValue    = 100
	KnightValue = 160
	// InCastle rewards a piece in the opponent's castle: one more there
	// wins (R14), and it can no longer be captured.
	InCastle = 220
	// Tempo is the side to move's edge.
	Tempo = 8
	// CastleThreat scales the danger of a side that already has a piece in
	// the opponent's castle: its nearest other piece d steps from the
	// castle adds CastleThreat·(8-d)², since that piece's arrival wins (R14).
	CastleThreat = 6
)

// advance[c][s] rewards a piece of colour c on s for its progress towards
// the opponent's castle, growing faster near it: the race to the castle
// (R14) is what decides most games.
var advance [2][movegen.SquareSpan]int

// distance[c][s] is the number of king steps from s to colour c's target:
// the nearest square of the opponent's castle.
var distance [2][movegen.SquareSpan]int

func init() {
	for b := movegen.Board; !b.IsEmpty(); {
		s := b.PopFirst()
		for c := movegen.White; c <= movegen.Black; c++ {
			d := castleDistance(s, c.Other())
			distance[c][s] = d
			progress := 15 - d
			advance[c][s] = progress * progress / 4
		}
	}
}

// castleDistance is the number of king steps from s to the nearest square of
// colour c's castle.
func castleDistance(s movegen.Square, c movegen.Color) int {
	best := 99
	castle := movegen.Castle[c]
	for !castle.IsEmpty() {
		t := castle.PopFirst()
		df, dr := abs(s.File()-t.File()), abs(s.Rank()-t.Rank())
		best = min(best, max(df, dr))
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Basic is a first evaluation: material, advance towards the opponent's
// castle, pieces inside it, and tempo.
type Basic struct{}

// Evaluate returns the score for the side to move.
func (Basic) Evaluate(p *movegen.Position) int {
	w, b := sideTerms(p, movegen.White), sideTerms(p, movegen.Black)
	s := w[0] + w[1] + w[2] + w[3] - b[0] - b[1] - b[2] - b[3]
	if p.Side == movegen.Black {
		s = -s
	}
	return s + Tempo
}

// termNames name the values sideTerms returns, then the tempo.
var termNames = [...]string{"material", "advance", "in castle", "castle threat", "tempo"}

// sideTerms returns colour c's material, advance, castle and castle
// threat terms.
func sideTerms(p *movegen.Position, c movegen.Color) [4]int {
	pieces := p.Pieces[c]
	inCastle := pieces.And(movegen.Castle[c.Other()])
	t := [4]int{materialOf(p, c), 0, inCastle.Count() * InCastle, 0}
	nearest := 99
	adv, dist := &advance[c], &distance[c]
	// Walk the words directly: this loop runs at nearly every node.
	for i, w := range pieces.AndNot(inCastle).Words() {
		for ; w != 0; w &= w - 1 {
			s := i<<6 | bits.TrailingZeros64(w)
			t[1] += adv[s]
			nearest = min(nearest, dist[s])
		}
	}
	if !inCastle.IsEmpty() && nearest < 8 {
		t[3] = CastleThreat * (8 - nearest) * (8 - nearest)
	}
	return t
}

// Breakdown returns the terms of Evaluate, White and Black apart.
func (Basic) Breakdown(p *movegen.Position) []Term {
	w, b := sideTerms(p, movegen.White), sideTerms(p, movegen.Black)
	terms := make([]Term, len(termNames))
	for i, name := range termNames {
		terms[i].Name = name
		if i < len(w) {
			terms[i].White, terms[i].Black = w[i], b[i]
		}
	}
	tempo := &terms[len(terms)-1]
	if p.Side == movegen.White {
		tempo.White = Tempo
	} else {
		tempo.Black = Tempo
	}
	return terms
}

// Material counts pieces only: the evaluation of the reference opponent
// that match tests measure the engine against.
type Material struct{}

func materialOf(p *movegen.Position, c movegen.Color) int {
	pieces := p.Pieces[c]
	knights := pieces.And(p.Knights).Count()
	return knights*KnightValue + (pieces.Count()-knights)*ManValue
}

// Evaluate returns the material balance for the side to move.
func (Material) Evaluate(p *movegen.Position) int {
	s := materialOf(p, movegen.White) - materialOf(p, movegen.Black)
	if p.Side == movegen.Black {
		s = -s
	}
	return s
}

// Breakdown returns the one term of Material.
func (Material) Breakdown(p *movegen.Position) []Term {
	return []Term{{Name: "material", White: materialOf(p, movegen.White), Black: materialOf(p, movegen.Black)}}
}
