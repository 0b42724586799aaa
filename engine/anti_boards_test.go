package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

func antiPosition(t *testing.T, v movegen.Variant, cfen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseCFENOf(v, cfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// chebyshev is the king distance, the measure of an open board.
func chebyshev(a, b movegen.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// meanSteps is the mean king distance from each of c's pieces to the
// nearest enemy piece, on the open middle of the board.
func meanSteps(p *movegen.Position, c movegen.Color) float64 {
	sum, n := 0, 0
	for own := p.Pieces[c]; !own.IsEmpty(); n++ {
		s, best := own.PopFirst(), 99
		for enemy := p.Pieces[c.Other()]; !enemy.IsEmpty(); {
			best = min(best, chebyshev(s, enemy.PopFirst()))
		}
		sum += best
	}
	return float64(sum) / float64(n)
}

// In an Anti form (V11) nothing in the evaluation tells quiet moves far
// from the enemy apart, and both sides must meet to give their pieces
// away: of the moves that score alike the engine plays one that brings
// its pieces nearest to the enemy's, and the reference searcher (Play
// material) does not care.
func TestAntiSeeksContact(t *testing.T) {
	// Anti-Camelot: White Men on E4 and H4, Black Men on E12 and H12,
	// nothing within reach of a capture for several moves.
	p := antiPosition(t, movegen.AntiCamelot, "2/8/10/12/4m2m4/12/12/12/12/12/12/4M2M4/12/10/8/2 w")
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	best := 99.0
	for _, m := range ml.Slice() {
		q := p
		q.MakeMove(m)
		best = min(best, meanSteps(&q, movegen.White))
	}
	if best >= meanSteps(&p, movegen.White) {
		t.Fatalf("no move brings White nearer: %v", best)
	}
	e := New(Options{Threads: 1})
	res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: 2}, nil)
	m, ok := movegen.MoveOf(res.Best)
	if !ok {
		t.Fatalf("best move %v", res.Best)
	}
	q := p
	q.MakeMove(m)
	if got := meanSteps(&q, movegen.White); got != best {
		t.Errorf("%s leaves White %.2f steps from Black on average; %.2f was possible", p.MoveText(m), got, best)
	}
}

// scoreUnder is the last score of a search of p to depth under play.
func scoreUnder(t *testing.T, p movegen.Position, play Play, depth int) Score {
	t.Helper()
	e := New(Options{Threads: 1})
	if err := e.SetPlay(play); err != nil {
		t.Fatal(err)
	}
	var last Info
	e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: depth}, func(i Info) { last = i })
	return last.Score
}

// The side searched for in an Anti form is driven to the enemy: a king
// step nearer, for one piece, is worth eval.DriveStep to it, counted from the
// root so that the score at the root stays the material's (and above
// R16's draw with its contempt). Depth 1 from Men four ranks apart: the
// best move steps one Man a rank nearer, +DriveStep; Play material sees
// no difference, 0.
func TestAntiDriveTowardsTheEnemy(t *testing.T) {
	p := antiPosition(t, movegen.AntiCamelot, "2/8/10/12/4m2m4/12/12/12/12/12/12/4M2M4/12/10/8/2 w")
	for _, tc := range []struct {
		play Play
		want int
	}{{PlayNormal, eval.DriveStep(movegen.AntiCamelot)}, {PlayMaterial, 0}} {
		if got := scoreUnder(t, p, tc.play, 1); got.Mate != 0 || got.CP != tc.want {
			t.Errorf("%s: depth 1 scores %+v, want %d", tc.play, got, tc.want)
		}
	}
	// Black to move, the drive is Black's.
	p = antiPosition(t, movegen.AntiCamelot, "2/8/10/12/4m2m4/12/12/12/12/12/12/4M2M4/12/10/8/2 b")
	if got, want := scoreUnder(t, p, PlayNormal, 1), eval.DriveStep(movegen.AntiCamelot); got.Mate != 0 || got.CP != want {
		t.Errorf("Black to move: depth 1 scores %+v, want %d", got, want)
	}
}

// One piece against one is mostly the draw R16 makes of it when neither
// side can step next to the other (V11): a depth-1 search from Men far
// apart scores it half way to that draw for the side searched for, its
// Man a step nearer (the drive), where material calls it even;
// and from two squares apart the side to move still finds its win (it
// steps next to the other, which must take it, and has no move left).
func TestAntiOnePieceEachIsHalfADraw(t *testing.T) {
	p := antiPosition(t, movegen.AntiCamelot, "2/8/10/12/4m7/12/12/12/12/12/12/4M7/12/10/8/2 w")
	for _, tc := range []struct {
		play Play
		want int
	}{{PlayNormal, DrawScore - eval.DrawContempt(movegen.AntiCamelot)/2 + eval.DriveStep(movegen.AntiCamelot)}, {PlayMaterial, 0}} {
		if got := scoreUnder(t, p, tc.play, 1); got.Mate != 0 || got.CP != tc.want {
			t.Errorf("%s: depth 1 scores %+v, want %d", tc.play, got, tc.want)
		}
	}
	p = antiPosition(t, movegen.AntiCamelot, "2/8/10/12/12/12/12/12/12/4m7/12/4M7/12/10/8/2 w")
	res := New(Options{Threads: 1}).Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: 4}, nil)
	if _, ok := movegen.MoveOf(res.Best); !ok || res.Score.Mate != 1 {
		t.Errorf("two squares apart: %v scoring %+v, want a win in one (E5-E6, E5-D6 or E5-F6)", res.Best, res.Score)
	}
}

