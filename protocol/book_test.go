package protocol

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/book"
	"github.com/camelot-engine/camelot/game"
)

// writeBook writes a book holding the start position, expanded, and its
// one book move E7-E8 scored +30 for White; it returns the file's path.
func writeBook(t *testing.T) string {
	t.Helper()
	start := boards.StartPosition(game.Camelot)
	m, err := start.ParseMove("E7-E8")
	if err != nil {
		t.Fatal(err)
	}
	child := start.Play(m)
	data, err := book.Encode([]book.Entry{
		{Key: start.Key(), Score: 30, Depth: 10, Expanded: true},
		{Key: child.Key(), Score: -30, Depth: 9, Ply: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "test.book")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The book answers a game move at once and names it; analysis searches;
// OwnBook false searches; a bad BookFile is one error line, after which
// the engine searches without a book.
func TestBookTranscript(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name BookFile value " + writeBook(t))
	c.quiet("position startpos")

	// The book move comes with a standard info line (the entry's depth
	// and score), so a GUI shows it as it shows a searched move.
	c.send("go wtime 10000 btime 10000 winc 100 binc 100")
	got := c.expectPrefix("bestmove")
	want := []string{
		"info string book move E7-E8 score cp 30 depth 9 weight 100.0%",
		"info depth 9 seldepth 9 multipv 1 score cp 30 nodes 0 nps 0 hashfull 0 time 0 pv E7-E8",
		"bestmove E7-E8",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("go with a clock answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	checkContract(t, "book move", got[1:], 1)
	c.send("go movetime 5000")
	if got := c.expectPrefix("bestmove"); got[len(got)-1] != "bestmove E7-E8" || len(got) != 3 {
		t.Errorf("go movetime answered %q, want the book move", got)
	}

	// Analysis always searches, book or not.
	for _, goCmd := range []string{"go depth 2", "go nodes 2000"} {
		c.send(goCmd)
		infos, _ := checkSearch(t, c.expectPrefix("bestmove"))
		if len(infos) == 0 {
			t.Errorf("%s: no search reports", goCmd)
		}
	}

	// Out of the book: the position after E7-E8 is a leaf.
	c.quiet("position startpos moves E7-E8")
	c.send("go movetime 50")
	if infos, _ := checkSearch(t, c.expectPrefix("bestmove")); len(infos) == 0 {
		t.Error("out of the book: no search reports")
	}

	c.quiet("position startpos")
	c.quiet("setoption name OwnBook value false")
	c.send("go movetime 50")
	if infos, _ := checkSearch(t, c.expectPrefix("bestmove")); len(infos) == 0 {
		t.Error("OwnBook false: no search reports")
	}
	c.quiet("setoption name OwnBook value true")

	missing := filepath.Join(t.TempDir(), "missing.book")
	c.errorLine("setoption name BookFile value "+missing, "BookFile", "missing.book", "without a book")
	c.send("go movetime 50")
	if infos, _ := checkSearch(t, c.expectPrefix("bestmove")); len(infos) == 0 {
		t.Error("after a missing book: no search reports")
	}

	corrupt := filepath.Join(t.TempDir(), "corrupt.book")
	data, _ := os.ReadFile(writeBook(t))
	data[20] ^= 0xff
	os.WriteFile(corrupt, data, 0o644)
	c.errorLine("setoption name BookFile value "+corrupt, "BookFile", "checksum")
	c.send("go movetime 50")
	checkSearch(t, c.expectPrefix("bestmove"))

	// Back to a good book: it answers again.
	c.quiet("setoption name BookFile value " + writeBook(t))
	c.send("go wtime 1000 btime 1000")
	if got := c.expectPrefix("bestmove"); got[len(got)-1] != "bestmove E7-E8" {
		t.Errorf("with the book again: %q", got)
	}
	c.quiet("setoption name BookPlies value 0")
	c.quiet("setoption name BookMargin value 50")
	c.errorLine("setoption name BookPlies value -1", "BookPlies")
}

// The embedded book's answer from the start: its info line carries the
// score and depth of the info string, its line is the book's own and
// legal, and bestmove plays its first move and ponders on its second.
func TestEmbeddedBookInfoLine(t *testing.T) {
	c := newClient(t)
	c.quiet("position startpos")
	c.send("go wtime 60000 btime 60000")
	got := c.expectPrefix("bestmove")
	if len(got) != 3 || !strings.HasPrefix(got[0], "info string book move ") {
		t.Fatalf("book answer %q", got)
	}
	checkContract(t, "book move", got[1:], 1)
	checkPV(t, boards.StartPosition(game.Camelot), got[1])
	f := strings.Fields(got[0]) // info string book move M score cp S depth D weight W
	r := parseReport(t, got[1])
	if r.pv[0] != f[4] || !strings.Contains(got[1], " score "+f[6]+" "+f[7]+" ") || strconv.Itoa(r.depth) != f[9] {
		t.Errorf("info line %q does not match %q", got[1], got[0])
	}
	if len(r.pv) < 2 || got[2] != "bestmove "+r.pv[0]+" ponder "+r.pv[1] {
		t.Errorf("bestmove %q, line %q: want the line's first move, pondering on its second", got[2], r.pv)
	}
}
