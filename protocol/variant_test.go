package protocol

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// V7: UCI_Variant switches the game; startpos and cfen then mean that
// board, and the engine says so in one line.
func TestUCIVariantSwitches(t *testing.T) {
	c := newClient(t)
	got := c.roundTrip("setoption name UCI_Variant value Cam")
	want := "info string variant cam files 7 ranks 13 startpos " + game.Cam.StartCFEN()
	if len(got) != 1 || got[0] != want {
		t.Fatalf("UCI_Variant cam printed %q, want %q", got, want)
	}
	if cfen := c.cfen(); cfen != game.Cam.StartCFEN() {
		t.Errorf("after UCI_Variant cam the position is %q, want Cam's start", cfen)
	}
	c.quiet("position startpos moves D5-D6 D9-D8")
	if cfen, want := c.cfen(), "1/3/5/2n1n2/1mm1mm1/3m3/7/3M3/1MM1MM1/2N1N2/5/3/1 w 0/0 2 2"; cfen != want {
		t.Errorf("position startpos moves … in Cam: %q, want %q", cfen, want)
	}
	// A CFEN of another board is refused naming the field; the position stays.
	before := c.cfen()
	c.errorLine("position cfen "+game.StartCFEN, "cam", "field 1", "13 ranks")
	c.errorLine("position cfen 1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM/2N1N2/5/3/1 w", "rank 5", "want 7")
	c.errorLine("position cfen 1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMMM/2N1N2/5/3/1 w", "6 Men, at most 5")
	if after := c.cfen(); after != before {
		t.Errorf("a refused CFEN changed the position: %q, then %q", before, after)
	}
	// A search in Cam plays a legal Cam move, with the tuned evaluation.
	c.send("position startpos")
	c.send("go depth 4")
	move := bestMove(t, c.expectPrefix("bestmove "))
	start := boards.StartPosition(game.Cam)
	if _, err := start.ParseMove(move); err != nil {
		t.Errorf("bestmove %q in Cam's start: %v", move, err)
	}
	// An unknown variant is refused; the game stays Cam's.
	c.errorLine("setoption name UCI_Variant value shogi", "shogi")
	if cfen := c.cfen(); cfen != game.Cam.StartCFEN() {
		t.Errorf("a refused variant changed the position to %q", cfen)
	}
	got = c.roundTrip("setoption name UCI_Variant value camette")
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string variant camette files 5 ranks 7 startpos 1/1n1/1mmm1/5/1MMM1/1N1/1 w") {
		t.Errorf("UCI_Variant camette printed %q", got)
	}
}

func bestMove(t *testing.T, lines []string) string {
	t.Helper()
	f := strings.Fields(lines[len(lines)-1])
	if len(f) < 2 {
		t.Fatalf("bad bestmove line %q", lines[len(lines)-1])
	}
	return f[1]
}

// Switching boards back and forth leaves nothing behind: a Camelot search
// after a game of Cam finds what a fresh engine finds, node for node.
func TestUCIVariantKeepsNoStaleState(t *testing.T) {
	const position, goCmd = "startpos moves E6-G8 H11-H9", "go depth 7"
	fresh := searchTranscript(newClientSession(t, NewSession(boards.NewEngine(search.Options{Hash: 4, Threads: 1}))), position, goCmd)

	c := newClientSession(t, NewSession(boards.NewEngine(search.Options{Hash: 4, Threads: 1})))
	c.roundTrip("setoption name UCI_Variant value cam")
	c.send("position startpos moves D5-D6")
	c.send("go depth 6")
	c.expectPrefix("bestmove ")
	c.roundTrip("setoption name UCI_Variant value camelot")
	if got := searchTranscript(c, position, goCmd); strings.Join(got, "\n") != strings.Join(fresh, "\n") {
		t.Errorf("after a game of Cam the Camelot search printed\n%s\nwant, as a fresh engine,\n%s", strings.Join(got, "\n"), strings.Join(fresh, "\n"))
	}
}

// searchTranscript searches position (the arguments of a position
// command) with goCmd and no book, and returns what the search printed
// with its timings (nps, time) masked: two searches that visit the same
// nodes print the same transcript.
func searchTranscript(c *client, position, goCmd string) []string {
	c.t.Helper()
	c.quiet("setoption name OwnBook value false")
	c.quiet("position " + position)
	c.send(goCmd)
	var out []string
	for _, l := range c.expectPrefix("bestmove ") {
		if strings.HasPrefix(l, "info depth ") {
			f := strings.Fields(l)
			for i := range f {
				if f[i] == "nps" || f[i] == "time" { // timing differs between runs
					f[i+1] = "-"
				}
			}
			l = strings.Join(f, " ")
		}
		out = append(out, l)
	}
	return out
}

// Strength levels play on every board: level 0 in Camette answers with a
// legal Camette move.
func TestUCIVariantSkillLevel(t *testing.T) {
	c := newClient(t)
	c.roundTrip("setoption name UCI_Variant value camette")
	c.quiet("setoption name Skill Level value 0")
	c.quiet("setoption name Skill Seed value 7")
	c.quiet("position startpos")
	c.send("go movetime 200")
	move := bestMove(t, c.expectPrefix("bestmove "))
	start := boards.StartPosition(game.Camette)
	if _, err := start.ParseMove(move); err != nil {
		t.Errorf("level 0 in Camette played %q: %v", move, err)
	}
}

// bench searches the suite of the session's board unless told otherwise.
func TestUCIVariantBench(t *testing.T) {
	s := NewSession(boards.NewEngine(search.Options{Hash: 1, Threads: 1}))
	var got []string
	s.BenchFunc = func(w io.Writer, args []string) error {
		got = append(got, strings.Join(args, " "))
		return nil
	}
	c := newClientSession(t, s)
	c.roundTrip("bench 5")
	c.roundTrip("setoption name UCI_Variant value cam")
	c.roundTrip("bench 5")
	c.roundTrip("bench -variant camette")
	if want := []string{"5", "-variant cam 5", "-variant camette"}; !slices.Equal(got, want) {
		t.Errorf("bench was given %q, want %q", got, want)
	}
}
