package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// decided has two White pieces in Black's castle (F16, G16) with Black to
// move: White has won (R14).
const decided = "MM/8/10/12/12/12/12/12/12/12/12/12/mm10/10/8/2 b"

// oneToWin: White's Man on F16 is in Black's castle; G15-G16 puts a second
// one there and wins (R14).
const oneToWin = "M1/4M3/10/12/12/12/12/12/12/12/12/12/mm10/10/8/2 w 0/0 5 9"

func TestUCIHandshake(t *testing.T) {
	c := newClient(t)
	c.send("uci")
	got := c.expect("uciok")
	want := []string{
		"id name " + Name(),
		"id author The Camelot engine authors",
		"option name Hash type spin default 16 min 1 max 65536",
		fmt.Sprintf("option name Threads type spin default %d min 1 max 256", DefaultThreads()),
		"option name MultiPV type spin default 1 min 1 max 64",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Ponder type check default false",
		"option name Clear Hash type button",
		"option name Play type combo default normal var normal var random var material",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name Skill Seed type spin default 0 min 0 max 2147483647",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 2341 min 569 max 2341",
		"option name OwnBook type check default true",
		"option name BookFile type string default <empty>",
		"option name BookPlies type spin default 8 min 0 max 1000",
		"option name BookMargin type spin default 20 min 0 max 1000",
		"option name Use NNUE type check default true",
		"option name EvalFile type string default " + defaultNetName(),
		"option name UCI_Variant type combo default camelot var camelot var cam var camette var chivalry var river var anti-camelot var anti-cam var anti-camette var anti-chivalry var anti-river",
		"option name Rules type combo default wcf var wcf var abstractplay",
		"option name SolutionPath type string default <empty>",
		"uciok",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("uci answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c.send("isready")
	c.expect("readyok")
}

func TestUnknownAndEmptyLines(t *testing.T) {
	c := newClient(t)
	c.quiet("")
	c.quiet("   \t ")
	c.errorLine("foo bar", `unknown command "foo"`)
	c.errorLine("Hello", `unknown command "Hello"`)
	c.quiet("debug on")
	c.quiet("stop")      // nothing to stop
	c.quiet("ponderhit") // nothing to hit
}

func TestSetOption(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 4, Threads: 1})
	s := NewSession(e)
	c := newClientSession(t, s)

	c.quiet("setoption name Hash value 8")
	c.quiet("setoption name threads value 2")
	c.quiet("setoption name MULTIPV value 3")
	c.quiet("setoption name move   overhead value 75")
	c.quiet("setoption name Ponder value true")
	c.quiet("setoption name Clear Hash")
	c.quiet("setoption name Skill Level value 7")
	c.quiet("setoption name skill seed value 12345")
	// UCI_Elo picks the level only with UCI_LimitStrength; level 10 is
	// calibrated at 1103 (level 9 interpolates to 1036, level 11 to 1214).
	c.quiet("setoption name UCI_Elo value 1100")
	if got := e.Options().Skill; got != (search.Skill{Level: 7, Seed: 12345}) {
		t.Errorf("UCI_Elo without UCI_LimitStrength changed the level: %+v", got)
	}
	c.quiet("setoption name UCI_LimitStrength value true")
	if got := e.Options().Skill; got != (search.Skill{Level: 10, Seed: 12345}) {
		t.Errorf("UCI_LimitStrength with UCI_Elo 1100: %+v, want level 10", got)
	}
	c.quiet("setoption name UCI_LimitStrength value false")
	c.errorLine("setoption name UCI_Elo value 100", "UCI_Elo", "out of range 569 to 2341")
	// The search's constants are options too, announced only by uci -tune.
	c.quiet("setoption name rfpmargin value 95")
	c.errorLine("setoption name LMRDivisor value 99", "LMRDivisor", "out of range 100 to 500")
	params := search.DefaultParams()
	params.RFPMargin = 95
	want := search.Options{Hash: 8, Threads: 2, MultiPV: 3, MoveOverhead: 75 * time.Millisecond, Play: search.PlayNormal,
		Skill: search.Skill{Level: 7, Seed: 12345}, Params: params}
	def, _ := nnue.Default() // the engine plays with the built-in net unless told otherwise
	if got := e.Options(); got != want || e.Net(game.Camelot) != def || !s.ponder || s.threads != 2 {
		t.Fatalf("options %+v ponder %v threads %d, want %+v, true, 2", got, s.ponder, s.threads, want)
	}

	for _, tc := range []struct {
		line  string
		words []string
	}{
		{"setoption name Hash value abc", []string{`"Hash"`, `"abc"`}},
		{"setoption name Hash value 0", []string{`"Hash"`, "out of range"}},
		{"setoption name Hash value 65537", []string{`"Hash"`, "out of range"}},
		{"setoption name Hash value 99999999999999999999999", []string{`"Hash"`, "out of range"}},
		{"setoption name Hash value 1.5", []string{`"Hash"`, `"1.5"`}},
		{"setoption name Hash value 8 9", []string{`"Hash"`, `"8 9"`}},
		{"setoption name Hash", []string{`"Hash"`, "needs a value"}},
		{"setoption name Hash value", []string{`"Hash"`, "needs a value"}},
		{"setoption name Threads value 257", []string{`"Threads"`, "out of range"}},
		{"setoption name Threads value -1", []string{`"Threads"`, "out of range"}},
		{"setoption name MultiPV value 65", []string{`"MultiPV"`, "out of range"}},
		{"setoption name Move Overhead value 5001", []string{`"Move Overhead"`, "out of range"}},
		{"setoption name Ponder value yes", []string{`"Ponder"`, `"yes"`}},
		{"setoption name Ponder", []string{`"Ponder"`, "true or false"}},
		{"setoption name Clear Hash value 1", []string{`"Clear Hash"`, "button"}},
		{"setoption name Contempt value 10", []string{"unknown option", `"Contempt"`}},
		{"setoption name Move value 10", []string{"unknown option", `"Move"`}},
		{"setoption Hash value 10", []string{"setoption name"}},
		{"setoption", []string{"setoption name"}},
		{"setoption name value 3", []string{"missing option name"}},
	} {
		c.errorLine(tc.line, tc.words...)
	}
	if got := e.Options(); got != want || !s.ponder {
		t.Fatalf("bad setoption lines changed the options: %+v, ponder %v", got, s.ponder)
	}
	c.quiet("setoption name ponder value FALSE")
	if s.ponder {
		t.Error("Ponder still true")
	}
}

