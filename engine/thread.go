package engine

import (
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/search"
)

// thread is one lazy-SMP searcher. All threads search the same root with
// the shared table; they differ in depth order, so they fill the table
// for each other. Everything here is owned by the thread.
type thread struct {
	id    int
	s     *shared
	pos   movegen.Position
	keys  []uint64 // keys of the game and of the search path, for repetitions (R16)
	nodes atomic.Uint64
	ticks int // nodes to the next limit check (checkLimits)
	// interval is the countdown ticks started from; sinceYield counts the
	// nodes since the thread last yielded the processor.
	interval, sinceYield int
	selDep               int

	rootMoves      []rootMove
	lines          []rootMove // the main thread's lines of the last completed iteration, best first
	completedDepth int
	bestChanges    int
	// finishing is set while the main thread searches depth 1, which
	// ignores a stop: the answer always rests on a whole iteration, never
	// on a search cut off before any move was scored.
	finishing bool

	lists       [MaxPly + 1]movegen.MoveList
	scores      [MaxPly + 1][movegen.MaxMoves]int32
	played      [MaxPly + 1]movegen.Move
	staticEvals [MaxPly + 1]int // each ply's static evaluation (noScore: none made); the root's stays 0, an even score
	killers     [MaxPly + 1][2]quietKey
	history     [2][movegen.SquareSpan][movegen.SquareSpan]int32
	counter     [movegen.SquareSpan][movegen.SquareSpan]quietKey
	pv          [MaxPly + 1][MaxPly + 1]movegen.Move
	pvLen       [MaxPly + 1]int
	evals       evalCache
	par         search.Params  // the search's constants, copied here: one load in the hot path
	lmr         *reductions    // built from par
	nn          *eval.NetStack // the net's accumulators, when the search uses a net
	// claims: the rule set has draw claims instead of R16's automatic
	// draws (V14.3), and keys holds DrawKeys.
	claims                       bool
	claimPlies, claimOccurrences int // the plies and occurrences that open the claim
	// progressPlies, when not 0, are the plies without progress that
	// draw (R16) or open the claim (V14.3) in an Anti form (V11): the
	// static score shrinks towards the draw as the count grows (progress).
	progressPlies int
	horizon       int // the ply the quiescence search started from
	// drawFor[c] is the score of R16's draws for colour c to move:
	// DrawScore, or in an Anti form played to its goal a loss of
	// the board's contempt (eval.DrawContempt) for the side searched for.
	drawFor [2]int
	// In an Anti form played to its goal (shared.antiPlay) the static
	// scores count the steps of driveSide's pieces to the enemy against it
	// (drive). driveMap holds the steps to the enemy's pieces as they stand at the
	// root, and driveBase the root's sum of them, from which drive counts
	// so that the drive moves scores and not their level against the
	// draw's.
	driveSide movegen.Color
	driveStep int  // eval.DriveStep of the board
	loneDraw  bool // eval.LoneDraw of the board
	driveBase int
	driveMap  eval.StepMap
}

func newThread(id int) *thread { return &thread{id: id} }

// stopping reports whether the search must stop now: it was told to, and
// it is not finishing its first iteration, unless the clock is about to
// fall (budget.flag).
func (t *thread) stopping() bool {
	return t.s.flagged.Load() || !t.finishing && t.s.stop.Load()
}

func (t *thread) clearHistory() {
	t.killers = [MaxPly + 1][2]quietKey{}
	t.history = [2][movegen.SquareSpan][movegen.SquareSpan]int32{}
	t.counter = [movegen.SquareSpan][movegen.SquareSpan]quietKey{}
}

