package engine

import (
	"fmt"
	"math"

	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/search"
)

// reductions[d][n] is the late-move reduction for the n-th move at depth d.
type reductions [MaxPly + 1][64]int

// defaultReductions is the table of the built-in parameters, built once;
// an engine with other LMRBase or LMRDivisor builds its own (SetParams).
var defaultReductions = newReductions(search.DefaultParams())

func newReductions(p search.Params) *reductions {
	var r reductions
	base, div := float64(p.LMRBase)/100, float64(p.LMRDivisor)/100
	for d := 1; d <= MaxPly; d++ {
		for n := 1; n < 64; n++ {
			r[d][n] = max(int(base+math.Log(float64(d))*math.Log(float64(n))/div), 0)
		}
	}
	return &r
}

const checkEvery = 2048 // nodes between limit checks, at most

// visit counts a node and checks the limits when the thread's countdown
// runs out (see checkLimits, which sets it).
func (t *thread) visit(ply int) {
	t.nodes.Add(1)
	if ply > t.selDep {
		t.selDep = ply
	}
	t.ticks--
	if t.ticks <= 0 {
		t.checkLimits()
	}
}

// enter does what every node does first: count it, and score it at once
// when the search is stopping or the game is decided on the board (R14,
// the one-piece draw of R16).
func (t *thread) enter(ply int) (score int, done bool) {
	t.pvLen[ply] = ply
	t.visit(ply)
	if t.stopping() {
		return 0, true
	}
	if o := t.pos.Decided(); o.IsOver() {
		return decidedScore(o, t.pos.Side, ply), true
	}
	return 0, false
}

// decidedScore scores a game over on the board (R14, R16) for the side to move.
func decidedScore(o movegen.Outcome, side movegen.Color, ply int) int {
	switch {
	case o.Result == movegen.Draw:
		return DrawScore
	case (o.Result == movegen.WhiteWins) == (side == movegen.White):
		return MateScore - ply
	}
	return -MateScore + ply
}

// noMoveScore scores a side to move without a legal move: a loss if the
// opponent has two or more pieces, else a draw (R15); in Cam and Camette
// always a loss (V5); in the Anti forms a win (V11).
func noMoveScore(p *movegen.Position, ply int) int {
	switch p.NoMoveValue() {
	case -1:
		return -MateScore + ply
	case 1:
		return MateScore - ply
	}
	return DrawScore
}

// isRepetition reports whether the position occurred before in the game or
// on the search path since the last irreversible move; inside the tree a
// first repetition already scores as the draw it can force (R16).
func (t *thread) isRepetition() bool {
	n := len(t.keys)
	for i := n - 2; i >= 0 && n-i <= t.pos.Plies; i -= 2 {
		if t.keys[i] == t.pos.Key {
			return true
		}
	}
	return false
}

// evaluate is the static score of the position at ply: the net's when
// the search has one, else the tuned evaluation's; either through the
// thread's cache.
func (t *thread) evaluate(ply int) int {
	if v, ok := t.evals.lookup(t.pos.Key); ok {
		return t.leafScore(v)
	}
	var v int
	if t.nn != nil {
		v = t.nn.Evaluate(ply, &t.pos)
		if verifyNet && v != eval.NetEvaluate(t.s.net, &t.pos) {
			panic(fmt.Sprintf("engine: the net's accumulators at ply %d give %d, a refresh %d (%s)", ply, v, eval.NetEvaluate(t.s.net, &t.pos), t.pos.CFEN()))
		}
	} else {
		v = t.s.eval.Evaluate(&t.pos)
	}
	v = max(min(v, scoreLimit), -scoreLimit)
	t.evals.store(t.pos.Key, v)
	return t.leafScore(v)
}

// leafScore is the static score v as the search uses it: in an Anti form
// played to its goal moved towards R16's draw (progress) and driven
// towards the enemy (drive), and an ending with a lone piece scored
// nearer the draw the fewer pieces stand against it (loneScore).
func (t *thread) leafScore(v int) int {
	if !t.s.antiPlay {
		return t.progress(v)
	}
	if s, lone := t.loneScore(v); lone {
		return s + t.drive()
	}
	return t.progress(v) + t.drive()
}

