package engine

import (
	"context"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// TestNodeLimitHolds checks that `go nodes N` stops within 1% of N (or a
// few nodes for small N) once depth 1 is complete, with one and two
// threads: datagen and the strength levels rely on it.
func TestNodeLimitHolds(t *testing.T) {
	for _, threads := range []int{1, 2} {
		for _, n := range []uint64{500, 5000, 20000, 100000} {
			e := New(Options{Threads: threads, Hash: 4})
			g := movegen.NewGame(movegen.StartPosition())
			res := e.Search(context.Background(), g, Limits{Nodes: n}, nil)
			slack := max(n/100, 8)
			if res.Nodes < n || res.Nodes > n+slack {
				t.Errorf("threads %d, nodes %d: searched %d (want %d..%d)", threads, n, res.Nodes, n, n+slack)
			}
		}
	}
}

// TestNodeLimitDeterministic: with one thread a node-limited search is
// repeatable, which datagen's reproducibility rests on.
func TestNodeLimitDeterministic(t *testing.T) {
	p, err := movegen.ParseCFEN("2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1")
	if err != nil {
		t.Fatal(err)
	}
	var first Result
	for i := range 3 {
		e := New(Options{Threads: 1, Hash: 4})
		res := e.Search(context.Background(), movegen.NewGame(p), Limits{Nodes: 3000}, nil)
		if i == 0 {
			first = res
		} else if res.Best != first.Best || res.Score != first.Score || res.Nodes != first.Nodes {
			t.Errorf("run %d: %v %v %d nodes, first run %v %v %d", i, res.Best, res.Score, res.Nodes, first.Best, first.Score, first.Nodes)
		}
	}
}