// prepare sets the thread up for a search of g's position.
func (t *thread) prepare(s *shared, r root) {
	t.s = s
	t.par, t.lmr = s.par, s.lmr
	t.pos = r.pos
	if s.net != nil {
		if t.nn == nil || t.nn.Net() != s.net {
			t.nn = eval.NewNetStack(s.net, MaxPly+1)
		}
		t.nn.Reset(&t.pos)
		t.evals.use(s.net)
	} else {
		t.nn = nil
		t.evals.use(s.eval)
	}
	t.keys = append(t.keys[:0], r.keys...)
	// The claim's thresholds are the rule set's (game.RuleSet, V14.3).
	rs := t.pos.Variant.RuleSet()
	t.claims, t.claimPlies, t.claimOccurrences = rs.ClaimPlies > 0, rs.ClaimPlies, rs.ClaimOccurrences
	t.progressPlies, t.drawFor = 0, [2]int{DrawScore, DrawScore}
	if s.antiPlay && !t.claims {
		// A side "behind" at the root adds its deficit to the contempt
		// where the board says so (eval.DeficitContempt), so that a draw
		// scores the contempt below the root's material, not above it.
		c := eval.DrawContempt(t.pos.Variant)
		if s.net == nil && eval.DeficitContempt(t.pos.Variant) {
			c += max(0, -s.eval.Evaluate(&t.pos))
		}
		t.drawFor[t.pos.Side], t.drawFor[t.pos.Side.Other()] = DrawScore-c, DrawScore+c
	}
	t.driveSide, t.driveBase = t.pos.Side, 0
	if s.antiPlay {
		t.driveStep = eval.DriveStep(t.pos.Variant)
		t.loneDraw = eval.LoneDraw(t.pos.Variant)
		t.driveMap.Fill(&t.pos, t.driveSide)
		t.driveBase = t.driveMap.Sum(t.pos.Pieces[t.driveSide])
	}
	if s.antiPlay {
		t.progressPlies = drawPlies
		if t.claims {
			t.progressPlies = t.claimPlies
		}
	}
	t.nodes.Store(0)
	t.ticks, t.interval, t.sinceYield = 0, 0, 0
	t.selDep, t.completedDepth, t.bestChanges = 0, 0, 0
	t.rootMoves = t.rootMoves[:0]
	var ml movegen.MoveList
	t.pos.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if r.searchMoves == nil || slices.Contains(r.searchMoves, m) {
			t.rootMoves = append(t.rootMoves, rootMove{move: m, score: -Infinity, prevScore: -Infinity})
		}
	}
	if s.antiPlay {
		t.orderByContact()
	}
}

// orderByContact puts the root moves of an Anti form played to its goal
// (V11) in the order of how much nearer each brings the side's pieces to
// the enemy's (eval.Contact), the nearest first. A later root move
// replaces an earlier one only by scoring more, and the sorts between
// iterations are stable, so of the moves that score best the search
// plays the one that makes most contact. Both sides need contact to give
// their pieces away, so the evaluation, one side's terms minus the
// other's, cannot ask for it; the side searched for seeks it, as
// contempt makes a chess engine shun a draw, and so wins against an
// opponent that does not, rather than draw by R16. It orders and does
// not score: a bonus in the scores would shift the root's windows off
// the flat values that let alpha-beta cut the compulsory captures short
// (eval.antiStart), at many times the nodes.
func (t *thread) orderByContact() {
	side := t.pos.Side
	gain := make(map[movegen.Move]int, len(t.rootMoves))
	for _, rm := range t.rootMoves {
		u := t.pos.MakeMove(rm.move)
		gain[rm.move] = eval.Contact(&t.pos, side)
		t.pos.UnmakeMove(rm.move, u)
	}
	slices.SortStableFunc(t.rootMoves, func(a, b rootMove) int { return gain[b.move] - gain[a.move] })
}

func (t *thread) isMain() bool { return t.id == 0 }

