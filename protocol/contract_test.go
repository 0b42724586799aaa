package protocol

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// report is an info line as a GUI reads it.
type report struct {
	depth, multiPV int
	score          int    // comparable: a win in N above every centi-man score
	bound          string // "", "lowerbound" or "upperbound"
	pv             []string
	line           string
}

func parseReport(t *testing.T, l string) report {
	t.Helper()
	f := strings.Fields(l)
	r := report{line: l}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			r.depth, _ = strconv.Atoi(f[i+1])
		case "multipv":
			r.multiPV, _ = strconv.Atoi(f[i+1])
		case "score":
			n, _ := strconv.Atoi(f[i+2])
			switch {
			case f[i+1] == "cp":
				r.score = n
			case n > 0:
				r.score = 1_000_000 - n
			default:
				r.score = -1_000_000 - n
			}
			if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
				r.bound = f[i+3]
			}
		case "pv":
			r.pv = f[i+1:]
			i = len(f)
		}
	}
	if r.depth < 1 || r.multiPV < 1 || len(r.pv) == 0 {
		t.Fatalf("report %q: want a depth, a multipv and a pv", l)
	}
	return r
}

// checkContract checks the reports of one search as a GUI relies on
// them: each depth's lines once each, numbered 1..n in order, in score
// order and with exact scores; at most one more line after the last
// complete depth, multipv 1 of a deeper depth; and bestmove playing the
// last multipv 1 line's move. It returns the number of complete
// iterations seen.
func checkContract(t *testing.T, what string, lines []string, wantPV int) int {
	t.Helper()
	infos, best := checkSearch(t, lines)
	byDepth := map[int][]report{}
	var order []int
	var last report
	for _, l := range infos {
		r := parseReport(t, l)
		if _, seen := byDepth[r.depth]; !seen {
			order = append(order, r.depth)
		}
		byDepth[r.depth] = append(byDepth[r.depth], r)
		if r.multiPV == 1 {
			last = r
		}
	}
	complete := 0
	for i, d := range order {
		rs := byDepth[d]
		final := i == len(order)-1 && len(rs) == 1 && wantPV > 1
		if !final && len(rs) != wantPV {
			t.Errorf("%s: depth %d has %d lines, want %d", what, d, len(rs), wantPV)
			continue
		}
		for j, r := range rs {
			if r.multiPV != j+1 {
				t.Errorf("%s: depth %d line %d is multipv %d", what, d, j+1, r.multiPV)
			}
			if j > 0 && r.score > rs[j-1].score {
				t.Errorf("%s: depth %d: multipv %d scores %d, above multipv %d's %d", what, d, j+1, r.score, j, rs[j-1].score)
			}
			if r.bound != "" && (!final && wantPV > 1 || i != len(order)-1) {
				t.Errorf("%s: a bound in a complete iteration: %q", what, r.line)
			}
		}
		if i > 0 && d <= order[i-1] {
			t.Errorf("%s: depth %d reported after depth %d", what, d, order[i-1])
		}
		if !final {
			complete++
		}
	}
	if move := strings.Fields(best)[1]; move != last.pv[0] {
		t.Errorf("%s: %q plays another move than the last multipv 1 line %q", what, best, last.line)
	}
	return complete
}

// benchPositions returns the CFENs of the bench suite.
func benchPositions(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../bench/positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cfens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			cfen, _, _ := strings.Cut(l, ";")
			cfens = append(cfens, strings.TrimSpace(cfen))
		}
	}
	return cfens
}

// MultiPV lines come in score order at every depth, and multipv 1 is the
// move played, on the start and 20 other positions. With the lines of
// each iteration ranked only from the line searched on (not together),
// the start position at depth 8 printed cp 10, 15, 12, 12 and played the
// cp 10 line. CAMELOT_MULTIPV_DEPTH sets the depth (default 7; the README
// quotes depth 9).
func TestMultiPVLinesInScoreOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("searches 21 positions")
	}
	depth := 7
	if d, err := strconv.Atoi(os.Getenv("CAMELOT_MULTIPV_DEPTH")); err == nil && d > 0 {
		depth = d
	}
	positions := benchPositions(t)[:21]
	c := newClient(t)
	c.quiet("setoption name MultiPV value 4")
	iterations := 0
	for _, cfen := range append(positions, "startpos moves E6-G8 C11-E9") {
		if strings.HasPrefix(cfen, "startpos") {
			c.quiet("position " + cfen)
		} else {
			c.quiet("position cfen " + cfen)
		}
		c.quiet("ucinewgame")
		p, err := boards.ParseCFEN(game.Camelot, c.cfen())
		if err != nil {
			t.Fatal(err)
		}
		c.send(fmt.Sprintf("go depth %d", depth))
		iterations += checkContract(t, cfen, c.expectPrefix("bestmove "), min(4, max(len(p.Moves()), 1)))
	}
	t.Logf("%d positions, %d complete iterations of MultiPV 4 to depth %d, all in score order", len(positions)+1, iterations, depth)
}

