package engine

import (
	"context"
	"slices"
	"time"

	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/search"
)

// Oracle knows the exact value of positions of a solved board: Camette's
// table (package solve), set with SetOracle. The engine asks it at the
// root, where a position it knows is played by the table without a
// search, and at every node of the search, which then scores a known
// position exactly.
type Oracle interface {
	// Covers reports whether the oracle may know positions of board v;
	// the engine asks nothing about the other boards.
	Covers(v movegen.Variant) bool
	// Probe returns p's value for its side to move; ok is false when the
	// oracle does not know p. It may take time to read what it needs (a
	// table's layer). Values ignore the ply clock (the 100-ply rule of R16,
	// which the engine applies itself) and count repetition as a draw (V5).
	Probe(p *movegen.Position) (x Exact, ok bool)
	// Peek is Probe for the search, which runs under a clock: it never
	// waits, and ok is false as well when p's value is not at hand yet
	// (the oracle then gets it ready for later).
	Peek(p *movegen.Position) (x Exact, ok bool)
}

// Exact is a position's value with best play (search.Exact).
type Exact = search.Exact

// SetOracle sets the oracle the searches ask (nil: none).
func (e *Engine) SetOracle(o Oracle) { e.oracle = o }

// Oracle returns the oracle set (nil: none).
func (e *Engine) Oracle() Oracle { return e.oracle }

// searchOracle returns the oracle a search of a position of board v asks:
// none for another board, nor for the reference opponents and the
// weakened levels, which keep their own play.
func (e *Engine) searchOracle(v movegen.Variant, skill Skill) Oracle {
	if e.oracle == nil || e.opts.Play != PlayNormal || skill.Active() || !e.oracle.Covers(v) {
		return nil
	}
	return e.oracle
}

// tableMove is a root move valued by the oracle, for its mover.
type tableMove struct {
	move movegen.Move
	x    Exact
	eval int // the mover's static score after the move: the order of draws
}

// playTable answers a search from the oracle when it knows the value of
// every root move (then the root's too): a won root plays a move that
// keeps the shortest win, a lost one the longest defence, a drawn one
// a drawing move, the one the evaluation likes best; equal moves go by
// generation order. A move into a position the game has had twice since
// its last capture or castle entry is the draw of its third occurrence
// (R16, V5), whatever the oracle says, and so is a move that reaches the
// 100-ply rule: it saves a lost game and never throws away a win. It reports the lines at depth 1 and, for go infinite
// and ponder, waits as a search does. ok is false when the oracle lacks a
// value, and the engine searches.
func (e *Engine) playTable(ctx context.Context, o Oracle, r root, lim Limits, info func(Info), start time.Time) (Result, bool) {
	s := &shared{} // for Stop
	e.current.Store(s)
	defer e.current.Store(nil)
	pos := r.pos
	history := append(slices.Clone(r.keys), pos.Key)
	var ml movegen.MoveList
	pos.GenerateMoves(&ml)
	probes := uint64(0)
	var moves []tableMove
	for _, m := range ml.Slice() {
		if r.searchMoves != nil && !slices.Contains(r.searchMoves, m) {
			continue
		}
		child := pos
		child.MakeMove(m)
		x, ok := o.Probe(&child)
		probes++
		if !ok {
			return Result{}, false
		}
		tm := tableMove{move: m, x: x.Before()}
		if occurrences(history, &child) >= 2 || child.Plies >= 100 && child.Outcome().Result == movegen.Draw {
			tm.x = Exact{}
		}
		if tm.x.Result == 0 {
			tm.eval = -e.staticEval(&child)
		}
		moves = append(moves, tm)
	}
	if len(moves) == 0 {
		return Result{}, false // searchmoves named no legal move: the search says so
	}
	slices.SortStableFunc(moves, func(a, b tableMove) int {
		if d := b.x.ScoreAt(0) - a.x.ScoreAt(0); d != 0 {
			return d
		}
		return b.eval - a.eval
	})
	lines := make([][]movegen.Move, min(e.opts.MultiPV, len(moves)))
	for i := range lines {
		lines[i] = tableLine(o, pos, moves[i], &probes)
	}
	select { // a ponderhit left over from an earlier search
	case <-e.ponderHit:
	default:
	}
	if info != nil {
		el := time.Since(start)
		for i, pv := range lines {
			info(Info{
				Depth: 1, SelDepth: len(pv), MultiPV: i + 1, Score: moves[i].x.Score(),
				Nodes: probes, NPS: uint64(float64(probes) / max(el.Seconds(), 1e-3)),
				Time: el.Truncate(time.Millisecond), PV: movegen.NeutralMoves(pv),
			})
		}
	}
	// As a search does: go infinite waits for stop (ctx or Stop), go
	// ponder for stop or ponderhit (the move is known, so the time limits
	// are met at once).
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for pondering := lim.Ponder; (lim.Infinite || pondering) && !s.stop.Load() && ctx.Err() == nil; {
		select {
		case <-ctx.Done():
		case <-e.ponderHit:
			pondering = false
		case <-tick.C:
		}
	}
	res := Result{Best: moves[0].move.Neutral(), Score: moves[0].x.Score(), Depth: 1, Nodes: probes}
	if pv := lines[0]; len(pv) > 1 {
		res.Ponder = pv[1].Neutral()
	}
	return res, true
}