// A lone piece against two or more is the draw R16 makes of it when the
// other side keeps its pieces out of reach (V11, loneScore): a depth-1
// search from the side searched for's lone Man against two far away
// scores R16's draw with the contempt and a tenth of the way from it to the
// material (one piece past one against it, of loneCrowd), its Man a step
// nearer (the drive); against eleven, a crowd, the material itself. The
// other side's lone Man against its two scores above one against one
// (loneAgainst): half way to the draw with the contempt (its deficit of a
// Man added, eval.DeficitContempt), loneAbove more, and loneRimStep for
// the lone Black Man on E12 standing two steps from the rim, one nearer
// than three; the two White Men, three files apart, are no pair. Material
// counts the pieces given away.
func TestAntiLonePieceIsADraw(t *testing.T) {
	v := movegen.AntiCamelot
	drive, contempt := eval.DriveStep(v), eval.DrawContempt(v)
	e12, err := movegen.ParseSquare("E12")
	if err != nil {
		t.Fatal(err)
	}
	if got := eval.RimSteps(v, e12); got != 2 {
		t.Fatalf("E12: %d steps to the rim, want 2", got)
	}
	against := (DrawScore-contempt-100)/2 + loneAbove + loneRimStep*(3-2)
	if !eval.DeficitContempt(v) {
		against = (DrawScore-contempt)/2 + loneAbove + loneRimStep*(3-2)
	}
	for _, tc := range []struct {
		cfen           string
		normal, counts int
	}{
		// White lone: material says +100 for White, one piece fewer.
		{"2/8/10/12/4m2m4/12/12/12/12/12/12/4M7/12/10/8/2 w", DrawScore - contempt + (100+contempt)/loneCrowd + drive, 100},
		// White lone against eleven: its material, +1,020 (the search's
		// table, a Knight 120), +1,060 (Material's, a Knight 160).
		{"2/8/10/1mmmmmmmmmmn/12/12/12/12/12/12/12/4M7/12/10/8/2 w", 1020 + drive, 1060},
		// Black lone, White to move: material says −100 for White.
		{"2/8/10/12/4m7/12/12/12/12/12/12/4M2M4/12/10/8/2 w", against + drive, -100},
	} {
		p := antiPosition(t, v, tc.cfen)
		for _, c := range []struct {
			play Play
			want int
		}{{PlayNormal, tc.normal}, {PlayMaterial, tc.counts}} {
			if got := scoreUnder(t, p, c.play, 1); got.Mate != 0 || got.CP != c.want {
				t.Errorf("%s, %s: depth 1 scores %+v, want %d", tc.cfen, c.play, got, c.want)
			}
		}
	}
	// Two squares from one of two Men, the lone Man still finds its win:
	// it steps next to it, and the capture leaves White no piece.
	p := antiPosition(t, movegen.AntiCamelot, "2/8/10/12/12/12/12/11m/12/4m7/12/4M7/12/10/8/2 w")
	res := New(Options{Threads: 1}).Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: 4}, nil)
	if _, ok := movegen.MoveOf(res.Best); !ok || res.Score.Mate != 1 {
		t.Errorf("two squares apart: %v scoring %+v, want a win in one", res.Best, res.Score)
	}
	// Across River's river (V9) the lone piece keeps its material's score.
	for _, v := range []movegen.Variant{movegen.AntiCamelot, movegen.AntiChivalry, movegen.AntiRiver} {
		if movegen.Playable(v) && eval.LoneDraw(v) != (v != movegen.AntiRiver) {
			t.Errorf("%v: LoneDraw %v", v, eval.LoneDraw(v))
		}
	}
}

