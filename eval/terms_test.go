package eval

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// setUp builds a position from "E6:M e7:m D6:N …": WCF square, then
// the CFEN letter (R5); the side to move is given.
func setUp(t *testing.T, side movegen.Color, pieces string) movegen.Position {
	t.Helper()
	var p movegen.Position
	for _, f := range strings.Fields(pieces) {
		sq, letter, _ := strings.Cut(f, ":")
		s := movegen.MustParseSquare(sq)
		c := movegen.White
		if letter == strings.ToLower(letter) {
			c = movegen.Black
		}
		p.Pieces[c].Set(s)
		if strings.EqualFold(letter, "n") {
			p.Knights.Set(s)
		}
	}
	p.Side, p.MoveNumber = side, 1
	p.Key = p.ComputeKey()
	return p
}

// coef returns the White-minus-Black count of the named weight in p.
func coef(t *testing.T, p movegen.Position, name string) int {
	t.Helper()
	fs, _ := Features(&p, nil)
	index := -1
	for i, n := range WeightNames {
		if n == name {
			index = i
		}
	}
	if index < 0 {
		t.Fatalf("no weight %q", name)
	}
	for _, f := range fs {
		if int(f.Index) == index {
			return int(f.Coef)
		}
	}
	return 0
}

type termCase struct {
	name   string
	side   movegen.Color
	pieces string
	weight string
	want   int
}

func runTermCases(t *testing.T, cases []termCase) {
	t.Helper()
	for _, tc := range cases {
		p := setUp(t, tc.side, tc.pieces)
		if got := coef(t, p, tc.weight); got != tc.want {
			t.Errorf("%s (%s): %s counts %d, want %d", tc.name, p.CFEN(), tc.weight, got, tc.want)
		}
	}
}

// Each term fires on a position built for it, and not on its near miss.
func TestTermsFire(t *testing.T) {
	const W, B = movegen.White, movegen.Black
	runTermCases(t, []termCase{
		{"material", W, "E6:M D6:N E9:m", "material.man", 0},
		{"material", W, "E6:M D6:N E9:m", "material.knight", 1},
		{"pst: White's Man on E6", W, "E6:M L9:m", "pst.man.E6", 1},
		{"pst: Black's Man on H11 is E6 from its side (R1 mirrored)", W, "A6:M H11:m", "pst.man.E6", -1},
		{"pst: folded left to right", W, "H6:M A11:m", "pst.man.E6", 1},
		{"pst: a Knight's table", W, "E6:N A11:m", "pst.knight.E6", 1},

		// The race (R14): White's nearest pieces to F16/G16.
		{"race: nearest 4 steps away", W, "F12:M F10:M E3:m", "race.first.4", 1},
		{"race: second 6 steps away", W, "F12:M F10:M E3:m", "race.second.6", 1},
		{"race: no second piece", W, "F12:M E3:m D3:m", "race.second.8+", 1},
		// Black's nearest defender of F16/G16 is 8+ steps away: White leads
		// by 3+; Black (7 steps from F1) leads White's F13 by 1.
		{"race: White's lead", W, "F13:M A8:m L8:m", "race.lead.+3", 1},
		{"race: Black's lead", W, "F13:M A8:m L8:m", "race.lead.+1", -1},
		{"race: Black defends", W, "F12:M F15:m D3:m", "race.lead.-3", 1},

		{"castle: a piece in", W, "F16:M F12:M E3:m D3:m", "castle.in", 1},
		{"castle: the next piece 4 away", W, "F16:M F12:M E3:m D3:m", "castle.threat.4", 1},
		{"castle: rim", W, "E15:M E3:m D3:m", "castle.rim", 1},
		{"castle: no threat without a piece in", W, "F12:M E3:m D3:m", "castle.threat.4", 0},
		{"castle: White's castle undefended", W, "F12:M F3:m G14:m", "castle.undefended", 1},
		{"castle: defended", W, "F12:M F4:M F3:m G14:m", "castle.undefended", 0},
		{"castle: a piece that must leave its own castle (R12)", W, "F1:M F12:M E9:m D9:m", "castle.own", 1},

		// Backed: a lone Man on A6 is on the board's edge in three lines
		// and needs a guard on the file only.
		{"backed: an edge Man guarded on its file", W, "A6:M A5:M L9:m", "backed", 2},
		{"backed: unguarded", W, "A6:M L9:m", "backed", 0},
		{"backed: an open middle square", W, "E6:M E5:M L9:m", "backed", 0},

		// The longest jump chain (R8): E6 x E8 x E10, then nothing.
		{"capture: a two-jump chain", B, "E6:M E5:M E7:m E9:m A11:m", "capture.chain.2.waiting", 1},
		{"capture: one jump", B, "E6:M E5:M E7:m A11:m", "capture.chain.1.waiting", 1},
		{"capture: three or more", B, "E6:M E5:M E7:m E9:m E11:m E13:m", "capture.chain.3.waiting", 1},
		// F14 x F16 ends in the castle, though G15 stands next to it (R8).
		{"capture: a landing in the castle ends the chain (R8)", B, "F14:M F13:M F15:m G15:m", "capture.chain.1.waiting", 1},
		// E6 x E8 lands where D9 (backed by C10) jumps it back to F7.
		{"capture: into a recapture", B, "E6:M E5:M E7:m D9:m C10:m", "capture.recapture", 1},
		{"capture: the jump goes on instead", B, "E6:M E5:M E7:m D9:m", "capture.recapture", 0},
		{"capture: a safe capture", B, "E6:M E5:M E7:m A11:m", "capture.recapture", 0},

		// R10's example: the Knight on D6 canters over E7 to F8 and jumps
		// G9. A Man on D6 cannot Charge (R9).

		// Mobility: a lone Man in the middle steps to 8 squares (R6), one
		// on the edge to 5; a Man next to a friend can canter over it (R7).
		{"mobility: steps", W, "E6:M L9:m", "mobility.step", 8 - 5},
		{"mobility: canters", W, "E6:M E7:M L9:m", "mobility.canter", 2},

		{"tempo: White to move", W, "E6:M L9:m", "tempo", 1},
		{"tempo: Black to move", B, "E6:M L9:m", "tempo", -1},
	})
}
