//go:build !(js && wasm)

package protocol

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/solve"
)

// This file gives the engine Camette's solution table (package solve,
// which reads positions of Camette's grid, the 12-file grid of package
// movegen: engine.Oracle is that grid's). The WebAssembly build has no
// directory to read it from, and leaves it out.

func init() {
	openSolution = func(dir string) (engine.Oracle, string, error) {
		t, err := OpenSolution(dir)
		if err != nil {
			return nil, "", err
		}
		return Oracle(t), SolutionAbout(t), nil
	}
}

// OpenSolution opens the table in dir and checks that the file of every
// layer its manifest names is there, so that a table set up wrong is
// reported when it is named rather than when a search first needs it.
func OpenSolution(dir string) (*solve.Table, error) {
	t, err := solve.Open(dir)
	if err != nil {
		return nil, err
	}
	for _, l := range t.Manifest().Layers {
		if _, err := os.Stat(filepath.Join(dir, l.File)); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// SolutionAbout says what a table holds: "Camette, 49 of 49 layers".
func SolutionAbout(t *solve.Table) string {
	about := fmt.Sprintf("Camette, %d of %d layers", len(t.Manifest().Layers), len(solve.Signatures()))
	if !t.Complete() {
		about += " (positions of the others are searched)"
	}
	return about
}

// Oracle returns t as the engine's oracle (boards.Engine.SetOracle), for
// every tool that plays or analyses with the table.
func Oracle(t *solve.Table) engine.Oracle {
	return &tableOracle{t: t, reading: map[solve.Signature]bool{}}
}

// tableOracle is a solve.Table as the engine asks it.
type tableOracle struct {
	t       *solve.Table
	mu      sync.Mutex
	reading map[solve.Signature]bool // layers Peek has had read
}

func (o *tableOracle) Covers(v game.Variant) bool { return v == game.Camette }

// Probe returns the table's value of p, reading its layer the first time.
// A layer that cannot be read counts as not in the table: the engine
// searches instead.
func (o *tableOracle) Probe(p *movegen.Position) (engine.Exact, bool) {
	v, ok, err := o.t.Probe(p)
	if !ok || err != nil {
		return engine.Exact{}, false
	}
	return ExactOf(v), true
}

// Peek returns the value of p if its layer has been read; otherwise it has
// the layer read in the background, so that a search under a clock never
// waits the seconds a large layer takes.
func (o *tableOracle) Peek(p *movegen.Position) (engine.Exact, bool) {
	if v, ok := o.t.ProbeReady(p); ok {
		return ExactOf(v), true
	}
	if !o.t.Holds(p) {
		return engine.Exact{}, false
	}
	sig := solve.PlacementOf(p).Signature()
	o.mu.Lock()
	start := !o.reading[sig]
	o.reading[sig] = true
	o.mu.Unlock()
	if start {
		q := *p
		go func() { _, _, _ = o.t.Probe(&q) }()
	}
	return engine.Exact{}, false
}

// ExactOf converts a table value to the engine's.
func ExactOf(v solve.Value) engine.Exact {
	switch {
	case v.IsWin():
		return engine.Exact{Result: 1, Plies: v.Plies()}
	case v.IsLoss():
		return engine.Exact{Result: -1, Plies: v.Plies()}
	}
	return engine.Exact{}
}
