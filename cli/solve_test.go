package cli

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/solve"
)

// camelot solve refuses what it cannot do with one line; verify and stats
// read a table (a small one: the layers of at most three pieces).
func TestSolveCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "-out", t.TempDir()}, "camelot is too large to solve"},
		{[]string{"solve", "-variant", "chivalry", "-out", t.TempDir()}, "only camette"},
		{[]string{"solve", "-variant", "camette"}, "-out DIR is required"},
		{[]string{"solve", "-variant", "camette", "-out", t.TempDir(), "-memory", "0"}, "bad -memory"},
		{[]string{"solve", "verify", t.TempDir()}, "manifest.json"},
		{[]string{"solve", "stats", t.TempDir()}, "manifest.json"},
	} {
		code, _, stderr := run(c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", c.args, code, stderr, c.want)
		}
	}
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run("solve", "verify", "-threads", "2", dir)
	if code != 0 || !strings.Contains(stdout, "verified 131560 positions of 12 layers") {
		t.Errorf("verify: exit %d, %q, %q", code, stdout, stderr)
	}
	code, stdout, stderr = run("solve", "stats", dir)
	if code != 0 || !strings.Contains(stdout, "| K1-k | 21252 | 12872 | 8130 | 250 | 11 | 12 |") || !strings.Contains(stdout, "12 of 49 layers") {
		t.Errorf("stats: exit %d, %q, %q", code, stdout, stderr)
	}

	// BestMoveOf (the principal variation of stats) keeps the value: each
	// move of the line goes to a successor one ply nearer the same end.
	table, err := solve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := boards.ParseCFEN(game.Camette, "1/3/5/5/m4/MM1/1 w 0/0 0 1")
	if err != nil {
		t.Fatal(err)
	}
	v, _, _ := table.ProbeCFEN(p.CFEN())
	if v.Plies() == 0 {
		t.Fatalf("the test position is %v; want a decided one", v)
	}
	for !p.Outcome().IsOver() {
		m, ok, err := table.BestMoveOf(p)
		if !ok || err != nil {
			t.Fatalf("BestMoveOf %s (%v): ok %v, %v", p, v, ok, err)
		}
		text := p.MoveText(m)
		p = p.Play(m)
		q, _, _ := table.ProbeCFEN(p.CFEN())
		if q.IsWin() != v.IsLoss() || q.Plies() != v.Plies()-1 {
			t.Fatalf("%s leads from %v to %s, %v", text, v, p, q)
		}
		v = q
	}
	if v.Plies() != 0 {
		t.Errorf("the line ends at %s, %v", p, v)
	}
	// Camette's start is of a layer the small table lacks.
	if _, ok, err := table.BestMoveOf(boards.StartPosition(game.Camette)); ok || err != nil {
		t.Errorf("BestMoveOf the start: ok %v, %v; want no move", ok, err)
	}
}