// loneScore scores an Anti form's ending in which a side has one piece
// (V11), from the static score v, without the drive. A lone piece cannot
// canter (R7), so it reaches one square a move, and it is taken only where
// it steps next to an enemy piece with the enemy to move, which a side that
// sees two plies steps away from; the side to move that can do so wins, so
// both keep three steps apart and R16 ends it (on Anti-Chivalry's board
// most positions of one Man against one are draws, docs/variants.md).
// Against two or more, the other side keeps its pieces out of reach and
// gives them to the lone piece one at a time, where the capture lands away
// from its others, down to one against one.
//
// So, on the boards where that pays (eval.LoneDraw), the side searched
// for's lone piece scores its material only against a crowd (loneCrowd):
// from R16's draw with the contempt (drawFor) a tenth of the way to its
// material a piece against it past one. A few pieces keep out of its
// reach: material called such an ending won by the pieces given away, and
// the search gave its pieces away in a chain down to one, which the 2-ply
// searcher then held to R16's draw. A crowd cannot: it moves one piece a
// move, so the lone piece two steps from two of them steps next to one,
// and a piece given to it lands next to another. Scored as the draw against a
// crowd too, two pieces against twelve kept both for a hundred plies
// rather than trade one and go in (Anti-Chivalry from the start, 12 of 40
// games drawn as Black at 100,000 nodes a move, none so scored). The other
// side's lone piece against its two or more scores above one against one
// (loneAgainst). One against one scores half way to the draw: scored as
// the draw itself, a repetition became as good as playing on, where on a
// small board a searcher that sees two plies is caught against the edge.
// Searches from these endings still find their wins.
func (t *thread) loneScore(v int) (int, bool) {
	w, b := t.pos.Pieces[movegen.White].Count(), t.pos.Pieces[movegen.Black].Count()
	switch {
	case w == 1 && b == 1:
		return (DrawScore + t.drawFor[t.pos.Side]) / 2, true
	case t.loneDraw && (w == 1 && b > 1 || b == 1 && w > 1):
		lone := movegen.White
		if b == 1 {
			lone = movegen.Black
		}
		if lone == t.driveSide {
			draw := t.drawFor[t.pos.Side]
			return draw + (t.progress(v)-draw)*min(w+b-2, loneCrowd)/loneCrowd, true
		}
		s := t.loneAgainst(lone, w+b-1)
		if t.pos.Side != t.driveSide {
			s = -s
		}
		return s, true
	}
	return 0, false
}

// loneCrowd is the pieces past one against the side searched for's lone
// piece at which it scores its whole material (loneScore).
const loneCrowd = 10

// loneAgainst's terms, in centi-men for the side searched for: loneAbove
// over one against one, less lonePerPiece a piece past two (ten at most),
// loneRimStep a step the lone piece stands nearer the rim than three, and
// lonePaired a piece of the side's, up to two, next to one of its own.
const (
	loneAbove    = 50
	lonePerPiece = 5
	loneRimStep  = 8
	lonePaired   = 8
)

// loneAgainst scores the other side's lone piece, of colour lone, against
// the n ≥ 2 pieces of the side searched for, from that side's view. Its pieces
// must all be taken and the lone piece only once (V11), so it gives them
// away one at a time where the capture lands out of its others' reach.
// Scored as the draw, this ending stood below one against one, and the
// search fed its pieces to the lone one down to one against one, which
// R16 drew; scored above it, they are kept until a search sees the last
// one taken, brought together (they canter, R7; the lone piece cannot)
// and the lone piece driven to the rim, as a bare king to the edge in
// chess (docs/variants.md: 304 − 0 − 96 in the screen's 400 games, 329 −
// 0 − 71 so scored).
func (t *thread) loneAgainst(lone movegen.Color, n int) int {
	v := (DrawScore+t.drawFor[t.driveSide])/2 + loneAbove - lonePerPiece*min(n-2, 8)
	rim := eval.RimSteps(t.pos.Variant, t.pos.Pieces[lone].First())
	return v + loneRimStep*(3-min(rim, 6)) + lonePaired*min(eval.Paired(&t.pos, t.driveSide), 2)
}