// Each iteration is reported once: a search that ends after depth 1 prints
// one line, not the last iteration again before bestmove.
func TestEachIterationReportedOnce(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name OwnBook value false")
	for _, goCmd := range []string{"go depth 1", "go nodes 1", "go depth 4", "go nodes 5000", "go movetime 50"} {
		c.quiet("position startpos")
		c.send(goCmd)
		lines := c.expectPrefix("bestmove ")
		checkContract(t, goCmd, lines, 1)
		if (goCmd == "go depth 1" || goCmd == "go nodes 1") && len(lines) != 2 {
			t.Errorf("%s: %q, want one info line and bestmove", goCmd, lines)
		}
	}
	c.quiet("setoption name MultiPV value 3")
	for _, goCmd := range []string{"go depth 5", "go nodes 20000"} {
		c.quiet("position startpos moves E6-G8")
		c.send(goCmd)
		checkContract(t, goCmd, c.expectPrefix("bestmove "), 3)
	}
}

// Below level 20 the engine reports one line, the move it plays.
func TestSkillReportsTheMovePlayed(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name OwnBook value false")
	for _, level := range []int{0, 7, 15} {
		c.quiet(fmt.Sprintf("setoption name Skill Level value %d", level))
		c.quiet("position startpos moves E6-G8")
		c.send("go movetime 100")
		lines := c.expectPrefix("bestmove ")
		if len(lines) != 2 {
			t.Errorf("level %d: %q, want one info line and bestmove", level, lines)
			continue
		}
		checkContract(t, fmt.Sprintf("level %d", level), lines, 1)
	}
}

// The picked line of a weakened search is one of the lines the hidden
// MultiPV ranked, and pick sees them best first.
func TestSkillPicksFromRankedLines(t *testing.T) {
	p, _ := boards.ParseCFEN(game.Camelot, benchPositions(t)[16])
	for _, level := range []int{0, 5, 10, 19} {
		e := boards.NewEngine(search.Options{Hash: 1, Threads: 1, MultiPV: 1})
		e.SetSkill(search.Skill{Level: level, Seed: 7})
		var infos []search.Info
		res := e.Search(t.Context(), game.NewGame(p), search.Limits{}, func(in search.Info) { infos = append(infos, in) })
		if len(infos) != 1 || infos[0].PV[0] != res.Best || infos[0].Score != res.Score {
			t.Errorf("level %d: %d reports, played %v %v", level, len(infos), res.Best, res.Score)
		}
	}
}

// An error line quotes at most about 100 characters of a huge input and
// says how much it left out; the engine stays usable.
func TestErrorQuotesClipped(t *testing.T) {
	c := newClient(t)
	l := c.errorLine("go "+strings.Repeat("x", 20000), `unknown argument "`+strings.Repeat("x", 100)+`"… (19900 more characters)`)
	if len(l) > 200 {
		t.Errorf("error line of %d bytes: %.200q", len(l), l)
	}
	l = c.errorLine("position startpos moves "+strings.Repeat("E6-G8", 4000), "(19900 more characters)", "position left after ply 0")
	if len(l) > 450 {
		t.Errorf("error line of %d bytes: %.200q", len(l), l)
	}
	c.errorLine(strings.Repeat("z", 3000), `unknown command "zzz`, "(2900 more characters)")
	c.send("go depth 1")
	checkSearch(t, c.expectPrefix("bestmove "))
}

// Limits below 1 are refused like depth 0: one error line and no search.
// A clock at or below zero is accepted (GUIs send one when a flag falls).
func TestNonPositiveLimitsRefused(t *testing.T) {
	c := newClient(t)
	c.quiet("setoption name OwnBook value false")
	for _, tc := range []struct{ line, want string }{
		{"go movetime -5", "movetime: want 1 or more, got -5"},
		{"go movetime 0", "movetime: want 1 or more, got 0"},
		{"go nodes -1", "nodes: want 1 or more, got -1"},
		{"go nodes 0", "nodes: want 1 or more, got 0"},
		{"go depth -3", "depth: want 1 or more, got -3"},
	} {
		c.errorLine(tc.line, tc.want) // roundTrip: nothing but the error before readyok
	}
	c.send("go wtime -100 btime -100")
	checkContract(t, "go wtime -100", c.expectPrefix("bestmove "), 1)
}

// A CFEN error names the CFEN once.
func TestCFENErrorPrefixedOnce(t *testing.T) {
	c := newClient(t)
	l := c.errorLine("position cfen 2/8 w", "position: CFEN field 1 (board)")
	if strings.Count(l, "CFEN") != 1 {
		t.Errorf("%q names the CFEN more than once", l)
	}
}
