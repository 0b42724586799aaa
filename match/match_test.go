package match

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// camelotBin is the camelot binary built by TestMain.
var camelotBin string

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode, os.Stdin, os.Stdout))
	}
	dir, err := os.MkdirTemp("", "camelot-match-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	camelotBin = filepath.Join(dir, "camelot")
	build := exec.Command(goTool(), "build", "-o", camelotBin, "github.com/camelot-engine/camelot")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building camelot: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// goTool returns the go command of the toolchain running the tests.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(os.Getenv("GOROOT"), "bin", "go")
}

// testBin is the test binary itself, which runs fakeEngine when fakeEnv
// is set.
func testBin(t *testing.T) string {
	t.Helper()
	p, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// runMatch runs `camelot match` with args and returns its exit status and
// output.
func runMatch(t *testing.T, ctx context.Context, terminal bool, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	start := time.Now()
	code = Main(ctx, args, &out, &errOut, terminal)
	t.Logf("match %s: %v, exit %d", strings.Join(args, " "), time.Since(start).Round(time.Millisecond), code)
	return code, out.String(), errOut.String()
}

var scoreLine = regexp.MustCompile(`(?m)^Score of (.+) vs (.+): (\d+) - (\d+) - (\d+)  \[([0-9.]+)\] (\d+)$`)

// finalScore returns W, L, D and N of the last Score line.
func finalScore(t *testing.T, out string) (w, l, d, n int) {
	t.Helper()
	all := scoreLine.FindAllStringSubmatch(out, -1)
	if len(all) == 0 {
		t.Fatalf("no Score line in:\n%s", out)
	}
	m := all[len(all)-1]
	atoi := func(s string) int { v, _ := strconv.Atoi(s); return v }
	return atoi(m[3]), atoi(m[4]), atoi(m[5]), atoi(m[7])
}

// checkSummary checks that the output ends with the summary lines.
func checkSummary(t *testing.T, out string, sprt bool) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	k := len(lines) - 1
	if sprt {
		if !strings.HasPrefix(lines[k], "SPRT: llr ") {
			t.Errorf("last line %q: want the SPRT line", lines[k])
		}
		k--
	}
	if strings.HasPrefix(lines[k], "nElo: ") {
		k--
	}
	if k < 2 || !strings.HasPrefix(lines[k], "Ptnml(0-2): [") ||
		!strings.HasPrefix(lines[k-1], "Elo difference: ") || !strings.HasPrefix(lines[k-2], "Score of ") {
		t.Errorf("output does not end with the summary:\n%s", out)
	}
}

// readGames reads a PGN output file and replays every game.
func readGames(t *testing.T, path string) []*record.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := record.Read(f)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	for _, g := range games {
		if _, err := g.Replay(); err != nil {
			t.Errorf("game %s does not replay: %v", g.Tag("Round"), err)
		}
	}
	return games
}

