package boards_test

import (
	"context"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// One engine plays every board, each on its own grid: a short search from
// every start answers a legal move of that board.
func TestEngineEveryBoard(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	for _, v := range game.Variants() {
		g := boards.NewGame(v)
		res := e.Search(context.Background(), g, search.Limits{Depth: 2}, nil)
		if !g.Position().IsLegal(res.Best) {
			t.Errorf("%s: best move %v is not legal at the start", v, res.Best)
		}
		if n, want := e.Net(v), v == game.Camelot || v == game.Cam || v == game.Chivalry || v == game.River; (n != nil) != want || n != nil && n.Variant != v {
			t.Errorf("%s: net %v", v, n != nil)
		}
		if lines := e.EvalReport(g.Position()); len(lines) < 3 {
			t.Errorf("%s: eval report %q", v, lines)
		}
	}
}

// The engine of a grid is made by the first search of one of its boards,
// in the searching goroutine, while the caller may stop the search or ask
// for an evaluation at the same time (go test -race checks the engine's
// list of grid engines).
func TestStopDuringFirstSearchOfAGrid(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result)
	g := boards.NewGame(game.Chivalry)
	go func() { done <- e.Search(ctx, g, search.Limits{Infinite: true}, nil) }()
	for i := 0; i < 10; i++ {
		e.Stop()
		e.PonderHit()
		e.EvalReport(boards.StartPosition(game.Camelot))
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case res := <-done:
		if !g.Position().IsLegal(res.Best) {
			t.Errorf("best move %v is not legal", res.Best)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the search did not stop")
	}
}

// ParseCFEN reads each board's start on its grid and refuses an unknown
// variant with a message.
func TestParseCFEN(t *testing.T) {
	for _, v := range game.Variants() {
		p, err := boards.ParseCFEN(v, v.StartCFEN())
		if err != nil || p.Variant() != v || p.CFEN() != v.StartCFEN() {
			t.Errorf("%s: %v %v", v, p, err)
		}
	}
	if _, err := boards.ParseCFEN(game.Variant(9), game.StartCFEN); err == nil {
		t.Error("variant 9 was accepted")
	}
}
