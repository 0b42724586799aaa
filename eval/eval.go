// Package eval scores positions of Camelot and its variants (V1). It
// knows the board (package movegen) but nothing of the search: the engine
// asks it for a static score through the small Evaluator interface. It is
// per grid, in the hot core (internal/wide/eval is its generated copy);
// it also feeds the learned evaluation's net (package nnue) a position of
// its grid (net.go, netstack.go).
//
// The evaluation is linear in one table of weights per variant (Weights
// for Camelot; WeightsOf), written by `camelot tune` into package tuned,
// which both grids share: a position is a
// short list of features, each a count of White's minus Black's, and a
// phase from the material left, and its score is
// Σ Coef·(MG·phase + EG·(MaxPhase−phase))/MaxPhase. The terms (terms.go,
// tactics.go) cover material, castle distance, the castle race (R14, V5),
// forced-capture tactics (R8, R11), mobility and tempo; layout.go lists
// them. They are defined by the board's geometry, so they are the same on
// every board; variant.go builds each board's tables and weights.
package eval

import (
	"slices"

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
var Default Evaluator = Tuned{}

// Tuned is the evaluation of the weight table Weights.
type Tuned struct{}

// Evaluate returns the score for the side to move.
func (Tuned) Evaluate(p *movegen.Position) int {
	l := layoutOf(p.Variant)
	var c collector
	phase := c.collect(p, l)
	weights := l.weights
	mg, eg := 0, 0
	for _, f := range c.e[:c.n] {
		w := &weights[f.Index]
		mg += int(f.Coef) * w.MG
		eg += int(f.Coef) * w.EG
	}
	s := taper(mg, eg, phase)
	if p.Side == movegen.Black {
		s = -s
	}
	return s
}

// taper blends the middlegame and endgame sums by the phase. The division
// truncates towards zero, so a colour flip gives exactly the negated score.
func taper(mg, eg, phase int) int {
	return (mg*phase + eg*(MaxPhase-phase)) / MaxPhase
}

// Features appends p's features to dst, each weight index once with
// White's count minus Black's (zeros left out), and returns them with
// p's phase: Evaluate's score from White's view is
// Σ Coef·(MG·phase + EG·(MaxPhase−phase))/MaxPhase over them. The
// indices are those of the table of p's variant (WeightNamesOf,
// WeightsOf): Camelot's are WeightNames'. The tuner fits the weights with
// it.
func Features(p *movegen.Position, dst []Feature) ([]Feature, int) {
	var c collector
	phase := c.collect(p, layoutOf(p.Variant))
	entries := c.e[:c.n]
	slices.SortFunc(entries, func(a, b Feature) int { return int(a.Index) - int(b.Index) })
	for i := 0; i < len(entries); {
		f := entries[i]
		for i++; i < len(entries) && entries[i].Index == f.Index; i++ {
			f.Coef += entries[i].Coef
		}
		if f.Coef != 0 {
			dst = append(dst, f)
		}
	}
	return dst, phase
}

// Breakdown returns the score's term groups, White's and Black's each
// from its own side (tapered, in centi-men), adding up to Evaluate's
// score; tempo goes to the side to move.
func (Tuned) Breakdown(p *movegen.Position) []Term {
	l := layoutOf(p.Variant)
	var c collector
	phase := c.collect(p, l)
	var sums [numGroups][2][2]int // [group][colour][mg, eg]
	for _, f := range c.e[:c.n] {
		side, coef := movegen.White, int(f.Coef)
		if coef < 0 {
			side, coef = movegen.Black, -coef
		}
		w := &l.weights[f.Index]
		g := &sums[l.groupOf[f.Index]][side]
		g[0] += coef * w.MG
		g[1] += coef * w.EG
	}
	// Taper the running White-minus-Black sum and give each part the
	// step it adds: the parts then add up to Evaluate's score exactly,
	// each within one centi-man of its own tapered value.
	var terms []Term
	mg, eg, done := 0, 0, 0
	step := func(dmg, deg int) int {
		mg, eg = mg+dmg, eg+deg
		v := taper(mg, eg, phase) - done
		done += v
		return v
	}
	for g, name := range groupNames {
		if !on[g] {
			continue
		}
		s := sums[g]
		white := step(s[movegen.White][0], s[movegen.White][1])
		black := -step(-s[movegen.Black][0], -s[movegen.Black][1])
		terms = append(terms, Term{Name: name, White: white, Black: black})
	}
	return terms
}

// Material counts pieces only: the evaluation of the reference opponent
// that match tests measure the engine against.
type Material struct{}

// Piece values of Material.
const (
	ManValue    = 100
	KnightValue = 160
)

func materialOf(p *movegen.Position, c movegen.Color) int {
	pieces := p.Pieces[c]
	knights := pieces.And(p.Knights).Count()
	return knights*KnightValue + (pieces.Count()-knights)*ManValue
}

// Evaluate returns the material balance for the side to move; in the
// Anti forms its negation, since there a side plays to lose its pieces
// (V11).
func (Material) Evaluate(p *movegen.Position) int {
	s := materialOf(p, movegen.White) - materialOf(p, movegen.Black)
	if p.Side == movegen.Black {
		s = -s
	}
	if p.Variant.IsAnti() {
		s = -s
	}
	return s
}

// Breakdown returns the one term of Material.
func (Material) Breakdown(p *movegen.Position) []Term {
	w, b := materialOf(p, movegen.White), materialOf(p, movegen.Black)
	if p.Variant.IsAnti() {
		w, b = -w, -b
	}
	return []Term{{Name: "material", White: w, Black: b}}
}