func TestPosition(t *testing.T) {
	c := newClient(t)
	if got := c.cfen(); got != game.StartCFEN {
		t.Fatalf("initial position %s", got)
	}
	const afterE6G8 = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1"
	c.quiet("position startpos moves E6-G8")
	if got := c.cfen(); got != afterE6G8 {
		t.Fatalf("after E6-G8: %s, want %s (R5 example)", got, afterE6G8)
	}
	c.quiet("position cfen " + game.StartCFEN + " moves e6-g8")
	if got := c.cfen(); got != afterE6G8 {
		t.Fatalf("cfen + moves: %s", got)
	}
	c.quiet("position fen " + afterE6G8)
	if got := c.cfen(); got != afterE6G8 {
		t.Fatalf("fen synonym: %s", got)
	}
	c.quiet("position startpos")
	c.quiet("position cfen 2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w")
	if got := c.cfen(); got != "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w 0/0 0 1" {
		t.Fatalf("short cfen: %s", got)
	}

	// An illegal move: one error naming it and its ply; the position stays
	// after the last legal move.
	c.errorLine("position startpos moves E6-G8 H11-F9 E6-E9 C8-D9", `"E6-E9"`, "ply 3")
	if got := c.cfen(); got != "2/8/10/12/12/2nmmmm1mn2/3nmmmmn3/5m6/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 w 0/0 2 2" {
		t.Fatalf("after the illegal move: %s", got)
	}
	c.errorLine("position startpos moves zz9", `"zz9"`, "ply 1")
	if got := c.cfen(); got != game.StartCFEN {
		t.Fatalf("after an unparsable first move: %s", got)
	}

	// A bad CFEN keeps the previous position.
	c.quiet("position startpos moves E6-G8")
	c.errorLine("position cfen 2/8/10 w", "CFEN field 1")
	c.errorLine("position cfen", "CFEN")
	c.errorLine("position fen "+game.StartCFEN+" extra moves E6-G8", "CFEN")
	c.errorLine("position", "startpos")
	c.errorLine("position sideways", `"sideways"`)
	c.errorLine("position startpos E6-G8", `"E6-G8"`, "moves")
	if got := c.cfen(); got != afterE6G8 {
		t.Fatalf("bad position lines changed the position: %s", got)
	}

	// A move after the end of the game is an error.
	c.errorLine("position cfen "+oneToWin+" moves G15-G16 A4-A5", `"A4-A5"`, "ply 2", "game over")
	c.send("d")
	got := c.expectPrefix("Result: ")
	if res := got[len(got)-1]; res != "Result: 1-0 (R14: white has two pieces in black's castle)" {
		t.Fatalf("result %q", res)
	}
}

