package gui

import (
	"github.com/camelot-engine/camelot/engine"
	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// probe asks the solution o for p's exact value, for its side to move
// (engine.ProbePosition: a table knows only the boards it covers).
func probe(o engine.Oracle, p rules.Position) (search.Exact, bool) {
	if p.IsZero() {
		return search.Exact{}, false
	}
	return engine.ProbePosition(o, p)
}
