package boards

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// The tree phase (V10). A side places its three trees as one move, one of
// C(41,3) = 10,660, and the opponent then places its own before White's
// first piece move: two plies of ten thousand moves each, too wide for a
// search's move lists. The engine for every board chooses placements in
// two stages instead, each a search, on the grid's engine, of the piece
// play that follows:
//
//  1. Each free tree square alone is scored by searching the position
//     with one tree there (and the opponent's trees: its placement when
//     made, else the half-turned image of ours, V9's symmetry). Every one
//     of the placements is then ranked by the sum of its squares' scores.
//  2. The best-ranked placements, and the worst-ranked one (so that the
//     report shows what the choice is worth), are searched whole, deeper
//     and deeper while the time lasts; the best of the deepest pass is
//     played.
//
// Stage 1 deepens while under a twelfth of the move's time; stage 2 goes
// on while its next pass can end within it, or to the end of a move time.

// placementsSearched is how many of the best-ranked placements stage 2
// searches.
const placementsSearched = 12

// treeChoice is a placement with its score for the side placing it.
type treeChoice struct {
	move  game.Move
	score int
}

// chooseTrees picks the placement of the side to move of g, which is in
// the tree phase, within the limits, and reports its reason as an info
// note.
func (e *Engine) chooseTrees(ctx context.Context, g *game.Game, lim search.Limits, info func(search.Info)) search.Result {
	start := time.Now()
	pos := g.Position()
	free := pos.TreeChoices()
	if len(free) < game.TreesPerSide {
		return search.Result{}
	}
	if e.opts.Play == search.PlayRandom {
		return search.Result{Best: randomPlacement(free), Depth: 1, Nodes: 1}
	}
	b := engine.SoftTime(lim, pos.Side(), e.Options())
	maxDepth := lim.Depth
	if maxDepth <= 0 {
		maxDepth = 64
		if b == 0 && !lim.Infinite {
			maxDepth = 4 // no limit given: a quick, fixed choice
		}
	}
	ts := &treeSearch{ge: e.gridEngine(pos.Variant()), ctx: ctx, pos: pos, maxNodes: lim.Nodes}
	if b > 0 {
		ts.deadline = start.Add(b)
	}

	// Stage 1: every free square alone.
	single := make([]int, len(free))
	depth1 := 0
	for d := 1; d <= min(maxDepth, 8); d++ {
		scores := make([]int, len(free))
		for i, s := range free {
			v, done := ts.score([]game.Square{s}, d)
			if !done {
				scores = nil
				break
			}
			scores[i] = v
		}
		if scores == nil {
			break
		}
		single, depth1 = scores, d
		if b > 0 && time.Since(start) > b/12 { // the next pass takes two or three times as long
			break
		}
	}

	// Rank every placement by its squares' scores.
	var ranked []treeChoice
	for i := 0; i < len(free); i++ {
		for j := i + 1; j < len(free); j++ {
			for k := j + 1; k < len(free); k++ {
				ranked = append(ranked, treeChoice{game.Placement(free[i], free[j], free[k]), single[i] + single[j] + single[k]})
			}
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	worst := ranked[len(ranked)-1]

	// Stage 2: the short list and the worst-ranked placement, searched
	// whole, deeper while time lasts, the best of the last pass first. A
	// pass cut short still counts when it re-searched the best one: as an
	// iteration of a search does, it then plays the best of what it ended.
	short := append(ranked[:min(placementsSearched, len(ranked)-1):min(placementsSearched, len(ranked)-1)], worst)
	best, bestDepth := short[0], 0
	worstScore, lastPass := "unsearched", 0
	for d := max(depth1, 1); d <= maxDepth; d++ {
		passStart := time.Now()
		pass := make([]treeChoice, 0, len(short))
		for _, c := range short {
			v, done := ts.score(c.move.Captured.Squares(), d)
			if !done {
				break
			}
			pass = append(pass, treeChoice{c.move, v})
			if c.move == worst.move {
				worstScore = fmt.Sprintf("%s at depth %d", search.MakeScore(v), d)
			}
		}
		if len(pass) == 0 {
			break
		}
		sort.SliceStable(pass, func(i, j int) bool { return pass[i].score > pass[j].score })
		best, bestDepth, lastPass = pass[0], d, len(pass)
		if info != nil {
			el := time.Since(start)
			info(search.Info{Depth: d, Score: search.MakeScore(best.score), Nodes: ts.nodes,
				NPS: uint64(float64(ts.nodes) / max(el.Seconds(), 1e-3)), Time: el, PV: []game.Move{best.move}})
		}
		if len(pass) < len(short) {
			break
		}
		short = pass
		// On a clock, no pass is begun that would not end in time; a move
		// time is spent whole.
		if b > 0 && lim.MoveTime == 0 && time.Since(start)+time.Since(passStart)*2 > b {
			break
		}
	}
	if info != nil {
		info(search.Info{Note: fmt.Sprintf("trees %s: %d placements ranked by their squares at depth %d; %d searched whole to depth %d (%d of them at the last): best %s %s; the worst-ranked %s %s",
			pos.MoveText(best.move), len(ranked), depth1, len(short), bestDepth, lastPass,
			pos.MoveText(best.move), search.MakeScore(best.score), pos.MoveText(worst.move), worstScore)})
	}
	return search.Result{Best: best.move, Score: search.MakeScore(best.score), Depth: max(bestDepth, 1), Nodes: ts.nodes}
}

// randomPlacement draws three of the free squares.
func randomPlacement(free []game.Square) game.Move {
	p := rand.Perm(len(free))
	return game.Placement(free[p[0]], free[p[1]], free[p[2]])
}

// treeSearch runs the tree phase's searches on the grid's engine.
type treeSearch struct {
	ge       search.Engine
	ctx      context.Context
	pos      game.Position
	deadline time.Time // zero: none
	maxNodes uint64    // 0: none
	nodes    uint64
}

// score returns the value, for the side placing, of its trees standing on
// the given squares with the opponent's trees as modelled, by a search of
// depth plies; done is false when time, nodes or a stop cut it short.
func (ts *treeSearch) score(trees []game.Square, depth int) (int, bool) {
	if ts.ctx.Err() != nil || ts.maxNodes > 0 && ts.nodes >= ts.maxNodes {
		return 0, false
	}
	v := ts.pos.Variant()
	us := ts.pos.Side()
	var set, opp game.SquareSet
	for _, s := range trees {
		set.Set(s)
	}
	for _, s := range v.TreeSquares(us.Other()) {
		if ts.pos.PieceAt(s) == game.Tree {
			opp.Set(s)
		}
	}
	if opp.IsEmpty() { // the opponent answers alike (V9's symmetry)
		for _, s := range trees {
			opp.Set(v.HalfTurn(s))
		}
	}
	for _, s := range opp.Squares() {
		set.Set(s)
	}
	lim := search.Limits{Depth: depth}
	if !ts.deadline.IsZero() {
		left := time.Until(ts.deadline)
		if left <= 0 {
			return 0, false
		}
		lim.MoveTime = left + ts.ge.Options().MoveOverhead
	}
	if ts.maxNodes > 0 {
		lim.Nodes = ts.maxNodes - ts.nodes
	}
	res := ts.ge.Search(ts.ctx, game.NewGame(ts.pos.WithTrees(set)), lim, nil)
	ts.nodes += res.Nodes
	cut := ts.ctx.Err() != nil || !ts.deadline.IsZero() && time.Now().After(ts.deadline) ||
		ts.maxNodes > 0 && ts.nodes >= ts.maxNodes
	if res.Best == game.NullMove || res.Depth < depth && cut {
		return 0, false
	}
	score := res.Score.Value()
	if us == game.Black {
		score = -score // the searched position has White to move
	}
	return score, true
}
