package engine

import "github.com/camelot-engine/camelot/movegen"

// Move ordering: the transposition-table move, then captures by what they
// take, then moves into the opponent's castle (R14 is won there), killers,
// the countermove, and the rest by history — the usual order of alpha-beta
// engines since the 1980s (Schaeffer's history heuristic, Akl and Newborn's
// killers, Uiterwijk's countermoves).
const (
	orderTT       = 1 << 30
	orderCapture  = 1 << 24
	orderCastle   = 1 << 23
	orderKiller   = 1 << 22
	orderCounter  = 1<<22 - 2
	historyLimit  = 1 << 20
	knightCapture = 3  // a captured Knight counts as this many Men for ordering
	maxPenalised  = 32 // quiet moves whose history a cutoff lowers
)

// isQuiet reports whether m neither captures nor enters the opponent's
// castle (oppCastle): the moves that killers, history and the pruning of
// late moves deal with.
func isQuiet(m movegen.Move, oppCastle movegen.Bitboard) bool {
	return !m.IsCapture() && !oppCastle.Has(m.To)
}

// quietKey names a non-capture by its origin and destination, which
// identify it (R4); killers and countermoves are kept as keys so that
// comparing them is one integer compare. Zero names no move: no move
// starts on square 0, a cell off the board.
type quietKey uint16

func keyOf(m movegen.Move) quietKey { return quietKey(m.From) | quietKey(m.To)<<8 }

// scoreMoves fills scores for the moves of ml at ply.
func (t *thread) scoreMoves(ml *movegen.MoveList, scores []int32, ttMove PackedMove, ply int, prev movegen.Move) {
	p := &t.pos
	oppCastle := p.Geometry().Castle[p.Side.Other()]
	counter := t.counter[prev.From][prev.To]
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		var s int32
		switch {
		case ttMove.Matches(m):
			s = orderTT
		case m.IsCapture():
			n := m.Captured.Count() + (knightCapture-1)*m.Captured.And(p.Knights).Count()
			if t.s.antiPlay {
				n = -n // V11: what a side takes helps the opponent to its goal
			}
			s = orderCapture + int32(n)<<8
			if p.Knights.Has(m.From) {
				s -= 16 // prefer to risk a Man
			}
		case oppCastle.Has(m.To):
			s = orderCastle
		default:
			switch k := keyOf(m); k {
			case t.killers[ply][0]:
				s = orderKiller
			case t.killers[ply][1]:
				s = orderKiller - 1
			case counter:
				s = orderCounter
			default:
				s = t.history[p.Side][m.From][m.To]
			}
		}
		scores[i] = s
	}
}

// pickMove swaps the best-scored remaining move to index i and returns it.
func pickMove(ml *movegen.MoveList, scores []int32, i int) movegen.Move {
	best := i
	for j := i + 1; j < ml.N; j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	ml.Moves[i], ml.Moves[best] = ml.Moves[best], ml.Moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	return ml.Moves[i]
}

// updateQuietStats rewards the quiet move that caused a cutoff and
// penalises the first maxPenalised quiet moves among those tried before it.
func (t *thread) updateQuietStats(m movegen.Move, tried []movegen.Move, ply, depth int, prev movegen.Move) {
	side := t.pos.Side
	if k := keyOf(m); t.killers[ply][0] != k {
		t.killers[ply][1] = t.killers[ply][0]
		t.killers[ply][0] = k
	}
	t.counter[prev.From][prev.To] = keyOf(m)
	bonus := int32(min(depth*depth, 400))
	t.addHistory(side, m, bonus)
	oppCastle := t.pos.Geometry().Castle[side.Other()]
	n := 0
	for _, q := range tried {
		if !isQuiet(q, oppCastle) {
			continue
		}
		if n++; n > maxPenalised {
			break
		}
		t.addHistory(side, q, -bonus)
	}
}

func (t *thread) addHistory(side movegen.Color, m movegen.Move, bonus int32) {
	h := &t.history[side][m.From][m.To]
	// Gravity keeps values bounded: big values move less.
	*h += bonus - *h*abs32(bonus)/historyLimit
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
