package openings

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

func generate(t *testing.T, cfg Config) string {
	t.Helper()
	var b bytes.Buffer
	if err := Generate(context.Background(), cfg, &b, io.Discard); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The output depends on the settings, not on the threads; every line is a
// legal position, distinct, scored inside the window, after the header.
func TestGenerate(t *testing.T) {
	cfg := Config{Count: 12, Seed: 5, MinPlies: 6, MaxPlies: 10, Depth: 2, MinScore: 10, MaxScore: 80,
		Threads: 1, Hash: 1, Header: []string{"a header"}}
	one := generate(t, cfg)
	cfg.Threads = 3
	if three := generate(t, cfg); three != one {
		t.Fatalf("3 threads wrote\n%s\n1 thread wrote\n%s", three, one)
	}
	lines := strings.Split(strings.TrimSuffix(one, "\n"), "\n")
	if lines[0] != "# a header" || len(lines) != 13 {
		t.Fatalf("%d lines, first %q", len(lines), lines[0])
	}
	seen := map[uint64]bool{}
	for _, l := range lines[1:] {
		cfen, score, ok := strings.Cut(l, " # ")
		if !ok {
			t.Fatalf("line %q has no score", l)
		}
		p, err := boards.ParseCFEN(game.Camelot, cfen)
		if err != nil {
			t.Fatalf("%q: %v", cfen, err)
		}
		if seen[p.Key()] {
			t.Errorf("%q twice", cfen)
		}
		seen[p.Key()] = true
		if p.Outcome().IsOver() {
			t.Errorf("%q: the game is over", cfen)
		}
		// 6 to 10 plies from the start: move 4 to move 6, White to move.
		if ply := 2*(p.MoveNumber()-1) + int(p.Side()); ply < 6 || ply > 10 {
			t.Errorf("%q: %d plies from the start", cfen, ply)
		}
		v, err := strconv.Atoi(score)
		if err != nil || max(v, -v) < 10 || max(v, -v) > 80 {
			t.Errorf("%q: score %q outside 10-80", cfen, score)
		}
	}
}

func TestCheckRejectsBadSettings(t *testing.T) {
	good := Config{Count: 1, MinPlies: 1, MaxPlies: 2, Depth: 1, MaxScore: 10, Threads: 1, Hash: 1}
	for _, mod := range []func(*Config){
		func(c *Config) { c.Count = 0 },
		func(c *Config) { c.MaxPlies = 0 },
		func(c *Config) { c.Depth, c.Nodes = 0, 0 },
		func(c *Config) { c.MinScore = 20 },
		func(c *Config) { c.Threads = 0 },
	} {
		c := good
		mod(&c)
		if c.Check() == nil {
			t.Errorf("%+v accepted", c)
		}
	}
	if err := good.Check(); err != nil {
		t.Error(err)
	}
}
