package bench

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// TestSuitePositions: every position parses, is written canonically (so
// the signature cannot depend on how CFEN is read), is not over and has
// legal moves; no position is listed twice; there are at least 30.
func TestSuitePositions(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 30 {
		t.Errorf("suite has %d positions, want at least 30", len(ps))
	}
	seen := map[string]int{}
	for _, p := range ps {
		if p.Comment == "" {
			t.Errorf("line %d: no comment", p.Line)
		}
		if got := p.Pos.CFEN(); got != p.CFEN {
			t.Errorf("line %d: CFEN %q is not canonical (%q)", p.Line, p.CFEN, got)
		}
		if o := p.Pos.Outcome(); o.IsOver() {
			t.Errorf("line %d: game over: %s", p.Line, o)
		}
		if len(p.Pos.Moves()) == 0 {
			t.Errorf("line %d: no legal moves", p.Line)
		}
		if prev, dup := seen[p.Pos.CFEN()]; dup {
			t.Errorf("line %d repeats line %d", p.Line, prev)
		}
		seen[p.Pos.CFEN()] = p.Line
	}
}

// TestSuiteVariety checks that the suite covers what a bench must
// exercise: compulsory captures, Knight's Charges, long jump chains, a
// piece in the opponent's castle with 0, 1 and 2 castle moves used, a
// piece that must leave its own castle (R12), and endgames.
func TestSuiteVariety(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	var compulsory, charges, longChain, r12, endgame int
	inCastle := map[int]int{}
	for _, p := range ps {
		pos := p.Pos
		allCaptures, anyCharge, chain := true, false, 0
		for _, m := range pos.Moves() {
			if !m.IsCapture() {
				allCaptures = false
				continue
			}
			chain = max(chain, m.Captured.Count())
			if r, ok := pos.Route(m); ok && r.Canters > 0 {
				anyCharge = true
			}
		}
		us := pos.Side()
		if allCaptures {
			compulsory++
		}
		if anyCharge {
			charges++
		}
		if chain >= 3 {
			longChain++
		}
		if holds(pos, us, pos.Variant().Castle(us)) {
			r12++
		}
		if holds(pos, us, pos.Variant().Castle(us.Other())) {
			inCastle[pos.CastleMoves(us)]++
		}
		if pieceCount(pos) <= 5 {
			endgame++
		}
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"compulsory captures", compulsory, 8},
		{"Knight's Charges available", charges, 10},
		{"jump chains of 3 or more", longChain, 5},
		{"pieces that must leave their own castle (R12)", r12, 2},
		{"in the opponent's castle, 0 castle moves used", inCastle[0], 1},
		{"in the opponent's castle, 1 castle move used", inCastle[1], 1},
		{"in the opponent's castle, 2 castle moves used", inCastle[2], 1},
		{"endgames of at most 5 pieces", endgame, 4},
	} {
		if c.got < c.want {
			t.Errorf("%s: %d positions, want at least %d", c.what, c.got, c.want)
		}
	}
}

// holds reports whether a piece of colour c stands on one of squares.
func holds(p game.Position, c game.Color, squares []game.Square) bool {
	for _, s := range squares {
		if pc := p.PieceAt(s); pc.IsPiece() && pc.Color() == c {
			return true
		}
	}
	return false
}

// TestSuiteFromChampionship: at least 6 positions come from the 2009
// championship game, and each is the position reached after the ply its
// comment names when the record is replayed by the rules.
func TestSuiteFromChampionship(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	after := replayRecord(t, filepath.Join("..", "testdata", "games", "nolan-troyka-2009.txt"))
	re := regexp.MustCompile(`^nolan-troyka-2009 after ply (\d+)\b`)
	n := 0
	for _, p := range ps {
		m := re.FindStringSubmatch(p.Comment)
		if m == nil {
			continue
		}
		n++
		ply, _ := strconv.Atoi(m[1])
		if ply >= len(after) {
			t.Errorf("line %d: ply %d, but the game has %d", p.Line, ply, len(after)-1)
			continue
		}
		if got := after[ply].CFEN(); got != p.CFEN {
			t.Errorf("line %d: after ply %d the game reaches %s, suite has %s", p.Line, ply, got, p.CFEN)
		}
	}
	if n < 6 {
		t.Errorf("%d positions from the 2009 game, want at least 6", n)
	}
}

