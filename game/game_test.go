package game_test

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

func newGame(t *testing.T, cfen string) *game.Game {
	t.Helper()
	p, err := movegen.ParseCFEN(cfen)
	if err != nil {
		t.Fatal(err)
	}
	return game.NewGame(movegen.Wrap(p))
}

func playAll(t *testing.T, g *game.Game, moves ...string) {
	t.Helper()
	for _, text := range moves {
		if _, err := g.PlayText(text); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

// Two Men a side in opposite corners, far from each other: nothing but
// plain moves and canters can happen.
const quietCorners = "2/8/10/m10m/12/12/12/12/12/12/12/12/M10M/10/8/2 w 0/0 0 1"

// R16: the third occurrence of a position (board, side to move, castle
// moves used) is a draw.
func TestThreefoldRepetition(t *testing.T) {
	g := newGame(t, quietCorners)
	shuffle := []string{"A4-A5", "A13-A12", "A5-A4", "A12-A13"}
	playAll(t, g, shuffle...)
	if n := g.Repetitions(); n != 2 {
		t.Fatalf("after one cycle: %d occurrences, want 2", n)
	}
	if o := g.Outcome(); o.IsOver() {
		t.Fatalf("second occurrence ended the game: %s", o)
	}
	playAll(t, g, shuffle...)
	o := g.Outcome()
	if g.Repetitions() != 3 || o.Result != game.Draw || o.Rule != "R16" {
		t.Fatalf("after two cycles: %d occurrences, outcome %s; want 3 and an R16 draw", g.Repetitions(), o)
	}
	if _, err := g.PlayText("A4-A5"); err == nil || !strings.Contains(err.Error(), "game over") {
		t.Fatalf("a move after the draw was accepted (err %v)", err)
	}
	// Taking a move back reopens the game.
	if !g.Undo() || g.Outcome().IsOver() || g.Repetitions() != 2 {
		t.Fatalf("after Undo: outcome %s, %d occurrences", g.Outcome(), g.Repetitions())
	}
}

// R16: a position repeated with a different count of castle moves used is
// a different position.
func TestRepetitionCountsCastleMoves(t *testing.T) {
	// White's Man on G16 shuttles in Black's castle; Black shuffles.
	g := newGame(t, "1M/8/10/m11/12/12/12/12/12/12/12/12/M11/10/8/2 w 0/0 0 1")
	playAll(t, g, "G16-F16", "A13-A12", "F16-G16", "A12-A13")
	if n := g.Repetitions(); n != 1 {
		t.Fatalf("castle moves used differ, but %d occurrences counted", n)
	}
	p := g.Position()
	if p.CastleMoves(game.White) != 2 || p.CastleMoves(game.Black) != 0 || p.Plies() != 1 {
		t.Fatalf("castle moves %v, plies %d; want 2/0 and 1 (castle moves reset the counter, R16)", p.CFEN(), p.Plies())
	}
	// R13: a third castle move is not available.
	if _, err := g.PlayText("G16-F16"); err == nil {
		t.Fatal("a third castle move was accepted")
	}
}

// R16: 100 plies without a capture or a move onto an opponent's castle
// square draw the game.
func TestHundredPlyRule(t *testing.T) {
	g := newGame(t, strings.Replace(quietCorners, " 0 1", " 98 50", 1))
	playAll(t, g, "A4-A5")
	if o := g.Outcome(); o.IsOver() {
		t.Fatalf("draw after 99 plies: %s", o)
	}
	playAll(t, g, "A13-A12")
	if o := g.Outcome(); o.Result != game.Draw || o.Rule != "R16" || !strings.Contains(o.Reason, "100 plies") {
		t.Fatalf("after 100 plies: %s", o)
	}
	if p := g.Position(); p.MoveNumber() != 51 {
		t.Fatalf("move number %d, want 51 (incremented after Black moves, R5)", p.MoveNumber())
	}
}

// R14: the side that puts a second piece into the opponent's castle wins.
func TestCastleWin(t *testing.T) {
	g := newGame(t, "1M/2M5/10/12/12/12/12/12/12/12/12/12/mm10/10/8/2 w 0/0 5 9")
	playAll(t, g, "E15-F16")
	o := g.Outcome()
	if o.Result != game.WhiteWins || o.Rule != "R14" {
		t.Fatalf("outcome %s, want a White R14 win", o)
	}
	if p := g.Position(); p.Plies() != 0 {
		t.Fatalf("plies %d, want 0 after entering the opponent's castle", p.Plies())
	}
}

// R14: capturing the last enemy piece wins with two or more pieces left,
// and draws (R16) with one.
func TestCaptureAllOutcomes(t *testing.T) {
	g := newGame(t, "2/8/10/12/12/12/12/M11/12/12/4m7/4M7/12/10/8/2 w 0/0 0 1")
	playAll(t, g, "E5xE7")
	if o := g.Outcome(); o.Result != game.WhiteWins || o.Rule != "R14" {
		t.Fatalf("two pieces left: outcome %s, want a White R14 win", o)
	}
	g = newGame(t, "2/8/10/12/12/12/12/12/12/12/4m7/4M7/12/10/8/2 w 0/0 0 1")
	if o := g.Outcome(); o.Result != game.Draw || o.Rule != "R16" {
		t.Fatalf("one piece each: outcome %s, want an R16 draw", o)
	}
}

func TestPlayRejectsIllegalMoves(t *testing.T) {
	g := game.NewGame(movegen.Wrap(movegen.StartPosition()))
	for _, text := range []string{"E6-E9", "E11-E12", "Q1-A1", "", "E6"} {
		if _, err := g.PlayText(text); err == nil {
			t.Errorf("%q accepted", text)
		}
	}
	if len(g.Moves()) != 0 || g.Position().CFEN() != movegen.StartCFEN {
		t.Fatal("a rejected move changed the game")
	}
}
