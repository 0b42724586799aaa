package engine

import (
	"context"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// skillPositions are quiet and capturing positions: the start, a middle
// game, and two where a capture is compulsory (R11), one with a choice of
// captures.
var skillPositions = []string{
	movegen.StartCFEN,
	"2/8/10/12/12/3mmmm1n3/3nm1mmn3/6m5/6M5/3NMM1MN3/3MMMMMN3/12/12/10/8/2 w 0/0 0 4",
	"2/8/10/11m/12/12/12/4m7/4M7/12/12/12/M11/10/8/2 w 0/0 0 1",
	"2/8/10/12/12/12/12/3m1m6/4M7/12/12/12/M11/10/8/m1 w 0/0 0 1",
}

// At every level below full strength each move is legal, and where a
// capture is compulsory a capture is made (R11).
func TestSkillMovesAreLegal(t *testing.T) {
	for _, cfen := range skillPositions {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			t.Fatal(err)
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		mustCapture := ml.Moves[0].IsCapture()
		for level := 0; level < MaxSkill; level++ {
			e := New(Options{Hash: 1, Threads: 2})
			e.SetSkill(Skill{Level: level})
			res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{MoveTime: 1000}, nil)
			if !ml.Contains(gm(res.Best)) {
				t.Fatalf("%s, level %d: illegal move %v", cfen, level, gm(res.Best))
			}
			if mustCapture && !gm(res.Best).IsCapture() {
				t.Errorf("%s, level %d: %s is no capture, but one is compulsory", cfen, level, p.MoveText(gm(res.Best)))
			}
		}
	}
}

// A seed makes a level's choice a function of the position alone: the
// same move after a different history and in a fresh engine.
func TestSkillSeedRepeats(t *testing.T) {
	p, _ := movegen.ParseCFEN(skillPositions[1])
	for level := 0; level < MaxSkill; level += 3 {
		var first movegen.Move
		for run := range 3 {
			e := New(Options{Hash: 1, Threads: 1})
			e.SetSkill(Skill{Level: level, Seed: 42})
			if run == 2 { // a different search before
				e.Search(context.Background(), game.NewGame(movegen.Wrap(movegen.StartPosition())), Limits{Depth: 3}, nil)
			}
			res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{}, nil)
			if run == 0 {
				first = gm(res.Best)
			} else if gm(res.Best) != first {
				t.Errorf("level %d, seed 42: %s, then %s", level, p.MoveText(first), p.MoveText(gm(res.Best)))
			}
		}
	}
}

// Weak levels do not always play the best move: over the moves of a few
// positions, level 0 departs from full strength's choice at its own
// depth at times, and never plays a random-looking move (its choice is
// always among the searched lines).
func TestSkillVaries(t *testing.T) {
	p, _ := movegen.ParseCFEN(skillPositions[0])
	seen := map[movegen.Move]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		e := New(Options{Hash: 1, Threads: 1})
		e.SetSkill(Skill{Level: 0, Seed: seed})
		seen[gm(e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{}, nil).Best)] = true
	}
	if len(seen) < 2 || len(seen) > skillLines(0) {
		t.Errorf("level 0 played %d different first moves over 40 seeds, want 2 to %d", len(seen), skillLines(0))
	}
}

// playGame plays a game between two engines from p; it returns the score
// of a (1, 0.5 or 0), playing a as White when aWhite.
func playGame(t *testing.T, a, b *Engine, p movegen.Position, aWhite bool) float64 {
	g := game.NewGame(movegen.Wrap(p))
	for ply := 0; ply < 300; ply++ {
		if o := g.Outcome(); o.IsOver() {
			switch o.Result {
			case movegen.Draw:
				return 0.5
			case movegen.WhiteWins:
				if aWhite {
					return 1
				}
				return 0
			default:
				if aWhite {
					return 0
				}
				return 1
			}
		}
		e := b
		if (g.Position().Side() == movegen.White) == aWhite {
			e = a
		}
		res := e.Search(context.Background(), g, Limits{Nodes: 8000}, nil)
		if err := g.Play(res.Best); err != nil {
			t.Fatal(err)
		}
	}
	return 0.5
}

// The levels are ordered: in a small match at fixed nodes, level 10 beats
// level 0 and full strength beats level 10. (The calibration is in the
// README; this only checks the order.)
func TestSkillLevelsAreOrdered(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	openings := []string{
		movegen.StartCFEN,
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1",
		skillPositions[1],
	}
	score := func(la, lb int) float64 {
		total := 0.0
		for i, cfen := range openings {
			p, _ := movegen.ParseCFEN(cfen)
			for _, aWhite := range []bool{true, false} {
				a, b := New(Options{Hash: 4, Threads: 1}), New(Options{Hash: 4, Threads: 1})
				a.SetSkill(Skill{Level: la, Seed: uint64(1 + i)})
				b.SetSkill(Skill{Level: lb, Seed: uint64(101 + i)})
				total += playGame(t, a, b, p, aWhite)
			}
		}
		return total / float64(2*len(openings))
	}
	if s := score(10, 0); s <= 0.5 {
		t.Errorf("level 10 scored %.2f against level 0", s)
	}
	if s := score(MaxSkill, 10); s <= 0.5 {
		t.Errorf("full strength scored %.2f against level 10", s)
	}
}

// The Elo curve rises with the level, and UCI_Elo's level is the one whose
// Elo is nearest.
func TestSkillEloCurve(t *testing.T) {
	for l := 1; l <= MaxSkill; l++ {
		if EloOf(l) <= EloOf(l-1) {
			t.Errorf("EloOf(%d) = %.0f, not above level %d's %.0f", l, EloOf(l), l-1, EloOf(l-1))
		}
		if got := SkillForElo(int(EloOf(l) + 0.5)); got != l {
			t.Errorf("SkillForElo(EloOf(%d)) = %d", l, got)
		}
	}
	if SkillForElo(0) != 0 || SkillForElo(5000) != MaxSkill {
		t.Errorf("SkillForElo clamps: %d, %d", SkillForElo(0), SkillForElo(5000))
	}
}