// replayRecord returns the positions of a game record of testdata/games:
// [0] is the start, [i] the position after ply i.
func replayRecord(t *testing.T, path string) []game.Position {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := boards.NewGame(game.Camelot)
	after := []game.Position{g.Position()}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") || !strings.HasSuffix(fields[0], ".") {
			continue
		}
		for _, text := range fields[1:] {
			if _, err := g.PlayText(text); err != nil {
				t.Fatalf("%s ply %d %q: %v", path, len(after), text, err)
			}
			after = append(after, g.Position())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return after
}

var summaryRE = regexp.MustCompile(`\nTotal time \(ms\): (\d+)\nNodes searched: (\d+)\nNodes/second: (\d+)\n$`)

// TestRunDeterministic: with one thread the node count at a fixed depth
// is the same on every run (the bench signature), the report has one line
// per position and ends with the three summary lines, which agree with the
// returned Summary.
func TestRunDeterministic(t *testing.T) {
	ps, err := Positions()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Depth: 3, Threads: 1, HashMB: 4}
	var sums [2]Summary
	var outs [2]string
	for i := range sums {
		var buf bytes.Buffer
		if sums[i], err = Run(&buf, cfg); err != nil {
			t.Fatal(err)
		}
		outs[i] = buf.String()
	}
	if sums[0].Nodes == 0 || sums[0].Nodes != sums[1].Nodes {
		t.Fatalf("node counts %d and %d, want equal and non-zero", sums[0].Nodes, sums[1].Nodes)
	}
	t.Logf("depth %d signature %d", cfg.Depth, sums[0].Nodes)

	out := outs[0]
	m := summaryRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("report does not end with the three summary lines:\n%s", out)
	}
	if m[2] != strconv.FormatUint(sums[0].Nodes, 10) || m[3] != strconv.FormatUint(sums[0].NPS, 10) ||
		m[1] != strconv.FormatInt(sums[0].Elapsed.Milliseconds(), 10) {
		t.Errorf("summary lines %q disagree with %+v", m[0], sums[0])
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(ps)+3 {
		t.Fatalf("report has %d lines, want %d", len(lines), len(ps)+3)
	}
	lineRE := regexp.MustCompile(`^Position (\d+)/(\d+): best (\S+) score (cp -?\d+|mate -?\d+) nodes (\d+)$`)
	var total uint64
	for i, l := range lines[:len(ps)] {
		lm := lineRE.FindStringSubmatch(l)
		if lm == nil || lm[1] != strconv.Itoa(i+1) || lm[2] != strconv.Itoa(len(ps)) {
			t.Fatalf("line %d: %q", i+1, l)
		}
		// The best move is legal in its position.
		if _, err := ps[i].Pos.ParseMove(lm[3]); err != nil {
			t.Errorf("position %d: best move %q: %v", i+1, lm[3], err)
		}
		n, _ := strconv.ParseUint(lm[5], 10, 64)
		total += n
	}
	if total != sums[0].Nodes {
		t.Errorf("per-position nodes sum to %d, total says %d", total, sums[0].Nodes)
	}
	// The positions' lines, not only the totals, are the same on both runs.
	strip := func(s string) string { return s[:strings.Index(s, "Total time")] }
	if strip(outs[0]) != strip(outs[1]) {
		t.Errorf("runs differ:\n%s\n---\n%s", strip(outs[0]), strip(outs[1]))
	}
}