// TestPositionGameRecord replays the 2008 record with the skipped-square
// Charge J11-F11-D11xF9 (R3) at ply 14 and checks the CFEN after it.
func TestPositionGameRecord(t *testing.T) {
	record := strings.Fields(`E6-E8 H11-F9 H6-F8 F11-H9 G6-G8 D11-D9 E8xC10xC12 D10-C11
		C12xC10 E10-E12 G8xE10 I10-G8xG6xE6xE8xG8xE6xC8 I7-G7 J11-F11-D11xF9`)
	g := boards.NewGame(game.Camelot)
	for _, m := range record {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	c := newClient(t)
	c.quiet("position startpos moves " + strings.Join(record, " "))
	if got := c.cfen(); got != p.CFEN() {
		t.Fatalf("after the record: %s, want %s", got, p.CFEN())
	}
	// Cut just before the Charge and search: the PV is printed in
	// canonical notation, which reads back.
	c.quiet("position startpos moves " + strings.Join(record[:13], " "))
	c.send("go depth 2 searchmoves J11-F11-D11xF9")
	_, best := checkSearch(t, c.expectPrefix("bestmove "))
	if !strings.HasPrefix(best, "bestmove J11-H11-F11-D11xF9") {
		t.Errorf("searchmoves J11-F11-D11xF9 gave %q, want the canonical J11-H11-F11-D11xF9", best)
	}
}

func TestGoDepth(t *testing.T) {
	c := newClient(t)
	c.quiet("position startpos")
	c.send("go depth 3")
	infos, _ := checkSearch(t, c.expectPrefix("bestmove "))
	depths := map[string]bool{}
	for _, l := range infos {
		depths[strings.Fields(l)[2]] = true
		checkPV(t, boards.StartPosition(game.Camelot), l)
	}
	for _, d := range []string{"1", "2", "3"} {
		if !depths[d] {
			t.Errorf("no report for depth %s in %q", d, infos)
		}
	}
	// Black to move after a first move, and MultiPV 2.
	c.quiet("setoption name MultiPV value 2")
	c.quiet("position startpos moves E6-G8")
	c.send("go depth 2")
	infos, _ = checkSearch(t, c.expectPrefix("bestmove "))
	var pv1, pv2 bool
	for _, l := range infos {
		pv1 = pv1 || strings.Contains(l, " multipv 1 ")
		pv2 = pv2 || strings.Contains(l, " multipv 2 ")
	}
	if !pv1 || !pv2 {
		t.Errorf("MultiPV 2 reports: %q", infos)
	}
}

// checkPV checks that the PV of an info line is legal from p.
func checkPV(t *testing.T, p game.Position, info string) {
	t.Helper()
	_, pv, ok := strings.Cut(info, " pv ")
	if !ok {
		t.Errorf("no pv in %q", info)
		return
	}
	for _, text := range strings.Fields(pv) {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Errorf("%q: %v", info, err)
			return
		}
		if got := p.MoveText(m); got != text {
			t.Errorf("%q: %s is not canonical (%s)", info, text, got)
		}
		p.MakeMove(m)
	}
}

func TestGoInfiniteStop(t *testing.T) {
	c := newClient(t)
	c.quiet("position startpos")
	c.send("go infinite")
	c.expectPrefix("info depth ")
	// isready is answered while the search runs, before any bestmove.
	c.send("isready")
	for _, l := range c.expect("readyok") {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("infinite search ended by itself: %q", l)
		}
	}
	c.errorLine("go depth 1", "already running")
	start := time.Now()
	c.send("stop")
	checkSearch(t, c.expectPrefix("bestmove "))
	t.Logf("bestmove %v after stop", time.Since(start))
	c.quiet("stop") // stopping twice is harmless
	// The session goes on normally.
	c.send("go depth 1")
	checkSearch(t, c.expectPrefix("bestmove "))
}

