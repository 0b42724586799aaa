package solve

import (
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/camelot-engine/camelot/internal/parallel"
	"github.com/camelot-engine/camelot/movegen"
)

// While a layer is solved each position has a word of state: its Value
// (0 while unresolved), a counter of its successors in the layer not yet
// known to be won for the opponent, and the best value its exits (captures,
// into layers already solved) give it.
const (
	countShift   = 8
	pendingShift = 16
	countMask    = 0xff << countShift
	cannotLose   = 0xff // counter value: an exit is drawn or lost for the opponent
	chunk        = 1 << 14
)

// layerSolver solves one signature, the layers below it being solved.
type layerSolver struct {
	sig     Signature
	n       uint64
	state   []uint32
	below   func(Signature) []Value
	threads int
	report  func(n int64) // positions examined, for the progress bar
}

// LayerStats sums up a solved layer.
type LayerStats struct {
	Won, Lost, Drawn uint64
	LongestWin       int // plies; 0 when nothing is won
	LongestLoss      int
	Rounds           int
}

// solveLayer returns the values of every position of sig. done, if not
// nil, is called when the layers below are no longer read, so that the
// caller can free those no other layer needs before the values are made.
func solveLayer(sig Signature, below func(Signature) []Value, threads int, report func(int64), done func()) ([]Value, LayerStats, error) {
	s := &layerSolver{sig: sig, n: sig.Size(), below: below, threads: threads, report: report}
	s.state = make([]uint32, s.n)
	maxPending := s.initialise()
	var stats LayerStats
	for d := 0; ; d++ {
		if d+1 > MaxPlies {
			return nil, stats, fmt.Errorf("layer %s: a distance passes %d plies, more than a table byte holds", sig, MaxPlies)
		}
		processed, marked := s.round(d)
		stats.Rounds = d + 1
		if processed == 0 && marked == 0 && d >= maxPending {
			break
		}
	}
	if done != nil {
		done()
	}
	values := make([]Value, s.n)
	for i, st := range s.state {
		v := Value(st)
		values[i] = v
		switch {
		case v.IsWin():
			stats.Won++
			stats.LongestWin = max(stats.LongestWin, v.Plies())
		case v.IsLoss():
			stats.Lost++
			stats.LongestLoss = max(stats.LongestLoss, v.Plies())
		default:
			stats.Drawn++
		}
	}
	s.state = nil
	return values, stats, nil
}

// parts runs fn over the layer's indices in chunks on every thread.
func (s *layerSolver) parts(fn func(lo, hi uint64)) {
	var next atomic.Uint64
	chunks := (s.n + chunk - 1) / chunk
	parallel.Parts(s.threads, s.threads, func(_, _, _ int) {
		for {
			c := next.Add(1) - 1
			if c >= chunks {
				return
			}
			lo := c * chunk
			fn(lo, min(lo+chunk, s.n))
		}
	})
}

// initialise gives every position its counter and its exits' value, and
// resolves the positions that are over or have only exits. It returns the
// longest distance an exit gives.
func (s *layerSolver) initialise() int {
	var longest atomic.Int64
	s.parts(func(lo, hi uint64) {
		var ml movegen.MoveList
		top := 0
		for idx := lo; idx < hi; idx++ {
			st, pend := s.start(Unrank(s.sig, idx), &ml)
			s.state[idx] = st
			top = max(top, pend)
		}
		for {
			old := longest.Load()
			if int64(top) <= old || longest.CompareAndSwap(old, int64(top)) {
				break
			}
		}
		s.report(int64(hi - lo))
	})
	return int(longest.Load())
}

// start returns the initial state word of pl and the distance of its
// pending exit value (0 if none).
func (s *layerSolver) start(pl Placement, ml *movegen.MoveList) (uint32, int) {
	p := pl.position()
	p.GenerateMoves(ml)
	if v, over := terminalValue(&p, ml.N); over {
		return uint32(v), 0
	}
	inLayer := 0
	win, loss, drawExit := 0, 0, false // distances an exit gives: shortest win, longest loss
	for _, m := range ml.Slice() {
		if !m.IsCapture() {
			inLayer++
			continue
		}
		v := s.exitValue(pl.after(m))
		switch {
		case v.IsLoss():
			if d := v.Plies() + 1; win == 0 || d < win {
				win = d
			}
		case v.IsWin():
			loss = max(loss, v.Plies()+1)
		default:
			drawExit = true
		}
	}
	if inLayer >= cannotLose {
		panic("solve: too many moves in one position")
	}
	switch {
	case win > 0:
		if inLayer == 0 {
			return uint32(InPlies(win)), 0
		}
		return cannotLose<<countShift | uint32(InPlies(win))<<pendingShift, win
	case drawExit:
		return cannotLose << countShift, 0 // a draw or a win through the layer
	case inLayer == 0:
		return uint32(InPlies(loss)), 0
	case loss > 0:
		return uint32(inLayer)<<countShift | uint32(InPlies(loss))<<pendingShift, loss
	}
	return uint32(inLayer) << countShift, 0
}

