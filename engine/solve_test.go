package engine

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
)

// cfenOf builds a CFEN from the side to move, the castle moves used
// ("0/0") and pieces written as CFEN letter plus square: "M:E15", "n:C11".
func cfenOf(side, castle string, pieces ...string) string {
	at := map[movegen.Square]string{}
	for _, pc := range pieces {
		letter, sq, _ := strings.Cut(pc, ":")
		at[movegen.MustParseSquare(sq)] = letter
	}
	var ranks []string
	for r := movegen.NumRanks - 1; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < movegen.NumFiles; f++ {
			s := movegen.SquareAt(f, r)
			if s == movegen.NoSquare {
				continue
			}
			if letter, ok := at[s]; ok {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
				}
				b.WriteString(letter)
				empty = 0
			} else {
				empty++
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		ranks = append(ranks, b.String())
	}
	return strings.Join(ranks, "/") + " " + side + " " + castle + " 0 1"
}

// solve searches cfen to depth with the given threads and returns the
// best move's text and the score.
func solve(t *testing.T, cfen string, depth, threads int) (string, Score) {
	t.Helper()
	p, err := movegen.ParseCFEN(cfen)
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{Threads: threads, Hash: 8})
	res := e.Search(context.Background(), game.NewGame(movegen.Wrap(p)), Limits{Depth: depth}, nil)
	return p.MoveText(gm(res.Best)), res.Score
}

// Positions with a known forced result the search must find at the stated
// depth (in plies). Black's pieces are placed so they cannot interfere.
func TestSearchFindsForcedWins(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfen  string
		depth int
		best  string // "" when several moves win
		mate  int
	}{
		// R14: a second piece enters Black's castle.
		{"castle entry in 1", cfenOf("w", "0/0", "M:G16", "M:E15", "m:A4", "m:B4"), 2, "E15-F16", 1},
		{"castle entry in 2", cfenOf("w", "0/0", "M:G16", "M:E14", "m:A4", "m:B4"), 4, "", 2},
		{"castle entry in 3", cfenOf("w", "0/0", "M:G16", "M:E13", "m:A4", "m:B4"), 6, "", 3},
		// R14: the jump chain takes Black's last two pieces.
		{"capture the last pieces", cfenOf("w", "0/0", "M:E6", "M:A13", "m:E7", "m:E9"), 2, "E6xE8xE10", 1},
		// R15: C3-B3 walls in the Black Man on A4 (no step, no jump), and
		// Black's Man on F1 has used both castle moves (R13): Black cannot
		// move and White wins. Any other move leaves a gap.
		{"stalemate win", cfenOf("w", "0/2", "M:A6", "M:C6", "M:A5", "M:B5", "M:B4", "M:C4", "M:C3", "M:C2", "m:A4", "m:F1"), 2, "C3-B3", 1},
	} {
		for _, threads := range []int{1, 2} {
			best, score := solve(t, tc.cfen, tc.depth, threads)
			if score.Mate != tc.mate || tc.best != "" && best != tc.best {
				t.Errorf("%s (%d threads): %s score %s; want %q with mate %d", tc.name, threads, best, score, tc.best, tc.mate)
			}
		}
	}
}

// Captures are compulsory (R11) but the choice among them is free: only
// one capture here stops Black's Man on G2 from entering White's castle
// beside the Man already on F1 (R14).
func TestSearchFindsTheOnlySavingCapture(t *testing.T) {
	cfen := cfenOf("w", "0/0", "M:E10", "M:H2", "m:E11", "m:G2", "m:F1")
	for _, threads := range []int{1, 2} {
		best, score := solve(t, cfen, 4, threads)
		if best != "H2xF2" || score.Mate < 0 {
			t.Errorf("%d threads: %s score %s; want H2xF2 and no forced loss", threads, best, score)
		}
	}
}