func TestGoMoveTimeAndNodes(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name OwnBook value false") // the start is in the embedded book
	c.quiet("position startpos")
	start := time.Now()
	c.send("go movetime 200")
	checkSearch(t, c.expectPrefix("bestmove "))
	t.Logf("go movetime 200 took %v", time.Since(start))

	c.send("go nodes 3000")
	infos, _ := checkSearch(t, c.expectPrefix("bestmove "))
	t.Logf("go nodes 3000: last report %q", infos[len(infos)-1])

	c.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20")
	checkSearch(t, c.expectPrefix("bestmove "))
	c.send("go wtime -5 btime 0")
	checkSearch(t, c.expectPrefix("bestmove "))
}

func TestGoErrors(t *testing.T) {
	c := newClient(t)
	c.quiet("position startpos")
	for _, tc := range []struct {
		line  string
		words []string
	}{
		{"go depth x", []string{"depth", `"x"`}},
		{"go depth", []string{"depth", "needs a value"}},
		{"go depth 0", []string{"depth"}},
		{"go nodes -3", []string{"nodes"}},
		{"go movetime 1e3", []string{"movetime", `"1e3"`}},
		{"go wtime 99999999999999999999", []string{"wtime", "out of range"}},
		{"go movestogo -1", []string{"movestogo"}},
		{"go fast", []string{`"fast"`}},
		{"go depth 2 fast", []string{`"fast"`}},
		{"go searchmoves", []string{"searchmoves"}},
		{"go searchmoves E6-E9", []string{"searchmoves", `"E6-E9"`}},
		{"go depth 2 perft 2", []string{"perft"}},
		{"go perft", []string{"perft"}},
		{"go perft x", []string{"perft", `"x"`}},
		{"go perft 65", []string{"perft", `"65"`}},
		{"go perft 1 2", []string{"perft"}},
	} {
		c.errorLine(tc.line, tc.words...)
	}
	// searchmoves restricts the root; the list ends at the next keyword.
	c.send("go searchmoves c6-c5 depth 2")
	if _, best := checkSearch(t, c.expectPrefix("bestmove ")); !strings.HasPrefix(best, "bestmove C6-C5") {
		t.Errorf("searchmoves C6-C5: %q", best)
	}
}

func TestQuitMidSearch(t *testing.T) {
	c := newClient(t)
	c.quiet("position startpos")
	c.send("go infinite")
	c.expectPrefix("info depth ")
	start := time.Now()
	c.send("quit")
	if !c.waitRun() {
		t.Fatal("Run did not return after quit")
	}
	t.Logf("Run returned %v after quit", time.Since(start))
	if c.runErr != nil {
		t.Errorf("Run returned %v", c.runErr)
	}
	// The pending bestmove is the last line printed.
	got := c.expectPrefix("bestmove ")
	checkSearch(t, got)
	if rest := c.rest(); len(rest) != 0 {
		t.Errorf("lines after the last bestmove: %q", rest)
	}
}

// TestQuitDuringPerft: perft cannot be stopped, so quit abandons it; its
// output comes whole or not at all.
func TestQuitDuringPerft(t *testing.T) {
	c := newClient(t)
	c.send("go perft 3")
	c.send("quit")
	if !c.waitRun() || c.runErr != nil {
		t.Fatalf("quit during perft: %v", c.runErr)
	}
	if got := c.rest(); len(got) != 0 && (len(got) < 3 || !strings.HasPrefix(got[len(got)-1], "Nodes searched: ")) {
		t.Errorf("perft output cut: %q", got)
	} else {
		t.Logf("%d lines of perft output before the end", len(got))
	}
}

func TestQuitIdleAndEOF(t *testing.T) {
	c := newClient(t)
	c.send("quit")
	if !c.waitRun() || c.runErr != nil {
		t.Fatalf("quit: %v", c.runErr)
	}

	// The end of the input ends the session like quit, stopping a search.
	var out bytes.Buffer
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	err := Run(strings.NewReader("position startpos\ngo infinite\nisready"), &out, e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "readyok\n") || !strings.Contains(out.String(), "\nbestmove ") {
		t.Errorf("output at the end of input: %q", out.String())
	}
}