// drive is the side searched for's drive towards the enemy in an Anti
// form played to its goal, from the side to move's view: eval.DriveStep a
// step from each of its pieces to the enemy's pieces as they stood at the
// root (thread.driveMap), more than at the root, against it. Both sides need
// contact to give their pieces away (V11), so an evaluation of one side's
// terms minus the other's cannot ask for it; the side searched for seeks
// it alone, as contempt makes a chess engine shun a draw, and so brings
// its pieces to an opponent that keeps away rather than shuffle into
// R16's draw. The enemy is held where it stood: measured to where it
// stands at each leaf, the drive let the search's enemy run away, the
// scores of every line fell to R16's draw, and Anti-River drew 29 games of
// 30 against the 2-ply searcher by repetition. Counted from the root, it
// moves the scores and not their level against the draw's.
func (t *thread) drive() int {
	v := -t.driveStep * (t.driveMap.Sum(t.pos.Pieces[t.driveSide]) - t.driveBase)
	if t.pos.Side != t.driveSide {
		return -v
	}
	return v
}

// antiQuiescePlies caps the quiescence search of an Anti form (V11),
// where compulsory captures are given, not taken, so they neither end
// soon nor thin out: past this many plies the chain is scored as it
// stands. Without a cap, one line of Anti-Chivalry's opening took a
// million nodes at depth 3, for the reference searcher too.
const antiQuiescePlies = 8

// drawPlies are R16's plies without a capture or a castle entry that draw.
const drawPlies = 100

// progress moves a static score towards the draw's (drawFor) by the plies
// without progress, in the Anti forms (progressPlies): half of the way as
// they reach the count that draws (R16) or opens the claim (V14.3), so
// that the search prefers the line that captures or is captured sooner
// (V11 has no other draws to avoid), after Stockfish's rule-50 scaling;
// with the contempt for the draw, a side behind as well as one ahead. The
// plies count in steps of 16, so that the leaves of one search mostly
// share a step: a score that moved with every ply would undo the flat
// evaluation's cuts (eval.antiStart), 4.7 M nodes for Anti-Chivalry's
// depth 6 instead of 0.3 M. The table's entry is the unscaled score.
func (t *thread) progress(v int) int {
	d := t.progressPlies
	if d == 0 {
		return v
	}
	draw := t.drawFor[t.pos.Side]
	return draw + (v-draw)*(2*d-min(t.pos.Plies&^15, d))/(2*d)
}

// verifyNet, set by tests, checks every incremental net evaluation
// against one summed from scratch.
var verifyNet = false

// makeMove plays m at ply, telling the net's accumulators first.
func (t *thread) makeMove(ply int, m movegen.Move) movegen.Undo {
	if t.nn != nil {
		t.nn.Push(ply, &t.pos, m)
	}
	return t.pos.MakeMove(m)
}

