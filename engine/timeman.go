package engine

import (
	"time"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/search"
)

// Limits are the conditions of one search (search.Limits).
type Limits = search.Limits

// budget is a search's time plan: it stops between iterations after soft
// (scaled by how stable the best move is) and at once after hard, except
// in the first iteration, which it finishes to have a scored move, unless
// flag passes too: then the clock is about to fall and any move is better
// than none (a first iteration can be slow where long capture chains
// abound, as in Chivalry). Zero means no limit.
type budget struct {
	soft, hard, flag time.Duration
}

// planTime turns the limits into a budget for the side to move. With a
// clock it spends about 1/movestogo of what is left (assuming horizon
// moves, Params.TimeHorizon, when movestogo is not given) plus most of the
// increment, never more than a safe fraction of the clock, and keeps
// Move Overhead in reserve for the GUI and the pipe. The horizon is short
// although games run to 70 moves a side: Camelot's games are mostly
// decided in their first moves, so the time goes there (against 30, 20
// moves won +35.1 ± 22.1 by SPRT and 45 lost 59.6; docs/tuning-search.md).
func planTime(l Limits, side movegen.Color, overhead time.Duration, horizon int) budget {
	if l.MoveTime > 0 {
		t := max(l.MoveTime-overhead, time.Millisecond)
		return budget{soft: t, hard: t, flag: t} // the answer is due then, scored or not
	}
	left, inc := l.WTime, l.WInc
	if side == movegen.Black {
		left, inc = l.BTime, l.BInc
	}
	if left <= 0 {
		if l.WTime > 0 || l.BTime > 0 || l.WInc > 0 || l.BInc > 0 {
			left = time.Millisecond // a clock game with our flag about to fall
		} else {
			return budget{}
		}
	}
	mtg := max(horizon, 1)
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, mtg)
	}
	usable := max(left-overhead, time.Millisecond)
	soft := usable/time.Duration(mtg) + inc*3/4
	hard := min(soft*4, usable*2/5)
	if l.MovesToGo == 1 {
		hard = usable * 4 / 5
	}
	soft = min(soft, hard)
	flag := max(hard, usable*3/5)
	return budget{soft: max(soft, time.Millisecond/2), hard: max(hard, time.Millisecond), flag: max(flag, time.Millisecond)}
}

// SoftTime is the time planTime gives the side's move under l with the
// options o: what a search that is not this package's iterative deepening
// (the tree phase's, package boards) should spend; 0 without a time limit.
func SoftTime(l Limits, side movegen.Color, o Options) time.Duration {
	return planTime(l, side, o.MoveOverhead, o.Params.TimeHorizon).soft
}