func TestRunErrors(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	boom := errors.New("boom")
	if err := Run(io.MultiReader(strings.NewReader("isready\n"), errReader{boom}), io.Discard, e); !errors.Is(err, boom) {
		t.Errorf("read error: Run returned %v", err)
	}
	if err := Run(strings.NewReader("isready\nisready\n"), errWriter{boom}, e); !errors.Is(err, boom) {
		t.Errorf("write error: Run returned %v", err)
	}
	// A line longer than the limit is reported and skipped.
	var out bytes.Buffer
	long := "position " + strings.Repeat("x", maxLine+10)
	if err := Run(strings.NewReader(long+"\nisready\n"), &out, e); err != nil {
		t.Fatal(err)
	}
	if want := Banner() + "\ninfo string error: line too long (more than 1048576 bytes); ignored\nreadyok\n"; out.String() != want {
		t.Errorf("long line: %q", out.String())
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

func TestUCINewGameAndSetOptionStopSearch(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 4, Threads: 1})
	c := newClientSession(t, NewSession(e))
	c.quiet("position startpos")
	c.send("go infinite")
	c.expectPrefix("info depth ")
	c.send("ucinewgame")
	c.send("isready")
	got := c.expect("readyok")
	if !slicesHasPrefix(got, "bestmove ") {
		t.Fatalf("ucinewgame during a search: %q, want a bestmove before readyok", got)
	}
	c.send("go infinite")
	c.expectPrefix("info depth ")
	c.send("setoption name MultiPV value 2")
	c.send("isready")
	if got := c.expect("readyok"); !slicesHasPrefix(got, "bestmove ") {
		t.Fatalf("setoption during a search: %q, want a bestmove before readyok", got)
	}
	if e.Options().MultiPV != 2 {
		t.Errorf("MultiPV %d after setoption during a search", e.Options().MultiPV)
	}
	// A bad setoption during a search changes nothing and does not stop it.
	c.send("go infinite")
	c.expectPrefix("info depth ")
	c.send("setoption name MultiPV value 0")
	c.send("isready")
	got = c.expect("readyok")
	if slicesHasPrefix(got, "bestmove ") || !slicesHasPrefix(got, "info string error: ") {
		t.Fatalf("bad setoption during a search: %q", got)
	}
	c.send("stop")
	c.expectPrefix("bestmove ")
}

func slicesHasPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

func TestPonder(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name Ponder value true")
	c.quiet("position startpos moves E6-G8")
	// ponderhit right away (possibly before the first report), then the
	// search ends on its own limits.
	c.send("go ponder depth 3")
	c.send("ponderhit")
	checkSearch(t, c.expectPrefix("bestmove "))
	// ponderhit after reports.
	c.send("go ponder wtime 500 btime 500")
	c.expectPrefix("info depth ")
	c.send("isready")
	if got := c.expect("readyok"); slicesHasPrefix(got, "bestmove") {
		t.Fatalf("ponder search ended before ponderhit: %q", got)
	}
	c.send("ponderhit")
	checkSearch(t, c.expectPrefix("bestmove "))
	// ponderhit means nothing to a search that is not pondering.
	c.send("go infinite")
	c.expectPrefix("info depth ")
	c.send("ponderhit")
	c.send("isready")
	if got := c.expect("readyok"); slicesHasPrefix(got, "bestmove") {
		t.Fatalf("ponderhit ended an infinite search: %q", got)
	}
	c.send("stop")
	c.expectPrefix("bestmove ")
	// stop while pondering still gives a bestmove.
	c.send("go ponder")
	c.expectPrefix("info depth ")
	c.send("stop")
	checkSearch(t, c.expectPrefix("bestmove "))
}

