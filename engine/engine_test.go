package engine

import (
	"context"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

func TestSmokeSearch(t *testing.T) {
	e := New(Options{Threads: 2})
	g := game.NewGame(movegen.Wrap(movegen.StartPosition()))
	res := e.Search(context.Background(), g, Limits{Depth: 6}, func(i Info) {
		p := g.Position()
		t.Logf("depth %d sel %d score %s nodes %d nps %d time %v pv %s", i.Depth, i.SelDepth, i.Score, i.Nodes, i.NPS, i.Time, p.MoveText(i.PV[0]))
	})
	t.Logf("best %v nodes %d", res.Best, res.Nodes)
}
