package protocol

import (
	"strings"
	"testing"

	widemovegen "github.com/camelot-engine/camelot/internal/wide/movegen"
)

// Chivalry's 14-file board needs the wide grid: while it is selected the
// session hands every command to a session of internal/wide/protocol
// (grid_narrow.go). To the GUI it is the same engine: the same lines, the
// options it set before, and back to the narrow board on request (V7).
func TestUCIVariantChivalry(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name MultiPV value 2") // set before: the wide session must have it too
	got := c.roundTrip("setoption name UCI_Variant value chivalry")
	want := "info string variant chivalry files 14 ranks 16 startpos " + widemovegen.Chivalry.StartCFEN()
	if len(got) != 1 || got[0] != want {
		t.Fatalf("UCI_Variant chivalry printed %q, want %q", got, want)
	}
	if cfen := c.cfen(); cfen != widemovegen.Chivalry.StartCFEN() {
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
	start := widemovegen.Chivalry.StartPosition()
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
	if cfen := c.cfen(); cfen != widemovegen.Chivalry.StartCFEN() {
		t.Errorf("back in Chivalry the position is %q, want its start", cfen)
	}
	c.send("go infinite")
	c.send("quit")
	c.expectPrefix("bestmove ")
}