// occurrences counts the positions of history (oldest first) that p
// repeats: those since the last capture or castle entry (p.Plies plies).
func occurrences(history []uint64, p *movegen.Position) int {
	n := 0
	for i, back := len(history)-1, 0; i >= 0 && back < p.Plies; i, back = i-1, back+1 {
		if history[i] == p.Key {
			n++
		}
	}
	return n
}

// tableLine is the line of best play that starts with tm from pos: to the
// end of a decided game (each move keeping the shortest win or the
// longest defence), or the move and a drawing reply.
func tableLine(o Oracle, pos movegen.Position, tm tableMove, probes *uint64) []movegen.Move {
	line := []movegen.Move{tm.move}
	pos.MakeMove(tm.move)
	plies := tm.x.Plies - 1
	if tm.x.Result == 0 {
		plies = 1
	}
	var ml movegen.MoveList
	for ; plies > 0 && len(line) < MaxPly; plies-- {
		pos.GenerateMoves(&ml)
		best, bestScore := movegen.NullMove, 0
		for _, m := range ml.Slice() {
			child := pos
			child.MakeMove(m)
			x, ok := o.Probe(&child)
			*probes++
			if !ok {
				return line
			}
			if v := x.Before().ScoreAt(0); best == movegen.NullMove || v > bestScore {
				best, bestScore = m, v
			}
		}
		if best == movegen.NullMove {
			break
		}
		line = append(line, best)
		pos.MakeMove(best)
	}
	return line
}

// staticEval is the static score of p for its side to move, as the
// search would see it: the board's net unless the tuned evaluation is
// selected.
func (e *Engine) staticEval(p *movegen.Position) int {
	if net := e.nets[p.Variant%game.NumVariants]; net != nil && !e.opts.Classic {
		return eval.NetEvaluate(net, p)
	}
	return e.Eval.Evaluate(p)
}

// probe scores the search's position at ply from the oracle, when it has
// one that knows the position. A position at the 100-ply rule is a draw
// the oracle does not see (R16): it is left to the search.
func (t *thread) probe(ply int) (int, bool) {
	o := t.s.oracle
	if o == nil || t.pos.Plies >= 100 {
		return 0, false
	}
	x, ok := o.Peek(&t.pos)
	if !ok {
		return 0, false
	}
	return x.ScoreAt(ply), true
}

// ProbePosition asks o about p, a position handed over through the
// grid-neutral surface, for its side to move: for the tools above the
// cores, which hold game.Positions. ok is false when o is nil, does not
// cover p's board, or p is of another grid.
func ProbePosition(o Oracle, p game.Position) (Exact, bool) {
	if o == nil || !o.Covers(p.Variant()) {
		return Exact{}, false
	}
	q, ok := movegen.Unwrap(p)
	if !ok {
		return Exact{}, false
	}
	return o.Probe(&q)
}
