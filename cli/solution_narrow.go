package cli

import (
	"github.com/camelot-engine/camelot/engine"
	wideengine "github.com/camelot-engine/camelot/internal/wide/engine"
	widemovegen "github.com/camelot-engine/camelot/internal/wide/movegen"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/protocol"
)

// This file gives analyse and gui Camette's solution table, which package
// solve reads on this grid: analyse's engine asks it directly, the gui
// (on the wide grid) through the position's CFEN.

func init() {
	openOracle = func(dir string) (engine.Oracle, string, error) {
		t, err := protocol.OpenSolution(dir)
		if err != nil {
			return nil, "", err
		}
		return protocol.Oracle(t), protocol.SolutionAbout(t), nil
	}
	openGUISolution = func(dir string) (wideengine.Oracle, string, error) {
		t, err := protocol.OpenSolution(dir)
		if err != nil {
			return nil, "", err
		}
		return wideOracle{protocol.Oracle(t)}, protocol.SolutionAbout(t), nil
	}
}

// wideOracle is the engine's oracle of a solve.Table as the wide grid's
// engine asks it: a position is read on Camette's board of this grid by
// its CFEN (V6), which both grids write alike.
type wideOracle struct{ o engine.Oracle }

func (w wideOracle) Covers(v widemovegen.Variant) bool { return v == widemovegen.Camette }

func (w wideOracle) Probe(p *widemovegen.Position) (wideengine.Exact, bool) {
	return w.ask(p, w.o.Probe)
}

func (w wideOracle) Peek(p *widemovegen.Position) (wideengine.Exact, bool) {
	return w.ask(p, w.o.Peek)
}

func (w wideOracle) ask(p *widemovegen.Position, probe func(*movegen.Position) (engine.Exact, bool)) (wideengine.Exact, bool) {
	if p.Variant != widemovegen.Camette {
		return wideengine.Exact{}, false
	}
	q, err := movegen.Camette.ParseCFEN(p.CFEN())
	if err != nil {
		return wideengine.Exact{}, false
	}
	x, ok := probe(&q)
	return wideengine.Exact{Result: x.Result, Plies: x.Plies}, ok
}