func TestMatch(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	openings, err := filepath.Abs("../testdata/openings/balanced.cfen")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "name=Alpha",
		"-engine", "cmd="+camelotBin, "name=Beta",
		"-each", "depth=2", "option.Threads=1", "option.Hash=1",
		"-games", "6", "-concurrency", "2", "-pgnout", pgn,
		"-openings", "file="+openings, "order=random", "start=3", "-srand", "5",
		"-ratinginterval", "4")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
	checkSummary(t, out, false)
	if n := strings.Count(out, "Finished game "); n != 6 {
		t.Errorf("%d Finished game lines, want 6:\n%s", n, out)
	}
	if !strings.Contains(out, "\nFinished match\n") {
		t.Errorf("no Finished match line:\n%s", out)
	}
	w, l, d, n := finalScore(t, out)
	if w+l+d != n || n != 6 {
		t.Errorf("score %d - %d - %d in %d games", w, l, d, n)
	}
	if strings.Count(out, "Elo difference: ") != 2 {
		t.Errorf("want the summary after game 4 and at the end:\n%s", out)
	}

	games := readGames(t, pgn)
	if len(games) != 6 {
		t.Fatalf("%d games in the PGN file, want 6", len(games))
	}
	var rw, rl, rd int
	rounds := map[string]bool{}
	cfens := map[string][]string{}
	for _, g := range games {
		round := g.Tag("Round")
		rounds[round] = true
		for _, tag := range []string{"Event", "Site", "Date", "White", "Black", "Result", "CFEN", "TimeControl", "Termination"} {
			if g.Tag(tag) == "" {
				t.Errorf("game %s has no %s tag", round, tag)
			}
		}
		if g.Tag("Event") != "camelot match" || g.Tag("TimeControl") != "depth=2" {
			t.Errorf("game %s: Event %q, TimeControl %q", round, g.Tag("Event"), g.Tag("TimeControl"))
		}
		if !regexp.MustCompile(`^\d{4}\.\d\d\.\d\d$`).MatchString(g.Tag("Date")) {
			t.Errorf("game %s: Date %q", round, g.Tag("Date"))
		}
		r, _ := strconv.Atoi(round)
		white, black := "Alpha", "Beta"
		if r%2 == 0 {
			white, black = black, white
		}
		if g.Tag("White") != white || g.Tag("Black") != black {
			t.Errorf("game %s: %s vs %s, want %s vs %s", round, g.Tag("White"), g.Tag("Black"), white, black)
		}
		pair := strconv.Itoa((r - 1) / 2)
		cfens[pair] = append(cfens[pair], g.Tag("CFEN"))
		// The referee ended every game by the rules: the replayed game
		// agrees with its result and Termination.
		mg, err := g.Replay()
		if err != nil {
			continue
		}
		o := mg.Outcome()
		if !o.IsOver() || o.Result.String() != g.Result || g.Tag("Termination") != o.Rule+": "+o.Reason {
			t.Errorf("game %s: result %s, Termination %q; the rules say %s", round, g.Result, g.Tag("Termination"), o)
		}
		if !strings.Contains(out, fmt.Sprintf("Finished game %s (%s vs %s): %s {%s}", round, white, black, g.Result, g.Tag("Termination"))) {
			t.Errorf("no Finished line for game %s", round)
		}
		for i, m := range g.Moves {
			if !regexp.MustCompile(`^([+-](\d+\.\d\d|M\d+)|0\.00)/\d+ \d+\.\d\ds$`).MatchString(m.Comment) {
				t.Errorf("game %s move %d: comment %q", round, i+1, m.Comment)
				break
			}
		}
		switch {
		case g.Result == "1/2-1/2":
			rd++
		case (g.Result == "1-0") == (white == "Alpha"):
			rw++
		default:
			rl++
		}
	}
	if len(rounds) != 6 {
		t.Errorf("rounds %v", rounds)
	}
	for pair, c := range cfens {
		if len(c) != 2 || c[0] != c[1] {
			t.Errorf("pair %s played from %v: want one opening twice", pair, c)
		}
	}
	if rw != w || rl != l || rd != d {
		t.Errorf("records give %d - %d - %d, the summary %d - %d - %d", rw, rl, rd, w, l, d)
	}
	ptnml := regexp.MustCompile(`Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]`).FindAllStringSubmatch(out, -1)
	if len(ptnml) == 0 {
		t.Fatal("no Ptnml line")
	}
	pairs := 0
	for _, s := range ptnml[len(ptnml)-1][1:] {
		v, _ := strconv.Atoi(s)
		pairs += v
	}
	if pairs != 3 {
		t.Errorf("pentanomial counts %v: want 3 pairs", ptnml[len(ptnml)-1][1:])
	}
}

// TestMatchClock plays with clocks and increments, from the start position,
// and appends to an existing PGN file.
func TestMatchClock(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	code, out, errOut := runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "-engine", "cmd="+camelotBin, "option.Play=random",
		"-each", "option.Threads=1", "option.Hash=1", "-tc", "4/0.2+0.01", "-games", "2", "-pgnout", pgn,
		"-timemargin", "5000") // a busy machine must not make anyone lose on time
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	checkSummary(t, out, false)
	if _, _, _, n := finalScore(t, out); n != 2 {
		t.Errorf("%d games", n)
	}
	code, out, errOut = runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "-engine", "cmd="+camelotBin,
		"-each", "option.Threads=1", "st=0.02", "-games", "1", "-pgnout", pgn, "-timemargin", "5000")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	games := readGames(t, pgn)
	if len(games) != 3 {
		t.Fatalf("%d games after two matches, want 3", len(games))
	}
	for i, g := range games {
		if start := g.Start; g.Tag("CFEN") != "" || start.CFEN() != game.StartCFEN {
			t.Errorf("game %d does not start from the start position: %s", i+1, g.Tag("CFEN"))
		}
		if len(g.Moves) == 0 || strings.Contains(g.Tag("Termination"), "loses on time") {
			t.Errorf("game %d: %d moves, %s", i+1, len(g.Moves), g.Tag("Termination"))
		}
	}
	if tc := games[0].Tag("TimeControl"); tc != "4/0.2+0.01" {
		t.Errorf("TimeControl %q", tc)
	}
	if tc := games[2].Tag("TimeControl"); tc != "st=0.02" {
		t.Errorf("TimeControl %q", tc)
	}
}

