package cli

import (
	"github.com/camelot-engine/camelot/engine"
	wideengine "github.com/camelot-engine/camelot/internal/wide/engine"
	"github.com/camelot-engine/camelot/protocol"
)

// This file gives analyse and gui Camette's solution table, which package
// solve reads on this grid: analyse's engine asks it directly, the gui
// (on the wide grid) through the position's CFEN (protocol.CFENOracle).

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
		return protocol.CFENOracle(t), protocol.SolutionAbout(t), nil
	}
}
