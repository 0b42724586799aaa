package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

func readGames(t *testing.T, path string) []*record.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := record.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func analyse(t *testing.T, g *record.Game, cfg Config) *Report {
	t.Helper()
	a, err := New(cfg, io.Discard, 0)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := a.Analyse(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// In the test position Black has a Man in White's castle (F1) and one on
// G2 next to G1. White's J2-I2 lets G2-G1 put a second piece in the castle
// (R14). I3-H2 holds: it offers G2 a capture Black must take (R11).
func TestBlunderIsMarkedWithTheSavingMove(t *testing.T) {
	g := readGames(t, filepath.Join("testdata", "castle-blunder.pgn"))[0]
	rep := analyse(t, g, Config{Depth: 6, Threads: 1, Hash: 4})
	first := rep.Moves[0]
	start := g.Start
	if first.Mark != "??" || !first.BetterPV {
		t.Fatalf("J2-I2: mark %q, loss %d, better line %v; want ?? with a line", first.Mark, first.Loss, first.BetterPV)
	}
	if best := start.MoveText(first.Before.Best); best != "I3-H2" {
		t.Errorf("the engine's move is %s, want I3-H2", best)
	}
	if rep.Summary[game.White].Blunders != 1 || rep.Summary[game.Black].Moves != 1 || rep.Summary[game.Black].Blunders != 0 {
		t.Errorf("summary %+v", rep.Summary)
	}

	// The annotated record reads back and replays, glyph and line included.
	var b bytes.Buffer
	if err := record.Write(&b, rep.Annotated()); err != nil {
		t.Fatal(err)
	}
	back, err := record.Read(&b)
	if err != nil || len(back) != 1 {
		t.Fatalf("annotated record reads back as %d games, %v:\n%s", len(back), err, b.String())
	}
	if _, err := back[0].Replay(); err != nil {
		t.Fatal(err)
	}
	m := back[0].Moves[0]
	if m.NAG != "??" || len(m.Variations) != 1 || start.MoveText(m.Variations[0][0].Move) != "I3-H2" {
		t.Errorf("annotated first move: glyph %q, variations %v", m.NAG, m.Variations)
	}
	if !strings.HasPrefix(m.Comment, "#-1/") {
		t.Errorf("comment %q, want Black's win in one first (#-1/depth)", m.Comment)
	}
	if c := back[0].Moves[1].Comment; !strings.HasPrefix(c, "0-1 (R14") {
		t.Errorf("last comment %q, want the result", c)
	}
}

// The real game analysed at a low depth: every move judged, the record
// replays with its variations, the JSON is well-formed and complete.
func TestAnalyseNolanTroyka(t *testing.T) {
	g := readGames(t, filepath.Join("..", "testdata", "games", "nolan-troyka-2009.pgn"))[0]
	rep := analyse(t, g, Config{Depth: 3, Threads: 1, Hash: 4, FromPly: 3, ToPly: 20})
	analysed := 0
	for _, m := range rep.Moves {
		if m.Analysed {
			analysed++
			if (m.Loss >= InaccuracyLoss) != (m.Mark != "") {
				t.Errorf("ply %d: loss %d, mark %q", m.Ply, m.Loss, m.Mark)
			}
		} else if m.Ply >= 3 && m.Ply <= 20 {
			t.Errorf("ply %d not analysed", m.Ply)
		}
	}
	if analysed != 18 || rep.Summary[0].Moves+rep.Summary[1].Moves != 18 {
		t.Errorf("%d moves analysed, want 18 (plies 3-20)", analysed)
	}
	var b bytes.Buffer
	if err := record.Write(&b, rep.Annotated()); err != nil {
		t.Fatal(err)
	}
	back, err := record.Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back[0].Replay(); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rep.JSON(1))
	if err != nil || !json.Valid(data) {
		t.Fatalf("JSON: %v", err)
	}
	var j JSONGame
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Moves) != 18 || j.Moves[0].Ply != 3 || j.Tags["White"] != "Michael Nolan" || j.Summary["white"].Moves != 9 {
		t.Errorf("JSON game: %d moves, first ply %d, tags %v, summary %v", len(j.Moves), j.Moves[0].Ply, j.Tags, j.Summary)
	}
	for _, m := range j.Moves {
		if (m.Score.CP == nil) == (m.Score.Mate == nil) && m.Score.Result == "" {
			t.Errorf("ply %d: score %+v, want one of cp, mate, result", m.Ply, m.Score)
		}
	}
}

func TestConfigCheck(t *testing.T) {
	for _, c := range []Config{
		{Threads: 1, Hash: 1},
		{Depth: -1, Threads: 1, Hash: 1},
		{Depth: 1, Threads: 0, Hash: 1},
		{Depth: 1, Threads: 1, Hash: 1, FromPly: 5, ToPly: 3},
	} {
		if c.Check() == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// The annotated seed games shown in the README read back through the
// record package, replay as legal, keep every move's {score/depth} comment
// and carry the engine's lines as variations.
func TestAnnotatedExamplesReplay(t *testing.T) {
	for _, name := range []string{"nolan-troyka-2009.pgn", "chaxx-nolan-2008.pgn"} {
		games := readGames(t, filepath.Join("..", "docs", "analysis", name))
		if len(games) != 1 {
			t.Fatalf("%s: %d games", name, len(games))
		}
		g := games[0]
		if _, err := g.Replay(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		variations := 0
		for i, m := range g.Moves {
			if !strings.Contains(m.Comment, "/") && !strings.Contains(m.Comment, "R1") {
				t.Errorf("%s: ply %d (%s) has no {score/depth} comment: %q", name, i+1, m.Text, m.Comment)
			}
			variations += len(m.Variations)
			if len(m.Variations) > 0 && m.NAG == "" {
				t.Errorf("%s: ply %d (%s) has a variation but no mark", name, i+1, m.Text)
			}
		}
		if variations == 0 {
			t.Errorf("%s: no variation", name)
		}
	}
}

// A summary line counts in the singular for one: "1 move", "1 blunder".
func TestSummaryLineCounts(t *testing.T) {
	one := Summary{Moves: 1, AverageLoss: 957, Inaccuracies: 1, Mistakes: 1, Blunders: 1}
	if got, want := one.Line(game.White), "white: 1 move, average loss 957.0 centi-men a move, 1 inaccuracy (?!), 1 mistake (?), 1 blunder (??)"; got != want {
		t.Errorf("Line:\n%s\nwant\n%s", got, want)
	}
	more := Summary{Moves: 30, AverageLoss: 31.25, Inaccuracies: 6, Mistakes: 2}
	if got, want := more.Line(game.Black), "black: 30 moves, average loss 31.2 centi-men a move, 6 inaccuracies (?!), 2 mistakes (?), 0 blunders (??)"; got != want {
		t.Errorf("Line:\n%s\nwant\n%s", got, want)
	}
}
