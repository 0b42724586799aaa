package protocol

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// Chivalry's 14-file board is played by the engine of the wide grid
// (package boards picks it); the session is the same for every board: the
// same lines, the options set before, and back to Camelot's board on
// request (V7).
func TestUCIVariantChivalry(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name MultiPV value 2") // set before: the Chivalry search must have it too
	got := c.roundTrip("setoption name UCI_Variant value chivalry")
	want := "info string variant chivalry files 14 ranks 16 startpos " + game.Chivalry.StartCFEN()
	if len(got) != 1 || got[0] != want {
		t.Fatalf("UCI_Variant chivalry printed %q, want %q", got, want)
	}
	if cfen := c.cfen(); cfen != game.Chivalry.StartCFEN() {
		t.Errorf("after UCI_Variant chivalry the position is %q, want Chivalry's start", cfen)
	}
	// A move to file M (R3, V2).
	c.quiet("position startpos moves L7-M8 G11-G9")
	if cfen, want := c.cfen(), "2/8/10/12/14/2nnmm1mmmnn2/2nnmmmmmmnn2/6m7/12N1/2NNMMMMMMN3/2NNMMMMMMNN2/14/12/10/8/2 w 0/0 2 2"; cfen != want {
		t.Errorf("position startpos moves … in Chivalry: %q, want %q", cfen, want)
	}
	// A CFEN of another board is refused naming the field and rank; the position stays.
	before := c.cfen()
	c.errorLine("position cfen 2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "chivalry", "field 1", "rank 12")
	if after := c.cfen(); after != before {
		t.Errorf("a refused CFEN changed the position: %q, then %q", before, after)
	}
	c.send("position startpos")
	c.send("go perft 2")
	if lines := c.expectPrefix("Nodes searched: "); lines[len(lines)-1] != "Nodes searched: 17470" {
		t.Errorf("go perft 2 in Chivalry: %q, want 17470", lines[len(lines)-1])
	}
	// A search plays a legal Chivalry move, with MultiPV 2 as set before the switch.
	c.send("go depth 3")
	lines := c.expectPrefix("bestmove ")
	if !strings.Contains(strings.Join(lines, "\n"), " multipv 2 ") {
		t.Errorf("the search in Chivalry forgot MultiPV 2:\n%s", strings.Join(lines, "\n"))
	}
	start := boards.StartPosition(game.Chivalry)
	if move := bestMove(t, lines); func() error { _, err := start.ParseMove(move); return err }() != nil {
		t.Errorf("bestmove %q is no move of Chivalry's start", move)
	}
	// Set in Chivalry, the option holds back in Camelot.
	c.quiet("setoption name MultiPV value 1")
	got = c.roundTrip("setoption name UCI_Variant value camelot")
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string variant camelot files 12 ranks 16 ") {
		t.Errorf("UCI_Variant camelot printed %q", got)
	}
	c.quiet("setoption name OwnBook value false")
	c.send("go depth 2")
	if lines := c.expectPrefix("bestmove "); strings.Contains(strings.Join(lines, "\n"), " multipv 2 ") {
		t.Errorf("MultiPV 1, set in Chivalry, did not hold in Camelot:\n%s", strings.Join(lines, "\n"))
	}
	// And once more to Chivalry: its start again; quit during a search still answers.
	c.roundTrip("setoption name UCI_Variant value CHIVALRY")
	if cfen := c.cfen(); cfen != game.Chivalry.StartCFEN() {
		t.Errorf("back in Chivalry the position is %q, want its start", cfen)
	}
	c.send("go infinite")
	c.send("quit")
	c.expectPrefix("bestmove ")
}

// Switching between Camelot's board and Chivalry's in one session leaves
// nothing behind on either: a Camelot search after a game of Chivalry
// finds what a fresh engine finds, node for node, and so does a Chivalry
// search after a game of Camelot.
func TestUCIVariantChivalryKeepsNoStaleState(t *testing.T) {
	newSession := func() *client {
		return newClientSession(t, NewSession(boards.NewEngine(search.Options{Hash: 4, Threads: 1})))
	}
	const camelotPosition, camelotGo = "startpos moves E6-G8 H11-H9", "go depth 7"
	const chivalryPosition, chivalryGo = "startpos moves L7-M8 G11-G9", "go depth 5"
	freshCamelot := searchTranscript(newSession(), camelotPosition, camelotGo)
	freshChivalry := func() []string {
		c := newSession()
		c.roundTrip("setoption name UCI_Variant value chivalry")
		return searchTranscript(c, chivalryPosition, chivalryGo)
	}()

	c := newSession()
	c.quiet("setoption name OwnBook value false")
	c.roundTrip("setoption name UCI_Variant value chivalry")
	c.quiet("position startpos moves L7-M8")
	c.send("go depth 6")
	c.expectPrefix("bestmove ")
	c.roundTrip("setoption name UCI_Variant value camelot")
	if got := searchTranscript(c, camelotPosition, camelotGo); strings.Join(got, "\n") != strings.Join(freshCamelot, "\n") {
		t.Errorf("after a game of Chivalry the Camelot search printed\n%s\nwant, as a fresh engine,\n%s", strings.Join(got, "\n"), strings.Join(freshCamelot, "\n"))
	}
	// The Camelot game just searched, then Chivalry again.
	c.roundTrip("setoption name UCI_Variant value chivalry")
	if got := searchTranscript(c, chivalryPosition, chivalryGo); strings.Join(got, "\n") != strings.Join(freshChivalry, "\n") {
		t.Errorf("after games of Chivalry and Camelot the Chivalry search printed\n%s\nwant, as a fresh engine,\n%s", strings.Join(got, "\n"), strings.Join(freshChivalry, "\n"))
	}
}
