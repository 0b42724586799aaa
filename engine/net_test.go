package engine

import (
	"context"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
)

func testNet(t *testing.T, seed uint64) *nnue.Net {
	t.Helper()
	return nnue.Random(seed, 32)
}

// Searches with a net evaluate every position through the accumulators
// the search updates move by move (root, moves, null moves, quiescence);
// each of those evaluations is checked against one summed from scratch.
func TestSearchWithNetMatchesRefresh(t *testing.T) {
	verifyNet = true
	defer func() { verifyNet = false }()
	net := testNet(t, 1)
	for _, cfen := range []string{
		movegen.StartCFEN,
		"2/8/10/12/12/4mm6/3nmmmN4/4nm6/9m2/3NMMMMN3/2NM1MM1M3/12/12/10/8/2 b 0/0 0 10",
		"2/3M4/8N1/1m10/8M3/4m7/12/9M2/1m2m1N5/3n8/7MM3/12/12/10/8/n1 b 0/0 4 35",
	} {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{1, 2} {
			e := New(Options{Hash: 4, Threads: threads, Net: net})
			res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Nodes: 60000}, nil)
			var ml movegen.MoveList
			if p.GenerateMoves(&ml); !ml.Contains(gm(res.Best)) {
				t.Errorf("%s: illegal move %v", cfen, gm(res.Best))
			}
		}
	}
}

// A net search with one thread is repeatable, and it differs from the
// tuned evaluation's (the net is used at all).
func TestNetSearchDeterministic(t *testing.T) {
	net := testNet(t, 2)
	g := game.NewGame(movegen.Wrap(movegen.StartPosition()))
	run := func(n *nnue.Net) Result {
		return New(Options{Hash: 4, Threads: 1, Net: n}).Search(context.Background(), g, Limits{Nodes: 20000}, nil)
	}
	a, b, hce := run(net), run(net), run(nil)
	if a != b {
		t.Errorf("two net searches: %+v and %+v", a, b)
	}
	if a.Score == hce.Score && a.Nodes == hce.Nodes {
		t.Errorf("the net search looks like the tuned evaluation's: %+v", a)
	}
}