func TestGameOver(t *testing.T) {
	c := newClient(t)
	const over = "info string game over: 1-0 (R14: white has two pieces in black's castle)"
	c.quiet("position cfen " + decided)
	c.send("go depth 3")
	if got := c.expectPrefix("bestmove"); len(got) != 2 || got[0] != over || got[1] != "bestmove (none)" {
		t.Fatalf("go on a finished game: %q", got)
	}
	// An infinite search of a finished game waits for stop, like any other.
	c.send("go infinite")
	c.send("isready")
	if got := c.expect("readyok"); len(got) != 1 {
		t.Fatalf("go infinite on a finished game answered before stop: %q", got)
	}
	c.send("stop")
	if got := c.expectPrefix("bestmove"); got[len(got)-2] != over || got[len(got)-1] != "bestmove (none)" {
		t.Fatalf("stop: %q", got)
	}
	// Pondering on a finished game: ponderhit ends it.
	c.send("go ponder")
	c.send("ponderhit")
	c.expect("bestmove (none)")

	// The game reaches its end through the moves of position.
	c.quiet("position cfen " + oneToWin + " moves G15-G16")
	c.send("go movetime 100")
	c.expect(over)
	c.expect("bestmove (none)")

	// This one is not over: one White piece in Black's castle.
	c.quiet("position cfen 1M/2M5/10/12/12/12/12/12/12/12/12/12/mm10/10/8/2 w 0/0 5 9")
	c.send("go depth 3")
	checkSearch(t, c.expectPrefix("bestmove "))
}

func TestDisplay(t *testing.T) {
	c := newClient(t)
	c.quiet("position startpos moves E6-G8")
	got := c.roundTrip("d")
	want := []string{
		" 16            . .          <- black's castle",
		" 15      . . . . . . . .",
		" 14    . . . . . . . . . .",
		" 13  . . . . . . . . . . . .",
		" 12  . . . . . . . . . . . .",
		" 11  . . n m m m m m m n . .",
		" 10  . . . n m m m m n . . .",
		"  9  . . . . . . . . . . . .",
		"  8  . . . . . . M . . . . .",
		"  7  . . . N M M M M N . . .",
		"  6  . . N M . M M M M N . .",
		"  5  . . . . . . . . . . . .",
		"  4  . . . . . . . . . . . .",
		"  3    . . . . . . . . . .",
		"  2      . . . . . . . .",
		"  1            . .          <- white's castle",
		"     A B C D E F G H I J K L",
		"CFEN: 2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1",
	}
	if len(got) != len(want)+2 || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Fatalf("d printed\n%s\nwant\n%s\nKey: …\nResult: …", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	p, _ := boards.ParseCFEN(game.Camelot, "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1")
	if key := fmt.Sprintf("Key: %016X", p.Key()); got[len(want)] != key {
		t.Errorf("key line %q, want %q", got[len(want)], key)
	}
	if got[len(want)+1] != "Result: * (game in progress)" {
		t.Errorf("result line %q", got[len(want)+1])
	}
	c.quiet("position cfen " + decided)
	got = c.roundTrip("d")
	if got[0] != " 16            M M          <- black's castle" {
		t.Errorf("castle rank %q", got[0])
	}
}

func TestEval(t *testing.T) {
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	c := newClientSession(t, NewSession(e))
	for _, pos := range []string{"startpos", "startpos moves E6-G8", "cfen " + decided} {
		c.quiet("position " + pos)
		got := c.roundTrip("eval")
		var p game.Position
		if pos == "cfen "+decided {
			p, _ = boards.ParseCFEN(game.Camelot, decided)
		} else {
			g := boards.NewGame(game.Camelot)
			if strings.Contains(pos, "E6-G8") {
				_, _ = g.PlayText("E6-G8")
			}
			p = g.Position()
		}
		// The lines are the engine's report of the position, word for word.
		if want := e.EvalReport(p); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: eval printed\n%s\nwant the engine's report\n%s", pos, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(got) < 5 {
			t.Fatalf("eval printed %q: want a heading, terms, the total and the NNUE lines", got)
		}
		nn := got[len(got)-2:]
		got = got[:len(got)-2]
		if n := e.Net(game.Camelot); n != nil && nn[0] != fmt.Sprintf("NNUE: %d (side to move), net %s", boards.NetEvaluate(n, p), n.Name) ||
			n == nil && nn[0] != "NNUE: no net of the Camelot board (EvalFile names one)" {
			t.Errorf("NNUE line %q", nn[0])
		}
		if want := fmt.Sprintf("%-12s %7s %7s %7s", "Term", "White", "Black", "Total"); got[0] != want {
			t.Errorf("heading %q, want %q", got[0], want)
		}
		// Each term: its name, White, Black and White minus Black.
		sum := 0
		for _, l := range got[1 : len(got)-1] {
			f := strings.Fields(l)
			if len(f) < 4 {
				t.Errorf("term line %q", l)
				continue
			}
			white, errW := strconv.Atoi(f[len(f)-3])
			black, errB := strconv.Atoi(f[len(f)-2])
			diff := fmt.Sprintf(" %7d %7d %7d", white, black, white-black)
			if errW != nil || errB != nil || !strings.HasSuffix(l, diff) || len(l)-len(diff) < 12 {
				t.Errorf("term line %q, want the form %q", l, "%-12s %7d %7d %7d")
			}
			sum += white - black
		}
		if p.Side() == game.Black {
			sum = -sum
		}
		if want := fmt.Sprintf("Total: %d (side to move)", sum); got[len(got)-1] != want {
			t.Errorf("%s: the terms add up to %d, not to the total %q", pos, sum, got[len(got)-1])
		}
	}
}