// negamax is the principal-variation search below the root.
func (t *thread) negamax(alpha, beta, depth, ply int, nullOK bool) int {
	if depth <= 0 {
		t.horizon = ply
		return t.quiesce(alpha, beta, ply)
	}
	if v, done := t.enter(ply); done {
		return v
	}
	p := &t.pos
	claim := false // V14.3: the side to move may claim a draw here
	if t.claims {
		if claim = t.claimOpen(); claim {
			if beta <= DrawScore {
				return DrawScore
			}
			alpha = max(alpha, DrawScore)
		}
	} else if t.isRepetition() {
		return t.drawFor[p.Side]
	}
	if v, ok := t.probe(ply); ok {
		return v
	}
	if ply >= MaxPly {
		return t.evaluate(ply)
	}
	// Mate-distance pruning: no line from here beats a quicker win found.
	alpha, beta = max(alpha, -MateScore+ply), min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	pvNode := beta-alpha > 1
	origAlpha := alpha

	var ttMove PackedMove
	if hit, ok := t.s.tt.Probe(p.Key); ok {
		ttMove = hit.Move
		if !pvNode && hit.Depth >= depth {
			v := fromTT(hit.Score, ply)
			if hit.Bound == BoundExact || hit.Bound == BoundLower && v >= beta || hit.Bound == BoundUpper && v <= alpha {
				if claim {
					return claimFloor(v)
				}
				return v
			}
		}
	}

	forced := p.MustCapture()
	staticEval := noScore
	if !forced && p.CanStep() {
		staticEval = t.evaluate(ply)
	}
	t.staticEvals[ply] = staticEval
	// Improving: the side to move stands better than two plies before
	// (Stockfish's and Ethereal's idea); prune and reduce less when it
	// does. Unknown (a forced capture now or then) counts as improving.
	improving := 0
	if ply < 2 || staticEval == noScore || t.staticEvals[ply-2] == noScore || staticEval > t.staticEvals[ply-2] {
		improving = 1
	}
	if staticEval != noScore && !pvNode {
		// Reverse futility: far above beta at low depth, a quiet position
		// will not fall below it.
		if features.rfp && depth <= t.par.RFPDepth && staticEval-t.par.RFPMargin*(depth-improving) >= beta && beta < MateBound {
			return staticEval
		}
		// Null move (never when a capture is forced: passing would break R11).
		// R = 3 + depth/3 measured +13.9 ± 34.1 Elo over 2 + depth/4 in
		// 400 games at 1 s + 0.01 s, and +15.6 ± 34.1 over no null move.
		if features.nullMove && nullOK && depth >= t.par.NullMinDepth && staticEval >= beta && p.Pieces[p.Side].Count() >= 3 {
			r := t.par.NullBase + depth/t.par.NullDiv
			t.keys = append(t.keys, t.pathKey())
			if t.nn != nil {
				t.nn.PushNull(ply)
			}
			p.MakeNullMove()
			t.played[ply] = movegen.NullMove
			v := -t.negamax(-beta, -beta+1, depth-1-r, ply+1, false)
			p.UnmakeNullMove()
			t.keys = t.keys[:len(t.keys)-1]
			if t.stopping() {
				return 0
			}
			if v >= beta {
				if v >= MateBound {
					v = beta
				}
				return v
			}
		}
	}

	ml := &t.lists[ply]
	p.GenerateMoves(ml)
	if ml.N == 0 {
		if claim {
			return DrawScore // V14.2: stuck, it claims
		}
		return noMoveScore(p, ply) // R15, V14.2
	}
	if p.Plies >= drawPlies && !t.claims {
		return t.drawFor[p.Side] // R16
	}

	prev := movegen.NullMove
	if ply > 0 {
		prev = t.played[ply-1]
	}
	scores := t.scores[ply][:ml.N]
	t.scoreMoves(ml, scores, ttMove, ply, prev)
	oppCastle := p.Geometry().Castle[p.Side.Other()]
	best, bestMove := noScore, movegen.NullMove
	searched := 0
	for i := 0; i < ml.N; i++ {
		m := pickMove(ml, scores, i)
		quiet := isQuiet(m, oppCastle)
		if features.pruning && quiet && !pvNode && !forced && searched > 0 && best > -MateBound {
			// Late-move pruning and futility pruning of quiet moves. Both
			// tests hold for every later move too: after the first quiet
			// move (a quiet TT move comes first and is never pruned) the
			// ordering leaves only quiet moves, so the loop ends here.
			if depth <= t.par.LMPDepth && searched >= t.par.LMPBase+t.par.LMPScale*depth*depth {
				break
			}
			if depth <= t.par.FutilityDepth && staticEval+t.par.FutilityMargin*depth <= alpha {
				break
			}
		}
		newDepth := depth - 1
		if features.forcedExt && forced && ml.N == 1 {
			newDepth++ // a single forced capture: look further for free
		}
		t.played[ply] = m
		t.keys = append(t.keys, t.pathKey())
		u := t.makeMove(ply, m)
		var v int
		if searched == 0 {
			v = -t.negamax(-beta, -alpha, newDepth, ply+1, true)
		} else {
			r := 0
			if features.lmr && depth >= t.par.LMRMinDepth && quiet && searched >= t.par.LMRMinMoves {
				r = t.lmr[depth][min(searched, 63)]
				if pvNode {
					r--
				}
				if improving == 0 {
					r++
				}
				r = max(min(r, newDepth-1), 0)
			}
			v = -t.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if v > alpha && r > 0 {
				v = -t.negamax(-alpha-1, -alpha, newDepth, ply+1, true)
			}
			if v > alpha && v < beta {
				v = -t.negamax(-beta, -alpha, newDepth, ply+1, true)
			}
		}
		p.UnmakeMove(m, u)
		t.keys = t.keys[:len(t.keys)-1]
		if t.stopping() {
			return 0
		}
		searched++
		if v > best {
			best = v
			if v > alpha {
				alpha, bestMove = v, m
				t.updatePV(ply, m)
				if v >= beta {
					if quiet {
						// The moves before it in ml are the ones searched.
						t.updateQuietStats(m, ml.Moves[:i], ply, depth, prev)
					}
					break
				}
			}
		}
	}
	if claim {
		best = claimFloor(best)
	}
	bound := BoundUpper
	switch {
	case best >= beta:
		bound = BoundLower
	case best > origAlpha:
		bound = BoundExact
	}
	pm := PackedMove(0)
	if bestMove != movegen.NullMove {
		pm = Pack(bestMove)
	}
	t.s.tt.Store(p.Key, pm, toTT(best, ply), depth, bound)
	return best
}

