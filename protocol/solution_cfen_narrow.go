//go:build !(js && wasm)

package protocol

import (
	"github.com/camelot-engine/camelot/engine"
	wideengine "github.com/camelot-engine/camelot/internal/wide/engine"
	widemovegen "github.com/camelot-engine/camelot/internal/wide/movegen"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/solve"
)

// CFENOracle returns t as the wide grid's engine (the gui's) asks it: a
// position is read on Camette's board of this grid by its CFEN (V6),
// which both grids write alike.
func CFENOracle(t *solve.Table) wideengine.Oracle { return cfenOracle{Oracle(t)} }

type cfenOracle struct{ o engine.Oracle }

func (w cfenOracle) Covers(v widemovegen.Variant) bool { return v == widemovegen.Camette }

func (w cfenOracle) Probe(p *widemovegen.Position) (wideengine.Exact, bool) {
	return w.ask(p, w.o.Probe)
}

func (w cfenOracle) Peek(p *widemovegen.Position) (wideengine.Exact, bool) {
	return w.ask(p, w.o.Peek)
}

func (w cfenOracle) ask(p *widemovegen.Position, probe func(*movegen.Position) (engine.Exact, bool)) (wideengine.Exact, bool) {
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
