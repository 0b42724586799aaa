package boards

import (
	"context"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// Engine is an engine for every board: it searches each game on the
// engine of the game's grid, made when a game of that grid is first
// searched, with the settings given so far. Its table and threads are the
// grid engine's, so a search on one grid leaves the other's untouched.
// One search runs at a time; the setters must not be called during a
// search.
type Engine struct {
	mu      sync.Mutex // guards engines: Stop and PonderHit come from other goroutines
	opts    search.Options
	nets    [game.NumVariants]*nnue.Net
	netSet  [game.NumVariants]bool // SetNet was called for the board
	engines [len(grids)]search.Engine
	oracle  engine.Oracle
}

var _ search.Engine = (*Engine)(nil)

// NewEngine returns an engine for every board with the given options
// (zero fields get the grid engines' defaults: 16 MB, 1 thread, 1 PV,
// 30 ms overhead, full strength). The engine of Camelot's grid is made at
// once, so that its table is ready for the first search.
func NewEngine(o search.Options) *Engine {
	e := &Engine{opts: o}
	if o.Net != nil {
		e.nets[o.Net.Variant%game.NumVariants], e.netSet[o.Net.Variant%game.NumVariants] = o.Net, true
		e.opts.Net = nil
	}
	e.gridEngine(game.Camelot)
	return e
}

// gridEngine returns the engine of v's grid, making it on first use.
func (e *Engine) gridEngine(v game.Variant) search.Engine {
	i := gridIndex[v%game.NumVariants]
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.engines[i] == nil {
		ge := grids[i].NewEngine(e.opts)
		for w, set := range e.netSet {
			if set && gridIndex[w] == i {
				_ = ge.SetNet(game.Variant(w), e.nets[w]) // checked when set
			}
		}
		if ne, ok := ge.(*engine.Engine); ok {
			ne.SetOracle(e.oracle)
		}
		e.engines[i] = ge
		if i == 0 {
			e.opts = ge.Options() // the defaults filled in
		}
	}
	return e.engines[i]
}

// each calls f with every grid engine made so far.
func (e *Engine) each(f func(search.Engine)) {
	e.mu.Lock()
	engines := e.engines
	e.mu.Unlock()
	for _, ge := range engines {
		if ge != nil {
			f(ge)
		}
	}
}

// Search searches the game's current position on the engine of its grid;
// a placement of River's trees (V10) by the searches of chooseTrees.
func (e *Engine) Search(ctx context.Context, g *game.Game, lim search.Limits, info func(search.Info)) search.Result {
	if g.Position().InTreePhase() && !g.Outcome().IsOver() {
		res := e.chooseTrees(ctx, g, lim, info)
		if lim.Infinite {
			<-ctx.Done()
		}
		return res
	}
	return e.gridEngine(g.Position().Variant()).Search(ctx, g, lim, info)
}

// Stop ends the running search, if any.
func (e *Engine) Stop() { e.each(search.Engine.Stop) }

// PonderHit tells a pondering search that the expected move was played.
func (e *Engine) PonderHit() { e.each(search.Engine.PonderHit) }

// NewGame forgets everything learnt, on every grid.
func (e *Engine) NewGame() { e.each(search.Engine.NewGame) }

// Options returns the settings.
func (e *Engine) Options() search.Options { return e.opts }

// SetHash sets the table size in MB (the table is cleared).
func (e *Engine) SetHash(mb int) {
	e.opts.Hash = mb
	e.each(func(ge search.Engine) { ge.SetHash(mb) })
}

// SetThreads sets the number of search threads.
func (e *Engine) SetThreads(n int) {
	e.opts.Threads = n
	e.each(func(ge search.Engine) { ge.SetThreads(n) })
}

// SetSkill sets the strength level.
func (e *Engine) SetSkill(sk search.Skill) {
	e.opts.Skill = sk
	e.each(func(ge search.Engine) { ge.SetSkill(sk) })
}

// SetPlay sets the playing style; an unknown one is an error.
func (e *Engine) SetPlay(p search.Play) error {
	if err := e.gridEngine(game.Camelot).SetPlay(p); err != nil {
		return err
	}
	e.each(func(ge search.Engine) { _ = ge.SetPlay(p) })
	e.opts.Play = e.gridEngine(game.Camelot).Options().Play
	return nil
}

// SetNet sets the net the search uses on board v (nil: none, the tuned
// evaluation). A net of another board is refused.
func (e *Engine) SetNet(v game.Variant, n *nnue.Net) error {
	if err := e.gridEngine(v).SetNet(v, n); err != nil {
		return err
	}
	e.nets[v%game.NumVariants], e.netSet[v%game.NumVariants] = n, true
	return nil
}

// Net returns the net the search uses on board v (nil: none).
func (e *Engine) Net(v game.Variant) *nnue.Net {
	e.mu.Lock()
	ge := e.engines[gridIndex[v%game.NumVariants]]
	e.mu.Unlock()
	if ge != nil {
		return ge.Net(v)
	}
	if e.netSet[v%game.NumVariants] {
		return e.nets[v%game.NumVariants]
	}
	n, _ := nnue.DefaultFor(v)
	return n
}

// SetClassic selects the tuned evaluation (true) or the net (false).
func (e *Engine) SetClassic(classic bool) {
	e.opts.Classic = classic
	e.each(func(ge search.Engine) { ge.SetClassic(classic) })
}

// SetMultiPV sets how many principal variations to search and report.
func (e *Engine) SetMultiPV(n int) {
	e.opts.MultiPV = max(n, 1)
	e.each(func(ge search.Engine) { ge.SetMultiPV(n) })
}

// SetParams sets the search's tunable constants.
func (e *Engine) SetParams(p search.Params) {
	e.opts.Params = p
	e.each(func(ge search.Engine) { ge.SetParams(p) })
}

// SetMoveOverhead sets the time reserved per move.
func (e *Engine) SetMoveOverhead(d time.Duration) {
	e.opts.MoveOverhead = max(d, 0)
	e.each(func(ge search.Engine) { ge.SetMoveOverhead(d) })
}

// SetOracle sets the table of exact values the searches ask (nil: none).
// Tables are of Camette (package solve), whose board is on Camelot's
// grid, so the oracle is that grid's engine.Oracle.
func (e *Engine) SetOracle(o engine.Oracle) {
	e.oracle = o
	if ne, ok := e.gridEngine(game.Camelot).(*engine.Engine); ok {
		ne.SetOracle(o)
	}
}

// Oracle returns the oracle set (nil: none).
func (e *Engine) Oracle() engine.Oracle { return e.oracle }

// EvalReport describes the static evaluation of p.
func (e *Engine) EvalReport(p game.Position) []string {
	return e.gridEngine(p.Variant()).EvalReport(p)
}
