package engine

import (
	"context"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// bestLine plays line 1 of the last completed iteration unless the
// iteration cut short proved another move better at its own depth.
func TestBestLine(t *testing.T) {
	a := movegen.Move{From: 1, To: 2}
	b := movegen.Move{From: 3, To: 4}
	c := movegen.Move{From: 5, To: 6}
	done := []rootMove{{move: a, score: 20, depth: 5}, {move: b, score: 15, depth: 5}}
	for _, tc := range []struct {
		name  string
		root  []rootMove
		want  movegen.Move
		newer bool
	}{
		{"nothing searched deeper", []rootMove{{move: a, score: 20, depth: 5}, {move: b, score: 15, depth: 5}}, a, false},
		{"the first move confirmed", []rootMove{{move: a, score: 25, depth: 6}, {move: b, score: 15, depth: 5}}, a, false},
		{"another move fails high", []rootMove{{move: b, score: 40, depth: 6, bound: BoundLower}, {move: a, score: 10, depth: 6}}, b, true},
		{"the first fails low, another is exact", []rootMove{{move: c, score: 12, depth: 6}, {move: a, score: 5, depth: 6, bound: BoundUpper}}, c, true},
		{"the first fails low, nothing else proved", []rootMove{{move: a, score: 5, depth: 6, bound: BoundUpper}, {move: b, score: -Infinity, depth: 6, bound: BoundUpper}}, a, false},
		{"another scores below the first's new score", []rootMove{{move: a, score: 30, depth: 6}, {move: b, score: 25, depth: 6}}, a, false},
		{"a stale higher score does not count", []rootMove{{move: a, score: 10, depth: 6}, {move: b, score: 50, depth: 5}}, a, false},
	} {
		th := &thread{completedDepth: 5, lines: done, rootMoves: tc.root}
		got, newer := th.bestLine()
		if got.move != tc.want || newer != tc.newer {
			t.Errorf("%s: bestLine = %v, newer %t; want %v, %t", tc.name, got.move, newer, tc.want, tc.newer)
		}
	}
}

// Node-limited searches cut iterations anywhere. In every one, each
// (depth, multipv) is reported once, lines come best first, a bound is
// only ever on the one extra line after the last complete iteration, and
// the move played is the last multipv 1 line's.
func TestReportsEndWithTheMovePlayed(t *testing.T) {
	cfens := []string{
		movegen.StartCFEN,
		"2/8/10/12/12/3mmmm1n3/3nm1mmn3/6m5/6M5/3NMM1MN3/3MMMMMN3/12/12/10/8/2 w 0/0 0 4",
		"2/8/10/12/4m7/4m1m1mn2/2M1Mmmmn3/7m4/5M6/3NMMMMN3/2NM1M2MN2/12/12/10/8/2 b 0/0 0 6",
		"2/8/10/12/12/6m5/6mn4/12/12/4MM1m4/4NN6/12/12/10/8/2 w 0/0 0 25",
	}
	extra := 0
	// The race run (-short) stops at 20,000 nodes: one thread searches here,
	// and the larger searches were most of its time.
	maxNodes := uint64(200000)
	if testing.Short() {
		maxNodes = 20000
	}
	for _, cfen := range cfens {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, multiPV := range []int{1, 3} {
			for nodes := uint64(2000); nodes <= maxNodes; nodes = nodes * 3 / 2 {
				e := New(Options{Threads: 1, Hash: 4, MultiPV: multiPV})
				var infos []Info
				res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Nodes: nodes}, func(in Info) { infos = append(infos, in) })
				seen := map[[2]int]bool{}
				var last Info
				for i, in := range infos {
					k := [2]int{in.Depth, in.MultiPV}
					if seen[k] {
						t.Errorf("%s, %d nodes: depth %d multipv %d reported twice", cfen, nodes, in.Depth, in.MultiPV)
					}
					seen[k] = true
					if in.MultiPV > 1 && in.Score.Mate == 0 && infos[i-1].Score.Mate == 0 && in.Score.CP > infos[i-1].Score.CP {
						t.Errorf("%s, %d nodes: depth %d multipv %d above the line before", cfen, nodes, in.Depth, in.MultiPV)
					}
					if in.Score.Bound != BoundNone && i != len(infos)-1 {
						t.Errorf("%s, %d nodes: a bound before the last report", cfen, nodes)
					}
					if in.MultiPV == 1 {
						last = in
					}
				}
				if n := len(infos); n > 1 && infos[n-1].MultiPV == 1 && infos[n-1].Depth > infos[n-2].Depth && multiPV > 1 {
					extra++
				}
				if last.PV[0] != res.Best || last.Score != res.Score {
					t.Errorf("%s, %d nodes: played %v %v, last line 1 %v %v", cfen, nodes, res.Best, res.Score, last.PV[0], last.Score)
				}
			}
		}
	}
	t.Logf("%d MultiPV searches ended with a line from a cut iteration", extra)
}
