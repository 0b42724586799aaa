package puzzles

import (
	"context"
	"fmt"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// Man is the gain a puzzle's move must have over every other move, in
// centi-men: one Man.
const Man = 100

// A line of a MultiPV search: the move and its score.
type pvLine struct {
	Move  game.Move
	Score search.Score
}

// Checker searches positions for puzzles: a MultiPV 2 engine of one
// thread whose table is cleared before every search, so that the same
// position at the same node count gets the same answer (a puzzle made by
// the generator is found again by verify). It is not safe for concurrent
// use.
type Checker struct {
	e     *boards.Engine
	rater *boards.Engine
}

// NewChecker returns a checker with a table of hashMB megabytes.
func NewChecker(hashMB int) *Checker {
	return &Checker{e: boards.NewEngine(search.Options{Hash: hashMB, Threads: 1, MultiPV: 2})}
}

// top2 returns the best two moves of g's position by a MultiPV 2 search
// of the given nodes (one line when the position has one move).
func (c *Checker) top2(ctx context.Context, g *game.Game, nodes uint64) []pvLine {
	c.e.NewGame()
	var last [2]pvLine
	var have [2]bool
	var exact [2]bool
	c.e.Search(ctx, g, search.Limits{Nodes: nodes}, func(in search.Info) {
		i := in.MultiPV - 1
		if in.MultiPV == 0 {
			i = 0
		}
		if i < 0 || i > 1 || len(in.PV) == 0 || in.Note != "" {
			return
		}
		isExact := in.Score.Bound == search.BoundNone
		if exact[i] && !isExact {
			return
		}
		last[i], have[i], exact[i] = pvLine{in.PV[0], in.Score}, true, isExact
	})
	var out []pvLine
	for i := range last {
		if have[i] {
			out = append(out, last[i])
		}
	}
	if len(out) == 2 && out[0].Move == out[1].Move {
		out = out[:1]
	}
	return out
}

func wins(s search.Score) bool { return s.Mate > 0 }

// decisive reports whether the best line beats the second by the margin
// a puzzle needs: one Man, or a win against no win.
func decisive(best, second search.Score) bool {
	if wins(best) {
		return !wins(second)
	}
	return best.Value()-second.Value() >= Man
}

// judgement is what a search said of one solver position.
type judgement struct {
	best   pvLine
	second *pvLine // nil when the position has one legal move
	unique bool    // the best move is the only one that keeps the gain
	forced bool    // the position has one legal move
}

// judge searches the solver's position in g.
func (c *Checker) judge(ctx context.Context, g *game.Game, nodes uint64) judgement {
	legal := g.LegalMoves()
	var j judgement
	if len(legal) == 0 {
		return j
	}
	lines := c.top2(ctx, g, nodes)
	if len(lines) == 0 {
		return j
	}
	j.best = lines[0]
	if len(legal) == 1 {
		j.forced, j.unique = true, true
		return j
	}
	if len(lines) < 2 {
		return j
	}
	j.second = &lines[1]
	j.unique = decisive(lines[0].Score, lines[1].Score)
	return j
}

// Problem is why a puzzle fails its check.
type Problem struct {
	Move int // 1-based index into Moves of the move at fault
	Text string
}

func (p Problem) String() string { return fmt.Sprintf("move %d: %s", p.Move, p.Text) }

// Check replays p and searches every solver position at nodes: each
// solver move must be the one the search finds best, by one Man over the
// second (or a win against no win), and every move must be legal. It
// returns the first problem, or nil, and the number of solver moves that
// passed.
func (c *Checker) Check(ctx context.Context, p Puzzle, nodes uint64) (*Problem, int) {
	g, err := p.Start()
	if err != nil {
		return &Problem{0, err.Error()}, 0
	}
	passed := 0
	for i, t := range p.Moves {
		if g.Outcome().IsOver() {
			return &Problem{i + 1, fmt.Sprintf("%s: the game is already over (%s)", t, g.Outcome())}, passed
		}
		pos := g.Position()
		m, err := pos.ParseMove(t)
		if err != nil || !pos.IsLegal(m) {
			if err == nil {
				err = fmt.Errorf("not legal")
			}
			return &Problem{i + 1, fmt.Sprintf("illegal move %s: %v", t, err)}, passed
		}
		if i%2 == 1 { // a solver move
			j := c.judge(ctx, g, nodes)
			switch {
			case i == 1 && j.forced:
				return &Problem{i + 1, fmt.Sprintf("%s is the only legal move", t)}, passed
			case j.best.Move != m:
				return &Problem{i + 1, fmt.Sprintf("second solution: %s (%s) is at least as good as %s",
					pos.MoveText(j.best.Move), j.best.Score, t)}, passed
			case !j.unique && j.second != nil:
				return &Problem{i + 1, fmt.Sprintf("second solution: %s (%s) is within a Man of %s (%s)",
					pos.MoveText(j.second.Move), j.second.Score, t, j.best.Score)}, passed
			case !j.unique:
				return &Problem{i + 1, fmt.Sprintf("%s: no second line to compare", t)}, passed
			}
			passed++
		}
		if err := g.Play(m); err != nil {
			return &Problem{i + 1, err.Error()}, passed
		}
	}
	if len(p.Moves) < 2 || len(p.Moves)%2 != 0 {
		return &Problem{len(p.Moves), "the line does not end on a solver move"}, passed
	}
	return nil, passed
}

// Rate returns the lowest strength level (0–20, search.Skill with a fixed
// seed) that finds every solver move of p at the given nodes, found by a
// binary search over the levels, and the rating of that level: its
// calibrated Elo (search.EloOf). A puzzle that level 20 does not solve
// rates EloOf(20) + 200.
func (c *Checker) Rate(ctx context.Context, p Puzzle, nodes uint64) (level, rating int) {
	if c.rater == nil {
		c.rater = boards.NewEngine(search.Options{Hash: 16, Threads: 1, MultiPV: 1})
	}
	solves := func(level int) bool {
		c.rater.SetSkill(search.Skill{Level: level, Seed: 1})
		g, err := p.Start()
		if err != nil {
			return false
		}
		for i, t := range p.Moves {
			m, err := g.PlayText(t)
			if err != nil {
				return false
			}
			if i%2 == 0 && i+1 < len(p.Moves) {
				c.rater.NewGame()
				r := c.rater.Search(ctx, g, search.Limits{Nodes: nodes}, nil)
				want, err := g.Position().ParseMove(p.Moves[i+1])
				if err != nil || r.Best != want {
					return false
				}
			}
			_ = m
		}
		return true
	}
	if !solves(search.MaxSkill) {
		return search.MaxSkill, int(search.EloOf(search.MaxSkill)+0.5) + 200
	}
	lo, hi := 0, search.MaxSkill // hi solves
	for lo < hi {
		mid := (lo + hi) / 2
		if solves(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi, int(search.EloOf(hi) + 0.5)
}
