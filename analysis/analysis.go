// Package analysis annotates game records with the engine's judgement:
// every position is searched, each move gets its score, a move that loses
// value gets a mark by how much, and where a better move existed the
// engine's line goes in as a variation.
//
// One search a position is enough (as lichess's analysis does it): the
// value of a move is the negated score of the position after it, which is
// the next position's own search. A move's loss is the score of the best
// move minus the value of the move played, both from the mover's view,
// with scores capped at ±ScoreCap so that a move that keeps a won game won
// is not called a blunder for winning less quickly.
//
// A game is replayed and searched under its record's rule set (V14). Under
// AbstractPlay's, the draw claim (game.ClaimDraw, written "draw", V14.3)
// is a move like the others: the last of its game, whose position after
// it is the game's end, a draw; its loss is the value of the position
// before it that the claim gave up. The engine's line may end with it too.
package analysis

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/progress"
	"github.com/camelot-engine/camelot/record"
	"github.com/camelot-engine/camelot/search"
)

// Mark thresholds, in centi-men of loss (a Man is 100), and the cap on
// the scores they are computed from.
const (
	InaccuracyLoss = 50  // ?!
	MistakeLoss    = 100 // ?
	BlunderLoss    = 200 // ??
	ScoreCap       = 1000
	mateValue      = 100_000 // a decided game, before the cap
	pvPlies        = 10      // plies of the engine's line kept in a variation
)

// Config says how hard to look.
type Config struct {
	MoveTime time.Duration // per position; used when Depth is 0
	Depth    int           // per position
	Threads  int
	Hash     int // MB
	// FromPly and ToPly (1-based, inclusive; 0: no bound) limit the moves
	// analysed.
	FromPly, ToPly int
	// Oracle, when set, gives the exact value of the positions it knows
	// (Camette's solution table): each such position's judgement carries
	// it, and the engine plays and searches by it.
	Oracle engine.Oracle
}

// Check reports the first setting out of range.
func (c Config) Check() error {
	switch {
	case c.Depth < 0 || c.MoveTime < 0:
		return fmt.Errorf("depth and move time must not be negative")
	case c.Depth == 0 && c.MoveTime == 0:
		return fmt.Errorf("a depth or a move time per position is needed")
	case c.Threads < 1:
		return fmt.Errorf("threads must be at least 1")
	case c.Hash < 1:
		return fmt.Errorf("hash must be at least 1 MB")
	case c.FromPly < 0 || c.ToPly < 0 || (c.ToPly > 0 && c.ToPly < c.FromPly):
		return fmt.Errorf("bad ply range %d-%d", c.FromPly, c.ToPly)
	}
	return nil
}

// Judgement is the engine's view of one position.
type Judgement struct {
	Score search.Score // from the side to move's view
	Depth int
	Best  game.Move // NullMove when the game is over
	PV    []game.Move
	Over  game.Outcome
	Exact *search.Exact // the oracle's value, from the side to move's view; nil: unknown
}

// value is the judgement's score as a number, from the side to move's
// view: centi-men, or ±mateValue for a decided game.
func (j Judgement) value() int {
	switch {
	case j.Over.IsOver():
		if j.Over.Result == game.Draw {
			return 0
		}
		return -mateValue // the side to move has lost (R14, R15)
	case j.Score.Mate > 0:
		return mateValue
	case j.Score.Mate < 0:
		return -mateValue
	}
	return j.Score.CP
}

func capped(v int) int { return max(-ScoreCap, min(ScoreCap, v)) }

// MoveReport is the analysis of one move.
type MoveReport struct {
	Ply      int // 1-based, from the record's start
	Side     game.Color
	Move     game.Move
	After    Judgement // the position after the move
	Before   Judgement // the position before it: the best move and line
	Loss     int       // centi-men, capped scores, mover's view
	Mark     string    // "", "?!", "?" or "??"
	BetterPV bool      // Before.PV is worth a variation
	Analysed bool      // inside the ply range
}

// Summary counts one side's moves.
type Summary struct {
	Moves        int     // analysed moves
	AverageLoss  float64 // centi-men a move
	Inaccuracies int
	Mistakes     int
	Blunders     int
}

// Report is the analysis of a game.
type Report struct {
	Game    *record.Game
	Moves   []MoveReport
	Summary [2]Summary // by colour
}

// Analyser searches positions with one engine.
type Analyser struct {
	cfg      Config
	e        *boards.Engine
	bar      *progress.Bar
	searched int            // positions judged so far
	progress func(done int) // called after each position; nil: none
}

// New returns an analyser; progress (a bar on a terminal) goes to status
// for total positions.
func New(cfg Config, status io.Writer, total int) (*Analyser, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	e := boards.NewEngine(search.Options{Hash: cfg.Hash, Threads: cfg.Threads})
	e.SetOracle(cfg.Oracle)
	return &Analyser{cfg: cfg, e: e, bar: progress.New(status, "analyse", "positions", 0, int64(total))}, nil
}

