package puzzles

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// Config is how hard the generator looks.
type Config struct {
	Nodes     uint64 // nodes of each MultiPV 2 search that finds and extends a line
	Recheck   uint64 // nodes of the check a puzzle must pass before it is kept (0: none); its line is cut to the solver moves that pass
	RateNodes uint64 // nodes of each search of the rating's levels (0: Nodes)
	// MaxSolverMoves caps a line: lines that win the game get up to
	// twice as many.
	MaxSolverMoves int
}

// DefaultMaxSolverMoves is the cap of a line that does not win the game.
const DefaultMaxSolverMoves = 3

// Reject says why a position is not a puzzle.
type Reject string

// The reasons of Find.
const (
	NotCandidate Reject = "no move gains a Man over the others"
	Forced       Reject = "the only legal move"
	Over         Reject = "the game is over"
	Trees        Reject = "a tree placement"
	Losing       Reject = "the best move still loses"
	Unstable     Reject = "the first move is not unique at the recheck"
	AlreadyWon   Reject = "the second-best move is already ahead by WonMargin"
)

// WonMargin is the score of the second-best move (centi-men) from which
// the solver's position counts as already won: nothing is left to find.
const WonMargin = 14 * Man

// Find looks for a puzzle starting with the opponent's move opp, played in
// the last position of before: the solver is the side to move after it.
// It returns the puzzle, whether the position was a candidate (a move
// gaining a Man over the others, or winning against no win), and why not
// when there is none. Source and ID are set; Source is src.
func (c *Checker) Find(ctx context.Context, before *game.Game, opp game.Move, src string, cfg Config) (Puzzle, bool, Reject) {
	if cfg.MaxSolverMoves <= 0 {
		cfg.MaxSolverMoves = DefaultMaxSolverMoves
	}
	start := before.Position()
	if start.InTreePhase() || opp.IsPlacement() || opp.IsClaim() {
		return Puzzle{}, false, Trees
	}
	g := game.NewGame(start)
	g.DrawsAreClaims = before.DrawsAreClaims
	oppText := start.MoveText(opp)
	if err := g.Play(opp); err != nil || g.Outcome().IsOver() {
		return Puzzle{}, false, Over
	}
	if g.Position().InTreePhase() {
		return Puzzle{}, false, Trees
	}
	j := c.judge(ctx, g, cfg.Nodes)
	if j.forced {
		return Puzzle{}, false, Forced
	}
	if !j.unique {
		return Puzzle{}, false, NotCandidate
	}
	if !wins(j.best.Score) && j.best.Score.Value() < -Man/2 {
		return Puzzle{}, true, Losing
	}
	if alreadyWon(j) {
		return Puzzle{}, true, AlreadyWon
	}
	first := j
	maxMoves := cfg.MaxSolverMoves
	if wins(j.best.Score) {
		maxMoves *= 2
	}
	p := Puzzle{CFEN: start.CFEN(), Variant: start.Variant(), Source: src, RatingDeviation: 100}
	p.Moves = []string{oppText, g.Position().MoveText(j.best.Move)}
	for solver := 1; ; solver++ {
		if err := g.Play(j.best.Move); err != nil || g.Outcome().IsOver() || solver >= maxMoves {
			break
		}
		r := c.top2(ctx, g, cfg.Nodes)
		if len(r) == 0 {
			break
		}
		reply := r[0].Move
		replyText := g.Position().MoveText(reply)
		if err := g.Play(reply); err != nil || g.Outcome().IsOver() {
			break
		}
		j = c.judge(ctx, g, cfg.Nodes)
		if !j.unique || j.forced {
			break
		}
		p.Moves = append(p.Moves, replyText, g.Position().MoveText(j.best.Move))
	}
	if cfg.Recheck > 0 {
		prob, passed := c.Check(ctx, p, cfg.Recheck)
		if prob != nil {
			if passed == 0 {
				return Puzzle{}, true, Unstable
			}
			p.Moves = p.Moves[:2*passed]
		}
	}
	p.Themes = Themes(p, first.best.Score)
	rn := cfg.RateNodes
	if rn == 0 {
		rn = cfg.Nodes
	}
	_, p.Rating = c.Rate(ctx, p, rn)
	p.ID = MakeID(p.CFEN, p.Moves)
	return p, true, ""
}

// alreadyWon reports whether the second-best move of a judged position
// is itself ahead by WonMargin or more.
func alreadyWon(j judgement) bool {
	return j.second != nil && j.second.Score.Value() >= WonMargin
}

// AlreadyWon reports whether the solver's first position of p is already
// won without the solution: the second-best move by a MultiPV 2 search at
// nodes is ahead by WonMargin or more. The generator drops such
// positions; it is the same search the generator made, so filtering a
// file by it is the same as generating with the rule.
func (c *Checker) AlreadyWon(ctx context.Context, p Puzzle, nodes uint64) bool {
	g, err := p.Start()
	if err != nil || len(p.Moves) == 0 {
		return false
	}
	if _, err := g.PlayText(p.Moves[0]); err != nil {
		return false
	}
	return alreadyWon(c.judge(ctx, g, nodes))
}