// TestRunThreads: a multi-threaded bench runs and reports.
func TestRunThreads(t *testing.T) {
	var buf bytes.Buffer
	sum, err := Run(&buf, Config{Depth: 2, Threads: 2, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Nodes == 0 || !summaryRE.MatchString(buf.String()) {
		t.Errorf("summary %+v, report:\n%s", sum, buf.String())
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if _, err := RunContext(ctx, &buf, Config{Depth: 3}); err != context.Canceled {
		t.Errorf("err %v, want %v", err, context.Canceled)
	}
	if strings.Contains(buf.String(), "Nodes searched") {
		t.Errorf("cancelled bench printed a summary:\n%s", buf.String())
	}
}

func TestRunBadConfig(t *testing.T) {
	for _, cfg := range []Config{{Depth: -1}, {Depth: 65}, {Threads: 257}, {HashMB: -4}, {HashMB: 65537}} {
		if _, err := Run(&bytes.Buffer{}, cfg); err == nil {
			t.Errorf("Run(%+v) accepted", cfg)
		}
	}
}

func TestParseArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want Config
	}{
		{nil, Config{Depth: DefaultDepth, Threads: 1, HashMB: 16}},
		{[]string{"5"}, Config{Depth: 5, Threads: 1, HashMB: 16}},
		{[]string{"12", "4"}, Config{Depth: 12, Threads: 4, HashMB: 16}},
		{[]string{"1", "256", "65536"}, Config{Depth: 1, Threads: 256, HashMB: 65536}},
		{[]string{"64", "1", "1"}, Config{Depth: 64, Threads: 1, HashMB: 1}},
		{[]string{"-variant", "cam"}, Config{Depth: DefaultDepth, Threads: 1, HashMB: 16, Variant: game.Cam}},
		{[]string{"8", "-variant=Camette", "2"}, Config{Depth: 8, Threads: 2, HashMB: 16, Variant: game.Camette}},
		{[]string{"--variant", "camelot", "3"}, Config{Depth: 3, Threads: 1, HashMB: 16}},
		{[]string{"-variant", "chivalry"}, Config{Depth: ChivalryDepth, Threads: 1, HashMB: 16, Variant: game.Chivalry}},
	} {
		got, err := ParseArgs(c.args)
		if err != nil || got != c.want {
			t.Errorf("ParseArgs(%q) = %+v, %v; want %+v", c.args, got, err, c.want)
		}
	}
}

func TestCommandRejects(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // in the error message
	}{
		{[]string{"x"}, `depth "x" is not a whole number`},
		{[]string{"3.5"}, `depth "3.5" is not a whole number`},
		{[]string{""}, `depth "" is not a whole number`},
		{[]string{"0"}, "depth 0 out of range: want 1 to 64"},
		{[]string{"-2"}, "depth -2 out of range"},
		{[]string{"65"}, "depth 65 out of range"},
		{[]string{"3", "0"}, "threads 0 out of range: want 1 to 256"},
		{[]string{"3", "257"}, "threads 257 out of range"},
		{[]string{"3", "two"}, `threads "two" is not a whole number`},
		{[]string{"3", "1", "0"}, "hash 0 out of range: want 1 to 65536"},
		{[]string{"3", "1", "65537"}, "hash 65537 out of range"},
		{[]string{"3", "1", "16MB"}, `hash "16MB" is not a whole number`},
		{[]string{"3", "1", "16", "extra"}, "too many arguments"},
		{[]string{"99999999999999999999"}, "is not a whole number"},
	} {
		var buf bytes.Buffer
		err := Command(&buf, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Command(%q) = %v, want an error containing %q", c.args, err, c.want)
		}
		if buf.Len() != 0 {
			t.Errorf("Command(%q) wrote %q before failing", c.args, buf.String())
		}
	}
}

// TestCommandRuns drives the whole command at depth 1.
func TestCommandRuns(t *testing.T) {
	var buf bytes.Buffer
	if err := Command(&buf, []string{"1", "1", "1"}); err != nil {
		t.Fatal(err)
	}
	if !summaryRE.MatchString(buf.String()) {
		t.Errorf("report:\n%s", buf.String())
	}
}

func TestParseSuiteErrors(t *testing.T) {
	if _, err := parseSuite("# only comments\n\n"); err == nil {
		t.Error("empty suite accepted")
	}
	_, err := parseSuite(game.StartCFEN + " ; ok\n2/8/bad w ; broken\n")
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("broken line: err %v, want one naming line 2", err)
	}
}

// BenchmarkSuite runs the whole bench at depth 7 on one thread: the
// figure to compare (with benchstat) before and after a speed change.
func BenchmarkSuite(b *testing.B) {
	for range b.N {
		sum, err := Run(io.Discard, Config{Depth: 7, Threads: 1, HashMB: 16})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(sum.NPS), "nodes/s")
	}
}

