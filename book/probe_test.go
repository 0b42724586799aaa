package book

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// after returns the position after the moves, given in WCF notation (R3).
func after(t *testing.T, p game.Position, moves ...string) game.Position {
	t.Helper()
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		p.MakeMove(m)
	}
	return p
}

// handBook holds the start position, expanded, and three of its moves:
// E7-E8 (+30 for White), D7-D8 (+20) and the canter E6-G8 (-10). Scores
// are stored from the side to move's view, so Black's positions hold the
// negated values.
func handBook(t *testing.T) *Book {
	start := boards.StartPosition(game.Camelot)
	data, err := Encode([]Entry{
		{Key: start.Key(), Score: 30, Depth: 10, Expanded: true},
		{Key: after(t, start, "E7-E8").Key(), Score: -30, Depth: 9, Ply: 1},
		{Key: after(t, start, "D7-D8").Key(), Score: -20, Depth: 8, Ply: 1},
		{Key: after(t, start, "E6-G8").Key(), Score: 10, Depth: 7, Ply: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestMovesAreTheBookChildrenBestFirst(t *testing.T) {
	b, start := handBook(t), boards.StartPosition(game.Camelot)
	cs := b.Moves(&start, Variety{Plies: 8, Margin: 20})
	want := []struct {
		text         string
		score, depth int
		weight       float64
	}{
		{"E7-E8", 30, 9, 21.0 / 32}, // loss 0: weight margin+1
		{"D7-D8", 20, 8, 11.0 / 32}, // loss 10
		{"E6-G8", -10, 7, 0},        // loss 40, beyond the margin
	}
	if len(cs) != len(want) {
		t.Fatalf("%d book moves, want %d", len(cs), len(want))
	}
	for i, w := range want {
		c := cs[i]
		if got := start.MoveText(c.Move); got != w.text || c.Score != w.score || c.Depth != w.depth || math.Abs(c.Weight-w.weight) > 1e-9 {
			t.Errorf("move %d: %s score %d depth %d weight %.4f; want %s %d %d %.4f",
				i, got, c.Score, c.Depth, c.Weight, w.text, w.score, w.depth, w.weight)
		}
	}
}

func TestPickVariesEarlyThenPlaysTheBest(t *testing.T) {
	b, start := handBook(t), boards.StartPosition(game.Camelot)
	rng := rand.New(rand.NewPCG(1, 2))
	count := map[string]int{}
	const n = 20000
	for range n {
		c, ok := b.Pick(&start, Variety{Plies: 8, Margin: 20}, rng)
		if !ok {
			t.Fatal("no book move at the start")
		}
		count[start.MoveText(c.Move)]++
	}
	if count["E6-G8"] != 0 {
		t.Errorf("a move beyond the margin was played %d times", count["E6-G8"])
	}
	// 21/32 of the picks, within about five standard deviations.
	if f := float64(count["E7-E8"]) / n; math.Abs(f-21.0/32) > 0.02 {
		t.Errorf("E7-E8 picked %.3f of the time, want about %.3f", f, 21.0/32)
	}
	// From ply 8 on (move 5, White to move), or with no margin: the best.
	late, err := boards.ParseCFEN(game.Camelot, strings.TrimSuffix(start.CFEN(), " 1")+" 5")
	if err != nil || late.Key() != start.Key() || late.MoveNumber() != 5 {
		t.Fatalf("the start at move 5: %v, %v", late, err)
	}
	for _, tc := range []struct {
		p game.Position
		v Variety
	}{{late, Variety{Plies: 8, Margin: 20}}, {start, Variety{Plies: 8, Margin: 0}}, {start, Variety{Plies: 0, Margin: 50}}} {
		for range 50 {
			c, ok := b.Pick(&tc.p, tc.v, rng)
			if !ok || tc.p.MoveText(c.Move) != "E7-E8" || c.Weight != 1 {
				t.Fatalf("%+v: picked %v (weight %v), want E7-E8 always", tc.v, c.Move, c.Weight)
			}
		}
	}
}

func TestNoMovesOutsideTheExpandedBook(t *testing.T) {
	b, start := handBook(t), boards.StartPosition(game.Camelot)
	leaf := after(t, start, "E7-E8") // in the book, not expanded
	if cs := b.Moves(&leaf, DefaultVariety); cs != nil {
		t.Errorf("a leaf gave book moves %v", cs)
	}
	out := after(t, start, "F7-F8") // not in the book
	if _, ok := b.Pick(&out, DefaultVariety, rand.New(rand.NewPCG(1, 1))); ok {
		t.Error("a position outside the book gave a move")
	}
}

func TestParentScoreCountsWinsOnePlyFurther(t *testing.T) {
	for _, tc := range []struct{ child, parent int }{
		{0, 0}, {-35, 35}, {scoreLimit, -scoreLimit},
		{-WinScore, WinScore - 1},     // the child's side has lost: a win in one ply
		{WinScore - 3, -WinScore + 4}, // the child's side wins in 3: a loss in 4
	} {
		if got := parentScore(tc.child); got != tc.parent {
			t.Errorf("parentScore(%d) = %d, want %d", tc.child, got, tc.parent)
		}
	}
}

// Line follows the book's best move from each position after the first
// move, while the book has one, and stops at n moves.
func TestLineFollowsTheBestBookMoves(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	start := boards.StartPosition(game.Camelot)
	first := b.Moves(&start, DefaultVariety)
	if len(first) < 2 {
		t.Fatalf("the start has %d book moves", len(first))
	}
	m := first[1].Move // not the best: the line still starts with it
	line := b.Line(&start, m, 20)
	if line[0] != m || len(line) < 3 {
		t.Fatalf("line %v, want it to start with %v and go on", line, m)
	}
	pos := start.Play(m)
	for i, next := range line[1:] {
		cs := b.Moves(&pos, Variety{})
		if len(cs) == 0 || cs[0].Move != next {
			t.Fatalf("move %d of the line is %v, not the book's best", i+2, next)
		}
		pos.MakeMove(next)
	}
	if len(b.Moves(&pos, Variety{})) != 0 && len(line) < 20 {
		t.Errorf("the line stops after %d moves while the book goes on", len(line))
	}
	if got := b.Line(&start, m, 2); len(got) != 2 {
		t.Errorf("Line with n = 2: %d moves", len(got))
	}
}
