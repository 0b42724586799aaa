package cli

import (
	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/protocol"
)

// openSolution opens Camette's solution table in a directory (camelot
// solve) as the engine's oracle, with a few words on what it holds: the
// -solution option of analyse and gui. The oracle knows Camette's
// positions only; the engine asks it nothing about the other boards.
func openSolution(dir string) (o engine.Oracle, about string, err error) {
	t, err := protocol.OpenSolution(dir)
	if err != nil {
		return nil, "", err
	}
	return protocol.Oracle(t), protocol.SolutionAbout(t), nil
}