// TestVariantSuites: the suites of Cam, Camette and Chivalry are a dozen
// positions each on their boards, canonical, open and distinct, and each
// bench -variant runs them deterministically (V7).
func TestVariantSuites(t *testing.T) {
	for _, v := range []game.Variant{game.Cam, game.Camette, game.Chivalry} {
		ps, err := PositionsOf(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 12 {
			t.Errorf("%s: %d positions, want 12", v, len(ps))
		}
		seen := map[string]bool{}
		captures := 0
		for _, p := range ps {
			if p.Pos.Variant() != v || p.Pos.CFEN() != p.CFEN || p.Comment == "" || seen[p.CFEN] {
				t.Errorf("%s line %d: variant %s, canonical %v, comment %q, repeated %v", v, p.Line, p.Pos.Variant(), p.Pos.CFEN() == p.CFEN, p.Comment, seen[p.CFEN])
			}
			seen[p.CFEN] = true
			if o := p.Pos.Outcome(); o.IsOver() {
				t.Errorf("%s line %d: game over: %s", v, p.Line, o)
			}
			if p.Pos.MustCapture() {
				captures++
			}
		}
		if ps[0].CFEN != v.StartCFEN() || captures < 3 {
			t.Errorf("%s: first position %q, %d with a capture pending; want the start and at least 3", v, ps[0].CFEN, captures)
		}
		cfg := Config{Depth: 4, Threads: 1, HashMB: 4, Variant: v}
		var outs [2]string
		for i := range outs {
			var buf bytes.Buffer
			if _, err := Run(&buf, cfg); err != nil {
				t.Fatal(err)
			}
			outs[i] = buf.String()
			if !summaryRE.MatchString(outs[i]) {
				t.Fatalf("%s report:\n%s", v, outs[i])
			}
		}
		strip := func(s string) string { return s[:strings.Index(s, "Total time")] }
		if strip(outs[0]) != strip(outs[1]) {
			t.Errorf("%s: runs differ:\n%s\n---\n%s", v, strip(outs[0]), strip(outs[1]))
		}
		var buf bytes.Buffer
		if err := Command(&buf, []string{"4", "1", "4", "-variant", v.String()}); err != nil || strip(buf.String()) != strip(outs[0]) {
			t.Errorf("Command -variant %s: %v, report:\n%s", v, err, buf.String())
		}
	}
}

func TestCommandVariantRejects(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "nosuch"}, `unknown variant "nosuch"`},
		{[]string{"3", "-variant"}, "-variant needs a name"},
		{[]string{"-variant", "cam", "-variant=cam"}, "given twice"},
	} {
		var buf bytes.Buffer
		err := Command(&buf, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) || buf.Len() != 0 {
			t.Errorf("Command(%q) = %v, wrote %q; want an error containing %q", c.args, err, buf.String(), c.want)
		}
	}
}

// -classic and -net pick the evaluation; a net of another board than the
// suite's is refused.
func TestEvalFlags(t *testing.T) {
	cfg, err := ParseArgs([]string{"2", "-classic", "-variant", "cam"})
	if err != nil || !cfg.Classic || cfg.Net != nil || cfg.Depth != 2 || cfg.Variant != game.Cam {
		t.Errorf("-classic: %+v, %v", cfg, err)
	}
	path := filepath.Join(t.TempDir(), "camelot.nnue")
	data, err := nnue.Encode(nnue.Random(1, 16))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err = ParseArgs([]string{"1", "-net", path})
	if err != nil || cfg.Net == nil || cfg.Classic {
		t.Fatalf("-net: %+v, %v", cfg, err)
	}
	var buf bytes.Buffer
	if _, err := Run(&buf, cfg); err != nil || !strings.Contains(buf.String(), "Nodes searched: ") {
		t.Errorf("bench 1 -net: %v\n%s", err, buf.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-net"}, "-net needs a net file"},
		{[]string{"-net", filepath.Join(t.TempDir(), "none.nnue")}, "no such file"},
		{[]string{"-net", path, "-classic"}, "exclude each other"},
		{[]string{"1", "-net", path, "-variant", "cam"}, "a net of Camelot, but the suite is Cam's"},
	} {
		err := Command(new(bytes.Buffer), c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("bench %q: %v, want %q", c.args, err, c.want)
		}
	}
}