// material is c's material less the other side's: a Man 1, a Knight 2.
func material(pos game.Position, c game.Color) (balance, pieces int) {
	for _, s := range pos.Variant().Squares() {
		pc := pos.PieceAt(s)
		if !pc.IsPiece() {
			continue
		}
		pieces++
		w := 1
		if pc.Kind() == game.Knight {
			w = 2
		}
		if pc.Color() == c {
			balance += w
		} else {
			balance -= w
		}
	}
	return balance, pieces
}

// Themes tags a puzzle by patterns of its line (docs/puzzles.md); first is
// the search's score of the first solver move, for defence.
func Themes(p Puzzle, first search.Score) []string {
	g, err := p.Start()
	if err != nil {
		return nil
	}
	var th []string
	add := func(t string) {
		if !slices.Contains(th, t) {
			th = append(th, t)
		}
	}
	var solver game.Color
	var balance0, pieces0 int
	startPieces := 0
	if sp, err := boards.ParseCFEN(p.Variant, p.Variant.StartCFEN()); err == nil {
		_, startPieces = material(sp, game.White)
	}
	sacrifice := false
	var last game.Move
	var lastPos game.Position
	for i, t := range p.Moves {
		pos := g.Position()
		m, err := g.PlayText(t)
		if err != nil {
			return th
		}
		if i == 0 {
			solver = g.Position().Side()
			balance0, pieces0 = material(g.Position(), solver)
			switch {
			case g.Position().MoveNumber() <= 10:
				add("opening")
			case 5*pieces0 <= 2*startPieces:
				add("endgame")
			default:
				add("middlegame")
			}
			continue
		}
		if i%2 == 1 {
			last, lastPos = m, pos
			if m.Captured.Count() >= 2 {
				add("multijump")
			}
			if pc := pos.PieceAt(m.From); pc.IsPiece() && pc.Kind() == game.Knight && m.IsCapture() {
				if r, ok := pos.Route(m); ok && r.Canters > 0 && r.Canters < len(r.Squares)-1 {
					add("charge")
				}
			}
		} else if b, _ := material(g.Position(), solver); b < balance0 {
			sacrifice = true
		}
	}
	if o := g.Outcome(); o.IsOver() && o.Result == game.WinFor(solver) {
		if slices.Contains(p.Variant.Castle(solver.Other()), last.To) && !lastPos.IsZero() {
			add("castle")
		}
		add("win")
	}
	if sacrifice {
		add("sacrifice")
	}
	if !wins(first) && first.Value() < Man {
		add("defence")
	}
	switch n := p.SolverMoves(); {
	case n == 1:
		add("oneMove")
	case n == 2:
		add("short")
	default:
		add("long")
	}
	return th
}

// FromGame looks for puzzles at every move of g but its first (each
// after the opponent's previous move). seen reports a position already
// used (by the CFEN the solver faces) and marks it; emit gets each puzzle.
// It returns the candidates looked at.
func (c *Checker) FromGame(ctx context.Context, g *game.Game, src func(ply int) string, cfg Config, seen func(cfen string) bool, emit func(Puzzle)) (candidates int) {
	moves := g.Moves()
	cur := game.NewGame(g.Start())
	cur.DrawsAreClaims = g.DrawsAreClaims
	for k, m := range moves {
		if ctx.Err() != nil {
			return candidates
		}
		if k > 0 && !cur.Position().InTreePhase() {
			after := cur.Position().Play(m)
			if !after.Outcome().IsOver() && !seen(after.CFEN()) {
				p, cand, _ := c.Find(ctx, cur, m, src(k+1), cfg)
				if cand {
					candidates++
				}
				if p.ID != "" {
					emit(p)
				}
			}
		}
		if err := cur.Play(m); err != nil || cur.Outcome().IsOver() {
			break
		}
	}
	return candidates
}

// SelfPlay plays one weak-ish game of v for the generator: 2–7 random
// plies (every tree placement random), then both sides at a strength
// level of 3–12 (search.Skill, seeded), up to 240 plies. The game is a
// function of seed and index alone.
func SelfPlay(ctx context.Context, e *boards.Engine, v game.Variant, seed uint64, index int) *game.Game {
	rng := rand.New(rand.NewPCG(seed, uint64(index)))
	g := boards.NewGame(v)
	random := 2 + rng.IntN(6)
	levels := [2]int{3 + rng.IntN(10), 3 + rng.IntN(10)}
	for ply := 0; ply < 240 && !g.Outcome().IsOver() && ctx.Err() == nil; ply++ {
		legal := g.LegalMoves()
		legal = slices.DeleteFunc(legal, game.Move.IsClaim)
		if len(legal) == 0 {
			break
		}
		var m game.Move
		if ply < random || g.Position().InTreePhase() {
			m = legal[rng.IntN(len(legal))]
		} else {
			side := g.Position().Side()
			e.SetSkill(search.Skill{Level: levels[side], Seed: seed*1000003 + uint64(index)*7919 + uint64(ply) + 1})
			e.NewGame()
			m = e.Search(ctx, g, search.Limits{Nodes: 20000}, nil).Best
			if !g.Position().IsLegal(m) {
				m = legal[rng.IntN(len(legal))]
			}
		}
		if g.Play(m) != nil {
			break
		}
	}
	return g
}
