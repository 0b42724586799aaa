package protocol

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/book"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// writeNetOf writes a random net file of v's board and returns its path
// and the net.
func writeNetOf(t *testing.T, v game.Variant, seed uint64) (string, *nnue.Net) {
	t.Helper()
	n := nnue.RandomFor(v, seed, 16)
	data, err := nnue.Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), nnue.FileName(data))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, n
}

// EvalFile loads a net for the board of the selected variant; a net of
// another board is refused with one error line, and the engine keeps the
// net it had, on each board. Use NNUE works on every board.
func TestEvalFileByBoard(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	c := newClientSession(t, NewSession(e))
	camPath, cam := writeNetOf(t, game.Camette, 1)
	camelotPath, camelot := writeNetOf(t, game.Camelot, 2)
	c.quiet("setoption name EvalFile value " + camelotPath)
	c.roundTrip("setoption name UCI_Variant value camette")
	if l := netLine(c); !strings.HasPrefix(l, "NNUE: no net of the Camette board") {
		t.Errorf("Camette before its net: %q", l)
	}
	c.errorLine("setoption name EvalFile value "+camelotPath, "a net of Camelot, not of Camette", "keeping net <none>")
	c.quiet("setoption name EvalFile value " + camPath)
	if l := netLine(c); !strings.HasSuffix(l, "net "+cam.Name) || !strings.HasPrefix(cam.Name, "camette-") {
		t.Errorf("Camette after loading %s: %q", cam.Name, l)
	}
	c.send("position startpos")
	c.send("go depth 3")
	if lines := c.expectPrefix("bestmove "); !strings.HasPrefix(lines[len(lines)-1], "bestmove ") {
		t.Errorf("search in Camette with its net: %q", lines)
	}
	if got := c.roundTrip("eval"); got[len(got)-1] != "The search uses NNUE" {
		t.Errorf("eval in Camette with a net: %q", got[len(got)-1])
	}
	c.quiet("setoption name Use NNUE value false")
	if got := c.roundTrip("eval"); got[len(got)-1] != "The search uses the tuned evaluation" {
		t.Errorf("Use NNUE false in Camette: %q", got[len(got)-1])
	}
	c.quiet("setoption name Use NNUE value true")
	// Cam has its built-in net.
	c.roundTrip("setoption name UCI_Variant value cam")
	if def, _ := nnue.DefaultFor(game.Cam); def == nil || netLine(c) != fmt.Sprintf("NNUE: %d (side to move), net %s", boards.NetEvaluate(def, boards.StartPosition(game.Cam)), def.Name) {
		t.Errorf("Cam's built-in net: %v, eval says %q", def, netLine(c))
	}
	// Back on Camelot's board, its own net is still there.
	c.roundTrip("setoption name UCI_Variant value camelot")
	if l := netLine(c); !strings.HasSuffix(l, "net "+camelot.Name) {
		t.Errorf("Camelot after Cam: %q, want its net %s", l, camelot.Name)
	}
	c.errorLine("setoption name EvalFile value "+camPath, "a net of Camette, not of Camelot", "keeping net "+camelot.Name)
}

// writeBookOf writes a book of v's board holding its start, expanded, and
// the position after the start's first legal move; it returns the path
// and that move's text.
func writeBookOf(t *testing.T, v game.Variant) (string, string) {
	t.Helper()
	start := boards.StartPosition(v)
	first := start.Moves()[0]
	child := start.Play(first)
	data, err := book.EncodeOf(v, []book.Entry{
		{Key: start.Key(), Score: 10, Depth: 5, Expanded: true},
		{Key: child.Key(), Score: -10, Depth: 4, Ply: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), v.String()+".book")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, start.MoveText(first)
}

// A book holds one board's positions: BookFile loads one for the board
// selected and refuses another board's; a book move is played on its
// board, and never on another.
func TestBookByBoard(t *testing.T) {
	c := newClientSession(t, NewSession(boards.NewEngine(search.Options{Hash: 1, Threads: 1})))
	camBook, move := writeBookOf(t, game.Cam)
	c.errorLine("setoption name BookFile value "+camBook, "a book of Cam, not of Camelot")
	c.roundTrip("setoption name UCI_Variant value cam")
	c.quiet("setoption name BookFile value " + camBook)
	c.send("position startpos")
	c.send("go movetime 50")
	if lines := c.expectPrefix("bestmove "); bestMove(t, lines) != move {
		t.Errorf("Cam's start with its book: %q, want the book move %s", lines, move)
	}
}
