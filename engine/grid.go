package engine

import (
	"fmt"
	"io"
	"strings"

	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// This file is the grid's core as package boards sees it: the rules
// (movegen), the evaluations (eval) and the engine of this grid behind
// the grid-neutral surface (game, search). Only work done once per
// position goes through it (reading, a search's start, a tuner's or
// trainer's load); the inner loops stay in this grid's packages.

var _ search.Engine = (*Engine)(nil)

// Grid is this grid's core.
type Grid struct{}

// Files returns the number of files of the grid.
func (Grid) Files() int { return movegen.NumFiles }

// Plays reports whether the grid holds v's board.
func (Grid) Plays(v game.Variant) bool { return movegen.Playable(v) }

// ParseCFEN reads a position of v in CFEN (R5, V6).
func (Grid) ParseCFEN(v game.Variant, text string) (game.Position, error) {
	p, err := movegen.ParseCFENOf(v, text)
	if err != nil {
		return game.Position{}, err
	}
	return movegen.Wrap(p), nil
}

// NewEngine returns an engine of this grid.
func (Grid) NewEngine(o Options) search.Engine { return New(o) }

// position returns p on this grid; it panics for a position of another
// grid, a mistake of the caller's dispatch.
func position(p game.Position) *movegen.Position {
	q, ok := movegen.Unwrap(p)
	if !ok {
		panic(fmt.Sprintf("engine: a %s position of another grid", p.Variant()))
	}
	return &q
}

// EvalFeatures returns p's features of the tuned evaluation (eval.Features)
// and its phase.
func (Grid) EvalFeatures(p game.Position, dst []linear.Feature) ([]linear.Feature, int) {
	return eval.Features(position(p), dst)
}

// EvalWeights returns v's weights of the tuned evaluation.
func (Grid) EvalWeights(v game.Variant) []linear.Weight { return eval.WeightsOf(v) }

// EvalWeightNames returns the names of v's weights.
func (Grid) EvalWeightNames(v game.Variant) []string { return eval.WeightNamesOf(v) }

// EvalFromCamelot maps Camelot's weights onto v's board.
func (Grid) EvalFromCamelot(v game.Variant, camelot []linear.Weight) []linear.Weight {
	return eval.FromCamelot(v, camelot)
}

// WriteEvalWeights writes v's weights as the Go source of package eval.
func (Grid) WriteEvalWeights(w io.Writer, v game.Variant, weights []linear.Weight) error {
	return eval.WriteWeightsOf(w, v, weights)
}

// NetFeatures appends the net's input features of p seen from side view.
func (Grid) NetFeatures(p game.Position, view game.Color, dst []nnue.Feature) []nnue.Feature {
	q := position(p)
	return eval.NetBoardOf(q.Variant).Features(dst, q, view)
}

// NetEvaluate scores p with the net n for its side to move.
func (Grid) NetEvaluate(n *nnue.Net, p game.Position) int { return eval.NetEvaluate(n, position(p)) }

// EvalReport describes the static evaluation of p: the tuned
// evaluation's terms (White, Black, White minus Black), its total and the
// net's score, from the side to move's point of view, and which one the
// search uses (the protocol's `eval`).
func (e *Engine) EvalReport(gp game.Position) []string {
	p := position(gp)
	ev := e.Eval
	lines := []string{fmt.Sprintf("%-12s %7s %7s %7s", "Term", "White", "Black", "Total")}
	for _, t := range ev.Breakdown(p) {
		name := strings.NewReplacer("\n", " ", "\r", " ").Replace(t.Name)
		lines = append(lines, fmt.Sprintf("%-12s %7d %7d %7d", name, t.White, t.Black, t.White-t.Black))
	}
	lines = append(lines, fmt.Sprintf("Total: %d (side to move)", ev.Evaluate(p)))
	net := e.Net(p.Variant)
	if net == nil {
		lines = append(lines, fmt.Sprintf("NNUE: no net of the %s board (EvalFile names one)", p.Variant.Title()))
	} else {
		lines = append(lines, fmt.Sprintf("NNUE: %d (side to move), net %s", eval.NetEvaluate(net, p), net.Name))
	}
	if e.opts.Classic || net == nil {
		lines = append(lines, "The search uses the tuned evaluation")
	} else {
		lines = append(lines, "The search uses NNUE")
	}
	return lines
}