// exitValue returns the value of a position reached by a capture: in a
// layer below, or over because a side has no piece left.
func (s *layerSolver) exitValue(pl Placement) Value {
	if pl.Pieces[pl.Side] == 0 {
		return LostNow // V5: the side that moved captured every piece
	}
	if pl.Pieces[pl.Side.Other()] == 0 {
		return WinNow
	}
	return s.below(pl.Signature())[Index(pl)]
}

// round resolves the positions at distance d: those whose exits give d
// and, for every position resolved at d, its predecessors in the layer
// (a loss at d makes each predecessor a win at d+1; a win at d lowers each
// predecessor's counter, and the last one makes it a loss at d+1, or later
// if an exit gives a longer loss). It returns how many positions were at d
// and how many were resolved at d+1.
func (s *layerSolver) round(d int) (processed, marked uint64) {
	var nProcessed, nMarked atomic.Uint64
	at := InPlies(d)
	s.parts(func(lo, hi uint64) {
		var ml movegen.MoveList
		var seen, set uint64
		for idx := lo; idx < hi; idx++ {
			st := atomic.LoadUint32(&s.state[idx])
			if Value(st) == Draw && Value(st>>pendingShift) == at {
				count := st & countMask >> countShift
				if count == cannotLose || count == 0 { // a pending win, or a loss whose successors are all won
					atomic.CompareAndSwapUint32(&s.state[idx], st, st|uint32(at))
					st = atomic.LoadUint32(&s.state[idx])
				}
			}
			if Value(st) != at {
				continue
			}
			seen++
			unmoves(Unrank(s.sig, idx), &ml, func(p Placement) {
				if s.predecessor(Index(p), d) {
					set++
				}
			})
		}
		nProcessed.Add(seen)
		nMarked.Add(set)
		s.report(int64(seen))
	})
	return nProcessed.Load(), nMarked.Load()
}

// predecessor updates the position at idx, which has a move into a
// position resolved at distance d, and reports whether that resolved it.
func (s *layerSolver) predecessor(idx uint64, d int) bool {
	w := &s.state[idx]
	for {
		st := atomic.LoadUint32(w)
		if Value(st) != Draw {
			return false
		}
		if d%2 == 0 { // a move to a lost position: a win at d+1
			if atomic.CompareAndSwapUint32(w, st, st|uint32(InPlies(d+1))) {
				return true
			}
			continue
		}
		if st&countMask>>countShift == cannotLose {
			return false
		}
		st = atomic.AddUint32(w, ^uint32(1<<countShift-1))
		if st&countMask != 0 {
			return false
		}
		// Every successor is won for the opponent: a loss, as late as the
		// longest of them (this one, at d) or of the exits.
		loss := d + 1
		if pend := Value(st >> pendingShift); pend != Draw {
			loss = max(loss, pend.Plies())
		}
		if loss > d+1 {
			return false // resolved by the round of that distance
		}
		for !atomic.CompareAndSwapUint32(w, st, st|uint32(InPlies(loss))) {
			st = atomic.LoadUint32(w)
		}
		return true
	}
}

// position returns pl as a movegen position without its hash key, which
// move generation does not read.
func (pl Placement) position() movegen.Position {
	return movegen.Position{
		Pieces:     [2]movegen.Bitboard{camette.bitboard(pl.Pieces[0]), camette.bitboard(pl.Pieces[1])},
		Knights:    camette.bitboard(pl.Knights),
		Side:       pl.Side,
		Variant:    movegen.Camette,
		MoveNumber: 1,
	}
}

