package protocol

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/solve"
)

// smallTable solves Camette's layers of at most three pieces into a
// folder of the test (in well under a second) and opens it.
func smallTable(t *testing.T) (string, *solve.Table) {
	t.Helper()
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	tb, err := solve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, tb
}

// tableValue is the table's value of p for its side to move.
func tableValue(t *testing.T, tb *solve.Table, p game.Position) solve.Value {
	t.Helper()
	v, ok, err := tb.ProbeCFEN(p.CFEN())
	if !ok || err != nil {
		t.Fatalf("%s is not in the table (%v)", p.CFEN(), err)
	}
	return v
}

// keeps reports whether a move into a position worth after (for the
// opponent) keeps the value v of the position before it: the shortest
// win, the longest defence, or a draw.
func keeps(v, after solve.Value) bool {
	switch {
	case v.IsWin():
		return after.IsLoss() && after.Plies() == v.Plies()-1
	case v.IsLoss():
		return after.IsWin() && after.Plies() == v.Plies()-1
	}
	return after == solve.Draw
}

// Three positions of two White Men against a Black Man: won in 7 plies,
// lost in 12 and drawn; in the first two only one move keeps the value.
var tablePositions = []struct {
	name, cfen, score string
}{
	{"win", "1/3/5/5/m4/MM1/1 w 0/0 0 1", "mate 4"},
	{"loss", "1/3/5/5/m4/1M1/M b 0/0 0 1", "mate -6"},
	{"draw", "1/3/5/5/MM3/1m1/1 w 0/0 0 1", "cp 0"},
}

// The SolutionPath option: listed by uci (see TestUCIHandshake); a folder
// without a table is one error line that keeps the table set before;
// <empty> sets none.
func TestSolutionPathOption(t *testing.T) {
	dir, _ := smallTable(t)
	c := newClient(t)
	c.errorLine("setoption name SolutionPath value "+filepath.Join(dir, "nothing"), "SolutionPath: ", "no table is set")
	// A manifest whose layer files are missing is refused when named.
	half := t.TempDir()
	data, err := os.ReadFile(filepath.Join(dir, solve.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(half, solve.ManifestName), data, 0o644); err != nil {
		t.Fatal(err)
	}
	c.errorLine("setoption name SolutionPath value "+half, "SolutionPath: ", ".layer", "no table is set")

	got := c.roundTrip("setoption name SolutionPath value " + dir)
	want := "info string SolutionPath " + dir + ": Camette, 12 of 49 layers (positions of the others are searched)"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("SolutionPath printed %q, want %q", got, want)
	}
	c.errorLine("setoption name SolutionPath value "+half, "keeping "+dir)
	c.roundTrip("setoption name UCI_Variant value camette")
	c.quiet("position cfen " + tablePositions[0].cfen)
	c.send("go movetime 100")
	if lines := c.expectPrefix("bestmove "); len(lines) != 2 || !strings.Contains(lines[0], " depth 1 ") || !strings.Contains(lines[0], " score mate 4 ") {
		t.Errorf("after a refused SolutionPath the table set before is not played:\n%s", strings.Join(lines, "\n"))
	}
	c.quiet("setoption name SolutionPath value <empty>")
	c.send("go depth 3")
	if lines := c.expectPrefix("bestmove "); len(lines) != 4 {
		t.Errorf("with SolutionPath <empty>, go depth 3 printed\n%s\nwant a search's three reports", strings.Join(lines, "\n"))
	}
}

// In Camette the table plays: the shortest win, the longest defence, a
// draw kept, with one report at depth 1 of the exact score and the line;
// go infinite and go ponder keep their rules for bestmove.
func TestSolutionPlaysCamette(t *testing.T) {
	dir, tb := smallTable(t)
	c := newClient(t)
	c.roundTrip("setoption name UCI_Variant value camette")
	c.roundTrip("setoption name SolutionPath value " + dir)
	for _, tc := range tablePositions {
		p, err := boards.ParseCFEN(game.Camette, tc.cfen)
		if err != nil {
			t.Fatal(err)
		}
		c.quiet("position cfen " + tc.cfen)
		c.send("go wtime 1000 btime 1000")
		lines := c.expectPrefix("bestmove ")
		checkContract(t, tc.name, lines, 1)
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "info depth 1 ") || !strings.Contains(lines[0], " score "+tc.score+" ") {
			t.Errorf("%s: printed\n%s\nwant one report at depth 1 with score %s", tc.name, strings.Join(lines, "\n"), tc.score)
			continue
		}
		m, err := p.ParseMove(bestMove(t, lines))
		if err != nil {
			t.Fatal(err)
		}
		after := p.Play(m)
		if v, w := tableValue(t, tb, p), tableValue(t, tb, after); !keeps(v, w) {
			t.Errorf("%s: %s from a %s leads to a %s for the opponent", tc.name, p.MoveText(m), v, w)
		}
	}

	// MultiPV: every move, by its value.
	c.quiet("setoption name MultiPV value 9")
	c.quiet("position cfen " + tablePositions[2].cfen)
	c.send("go movetime 100")
	checkContract(t, "multipv", c.expectPrefix("bestmove "), 9)
	c.quiet("setoption name MultiPV value 1")

	// go infinite answers only after stop, go ponder after ponderhit.
	c.quiet("position cfen " + tablePositions[0].cfen)
	for _, tc := range []struct{ goLine, end string }{{"go infinite", "stop"}, {"go ponder wtime 1000 btime 1000", "ponderhit"}} {
		c.send(tc.goLine)
		c.expectPrefix("info depth 1 ")
		if got := c.roundTrip("isready"); len(got) != 0 {
			t.Errorf("%s: %q before %s", tc.goLine, got, tc.end)
		}
		c.send(tc.end)
		c.expectPrefix("bestmove ")
	}
}

// Set in Camelot or Chivalry, SolutionPath changes nothing there: the
// searches print what they print without it. It stays set for Camette.
func TestSolutionPathOtherBoards(t *testing.T) {
	dir, _ := smallTable(t)
	clock := regexp.MustCompile(` (nps|time) \d+`)
	run := func(table bool, variant string) []string {
		c := newClient(t)
		c.quiet("setoption name Threads value 1") // the same search every time, on either grid
		if variant != "camelot" {
			c.roundTrip("setoption name UCI_Variant value " + variant)
		}
		if table {
			got := c.roundTrip("setoption name SolutionPath value " + dir)
			if len(got) != 1 || !strings.HasPrefix(got[0], "info string SolutionPath ") {
				t.Fatalf("%s: SolutionPath printed %q", variant, got)
			}
		}
		c.send("go depth 3")
		lines := c.expectPrefix("bestmove ")
		for i, l := range lines {
			lines[i] = clock.ReplaceAllString(l, "")
		}
		if table && variant == "chivalry" {
			// Back to Camette: the path was kept.
			c.roundTrip("setoption name UCI_Variant value camette")
			c.quiet("position cfen " + tablePositions[0].cfen)
			c.send("go depth 3")
			if got := c.expectPrefix("bestmove "); len(got) != 2 || !strings.Contains(got[0], " score mate 4 ") {
				t.Errorf("Camette after Chivalry does not play the table:\n%s", strings.Join(got, "\n"))
			}
		}
		return lines
	}
	for _, variant := range []string{"camelot", "chivalry"} {
		with, without := run(true, variant), run(false, variant)
		if strings.Join(with, "\n") != strings.Join(without, "\n") {
			t.Errorf("%s: with SolutionPath\n%s\nwithout\n%s", variant, strings.Join(with, "\n"), strings.Join(without, "\n"))
		}
	}
}
