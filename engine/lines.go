package engine

import (
	"slices"
	"time"

	"github.com/camelot-engine/camelot/movegen"
)

// rootMove is a legal move at the root with its latest score and line.
type rootMove struct {
	move      movegen.Move
	score     int
	bound     Bound // BoundExact, or the bound score is after a fail high or low
	depth     int   // the iteration that gave score
	prevScore int
	pv        []movegen.Move
}

// rootBound says what a root move's score v, searched in the window
// (alpha, beta), tells of its true value.
func rootBound(v, alpha, beta int) Bound {
	switch {
	case v <= alpha:
		return BoundUpper
	case v >= beta:
		return BoundLower
	}
	return BoundExact
}

// sortRootMoves orders moves best first, keeping the order of equal scores
// (the earlier line stays first).
func sortRootMoves(moves []rootMove) {
	slices.SortStableFunc(moves, func(a, b rootMove) int { return b.score - a.score })
}

// keepLines records the first n root moves as the lines of the iteration
// just completed: what is reported, and what is played unless an
// unfinished deeper iteration proves better (bestLine). The PV slices are
// reused from one iteration to the next.
func (t *thread) keepLines(n int) {
	for len(t.lines) < n {
		t.lines = append(t.lines, rootMove{})
	}
	t.lines = t.lines[:n]
	for i, rm := range t.rootMoves[:n] {
		pv := append(t.lines[i].pv[:0], rm.pv...)
		t.lines[i] = rm
		t.lines[i].pv = pv
	}
}

// bestLine returns the line to play. It is line 1 of the last completed
// iteration, unless the iteration that the stop cut short proved another
// move better at its own depth: a move searched there to an exact score or
// a fail high, above what the first line's move scored there. Then newer
// is true: that line has not been reported yet.
func (t *thread) bestLine() (line rootMove, newer bool) {
	first := t.lines[0]
	cut := t.completedDepth + 1
	bar := -Infinity
	for _, rm := range t.rootMoves {
		if rm.depth == cut && rm.move == first.move && rm.bound != BoundUpper {
			bar = rm.score
		}
	}
	found := -1
	for i, rm := range t.rootMoves {
		if rm.depth == cut && rm.move != first.move && rm.bound != BoundUpper && rm.score > bar {
			found, bar = i, rm.score
		}
	}
	if found < 0 {
		return first, false
	}
	return t.rootMoves[found], true
}

// report sends the lines of the last completed iteration, best first.
// A weakened search (Skill) reports only the move it picks, at the end.
func (t *thread) report() {
	s := t.s
	if s.info == nil || s.skill {
		return
	}
	for i, rm := range t.lines[:min(s.shownPV, len(t.lines))] {
		t.reportLine(rm, i+1)
	}
}

// reportLine sends one line as PV number multiPV.
func (t *thread) reportLine(rm rootMove, multiPV int) {
	s := t.s
	el := s.elapsed()
	nodes := s.totalNodes()
	s.info(Info{
		Depth: rm.depth, SelDepth: t.selDep, MultiPV: multiPV, Score: rm.reported(),
		Nodes: nodes, NPS: uint64(float64(nodes) / max(el.Seconds(), 1e-3)), HashFull: s.tt.HashFull(),
		Time: el.Truncate(time.Millisecond), PV: movegen.NeutralMoves(rm.pv),
	})
}

// reported is the score as the protocol shows it, marked when it is only
// a bound.
func (rm rootMove) reported() Score {
	sc := MakeScore(rm.score)
	if rm.bound == BoundLower || rm.bound == BoundUpper {
		sc.Bound = rm.bound
	}
	return sc
}

// resultOf is the search result of playing line rm.
func resultOf(rm rootMove) Result {
	r := Result{Best: rm.move.Neutral(), Score: rm.reported(), Depth: rm.depth}
	if len(rm.pv) > 1 {
		r.Ponder = rm.pv[1].Neutral()
	}
	return r
}
