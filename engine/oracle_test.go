package engine

import (
	"context"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	solution "github.com/camelot-engine/camelot/solve"
)

// tableOracle asks a solution table, as protocol's does; hide leaves out
// one layer, as a table without it would.
type tableOracle struct {
	t    *solution.Table
	hide solution.Signature
}

func (o tableOracle) Covers(v movegen.Variant) bool { return v == movegen.Camette }

func (o tableOracle) Probe(p *movegen.Position) (Exact, bool) {
	if solution.PlacementOf(p).Signature() == o.hide {
		return Exact{}, false
	}
	v, ok, err := o.t.Probe(p)
	if !ok || err != nil {
		return Exact{}, false
	}
	return exactOf(v), true
}

func (o tableOracle) Peek(p *movegen.Position) (Exact, bool) { return o.Probe(p) }

func exactOf(v solution.Value) Exact {
	switch {
	case v.IsWin():
		return Exact{Result: 1, Plies: v.Plies()}
	case v.IsLoss():
		return Exact{Result: -1, Plies: v.Plies()}
	}
	return Exact{}
}

// smallTable solves Camette's layers of at most three pieces (in well
// under a second).
func smallTable(t *testing.T) *solution.Table {
	t.Helper()
	dir := t.TempDir()
	if _, err := solution.Solve(solution.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	tb, err := solution.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func camette(t *testing.T, cfen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseCFENOf(movegen.Camette, cfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t *testing.T, p movegen.Position, text string) movegen.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// valueAfter is the table's value of the position after m, for its mover.
func valueAfter(t *testing.T, tb *solution.Table, p movegen.Position, m movegen.Move) Exact {
	t.Helper()
	p.MakeMove(m)
	v, ok, err := tb.Probe(&p)
	if !ok || err != nil {
		t.Fatalf("%s is not in the table (%v)", p.CFEN(), err)
	}
	return exactOf(v).Before()
}

func TestOracle(t *testing.T) {
	tb := smallTable(t)
	full := tableOracle{t: tb}
	search := func(o Oracle, p movegen.Position, lim Limits, opts Options) (Result, []Info) {
		opts.Threads, opts.Hash = max(opts.Threads, 1), 4
		e := New(opts)
		e.SetOracle(o)
		var infos []Info
		res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), lim, func(in Info) { infos = append(infos, in) })
		return res, infos
	}

	// A won, a lost and a drawn position of two White Men and a Black Man:
	// the table's move keeps the value, the shortest win or the longest
	// defence (each the only such move here), and the report is exact.
	for _, tc := range []struct {
		name, cfen string
		want       Exact
		mate       int
	}{
		{"win", "1/3/5/5/m4/MM1/1 w 0/0 0 1", Exact{Result: 1, Plies: 7}, 4},
		{"loss", "1/3/5/5/m4/1M1/M b 0/0 0 1", Exact{Result: -1, Plies: 12}, -6},
		{"draw", "1/3/5/5/MM3/1m1/1 w 0/0 0 1", Exact{}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := camette(t, tc.cfen)
			res, infos := search(full, p, Limits{MoveTime: time.Second}, Options{})
			if got := valueAfter(t, tb, p, gm(res.Best)); got != tc.want {
				t.Errorf("%s: %s is a %s, want a move keeping %s", tc.cfen, p.MoveText(gm(res.Best)), got, tc.want)
			}
			if res.Score.Mate != tc.mate || res.Score.CP != 0 || res.Depth != 1 {
				t.Errorf("%s: score %s depth %d, want mate %d at depth 1", tc.cfen, res.Score, res.Depth, tc.mate)
			}
			if len(infos) != 1 || infos[0].Score != res.Score || infos[0].Depth != 1 || gm(infos[0].PV[0]) != gm(res.Best) {
				t.Fatalf("%s: reports %+v, want one at depth 1 with the move and score", tc.cfen, infos)
			}
			// A decided line runs to the end of the game, each move
			// keeping the value.
			if tc.want.Result != 0 {
				pv := gms(infos[0].PV)
				if len(pv) != tc.want.Plies {
					t.Errorf("%s: a line of %d plies, want %d", tc.cfen, len(pv), tc.want.Plies)
				}
				q := p
				for i, m := range pv {
					want := Exact{Result: tc.want.Result, Plies: tc.want.Plies - i}
					if i%2 == 1 {
						want.Result = -want.Result
					}
					if got := valueAfter(t, tb, q, m); got != want {
						t.Fatalf("%s: move %d of the line, %s, is a %s, want %s", tc.cfen, i+1, q.MoveText(m), got, want)
					}
					q.MakeMove(m)
				}
				if !q.Outcome().IsOver() {
					t.Errorf("%s: the line ends before the game does", tc.cfen)
				}
			}
		})
	}

	t.Run("multipv", func(t *testing.T) {
		p := camette(t, "1/3/5/5/MM3/1m1/1 w 0/0 0 1")
		_, infos := search(full, p, Limits{Depth: 5}, Options{MultiPV: 4})
		if len(infos) != 4 {
			t.Fatalf("%d reports, want 4", len(infos))
		}
		for i, in := range infos {
			x := valueAfter(t, tb, p, gm(in.PV[0]))
			if in.MultiPV != i+1 || in.Score != x.Score() || i > 0 && x.ScoreAt(0) > valueAfter(t, tb, p, gm(infos[i-1].PV[0])).ScoreAt(0) {
				t.Errorf("line %d: multipv %d score %s, a move that is a %s", i+1, in.MultiPV, in.Score, x)
			}
		}
	})

	// A lost position that the game has had once before, where a move
	// repeats a position for the third time: that draw beats the longest
	// defence the table would play without the history.
	t.Run("repetition", func(t *testing.T) {
		g := game.NewGame(movegen.Wrap(camette(t, "1/3/5/3m1/5/MM1/1 w 0/0 0 1")))
		for _, m := range []string{"C2-B3", "D4-D3", "B3-C2", "D3-D4", "C2-B3", "D4-D3", "B3-C2"} {
			if _, err := g.PlayText(m); err != nil {
				t.Fatal(err)
			}
		}
		p := unwrap(g.Position())
		if v := valueAfter(t, tb, p, mustMove(t, p, "D3-D4")); v.Result != -1 {
			t.Fatalf("D3-D4 is a %s; the test wants a loss", v)
		}
		e := New(Options{Threads: 1, Hash: 4})
		e.SetOracle(full)
		res := e.Search(context.Background(), g, Limits{MoveTime: time.Second}, nil)
		if p.MoveText(gm(res.Best)) != "D3-D4" || res.Score != (Exact{}).Score() {
			t.Errorf("%s score %s; want D3-D4, a draw by repetition", p.MoveText(gm(res.Best)), res.Score)
		}
		fresh, _ := search(full, p, Limits{MoveTime: time.Second}, Options{})
		if fresh.Score.Mate != -3 {
			t.Errorf("without the history: score %s; want mate -3", fresh.Score)
		}
	})

	// At 99 plies without a capture or castle entry, a quiet move draws by
	// the 100-ply rule (R16), which the table does not see: better than a
	// loss.
	t.Run("100-ply rule", func(t *testing.T) {
		p := camette(t, "1/3/5/5/m4/1M1/M b 0/0 99 60")
		res, _ := search(full, p, Limits{MoveTime: time.Second}, Options{})
		if gm(res.Best).IsCapture() || res.Score != (Exact{}).Score() {
			t.Errorf("%s score %s; want a quiet move and a draw", p.MoveText(gm(res.Best)), res.Score)
		}
	})

	// A search from a position the table does not hold (its layer left
	// out) scores the captures that lead into the table exactly: Black
	// wins in 11 plies, which a depth-3 search sees only with the table.
	t.Run("in the search", func(t *testing.T) {
		p := camette(t, "1/3/5/5/1m3/M1M/1 b 0/0 0 1")
		sig := solution.PlacementOf(&p).Signature()
		res, infos := search(tableOracle{t: tb, hide: sig}, p, Limits{Depth: 3}, Options{})
		if res.Score.Mate != 6 || res.Depth != 3 || len(infos) != 3 {
			t.Errorf("with the table: score %s depth %d, %d reports; want mate 6 from a search to depth 3", res.Score, res.Depth, len(infos))
		}
		if got := valueAfter(t, tb, p, gm(res.Best)); got != (Exact{Result: 1, Plies: 11}) {
			t.Errorf("with the table: %s is a %s, want a win in 11", p.MoveText(gm(res.Best)), got)
		}
		if plain, _ := search(nil, p, Limits{Depth: 3}, Options{}); plain.Score.Mate != 0 {
			t.Errorf("without the table: score %s; the test wants a win the search cannot see", plain.Score)
		}
	})

	// The reference opponents, the weakened levels and the other boards
	// search as without a table.
	t.Run("not used", func(t *testing.T) {
		p := camette(t, "1/3/5/5/m4/MM1/1 w 0/0 0 1")
		for _, opts := range []Options{{Play: PlayMaterial}, {Skill: Skill{Level: 10, Seed: 1}}} {
			if res, _ := search(full, p, Limits{Depth: 3}, opts); res.Depth < 2 {
				t.Errorf("%+v: depth %d, want a search", opts, res.Depth)
			}
		}
		start := movegen.StartPosition()
		res, infos := search(full, start, Limits{Depth: 2}, Options{})
		if res.Depth != 2 || len(infos) != 2 {
			t.Errorf("Camelot: depth %d, %d reports; want a search to depth 2", res.Depth, len(infos))
		}
	})

	// go infinite and go ponder wait, as a search does: for the context,
	// Stop, or a ponderhit.
	t.Run("infinite", func(t *testing.T) {
		p := camette(t, "1/3/5/5/m4/MM1/1 w 0/0 0 1")
		for _, how := range []string{"cancel", "stop", "ponderhit"} {
			e := New(Options{Threads: 1, Hash: 4})
			e.SetOracle(full)
			ctx, cancel := context.WithCancel(context.Background())
			lim := Limits{Infinite: true}
			if how == "ponderhit" {
				lim = Limits{Ponder: true, MoveTime: time.Second}
			}
			reported := make(chan struct{}, 1)
			done := make(chan Result, 1)
			go func() {
				done <- e.Search(ctx, game.NewGame(movegen.Wrap(p)), lim, func(Info) { reported <- struct{}{} })
			}()
			<-reported
			select {
			case <-done:
				t.Fatalf("%s: the search returned before it was told to", how)
			case <-time.After(50 * time.Millisecond):
			}
			switch how {
			case "cancel":
				cancel()
			case "stop":
				e.Stop()
			case "ponderhit":
				e.PonderHit()
			}
			select {
			case res := <-done:
				if res.Score.Mate != 4 {
					t.Errorf("%s: score %s, want mate 4", how, res.Score)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: the search did not return", how)
			}
			cancel()
		}
	})
}
