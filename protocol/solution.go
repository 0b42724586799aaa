package protocol

import (
	"fmt"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/game"
)

// openSolution opens the solution table in a directory as the engine's
// oracle, with a few words on what it holds. It is set by
// solution_table.go; nil where no table can be read: the WebAssembly
// build.
var openSolution func(dir string) (o engine.Oracle, about string, err error)

// setSolutionPath implements the SolutionPath option: the directory of
// Camette's table (camelot solve), which the engine then probes in every
// Camette search, whichever variant is selected now. <empty> unsets it; a
// directory that holds no table is reported and the table set before is
// kept.
func (s *Session) setSolutionPath(dir string) {
	if dir == "" || dir == "<empty>" {
		s.solutionPath = ""
		s.e.SetOracle(nil)
		return
	}
	if openSolution == nil {
		s.errorf("SolutionPath: this build reads no solution tables; %s", s.solutionKept())
		return
	}
	o, about, err := openSolution(dir)
	if err != nil {
		s.errorf("SolutionPath: %v; %s", err, s.solutionKept())
		return
	}
	s.solutionPath = dir
	s.e.SetOracle(o)
	s.out.line(fmt.Sprintf("info string SolutionPath %s: %s", dir, about))
}

// solutionKept names the table that stays set after a failure.
func (s *Session) solutionKept() string {
	if s.solutionPath == "" {
		return "no table is set"
	}
	return "keeping " + s.solutionPath
}

// tableKnows reports whether the engine's solution table (its oracle)
// knows the value of p, reading what it needs.
func (s *Session) tableKnows(p game.Position) bool {
	_, known := engine.ProbePosition(s.e.Oracle(), p)
	return known
}