// TestMisbehavingEngines plays camelot against fake engines that break the
// rules or the protocol: each must lose every game for the right reason,
// and the match must complete.
func TestMisbehavingEngines(t *testing.T) {
	for _, c := range []struct {
		mode   string
		games  int
		reason string
		moves  []int  // the possible lengths of the games
		margin string // -timemargin: only the hang is about time
	}{
		{fakeIllegal, 2, "makes an illegal move: " + fakeIllegalMove, []int{4, 5}, "5000"},
		{fakeHang, 2, "loses on time (no move after", []int{0, 1}, "100"},
		{fakeCrash, 4, "'s engine crashed (exit status 3)", []int{4, 5}, "5000"},
		{fakeNone, 2, "plays no move (bestmove (none))", []int{4, 5}, "5000"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			t.Setenv(fakeEnv, c.mode)
			pgn := filepath.Join(t.TempDir(), "games.pgn")
			code, out, errOut := runMatch(t, context.Background(), false,
				"-engine", "cmd="+camelotBin, "name=camelot", "depth=1", "option.Threads=1",
				"-engine", "cmd="+testBin(t), "name=fake", "st=0.2", "option.Hash=4",
				"-games", strconv.Itoa(c.games), "-pgnout", pgn, "-timemargin", c.margin)
			if code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
			}
			checkSummary(t, out, false)
			if w, l, d, n := finalScore(t, out); w != c.games || l != 0 || d != 0 || n != c.games {
				t.Errorf("score %d - %d - %d in %d games: the fake engine must lose all %d", w, l, d, n, c.games)
			}
			games := readGames(t, pgn)
			if len(games) != c.games {
				t.Fatalf("%d games written, want %d", len(games), c.games)
			}
			for _, g := range games {
				fakeColour := "white"
				want := "0-1"
				if g.Tag("White") != "fake" {
					fakeColour, want = "black", "1-0"
				}
				term := g.Tag("Termination")
				if g.Result != want || !strings.HasPrefix(term, fakeColour+" ") && !strings.HasPrefix(term, fakeColour+"'s ") ||
					!strings.Contains(term, c.reason) {
					t.Errorf("game %s: %s %q; want %s by %q", g.Tag("Round"), g.Result, term, want, fakeColour+" … "+c.reason)
				}
				mg, _ := g.Replay()
				pos := mg.Position()
				cfen := pos.CFEN()
				if !strings.Contains(term, "position "+cfen) || !strings.Contains(term, "last output: ") {
					t.Errorf("game %s: Termination %q lacks the position %s or the engine's last output", g.Tag("Round"), term, cfen)
				}
				if n := len(g.Moves); !slices.Contains(c.moves, n) {
					t.Errorf("game %s has %d moves, want %v", g.Tag("Round"), n, c.moves)
				}
			}
			if n := strings.Count(errOut, "Warning: game "); n != c.games {
				t.Errorf("%d warnings, want %d:\n%s", n, c.games, errOut)
			}
			if !strings.Contains(errOut, "fake (") || !strings.Contains(errOut, c.reason) {
				t.Errorf("warnings do not name the engine and the reason:\n%s", errOut)
			}
		})
	}
}

// TestEngineStartFailure checks the errors for engines that cannot be run.
func TestEngineStartFailure(t *testing.T) {
	code, out, errOut := runMatch(t, context.Background(), false,
		"-engine", "cmd=/nonexistent/engine", "-engine", "cmd="+camelotBin, "-each", "depth=1")
	if code != 1 || !strings.Contains(errOut, "cannot start engine") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	checkSummary(t, out, false)

	code, _, errOut = runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "option.NoSuchOption=1", "-engine", "cmd="+camelotBin, "-each", "depth=1")
	if code != 1 || !strings.Contains(errOut, `has no option "NoSuchOption"`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "option.Hash=0", "-engine", "cmd="+camelotBin, "-each", "depth=1")
	if code != 1 || !strings.Contains(errOut, "rejected its options") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runMatch(t, context.Background(), false, "-games", "x")
	if code != 2 || !strings.Contains(errOut, "-games: bad value") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, out, _ = runMatch(t, context.Background(), false, "-h")
	if code != 0 || !strings.Contains(out, "usage: camelot match") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
}