// Two pieces against a crowd go in (loneScore): in a game of
// Anti-Chivalry from the start, Black's two pieces stood three steps from
// White's twelve for a hundred plies, since the trade that a step nearer
// offers left a lone piece, scored as the draw. Scored against the crowd
// by its material, the depth-8 search steps a piece two from White's.
func TestAntiTwoGoInAgainstACrowd(t *testing.T) {
	v := movegen.AntiChivalry
	if !movegen.Playable(v) {
		t.Skip("Anti-Chivalry is the 14-file grid's")
	}
	p := antiPosition(t, v, "2/8/10/12/14/14/11m2/12n1/14/2NNMM8/4MMMMM1N3/1N12/12/10/1M6/2 b 0/0 59 51")
	res := New(Options{Threads: 1}).Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: 8}, nil)
	m, ok := movegen.MoveOf(res.Best)
	if !ok {
		t.Fatalf("no move: %v", res.Best)
	}
	p.MakeMove(m)
	nearest := 99
	for b := p.Pieces[movegen.Black]; !b.IsEmpty(); {
		s := b.PopFirst()
		for w := p.Pieces[movegen.White]; !w.IsEmpty(); {
			nearest = min(nearest, chebyshev(s, w.PopFirst()))
		}
	}
	if nearest != 2 {
		t.Errorf("%v (scoring %+v) leaves Black's pieces %d steps from White's, want 2", res.Best, res.Score, nearest)
	}
}

// In an Anti form R16's draws cost the side searched for the board's
// contempt (eval.DrawContempt), more on River's (V9), whose armies stop
// at the bridges, and on the open boards also its deficit at the root
// (eval.DeficitContempt: two Men against one, a Man's 100): past the
// 99th ply without progress every move draws, and the search says so
// from its side; the reference searcher scores them as draws.
func TestAntiContemptForDraws(t *testing.T) {
	for _, b := range []struct {
		v       movegen.Variant
		cfen    string
		deficit int
	}{
		{movegen.AntiCamelot, "2/8/10/12/4m2m4/12/12/12/12/12/12/4M2M4/12/10/8/2 w 0/0 99 80", 0},
		{movegen.AntiCamelot, "2/8/10/12/4m7/12/12/12/12/12/12/4M2M4/12/10/8/2 w 0/0 99 80", 100},
		{movegen.AntiChivalry, "2/8/10/12/14/14/14/6m7/14/14/14/5M2M5/12/10/8/2 w 0/0 99 80", 100},
		{movegen.AntiRiver, "2/8/10/12/12/2N9/12/t11/tt10/12/12/12/12/10/tt1m2t1/2 w 0/0 99 109", 0},
	} {
		if !movegen.Playable(b.v) {
			continue // the other grid's copy of this test plays it
		}
		p := antiPosition(t, b.v, b.cfen)
		for _, tc := range []struct {
			play Play
			want int
		}{{PlayNormal, DrawScore - eval.DrawContempt(b.v) - b.deficit}, {PlayMaterial, DrawScore}} {
			if got := scoreUnder(t, p, tc.play, 3); got.Mate != 0 || got.CP != tc.want {
				t.Errorf("%v, %s: the draw scores %+v, want %d", b.v, tc.play, got, tc.want)
			}
		}
	}
	if r, c := eval.DrawContempt(movegen.AntiRiver), eval.DrawContempt(movegen.AntiCamelot); r <= c {
		t.Errorf("Anti-River's contempt %d is not above Anti-Camelot's %d", r, c)
	}
}

// The quiescence search of an Anti form is bounded (antiQuiescePlies):
// Anti-Chivalry's opening, where one line of compulsory captures took a
// million nodes at depth 3 without the bound, is searched to depth 6 in
// a small fraction of that.
func TestAntiQuiescenceIsBounded(t *testing.T) {
	v := movegen.AntiChivalry
	if !movegen.Playable(v) {
		v = movegen.AntiCamelot // the 12-file grid: its own board's opening
	}
	g := game.NewGame(movegen.Wrap(movegen.StartOf(v)))
	if err := g.Play(g.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	e := New(Options{Threads: 1})
	res := e.Search(context.Background(), g, Limits{Depth: 6}, nil)
	if res.Nodes > 400_000 {
		t.Errorf("%s: depth 6 took %d nodes", v, res.Nodes)
	}
}

// Against a uniformly random mover the engine wins every game of an Anti
// form by giving its pieces away (V11), none drawn by R16.
func TestAntiBeatsRandomMover(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, v := range []movegen.Variant{movegen.AntiCam, movegen.AntiCamelot} {
		if !movegen.Playable(v) {
			continue
		}
		for game_ := 0; game_ < 2; game_++ {
			e := New(Options{Threads: 1})
			g := game.NewGame(movegen.Wrap(movegen.StartOf(v)))
			engineSide := movegen.Color(game_)
			for ply := 0; !g.Outcome().IsOver() && ply < 1000; ply++ {
				pos, _ := movegen.Unwrap(g.Position())
				var mv game.Move
				if pos.Side == engineSide {
					mv = e.Search(context.Background(), g, Limits{Nodes: 20_000}, nil).Best
				} else {
					legal := g.LegalMoves()
					mv = legal[rng.IntN(len(legal))]
				}
				if err := g.Play(mv); err != nil {
					t.Fatal(err)
				}
			}
			o := g.Outcome()
			won := o.Result == game.WhiteWins && engineSide == movegen.White || o.Result == game.BlackWins && engineSide == movegen.Black
			if !won {
				t.Errorf("%s, the engine as %s: %v (%s)", v, engineSide, o.Result, o.Reason)
			}
		}
	}
}