// iterate runs iterative deepening until the limits or a stop.
func (t *thread) iterate() {
	s := t.s
	maxD := maxDepth
	if s.limits.Depth > 0 {
		maxD = min(s.limits.Depth, maxDepth)
	}
	multiPV := min(s.multiPV, len(t.rootMoves))
	lastBest := movegen.NullMove
	for depth := 1; depth <= maxD; depth++ {
		// Lazy SMP: odd helpers run one ply ahead, so threads do not all
		// search the same tree in the same order.
		if !t.isMain() && t.id%2 == 1 && depth < maxD {
			depth++
		}
		for i := range t.rootMoves {
			t.rootMoves[i].prevScore = t.rootMoves[i].score
		}
		t.finishing = depth == 1 && t.isMain()
		for pvIdx := 0; pvIdx < multiPV && !t.stopping(); pvIdx++ {
			t.aspiration(depth, pvIdx)
			sortRootMoves(t.rootMoves[pvIdx:])
		}
		if t.stopping() {
			break
		}
		// Each line was the best of the moves from it on when it was
		// searched, but a later line can come out higher (another window,
		// a fuller table): the lines are ranked together, so that line 1
		// is the best and is the move played (as Stockfish does).
		sortRootMoves(t.rootMoves[:multiPV])
		t.finishing = false
		t.completedDepth = depth
		if !t.isMain() {
			continue
		}
		s.firstDone.Store(true)
		t.keepLines(multiPV)
		if best := t.rootMoves[0].move; best != lastBest {
			t.bestChanges++
			lastBest = best
		}
		t.report()
		if t.shouldStopAfterIteration(depth) {
			break
		}
	}
	t.returnNodes()
	if t.isMain() && t.completedDepth == 0 && len(t.rootMoves) > 0 {
		// The first iteration was cut short by the flag: the best move it
		// scored is played, or the first in order if it scored none, with
		// the position's static score. It is still reported, so that a GUI
		// gets a line with a PV before every bestmove.
		sortRootMoves(t.rootMoves)
		rm := &t.rootMoves[0]
		if rm.depth == 0 {
			rm.depth, rm.score, rm.bound = 1, t.evaluate(0), BoundExact
		}
		if len(rm.pv) == 0 {
			rm.pv = append(rm.pv, rm.move)
		}
		t.keepLines(1)
		t.report()
	}
	if t.isMain() && !s.limits.Infinite && !s.pondering.Load() {
		s.stop.Store(true)
	}
}

// aspiration searches the root at depth within a window around the last
// score, widening it on failure.
func (t *thread) aspiration(depth, pvIdx int) {
	prev := t.rootMoves[pvIdx].prevScore
	alpha, beta, delta := -Infinity, Infinity, t.par.AspirationWindow
	if depth >= t.par.AspirationDepth && prev > -MateBound && prev < MateBound {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		v := t.rootSearch(alpha, beta, depth, pvIdx)
		if t.stopping() {
			return
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -Infinity)
		case v >= beta:
			beta = min(v+delta, Infinity)
		default:
			return
		}
		delta += delta
	}
}