// TestSPRTStopsEarly plays a full-strength engine against a random mover
// until the SPRT accepts H1.
func TestSPRTStopsEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("plays many games")
	}
	code, out, errOut := runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "name=search", "-engine", "cmd="+camelotBin, "name=random", "option.Play=random",
		"-each", "depth=2", "option.Threads=1", "option.Hash=1",
		"-games", "400", "-concurrency", "2", "-sprt", "elo0=0", "elo1=50")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	checkSummary(t, out, true)
	if !strings.HasSuffix(strings.TrimSpace(out), "H1 was accepted") {
		t.Errorf("SPRT did not accept H1:\n%s", out)
	}
	if w, l, _, n := finalScore(t, out); n >= 400 || w <= l {
		t.Errorf("%d games, %d wins, %d losses", n, w, l)
	}
}

// TestInterrupt cancels a match in the middle: no more games start, the
// running ones are abandoned, the finished ones are written and counted.
func TestInterrupt(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The match is interrupted once its first game has finished, so that
	// the other one is surely in play: an event, not a time, which a
	// loaded machine would make too early or too late.
	var outBuf, errBuf bytes.Buffer
	out := &cancelOnWrite{w: &outBuf, marker: "Finished game", cancel: cancel}
	code := Main(ctx, []string{"-engine", "cmd=" + camelotBin, "-engine", "cmd=" + camelotBin,
		"-each", "st=0.03", "option.Threads=1", "-games", "100", "-concurrency", "2", "-pgnout", pgn,
		"-timemargin", "5000"}, out, &errBuf, false)
	errOut := errBuf.String()
	out.mu.Lock()
	outText := outBuf.String()
	out.mu.Unlock()
	if code != 130 {
		t.Fatalf("exit %d, want 130\n%s\n%s", code, outText, errOut)
	}
	checkSummary(t, outText, false)
	m := regexp.MustCompile(`Interrupted: (\d+) games? finished, (\d+) abandoned`).FindStringSubmatch(outText)
	if m == nil {
		t.Fatalf("no Interrupted line (exit %d):\n%s\n%s", code, outText, errOut)
	}
	finished, _ := strconv.Atoi(m[1])
	if abandoned, _ := strconv.Atoi(m[2]); abandoned < 1 || abandoned > 2 || finished < 1 || finished >= 100 {
		t.Errorf("%d finished, %d abandoned", finished, abandoned)
	}
	if _, _, _, n := finalScore(t, outText); n != finished {
		t.Errorf("summary counts %d games, %d finished", n, finished)
	}
	if games := readGames(t, pgn); len(games) != finished {
		t.Errorf("%d games written, %d finished", len(games), finished)
	}
	if strings.Contains(errOut, "crashed") {
		t.Errorf("engines reported as crashed:\n%s", errOut)
	}
}

// TestTerminalProgress checks the live progress line and the debug log.
func TestTerminalProgress(t *testing.T) {
	code, out, errOut := runMatch(t, context.Background(), true,
		"-engine", "cmd="+camelotBin, "-engine", "cmd="+camelotBin,
		"-each", "depth=1", "option.Threads=1", "-games", "2", "-sprt", "elo0=0", "elo1=10", "-debug")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "\rGames 2/2  Score ") || !strings.Contains(out, "LLR ") {
		t.Errorf("no progress line:\n%q", out)
	}
	if strings.Contains(out, "Finished game") {
		t.Errorf("a terminal gets the progress line, not per-game lines:\n%s", out)
	}
	checkSummary(t, out, true)
	for _, want := range []string{" > uci\n", " < uciok\n", " > ucinewgame\n", " > go depth 1\n", " < bestmove "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("debug log lacks %q", want)
		}
	}
}

