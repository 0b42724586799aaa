package analysis

import (
	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// probe asks the oracle for p's exact value, from its side to move's
// view (engine.ProbePosition: only about boards the oracle covers).
func probe(o engine.Oracle, p game.Position) (search.Exact, bool) {
	return engine.ProbePosition(o, p)
}