// rootSearch searches the root moves from pvIdx on (earlier ones are the
// better PV lines of MultiPV).
func (t *thread) rootSearch(alpha, beta, depth, pvIdx int) int {
	best := noScore
	t.pvLen[0] = 0
	for i := pvIdx; i < len(t.rootMoves); i++ {
		rm := &t.rootMoves[i]
		m := rm.move
		t.played[0] = m
		t.keys = append(t.keys, t.pathKey())
		u := t.makeMove(0, m)
		var v int
		if i == pvIdx {
			v = -t.negamax(-beta, -alpha, depth-1, 1, true)
		} else {
			v = -t.negamax(-alpha-1, -alpha, depth-1, 1, true)
			if v > alpha && v < beta {
				v = -t.negamax(-beta, -alpha, depth-1, 1, true)
			}
		}
		t.keys = t.keys[:len(t.keys)-1]
		t.pos.UnmakeMove(m, u)
		if t.stopping() {
			return best
		}
		rm.depth = depth
		if i == pvIdx || v > alpha {
			rm.score, rm.bound = v, rootBound(v, alpha, beta)
			rm.pv = append(append(rm.pv[:0], m), t.pv[1][1:t.pvLen[1]]...)
		} else {
			rm.score, rm.bound = -Infinity, BoundUpper
		}
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// shouldStopAfterIteration applies the soft time limit: stop early when
// the best move has been stable, later when it keeps changing.
func (t *thread) shouldStopAfterIteration(depth int) bool {
	s := t.s
	if s.pondering.Load() || s.limits.Infinite {
		return false
	}
	if s.limits.Nodes > 0 && s.totalNodes() >= s.limits.Nodes {
		return true
	}
	if s.budget.soft == 0 {
		return false
	}
	if len(t.rootMoves) == 1 && s.limits.MoveTime == 0 {
		return true // the only move: no need to think on the clock
	}
	if sc := t.rootMoves[0].score; sc >= MateBound && depth >= MateScore-sc+2 {
		return true // a forced win found and confirmed
	}
	if s.limits.MoveTime > 0 {
		return false // use all of it; the hard limit ends the search
	}
	share := t.par.TimeStable + t.par.TimeUnstable*min(t.bestChanges, 6) // % of the soft time
	return float64(s.elapsed())*100 > float64(s.budget.soft)*float64(share)
}

// checkLimits is called by each thread when its countdown (ticks) runs out.
// Every thread enforces the node limit and the main thread the hard time
// limit. The countdown is checkEvery nodes, or under a node limit the
// nodes the thread claims next (claimNodes), so `go nodes N` stops within
// a few nodes of N while a search far from its limit checks as rarely as
// ever.
func (t *thread) checkLimits() {
	s := t.s
	t.sinceYield += t.interval
	if t.sinceYield >= checkEvery {
		t.sinceYield = 0
		// Let the protocol's reader run now and then even when every core
		// searches, so `stop` and `isready` are answered within milliseconds.
		runtime.Gosched()
		yieldToHost()
	}
	t.interval = checkEvery
	defer func() { t.ticks = t.interval }()
	if s.pondering.Load() {
		return
	}
	// Checked first: a node-capped search (the Skill levels) that has
	// spent its nodes still finishes depth 1 a node at a time, and must
	// not outlast the clock doing it.
	if t.isMain() && s.budget.flag > 0 && s.elapsed() >= s.budget.flag {
		s.flagged.Store(true)
	}
	if s.limits.Nodes > 0 {
		if t.interval = t.claimNodes(); t.interval == 0 {
			s.stop.Store(true)
			t.interval = 1 // depth 1 still completes, a node at a time
			return
		}
	}
	if t.isMain() && s.budget.hard > 0 && s.elapsed() >= s.budget.hard {
		s.stop.Store(true)
	}

}

// claimNodes takes the thread's next stretch of nodes from those left
// under `go nodes N`: its share of what is left, at most checkEvery.
// Nodes are claimed before they are searched, so the threads together
// never pass N however the scheduler runs them (a thread that checked its
// share long ago cannot overrun). When nothing is left it waits for the
// other threads to search what they claimed or hand it back
// (returnNodes), and returns 0 once the N nodes are searched.
//
// Helpers claim nothing until the main thread has completed depth 1: it
// always completes that iteration (a move to play), so nodes a helper
// spent first would carry the search past N.
func (t *thread) claimNodes() int {
	s := t.s
	for !t.isMain() && !s.firstDone.Load() {
		if s.stop.Load() {
			return 0
		}
		runtime.Gosched()
	}
	for {
		left := s.nodesLeft.Load()
		if left > 0 {
			want := max(min(left/int64(len(s.threads)), checkEvery), 1)
			if s.nodesLeft.CompareAndSwap(left, left-want) {
				return int(want)
			}
			continue
		}
		if s.stop.Load() || s.totalNodes() >= s.limits.Nodes {
			return 0
		}
		runtime.Gosched()
	}
}

// returnNodes hands back the nodes the thread claimed but will not
// search, when it stops searching before the others.
func (t *thread) returnNodes() {
	if t.s.limits.Nodes > 0 && t.ticks > 0 {
		t.s.nodesLeft.Add(int64(t.ticks))
		t.ticks = 0
	}
}