// OnProgress has f called with the number of positions judged so far
// after each one, for a caller that shows progress its own way.
func (a *Analyser) OnProgress(f func(done int)) { a.progress = f }

// Done ends the progress bar.
func (a *Analyser) Done() { a.bar.Done() }

// Positions returns the number of positions an analysis under c
// searches in g.
func (c Config) Positions(g *record.Game) int {
	from, to := c.plyRange(len(g.Moves))
	if to < from {
		return 0
	}
	return to - from + 2
}

// plyRange returns the 1-based moves to analyse.
func (c Config) plyRange(n int) (from, to int) {
	from, to = max(c.FromPly, 1), n
	if c.ToPly > 0 {
		to = min(to, c.ToPly)
	}
	return from, to
}

// Analyse searches the positions of g and judges its moves.
func (a *Analyser) Analyse(ctx context.Context, g *record.Game) (*Report, error) {
	mg, err := replayStart(g)
	if err != nil {
		return nil, err
	}
	a.e.NewGame()
	from, to := a.cfg.plyRange(len(g.Moves))
	rep := &Report{Game: g, Moves: make([]MoveReport, len(g.Moves))}
	var before Judgement
	for i, m := range g.Moves {
		ply := i + 1
		pos := mg.Position()
		r := &rep.Moves[i]
		r.Ply, r.Side, r.Move = ply, pos.Side(), m.Move
		if ply == from {
			if before, err = a.judge(ctx, mg); err != nil {
				return nil, err
			}
		}
		if err := mg.Play(m.Move); err != nil {
			return nil, fmt.Errorf("move %d: %v", ply, err)
		}
		if ply < from || ply > to {
			continue
		}
		after, err := a.judge(ctx, mg)
		if err != nil {
			return nil, err
		}
		r.Analysed, r.Before, r.After = true, before, after
		r.Loss = max(0, capped(before.value())-capped(-after.value()))
		if m.Move == before.Best {
			r.Loss = 0
		}
		r.Mark = mark(r.Loss)
		r.BetterPV = r.Mark != "" && before.Best != game.NullMove && len(before.PV) > 0
		s := &rep.Summary[r.Side]
		s.Moves++
		s.AverageLoss += float64(r.Loss)
		switch r.Mark {
		case "?!":
			s.Inaccuracies++
		case "?":
			s.Mistakes++
		case "??":
			s.Blunders++
		}
		before = after
	}
	for c := range rep.Summary {
		if s := &rep.Summary[c]; s.Moves > 0 {
			s.AverageLoss /= float64(s.Moves)
		}
	}
	return rep, nil
}

// mark names a loss.
func mark(loss int) string {
	switch {
	case loss >= BlunderLoss:
		return "??"
	case loss >= MistakeLoss:
		return "?"
	case loss >= InaccuracyLoss:
		return "?!"
	}
	return ""
}

// judge searches the current position of mg.
func (a *Analyser) judge(ctx context.Context, mg *game.Game) (Judgement, error) {
	defer func() {
		a.bar.Add(1)
		a.searched++
		if a.progress != nil {
			a.progress(a.searched)
		}
	}()
	if o := mg.Outcome(); o.IsOver() {
		return Judgement{Over: o}, nil
	}
	lim := search.Limits{Depth: a.cfg.Depth}
	if a.cfg.Depth == 0 {
		lim = search.Limits{MoveTime: a.cfg.MoveTime}
	}
	var pv []game.Move
	res := a.e.Search(ctx, mg, lim, func(in search.Info) {
		if in.MultiPV <= 1 {
			pv = append(pv[:0], in.PV...)
		}
	})
	if err := ctx.Err(); err != nil {
		return Judgement{}, err
	}
	if len(pv) == 0 || pv[0] != res.Best {
		pv = []game.Move{res.Best}
	}
	pos := mg.Position()
	pv = legalPrefix(mg, pv[:min(len(pv), pvPlies)])
	j := Judgement{Score: res.Score, Depth: res.Depth, Best: res.Best, PV: pv}
	if x, ok := probe(a.cfg.Oracle, pos); ok {
		j.Exact = &x
	}
	return j, nil
}

// legalPrefix cuts a line played from mg's position at its first move
// that is not legal in its place, so that a variation always replays. It
// plays the line on a copy of the game, whose history judges the draw
// claim (V14.3): a claim where it is open ends the line.
func legalPrefix(mg *game.Game, line []game.Move) []game.Move {
	g := mg.Clone()
	for i, m := range line {
		if g.Play(m) != nil {
			return line[:i]
		}
	}
	return line
}

// replayStart returns the game at its start position, checking that its
// moves replay (Read has checked them; a Game made by a program may not).
func replayStart(g *record.Game) (*game.Game, error) {
	end, err := g.Replay()
	if err != nil {
		return nil, err
	}
	mg := game.NewGame(end.Start())
	mg.DrawsAreClaims = g.DrawsAreClaims
	return mg, nil
}
