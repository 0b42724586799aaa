package analysis

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// Every board is analysed by the same code: a few plies from each start
// are judged, the engine's moves are legal where they stand, and the
// annotated record and the JSON replay on the game's board.
func TestAnalyseEveryBoard(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			g := &record.Game{Variant: v, Start: boards.StartPosition(v), Result: "*"}
			mg := game.NewGame(g.Start)
			for range 6 {
				if mg.Outcome().IsOver() {
					break
				}
				pos := mg.Position()
				ms := pos.Moves()
				m := ms[len(ms)/2]
				g.Moves = append(g.Moves, record.Move{Move: m, Text: pos.MoveText(m)})
				if err := mg.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			rep := analyse(t, g, Config{Depth: 2, Threads: 1, Hash: 4})
			pos := g.Start
			for i, mr := range rep.Moves {
				if !mr.Analysed || mr.Ply != i+1 || mr.Side != pos.Side() {
					t.Errorf("ply %d: analysed %v, ply %d, side %s; want %s to move", i+1, mr.Analysed, mr.Ply, mr.Side, pos.Side())
				}
				if !pos.IsLegal(mr.Before.Best) || len(mr.Before.PV) == 0 || mr.Before.PV[0] != mr.Before.Best {
					t.Errorf("ply %d: the engine's move %v (line %v) is not legal in %s", i+1, mr.Before.Best, mr.Before.PV, pos.CFEN())
				}
				pos.MakeMove(mr.Move)
			}

			var b bytes.Buffer
			if err := record.Write(&b, rep.Annotated()); err != nil {
				t.Fatal(err)
			}
			back, err := record.Read(&b)
			if err != nil || len(back) != 1 {
				t.Fatalf("annotated record reads back as %d games, %v:\n%s", len(back), err, b.String())
			}
			if back[0].Variant != v {
				t.Errorf("annotated record of %s reads back as %s", v, back[0].Variant)
			}
			if _, err := back[0].Replay(); err != nil {
				t.Fatal(err)
			}

			data, err := json.Marshal(rep.JSON(1))
			if err != nil {
				t.Fatal(err)
			}
			var j JSONGame
			if err := json.Unmarshal(data, &j); err != nil {
				t.Fatal(err)
			}
			if len(j.Moves) != len(g.Moves) {
				t.Fatalf("JSON: %d moves, want %d", len(j.Moves), len(g.Moves))
			}
			for i, jm := range j.Moves {
				if jm.Move != g.Moves[i].Text || jm.Best == "" {
					t.Errorf("JSON ply %d: move %q, best %q; want %q and a best move", i+1, jm.Move, jm.Best, g.Moves[i].Text)
				}
			}
		})
	}
}
