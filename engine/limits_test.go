package engine

import (
	"context"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// TestNodeLimitHolds checks that `go nodes N` stops within 1% of N (or a
// few nodes for small N) with one and two threads: datagen and the
// strength levels rely on it. Helpers wait for the main thread's first
// iteration, so they cannot spend nodes it then has to overrun.
func TestNodeLimitHolds(t *testing.T) {
	for _, threads := range []int{1, 2} {
		for _, n := range []uint64{500, 5000, 20000, 100000} {
			e := New(Options{Threads: threads, Hash: 4})
			g := game.NewGame(movegen.Wrap(movegen.StartPosition()))
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
		res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Nodes: 3000}, nil)
		if i == 0 {
			first = res
		} else if res.Best != first.Best || res.Score != first.Score || res.Nodes != first.Nodes {
			t.Errorf("run %d: %v %v %d nodes, first run %v %v %d", i, res.Best, res.Score, res.Nodes, first.Best, first.Score, first.Nodes)
		}
	}
}

// A search stopped before depth 1 is done still finishes depth 1, so its
// answer is that of a depth-1 search and its reports are real: never a
// score from moves that were not searched. `go nodes 1` stops the search
// deterministically in the middle of depth 1; a `stop` right after `go`
// (here: a context cancelled before the search starts) arrives whenever
// the watcher goroutine runs, so it is checked for real reports only.
func TestStoppedSearchFinishesDepthOne(t *testing.T) {
	for _, cfen := range []string{
		movegen.StartCFEN,
		// A compulsory capture (R11): E8 jumps E9 to E10.
		"2/8/10/11m/12/12/12/4m7/4M7/12/12/12/M11/10/8/2 w 0/0 0 1",
	} {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			t.Fatal(err)
		}
		want := New(Options{Threads: 1, Hash: 4}).Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: 1}, nil)
		for _, threads := range []int{1, 2} {
			checkReports := func(what string, got Result, infos []Info) {
				t.Helper()
				if got.Depth < 1 || len(infos) == 0 {
					t.Errorf("%s, %s, %d threads: depth %d, %d reports", cfen, what, threads, got.Depth, len(infos))
					return
				}
				for _, in := range infos {
					if in.Nodes == 0 || len(in.PV) == 0 || in.Depth < 1 {
						t.Errorf("%s, %s: report %+v, want one with nodes and a PV", cfen, what, in)
					}
				}
				if last := infos[len(infos)-1]; last.Score != got.Score || last.PV[0] != got.Best {
					t.Errorf("%s, %s: answered %v %v, last report %v %v", cfen, what, got.Best, got.Score, last.PV[0], last.Score)
				}
			}
			var infos []Info
			got := New(Options{Threads: threads, Hash: 4}).Search(context.Background(), game.NewGame(movegen.Wrap(p)),
				Limits{Nodes: 1}, func(in Info) { infos = append(infos, in) })
			if got.Best != want.Best || got.Score != want.Score || got.Depth != 1 {
				t.Errorf("%s, nodes 1, %d threads: %v %v depth %d; depth 1 gives %v %v",
					cfen, threads, got.Best, got.Score, got.Depth, want.Best, want.Score)
			}
			checkReports("nodes 1", got, infos)

			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			infos = nil
			got = New(Options{Threads: threads, Hash: 4}).Search(ctx, game.NewGame(movegen.Wrap(p)),
				Limits{Infinite: true}, func(in Info) { infos = append(infos, in) })
			checkReports("stopped at once", got, infos)
		}
	}
}