// TestOpeningsFile checks testdata/openings/balanced.cfen.
func TestOpeningsFile(t *testing.T) {
	f, err := os.Open("../testdata/openings/balanced.cfen")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := record.ReadOpenings(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 100 {
		t.Errorf("%d openings, want at least 100", len(ops))
	}
	seen := map[uint64]bool{}
	for _, o := range ops {
		p := o.Position()
		if p.Outcome().IsOver() {
			t.Errorf("opening %s: the game is over", o.Name)
		}
		if seen[p.Key()] {
			t.Errorf("opening %s: a duplicate", o.Name)
		}
		seen[p.Key()] = true
	}
}

// TestAdjudication plays fake engines that always report a score of -7
// centi-men, so that -draw and -resign decide at known moves.
func TestAdjudication(t *testing.T) {
	t.Setenv(fakeEnv, fakeGood)
	for _, c := range []struct {
		args   []string
		result string // of game 1
		term   string
		moves  int
	}{
		// After Black's third move: three full moves, both engines within
		// 10 for their last two moves.
		{[]string{"-draw", "movenumber=3", "movecount=2", "score=10"}, "1/2-1/2",
			"adjudication: draw (both scores within 10 for 2 moves)", 6},
		// White reports -7 (at or below -5) twice by its second move.
		{[]string{"-resign", "movecount=2", "score=5"}, "0-1",
			"adjudication: white resigns (score at or below -5 for 2 moves)", 3},
	} {
		pgn := filepath.Join(t.TempDir(), "games.pgn")
		args := append([]string{"-engine", "cmd=" + testBin(t), "name=x", "-engine", "cmd=" + testBin(t), "name=y",
			"-each", "depth=1", "-games", "1", "-pgnout", pgn}, c.args...)
		code, out, errOut := runMatch(t, context.Background(), false, args...)
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		games := readGames(t, pgn)
		if len(games) != 1 {
			t.Fatalf("%d games", len(games))
		}
		g := games[0]
		if g.Result != c.result || g.Tag("Termination") != c.term || len(g.Moves) != c.moves {
			t.Errorf("%v: %s {%s} after %d moves; want %s {%s} after %d", c.args, g.Result, g.Tag("Termination"), len(g.Moves), c.result, c.term, c.moves)
		}
		if g.Moves[0].Comment != "-0.07/1 "+strings.Fields(g.Moves[0].Comment)[1] {
			t.Errorf("comment %q", g.Moves[0].Comment)
		}
	}
}

// TestBookOpenings plays openings given as game records: their moves are
// played as book moves, in order from start=, each twice.
func TestBookOpenings(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pgn")
	const text = `[Event "one"]

1. E6-G8 I11-G9 *

[Event "two"]

1. C6-B5 *

[Event "three"]

1. E6-E8 H11-F9 2. H6-F8 *
`
	if err := os.WriteFile(book, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(dir, "games.pgn")
	code, out, errOut := runMatch(t, context.Background(), false,
		"-engine", "cmd="+camelotBin, "-engine", "cmd="+camelotBin,
		"-each", "depth=1", "option.Threads=1", "-games", "4", "-openings", "file="+book, "start=2", "-pgnout", pgn)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	games := readGames(t, pgn)
	if len(games) != 4 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		r, _ := strconv.Atoi(g.Tag("Round"))
		want := []string{"C6-B5"}
		if r > 2 {
			want = []string{"E6-E8", "H11-F9", "H6-F8"}
		}
		var got []string
		for _, m := range g.Moves {
			if m.Comment == "book" {
				got = append(got, m.Text)
			}
		}
		if !slices.Equal(got, want) || len(g.Moves) <= len(want) || g.Moves[len(want)].Comment == "book" {
			t.Errorf("game %d: book moves %v, want %v first", r, got, want)
		}
		if name := map[bool]string{true: "two", false: "three"}[r <= 2]; g.Tag("Opening") != name {
			t.Errorf("game %d: Opening %q, want %q", r, g.Tag("Opening"), name)
		}
	}
}

// cancelOnWrite passes writes to w and calls cancel once marker has been
// written.
type cancelOnWrite struct {
	mu     sync.Mutex
	w      io.Writer
	marker string
	cancel func()
	seen   bool
}

func (c *cancelOnWrite) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.seen && bytes.Contains(p, []byte(c.marker)) {
		c.seen = true
		c.cancel()
	}
	return c.w.Write(p)
}