func (t *thread) updatePV(ply int, m movegen.Move) {
	t.pv[ply][ply] = m
	n := t.pvLen[ply+1]
	copy(t.pv[ply][ply+1:n], t.pv[ply+1][ply+1:n])
	t.pvLen[ply] = max(n, ply+1)
}

// quiesce searches captures (and entries into the opponent's castle) until
// the position is quiet. When a capture is compulsory (R11, R12) the side
// to move may not stand pat: every capture is searched.
func (t *thread) quiesce(alpha, beta, ply int) int {
	if v, done := t.enter(ply); done {
		return v
	}
	p := &t.pos
	if v, ok := t.probe(ply); ok {
		return v
	}
	if ply >= MaxPly || t.s.antiPlay && ply-t.horizon >= antiQuiescePlies {
		return t.evaluate(ply)
	}
	// In an Anti form the captures are given, not taken (V11): chains of
	// compulsory ones (R11) run twenty plies and more, reached in many
	// orders, so the table keeps their results too, as depth 0, below
	// any entry of the main search.
	origAlpha, keep := alpha, t.s.antiPlay
	if keep {
		if hit, ok := t.s.tt.Probe(p.Key); ok {
			v := fromTT(hit.Score, ply)
			if hit.Bound == BoundExact || hit.Bound == BoundLower && v >= beta || hit.Bound == BoundUpper && v <= alpha {
				return v
			}
			keep = hit.Depth == 0
		}
	}
	// Stand pat unless a capture is compulsory (R11, R12). Before standing
	// pat, make sure the side has a legal move at all (R15): CanStep proves
	// it cheaply, else the moves are generated first.
	ml := &t.lists[ply]
	forced := p.MustCapture()
	best := noScore
	if t.claims && p.Plies >= t.claimPlies && p.HasPieceMove() {
		// V14.3: the claim is open; a quiet position stands at least there.
		if beta <= DrawScore {
			return DrawScore
		}
		best, alpha = DrawScore, max(alpha, DrawScore)
	}
	if !forced {
		if !p.CanStep() { // rare: see whether any move exists at all
			if p.GenerateMoves(ml); ml.N == 0 {
				return max(noMoveScore(p, ply), best)
			}
		}
		best = max(t.evaluate(ply), best)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	p.GenerateTactical(ml)
	if forced && ml.N == 0 {
		return max(noMoveScore(p, ply), best)
	}
	scores := t.scores[ply][:ml.N]
	t.scoreMoves(ml, scores, 0, ply, movegen.NullMove)
	for i := 0; i < ml.N; i++ {
		m := pickMove(ml, scores, i)
		t.played[ply] = m
		u := t.makeMove(ply, m)
		v := -t.quiesce(-beta, -alpha, ply+1)
		p.UnmakeMove(m, u)
		if t.stopping() {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				t.updatePV(ply, m)
				if v >= beta {
					break
				}
			}
		}
	}
	if keep {
		bound := BoundUpper
		switch {
		case best >= beta:
			bound = BoundLower
		case best > origAlpha:
			bound = BoundExact
		}
		t.s.tt.Store(p.Key, 0, toTT(best, ply), 0, bound)
	}
	return best
}
