package boards_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// V10: the engine places its trees by search, on its own tree squares,
// for White at the start and for Black after White's placement, and says
// why before it answers; a weakened Play draws one at random, legal too.
func TestEnginePlacesTrees(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	for _, v := range []game.Variant{game.River, game.AntiRiver} {
		g := boards.NewGame(v)
		for ply := 0; ply < 2; ply++ {
			var notes []string
			depths := 0
			res := e.Search(context.Background(), g, search.Limits{Depth: 2}, func(in search.Info) {
				if in.Note != "" {
					notes = append(notes, in.Note)
				} else {
					depths++
				}
			})
			pos := g.Position()
			if !res.Best.IsPlacement() || !pos.IsLegal(res.Best) {
				t.Fatalf("%s ply %d: %v is not a legal placement", v, ply+1, res.Best)
			}
			for _, s := range res.Best.Captured.Squares() {
				if !contains(v.TreeSquares(pos.Side()), s) {
					t.Errorf("%s ply %d: a tree on %s, not one of %s's tree squares", v, ply+1, s, pos.Side())
				}
			}
			text := pos.MoveText(res.Best)
			if len(notes) != 1 || !strings.HasPrefix(notes[0], "trees "+text+": 10660 placements ranked") || depths == 0 {
				t.Errorf("%s ply %d: reports %q and %d depths for %s", v, ply+1, notes, depths, text)
			}
			if err := g.Play(res.Best); err != nil {
				t.Fatal(err)
			}
		}
		if g.Position().InTreePhase() {
			t.Errorf("%s: still in the tree phase after two placements", v)
		}
	}
	if err := e.SetPlay(search.PlayRandom); err != nil {
		t.Fatal(err)
	}
	g := boards.NewGame(game.River)
	if res := e.Search(context.Background(), g, search.Limits{}, nil); !g.Position().IsLegal(res.Best) {
		t.Errorf("a random placement %v is not legal", res.Best)
	}
}

// A stop ends the placement search at once with a legal placement.
func TestTreeSearchStops(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	g := boards.NewGame(game.River)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result)
	go func() { done <- e.Search(ctx, g, search.Limits{Infinite: true}, nil) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	e.Stop()
	select {
	case res := <-done:
		if !g.Position().IsLegal(res.Best) {
			t.Errorf("stopped with %v, not a legal placement", res.Best)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the placement search did not stop")
	}
}

func contains(ss []game.Square, s game.Square) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