func TestGoPerft(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name Threads value 2")
	c.quiet("position startpos")
	c.send("go perft 2")
	got := c.expect("Nodes searched: 10026")
	entries, total := boards.StartPosition(game.Camelot).Divide(2, 1)
	var want bytes.Buffer
	game.WriteDivide(&want, entries, total)
	if strings.Join(got, "\n")+"\n" != want.String() {
		t.Errorf("go perft 2 differs from camelot perft 2")
	}
	// A position with moves, and perft while perft runs.
	c.quiet("position cfen 1M/8/10/M11/12/12/12/12/12/12/12/12/11n/10/8/2 w 0/0 0 1")
	c.send("go perft 1")
	got = c.expect("Nodes searched: 5")
	if strings.Join(got, "\n") != "A13-A12: 1\nA13-B12: 1\nA13-B13: 1\nA13-B14: 1\nG16-F16: 1\n\nNodes searched: 5" {
		t.Errorf("go perft 1: %q", got)
	}
	c.quiet("position startpos")
	c.send("go perft 0")
	c.expect("Nodes searched: 1")
}

func TestBench(t *testing.T) {
	s := NewSession(boards.NewEngine(search.Options{Hash: 1, Threads: 1}))
	c := newClientSession(t, s)
	c.errorLine("bench", "bench")

	s2 := NewSession(boards.NewEngine(search.Options{Hash: 1, Threads: 1}))
	var gotArgs []string
	s2.BenchFunc = func(w io.Writer, args []string) error {
		gotArgs = args
		fmt.Fprint(w, "line one\nline ")
		fmt.Fprint(w, "two\r\nno newline")
		return errors.New("half done")
	}
	c2 := newClientSession(t, s2)
	got := c2.roundTrip("bench 5 x")
	want := []string{"line one", "line two", "no newline", "info string error: bench: half done"}
	if strings.Join(got, "|") != strings.Join(want, "|") || strings.Join(gotArgs, " ") != "5 x" {
		t.Errorf("bench printed %q with args %q", got, gotArgs)
	}
	c2.send("go infinite")
	c2.expectPrefix("info depth")
	got = c2.roundTrip("bench")
	if !slicesHasPrefix(got, "info string error: bench: a search is running") {
		t.Errorf("bench during a search: %q", got)
	}
	c2.send("stop")
	c2.expectPrefix("bestmove ")
}

// A position command that extends the previous one plays only the new
// moves; the result must be the same as replaying the whole game, and a
// command that does not extend it starts afresh.
func TestPositionExtendsPreviousGame(t *testing.T) {
	c := newClient(t)
	cfenAfter := func(cmd string) string {
		c.send(cmd)
		c.send("d")
		lines := c.expectPrefix("CFEN:")
		return lines[len(lines)-1]
	}
	one := cfenAfter("position startpos moves E6-G8")
	two := cfenAfter("position startpos moves E6-G8 I11-G9")
	fresh := cfenAfter("position startpos moves E6-G8 I11-G9")
	if two != fresh || one == two {
		t.Errorf("extended %q, replayed %q, first %q", two, fresh, one)
	}
	other := cfenAfter("position startpos moves F6-H8")
	if other == one || other == two {
		t.Errorf("a different game gave %q", other)
	}
	back := cfenAfter("position startpos moves E6-G8")
	if back != one {
		t.Errorf("going back to one move gave %q, want %q", back, one)
	}
	c.send("quit")
}
