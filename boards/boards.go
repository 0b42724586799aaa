// Package boards is the one way from the tools to the grids: it picks, for
// each board, the grid whose rules core fits it (the 12-file grid of
// package movegen for Camelot, Cam and Camette; the generated 14-file copy
// for Chivalry, V2) and hands out its positions, engines and evaluations
// through the grid-neutral surface of packages game and search. Everything
// above it (records, books, matches, the protocol, the page) is written
// once for every board.
package boards

import (
	"fmt"
	"io"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/game"
	wideengine "github.com/camelot-engine/camelot/internal/wide/engine"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// Grid is one grid's core: its rules, evaluations and engine (each grid's
// package engine implements it as engine.Grid). Only work done once per
// position goes through it; the inner loops stay inside the grid.
type Grid interface {
	Files() int
	Plays(v game.Variant) bool
	ParseCFEN(v game.Variant, text string) (game.Position, error)
	NewEngine(o search.Options) search.Engine
	// The tuned evaluation, for package tune.
	EvalFeatures(p game.Position, dst []linear.Feature) ([]linear.Feature, int)
	EvalWeights(v game.Variant) []linear.Weight
	EvalWeightNames(v game.Variant) []string
	EvalFromCamelot(v game.Variant, camelot []linear.Weight) []linear.Weight
	WriteEvalWeights(w io.Writer, v game.Variant, weights []linear.Weight) error
	// The net's inputs and score, for package train.
	NetFeatures(p game.Position, view game.Color, dst []nnue.Feature) []nnue.Feature
	NetEvaluate(n *nnue.Net, p game.Position) int
}

// grids are the grids, narrowest first: a board is played by the first
// that holds it.
var grids = [...]Grid{engine.Grid{}, wideengine.Grid{}}

// gridIndex is the index in grids of each variant's grid.
var gridIndex [game.NumVariants]int

func init() {
	for _, v := range game.Variants() {
		gridIndex[v] = -1
		for i, g := range grids {
			if g.Plays(v) {
				gridIndex[v] = i
				break
			}
		}
		if gridIndex[v] < 0 {
			panic(fmt.Sprintf("boards: no grid holds the %s board", v))
		}
	}
}

// Of returns the grid that plays v.
func Of(v game.Variant) Grid { return grids[gridIndex[v%game.NumVariants]] }

// ParseCFEN reads a position of v in CFEN (R5, V6), on v's grid.
func ParseCFEN(v game.Variant, text string) (game.Position, error) {
	if !v.Valid() {
		return game.Position{}, fmt.Errorf("unknown variant %d", uint8(v))
	}
	return Of(v).ParseCFEN(v, text)
}

// StartPosition returns v's start position (V3).
func StartPosition(v game.Variant) game.Position {
	p, err := ParseCFEN(v, v.StartCFEN())
	if err != nil {
		panic(err)
	}
	return p
}

// NewGame starts a game of v from its start position.
func NewGame(v game.Variant) *game.Game { return game.NewGame(StartPosition(v)) }

// EvalFeatures returns p's features of the tuned evaluation and its phase.
func EvalFeatures(p game.Position, dst []linear.Feature) ([]linear.Feature, int) {
	return Of(p.Variant()).EvalFeatures(p, dst)
}

// NetFeatures appends the net's input features of p seen from side view.
func NetFeatures(p game.Position, view game.Color, dst []nnue.Feature) []nnue.Feature {
	return Of(p.Variant()).NetFeatures(p, view, dst)
}

// NetEvaluate scores p with the net n (a net of p's board) for its side
// to move.
func NetEvaluate(n *nnue.Net, p game.Position) int { return Of(p.Variant()).NetEvaluate(n, p) }
