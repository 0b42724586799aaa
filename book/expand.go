package book

import (
	"context"
	"slices"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// scored is a move with the score of the position it leads to, seen from
// the mover's side.
type scored struct {
	move  game.Move
	child game.Position
	order int // move generation order, for ties
	score int
	depth int
	known int32 // the child's node when the book has it already, else -1
}

// searchers runs searches on a pool of single-threaded engines.
type searchers struct {
	pool chan search.Engine
}

func newSearchers(threads, hash int) *searchers {
	s := &searchers{pool: make(chan search.Engine, threads)}
	for range threads {
		s.pool <- boards.NewEngine(search.Options{Hash: hash, Threads: 1})
	}
	return s
}

// scoreAll searches every position at nodes, in parallel, and returns
// their scores from the side to move's view with the depths. Each search
// starts from an empty table, so a score does not depend on which engine
// or in what order it was searched: a build is reproducible.
func (s *searchers) scoreAll(ctx context.Context, ps []game.Position, nodes uint64) (scores, depths []int, ok bool) {
	scores, depths = make([]int, len(ps)), make([]int, len(ps))
	done := make(chan struct{}, len(ps))
	for i := range ps {
		e := <-s.pool
		go func() {
			defer func() { s.pool <- e; done <- struct{}{} }()
			scores[i], depths[i] = searchScore(ctx, e, ps[i], nodes)
		}()
	}
	for range ps {
		<-done
	}
	return scores, depths, !ctxDone(ctx)
}

// searchScore scores p by a search of nodes nodes; a finished game scores
// exactly (R14–R16), at depth 0.
func searchScore(ctx context.Context, e search.Engine, p game.Position, nodes uint64) (score, depth int) {
	if o := p.Outcome(); o.IsOver() {
		return outcomeScore(o, p.Side()), 0
	}
	e.NewGame()
	res := e.Search(ctx, game.NewGame(p), search.Limits{Nodes: nodes}, nil)
	return fromEngine(res.Score), res.Depth
}

// outcomeScore is a finished game's score for side.
func outcomeScore(o game.Outcome, side game.Color) int {
	switch o.Result {
	case game.Draw:
		return 0
	case game.WhiteWins:
		if side == game.White {
			return WinScore
		}
	case game.BlackWins:
		if side == game.Black {
			return WinScore
		}
	}
	return -WinScore
}

// fromEngine converts a search score to the book's scale: a win in n moves
// is WinScore less the plies to it.
func fromEngine(s search.Score) int {
	switch {
	case s.Mate > 0:
		return WinScore - min(2*s.Mate-1, 999)
	case s.Mate < 0:
		return -WinScore + min(-2*s.Mate, 999)
	}
	return max(-scoreLimit, min(scoreLimit, s.CP))
}

// expansion is the outcome of expanding one position: the moves kept,
// with their scores, to journal and to link.
type expansion struct {
	parent int32
	kept   []scored
}

// expand scores the moves of node i and returns the ones to keep: the
// Width best by a short search, any move whose position the book already
// holds (its score costs nothing), and force, if it is a move. A position
// already expanded only gets force added.
func (b *builder) expand(ctx context.Context, i int32, force game.Move) (expansion, bool) {
	n := b.tree.nodes[i]
	var all []scored
	for k, m := range n.pos.Moves() {
		child := n.pos.Play(m)
		sc := scored{move: m, child: child, order: k, known: -1}
		if c, ok := b.tree.index[child.Key()]; ok {
			sc.known = c
			sc.score = parentScore(b.tree.nodes[c].value)
		}
		all = append(all, sc)
	}
	var kept []scored
	if n.expanded {
		for _, sc := range all {
			if sc.move == force && !slices.Contains(n.children, sc.known) {
				kept = append(kept, sc)
			}
		}
	} else {
		var unknown []game.Position
		var at []int
		for k, sc := range all {
			if sc.known < 0 {
				unknown = append(unknown, sc.child)
				at = append(at, k)
			}
		}
		scores, _, ok := b.search.scoreAll(ctx, unknown, b.cfg.ScoutNodes)
		if !ok {
			return expansion{}, false
		}
		for k, s := range scores {
			all[at[k]].score = parentScore(s)
		}
		slices.SortStableFunc(all, byScore)
		for k, sc := range all {
			if k < b.cfg.Width || sc.known >= 0 || sc.move == force {
				kept = append(kept, sc)
			}
		}
	}
	var deep []game.Position
	var at []int
	for k, sc := range kept {
		if sc.known < 0 {
			deep = append(deep, sc.child)
			at = append(at, k)
		}
	}
	scores, depths, ok := b.search.scoreAll(ctx, deep, b.cfg.Nodes)
	if !ok {
		return expansion{}, false
	}
	for k, s := range scores {
		kept[at[k]].score, kept[at[k]].depth = s, depths[k] // the child's own view
	}
	for k := range kept {
		if c := kept[k].known; c >= 0 {
			kept[k].score, kept[k].depth = b.tree.nodes[c].score, b.tree.nodes[c].depth
		}
	}
	return expansion{parent: i, kept: kept}, true
}

// apply adds an expansion's moves to the tree: the kept ones as new
// positions, the others to be linked if the book comes to hold them.
func (t *tree) apply(x expansion) {
	p := t.nodes[x.parent]
	first := !p.expanded
	p.expanded = true
	for _, sc := range x.kept {
		t.link(x.parent, t.add(sc.child, sc.score, sc.depth, p.ply+1))
	}
	if !first {
		return
	}
	for _, m := range p.pos.Moves() {
		key := p.pos.Play(m).Key()
		if i, ok := t.index[key]; ok {
			t.link(x.parent, i)
		} else if ps := t.waiting[key]; !slices.Contains(ps, x.parent) {
			t.waiting[key] = append(ps, x.parent)
		}
	}
}