// after returns the placement after the legal move m.
func (pl Placement) after(m movegen.Move) Placement {
	us, them := pl.Side, pl.Side.Other()
	from, to := Mask(1)<<uint(camette.number[m.From]), Mask(1)<<uint(camette.number[m.To])
	// Not a toggle: a capture may end on its own starting square (R8: a
	// jump chain may come back, a Charge may start with canters).
	pl.Pieces[us] = pl.Pieces[us]&^from | to
	if pl.Knights&from != 0 {
		pl.Knights = pl.Knights&^from | to
	}
	if m.IsCapture() {
		c := camette.maskOf(m.Captured)
		pl.Pieces[them] &^= c
		pl.Knights &^= c
	}
	pl.Side = them
	return pl
}

// unmoves calls fn with every position that has a legal non-capture move
// to pl (the side not to move in pl made it). Candidates come from
// reversing plain moves and canters, the only moves that stay within a
// layer. A candidate is kept when the move is legal in it: plain moves and
// Men's canters by the rules below (R6, R7, R11, V5); a Knight's canter
// (R10) and a move out of the own castle (R12) by asking the forward
// generator, which lists that move or not. TestUnmovesMatchForward checks
// the shortcuts against the generator on every kind of position.
func unmoves(pl Placement, ml *movegen.MoveList, fn func(Placement)) {
	mover := pl.Side.Other()
	own, enemy := pl.Pieces[mover], pl.Pieces[pl.Side]
	empty := boardMask &^ (own | enemy)
	if enemy&camette.castle[mover] != 0 {
		return // the game was over before the last move (V5)
	}
	for rest := own; rest != 0; rest &= rest - 1 {
		t := bits.TrailingZeros32(uint32(rest))
		tm := Mask(1) << uint(t)
		if camette.castle[mover]&tm != 0 {
			continue // a plain move or canter never ends in its own castle
		}
		steps := camette.adj[t] & empty
		from := steps | canterReach(t, own&^tm, empty|tm)&^tm
		knight := pl.Knights&tm != 0
		for f := from; f != 0; f &= f - 1 {
			fm := f & -f
			p := pl
			p.Pieces[mover] ^= tm | fm
			if knight {
				p.Knights ^= tm | fm
			}
			p.Side = mover
			if p.Pieces[mover]&camette.castle[pl.Side] != 0 {
				continue // the game was over before (V5)
			}
			if p.Pieces[mover]&camette.castle[mover] != 0 || knight && steps&fm == 0 {
				// R12 or R10: let the generator decide.
				pos := p.position()
				pos.GenerateMoves(ml)
				move := movegen.Move{From: camette.square[bits.TrailingZeros32(uint32(fm))], To: camette.square[t]}
				if ml.Contains(move) {
					fn(p)
				}
				continue
			}
			if !canCapture(p.Pieces[mover], enemy, boardMask&^(p.Pieces[mover]|enemy)) { // R11
				fn(p)
			}
		}
	}
}

// canCapture reports whether one of pieces can jump one of enemy (R8,
// R11). No piece stands in the opponent's castle: the game would be over.
func canCapture(pieces, enemy, empty Mask) bool {
	for ; pieces != 0; pieces &= pieces - 1 {
		s := bits.TrailingZeros32(uint32(pieces))
		if camette.adj[s]&enemy == 0 {
			continue
		}
		for _, lp := range camette.leapOver[s] {
			if enemy&(1<<uint(lp.over)) != 0 && empty&(1<<uint(lp.land)) != 0 {
				return true
			}
		}
	}
	return false
}

// canterReach returns the squares from which a canter over pivots, landing
// on empty squares, can end on t (t included). A canter never lands in a
// castle on its way: it may not enter its own and stops in the opponent's
// (R7), so only t and squares outside the castles continue a route.
func canterReach(t int, pivots, empty Mask) Mask {
	castles := camette.castle[0] | camette.castle[1]
	reach := Mask(1) << uint(t)
	for frontier := reach; frontier != 0; {
		s := bits.TrailingZeros32(uint32(frontier))
		frontier &= frontier - 1
		for _, lp := range camette.leapOver[s] {
			land := Mask(1) << uint(lp.land)
			if pivots&(1<<uint(lp.over)) != 0 && empty&land != 0 && reach&land == 0 {
				reach |= land
				if castles&land == 0 {
					frontier |= land
				}
			}
		}
	}
	return reach
}
