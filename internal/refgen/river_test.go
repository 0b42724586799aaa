package refgen

import (
	"strings"
	"testing"
)

// riverTrees are three trees a side out of the way of the tests'
// pieces, on White's tree squares (rank 2) and Black's (rank 15): V9.
const riverTrees = "tC2 tD2 tI2 tC15 tD15 tI15"

// riverAfterPlacements is River's start after White's placement J5, F6,
// L9 and Black's G10, D11, K12 (V10): White's first piece move, move 2.
const riverAfterPlacements = "2/8/10/2nmmmmmmn2/3nmmmmn1t1/3t8/6t5/11t/12/12/5t6/3NMMMMNt2/2NMMMMMMN2/10/8/2 w 0/0 0 2"

// names lists the squares of sqs by name.
func names(sqs []int) []string {
	var out []string
	for _, sq := range sqs {
		out = append(out, sqName(sq))
	}
	return out
}

// V9: the river and the tree squares as the package holds them: counts,
// the 180° symmetry between the sides, the bridges as the only ways
// across, and no step or leap onto the river.
func TestRiverSquares(t *testing.T) {
	g := riverGeom
	var river []int
	for _, sq := range g.squares {
		if g.river[sq] {
			river = append(river, sq)
		}
	}
	if len(river) != 24 {
		t.Errorf("%d river squares: %v", len(river), names(river))
	}
	image := func(sq int) int { return sqOf(11-fileOf(sq), 17-rankOf(sq)) }
	for _, sq := range river {
		if !g.river[image(sq)] {
			t.Errorf("river square %s, but not its image %s", sqName(sq), sqName(image(sq)))
		}
	}
	for _, s := range []string{"D7", "D8", "I9", "I10"} {
		sq, _ := g.parseSq(s)
		if g.river[sq] {
			t.Errorf("bridge %s is a river square", s)
		}
	}
	for c := range g.treeSqs {
		if len(g.treeSqs[c]) != 41 {
			t.Errorf("side %d has %d tree squares", c, len(g.treeSqs[c]))
		}
		for _, sq := range g.treeSqs[c] {
			if g.river[sq] || g.castleOwner[sq] != 0 || !g.on[sq] || g.treeSq[1-c][sq] {
				t.Errorf("side %d: tree square %s on the river, a castle or the other side's", c, sqName(sq))
			}
			if !g.treeSq[1-c][image(sq)] {
				t.Errorf("side %d: tree square %s, but the other side lacks its image %s", c, sqName(sq), sqName(image(sq)))
			}
		}
	}
	if got := strings.Join(names(g.treeSqs[black]), " "); !strings.HasPrefix(got, "A8 B8 A9 B9 A10 B10 ") || !strings.HasSuffix(got, " K14 C15 D15 I15 J15") {
		t.Errorf("Black's tree squares %s", got)
	}

	// Without its bridges the river cuts the board in two (king steps
	// suffice: a leap passes over a square next to both its ends).
	reaches := func(closed ...string) bool {
		shut := map[int]bool{}
		for _, s := range closed {
			sq, _ := g.parseSq(s)
			shut[sq] = true
		}
		from, _ := g.parseSq("F1")
		to, _ := g.parseSq("G16")
		seen := map[int]bool{from: true}
		queue := []int{from}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, d := range dirs {
				if y, ok := g.step(x, d, 1); ok && !shut[y] && !seen[y] {
					seen[y] = true
					queue = append(queue, y)
				}
			}
		}
		return seen[to]
	}
	if !reaches() || !reaches("D7", "D8") || !reaches("I9", "I10") {
		t.Error("one bridge should be enough to cross")
	}
	if reaches("D7", "D8", "I9", "I10") || reaches("D8", "I9") || reaches("D7", "I10") {
		t.Error("the river can be crossed without a bridge")
	}

	// No step or leap ends on the river; Camelot's board has none.
	for _, sq := range g.squares {
		for _, d := range dirs {
			for k := 1; k <= 2; k++ {
				if to, ok := g.step(sq, d, k); ok && g.river[to] {
					t.Errorf("%s: a step to the river square %s", sqName(sq), sqName(to))
				}
				_, ok := g.step(sq, d, k)
				_, okC := camelotGeom.step(sq, d, k)
				if ok && !okC {
					t.Errorf("%s: a step River has and Camelot lacks", sqName(sq))
				}
			}
		}
	}
}

// V10: a placement's text sorts its squares by file and then by rank;
// Moves lists its squares in board order.
func TestPlacementKey(t *testing.T) {
	for _, tc := range []struct {
		trees []string
		want  string
	}{
		{[]string{"I2", "C2", "D2"}, "C2,D2,I2"},
		{[]string{"A10", "B8", "A8"}, "A8,A10,B8"},
		{[]string{"L9", "K3", "K12"}, "K3,K12,L9"},
	} {
		m := Move{Trees: tc.trees}
		if !m.IsPlacement() || m.Key() != tc.want {
			t.Errorf("%v: placement %v, key %q, want %q", tc.trees, m.IsPlacement(), m.Key(), tc.want)
		}
	}
	if (Move{From: "A4", To: "B4"}).IsPlacement() {
		t.Error("a step is a placement")
	}
	ms, err := River.Moves(River.StartCFEN())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range ms {
		if m.Key() == "B3,C2,K3" {
			found = true
			if strings.Join(m.Trees, " ") != "C2 B3 K3" {
				t.Errorf("placement %s: trees %v, want C2 B3 K3", m.Key(), m.Trees)
			}
		}
	}
	if !found {
		t.Error("no placement B3,C2,K3 from the start")
	}
}

// V10: the tree phase. White places three trees as one move, then Black;
// each lists every choice of three free own tree squares. A placement
// counts in the move number, not in the ply clock, and the game is not
// over while trees are placed.
func TestRiverTreePhase(t *testing.T) {
	for _, v := range []Variant{River, AntiRiver} {
		start := v.StartCFEN()
		ms, err := v.Moves(start)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != 10660 { // C(41,3)
			t.Fatalf("%s: %d placements from the start", v, len(ms))
		}
		seen := map[string]bool{}
		for _, m := range ms {
			if !m.IsPlacement() || m.From != "" || m.To != "" || len(m.Captured) != 0 || len(m.Trees) != 3 || seen[m.Key()] {
				t.Fatalf("%s: bad or repeated placement %+v", v, m)
			}
			seen[m.Key()] = true
			for _, s := range m.Trees {
				if sq, _ := riverGeom.parseSq(s); !riverGeom.treeSq[white][sq] {
					t.Fatalf("%s: placement %s off White's tree squares", v, m.Key())
				}
			}
		}
		if !seen["C2,D2,I2"] || !seen["K8,K9,L9"] || seen["A8,A9,B8"] {
			t.Errorf("%s: placements wrong", v)
		}
		vresult(t, v, start, "*")

		// White places (in any order), then Black; then the pieces move.
		after := vapply(t, v, start, Move{Trees: []string{"i2", "D2", "C2"}})
		if want := "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/tt4t1/2 b 0/0 0 1"; after != want {
			t.Errorf("%s: after C2,D2,I2: %s, want %s", v, after, want)
		}
		bl := vmoves(t, v, after, "")
		if len(bl) != 10660 || bl[0] != "A10,A11,A12" {
			t.Errorf("%s: Black has %d placements, first %v", v, len(bl), bl[:1])
		}
		vresult(t, v, after, "*")
		after = vapply(t, v, after, Move{Trees: []string{"J12", "A8", "C15"}})
		if want := "2/t7/10/2nmmmmmmn2/3nmmmmnt2/12/12/12/t11/12/12/3NMMMMN3/2NMMMMMMN2/10/tt4t1/2 w 0/0 0 2"; after != want {
			t.Errorf("%s: after A8,C15,J12: %s, want %s", v, after, want)
		}
		ms, _ = v.Moves(after)
		for _, m := range ms {
			if m.IsPlacement() {
				t.Fatalf("%s: a placement after both: %s", v, m.Key())
			}
		}
		if n, _ := v.Perft(after, 1); n != uint64(len(ms)) || n == 0 {
			t.Errorf("%s: perft 1 = %d, moves %d", v, n, len(ms))
		}

		// The ply clock stands still, the move number goes on after
		// Black's placement; castle moves made are kept (in River).
		tail, next := "0/0 7 5", "0/0 7 6"
		if v == River {
			tail, next = "1/2 7 5", "1/2 7 6"
		}
		c := vpos(t, v, "MC4 MD4 mD12 mE12", "w", tail)
		c = vapply(t, v, c, Move{Trees: []string{"B3", "C3", "D3"}})
		if !strings.HasSuffix(c, " b "+tail) {
			t.Errorf("%s: after White's placement %s", v, c)
		}
		c = vapply(t, v, c, Move{Trees: []string{"B14", "C14", "D14"}})
		if !strings.HasSuffix(c, " w "+next) {
			t.Errorf("%s: after Black's placement %s", v, c)
		}
		c = vapply(t, v, c, Move{From: "C4", To: "C5"})
		if !strings.HasSuffix(c, " b "+strings.Replace(next, " 7 ", " 8 ", 1)) {
			t.Errorf("%s: after a step %s", v, c)
		}

		// Illegal placements and moves.
		for _, m := range []Move{
			{From: "D5", To: "D6"},                    // a piece move in the phase
			{Trees: []string{"C2", "D2"}},             // two trees
			{Trees: []string{"C2", "D2", "I2", "J2"}}, // four
			{Trees: []string{"C2", "D2", "C2"}},       // a square twice
			{Trees: []string{"C2", "D2", "A8"}},       // Black's tree square
			{Trees: []string{"C2", "D2", "D4"}},       // no tree square (and a Man's)
			{Trees: []string{"C2", "D2", "E7"}},       // the river
			{Trees: []string{"C2", "D2", "M2"}},       // no square
			{From: "C2", Trees: []string{"C2", "D2", "I2"}},
			{Captured: []string{"C2"}, Trees: []string{"C2", "D2", "I2"}},
		} {
			if _, err := v.Apply(start, m); err == nil {
				t.Errorf("%s: Apply(start, %+v) accepted", v, m)
			}
		}
		if _, err := v.Apply(riverAfterPlacements, Move{Trees: []string{"B3", "C3", "D3"}}); err == nil {
			t.Errorf("%s: a placement after both accepted", v)
		}

		// A piece on a free tree square takes it out of the choice.
		c = vpos(t, v, "MC2 MJ8 mA8 mH11", "w", "0/0 0 1")
		if ms := vmoves(t, v, c, ""); len(ms) != 9880 { // C(40,3)
			t.Errorf("%s: %d placements with C2 taken", v, len(ms))
		}
		if _, err := v.Apply(c, Move{Trees: []string{"C2", "D2", "I2"}}); err == nil {
			t.Errorf("%s: a tree placed on a Man", v)
		}
		if n, _ := v.Perft(c, 2); n != 9880*9880 {
			t.Errorf("%s: perft 2 = %d", v, n)
		}
		c = vapply(t, v, c, Move{Trees: []string{"D2", "I2", "J2"}})
		if ms := vmoves(t, v, c, ""); len(ms) != 9880 { // A8 taken
			t.Errorf("%s: %d placements for Black with A8 taken", v, len(ms))
		}
	}

	// The game is not over in the tree phase: White's two pieces in
	// Black's castle win (R14) only once Black has placed its trees; in
	// Anti-River they lose (V11).
	for v, want := range map[Variant]string{River: "1-0", AntiRiver: "0-1"} {
		c := vpos(t, v, "MF16 MG16 mA9", "w", "0/0 0 1")
		vresult(t, v, c, "*")
		if n, _ := v.Perft(c, 2); n != 10660*9880 {
			t.Errorf("%s: perft 2 = %d in the tree phase", v, n)
		}
		c = vapply(t, v, c, Move{Trees: []string{"C2", "D2", "I2"}})
		vresult(t, v, c, "*")
		c = vapply(t, v, c, Move{Trees: []string{"C15", "D15", "I15"}})
		vresult(t, v, c, want)
		expectExactly(t, vmoves(t, v, c, ""))
	}
	// Nor with no piece at all.
	for _, v := range []Variant{River, AntiRiver} {
		c := vpos(t, v, "mA9", "w", "0/0 0 1")
		vresult(t, v, c, "*")
		if n := len(vmoves(t, v, c, "")); n != 10660 {
			t.Errorf("%s: %d placements without pieces", v, n)
		}
	}
	// White may still place with Black's trees already standing: the
	// side to move places while its own tree squares hold none (V10).
	c := vpos(t, River, "tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9")
	if n := len(vmoves(t, River, c, "")); n != 10660 {
		t.Errorf("%d placements", n)
	}
}

// Perft after both placements: this implementation's figures, compared
// with movegen's by movegen's cross-check.
func TestRiverPerft(t *testing.T) {
	c := vapply(t, River, River.StartCFEN(), Move{Trees: []string{"J5", "F6", "L9"}})
	c = vapply(t, River, c, Move{Trees: []string{"G10", "D11", "K12"}})
	if c != riverAfterPlacements {
		t.Fatalf("after J5,F6,L9 and G10,D11,K12: %s, want %s", c, riverAfterPlacements)
	}
	for _, v := range []Variant{River, AntiRiver} {
		for d, want := range []uint64{1, 86, 7826, 723632} {
			if testing.Short() && d == 3 && v == AntiRiver {
				continue
			}
			if n, err := v.Perft(riverAfterPlacements, d); err != nil || n != want {
				t.Errorf("%s: perft(%d) = %d, %v; want %d", v, d, n, err, want)
			}
		}
	}
}

// V9: the river stops steps, canters and jumps; only the bridges D7 D8
// and I9 I10 cross it. Trees block as the river does (V10).
func TestRiverBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, pieces, side, from string
		want                     []string
	}{
		// E7, C8 and G8 are river: no step E6-E7, no canter E6-C8 or E6-G8.
		{"step and canter", "ME6 MF7 MD7 mL13", "w", "E6",
			[]string{"E6-D5:", "E6-D6:", "E6-E5:", "E6-F5:", "E6-F6:"}},
		// D7 steps only to D6 and the bridge's other square D8.
		{"bridge D7", "ME6 MF7 MD7 mL13", "w", "D7",
			[]string{"D7-D6:", "D7-D8:", "D7-F5:"}},
		{"canter F7", "ME6 MF7 MD7 mL13", "w", "F7",
			[]string{"F7-F6:", "F7-G6:", "F7-G7:", "F7-D5:"}},
		// No jump lands on C8 or G8: no capture for White...
		{"jump", "ME6 mF7 mD7 MA4", "w", "",
			[]string{"A4-B3:", "A4-B4:", "A4-B5:", "E6-D5:", "E6-D6:", "E6-E5:", "E6-F5:", "E6-F6:"}},
		// ...but Black jumps E6 from the bridge and from F7.
		{"jump back", "ME6 mF7 mD7 MA4", "b", "",
			[]string{"D7-F5:E6", "F7-D5:E6"}},
		// Crossing by D7 D8: a canter onto the bridge, a jump off it.
		{"canter onto D8", "MD6 MD7 mD9 mA10", "w", "",
			[]string{"D6-C5:", "D6-D5:", "D6-E5:", "D6-E6:", "D6-D8:", "D7-D5:", "D7-D8:", "D7-E6:"}},
		{"jump D7xD9", "MD6 MD7 mD8 mB10", "w", "", []string{"D7-D9:D8"}},
		{"jump D9xD7xD5", "mD9 MD8 MD6 MA4", "b", "", []string{"D9-D5:D6,D8"}},
		{"bridge D8", "MD8 MA4 mL13", "w", "D8", []string{"D8-C9:", "D8-D7:", "D8-D9:", "D8-E9:"}},
		// Crossing by I9 I10.
		{"bridge I9", "MI9 MA4 mL13", "w", "I9", []string{"I9-H8:", "I9-I8:", "I9-I10:", "I9-J8:"}},
		{"bridge I10", "MI10 MA4 mL13", "w", "I10", []string{"I10-H11:", "I10-I11:", "I10-I9:"}},
		{"jump I11xI9xI7", "mI11 MI10 MI8 mL13 MA4", "b", "", []string{"I11-I7:I8,I10"}},
		{"canter I8-I10-I12", "MI8 MI9 MI11 mL13", "w", "I8",
			[]string{"I8-H7:", "I8-H8:", "I8-I7:", "I8-J7:", "I8-J8:", "I8-I10:", "I8-I12:"}},
	} {
		c := vpos(t, River, riverTrees+" "+tc.pieces, tc.side, "0/0 0 9")
		expectExactly(t, vmoves(t, River, c, tc.from), tc.want...)
		// The Anti form moves alike (V11).
		expectExactly(t, vmoves(t, AntiRiver, c, tc.from), tc.want...)
	}
	// On Camelot's board the same pieces have the moves the river takes.
	c := pos(t, "ME6 MF7 MD7 mL13", "w", "0/0 0 9")
	expectHas(t, moves(t, c, "E6"), "E6-E7:", "E6-C8:", "E6-G8:")
	c = pos(t, "ME6 mF7 mD7 MA4", "w", "0/0 0 9")
	expectExactly(t, moves(t, c, "E6"), "E6-C8:D7", "E6-G8:F7")

	// Trees: White's on G6, Black's on A11 and E10. The canter E6-G6,
	// the step F6-G6 and the capture C9xA11 are gone.
	trees := "tC2 tD2 tG6 tA11 tE10 tI15 "
	c = vpos(t, River, trees+"ME6 MF6 MC9 mB10 mK13", "w", "0/0 0 9")
	expectExactly(t, vmoves(t, River, c, ""),
		"E6-D5:", "E6-D6:", "E6-D7:", "E6-E5:", "E6-F5:", "E6-F7:",
		"F6-D6:", "F6-E5:", "F6-F5:", "F6-F7:", "F6-G5:", "F6-G7:",
		"C9-B8:", "C9-B9:", "C9-C10:", "C9-D8:", "C9-D9:", "C9-D10:")
	// Black may jump C9 onto the bridge.
	c = vpos(t, River, trees+"ME6 MF6 MC9 mB10 mK13", "b", "0/0 0 9")
	expectExactly(t, vmoves(t, River, c, ""), "B10-D8:C9")
	// With Black's tree on J12 instead of A11, C9xA11 is compulsory.
	c = vpos(t, River, "tC2 tD2 tG6 tJ12 tE10 tI15 ME6 MF6 MC9 mB10 mK13", "w", "0/0 0 9")
	expectExactly(t, vmoves(t, River, c, ""), "C9-A11:B10")
	// Nothing steps onto the tree on E10 or leaps over it; a White Man
	// there instead is cantered over.
	c = vpos(t, River, trees+"ME9 MA4 mL13", "w", "0/0 0 9")
	expectNot(t, vmoves(t, River, c, "E9"), "E9-E11:", "E9-E10:")
	c = vpos(t, River, "tC2 tD2 tG6 tA11 tB10 tI15 ME9 ME10 MA4 mL13", "w", "0/0 0 9")
	expectHas(t, vmoves(t, River, c, "E9"), "E9-E11:")
}

// V11 on River's board: the side with a piece in the opponent's castle
// loses, the side to move without a move wins; River itself judges as
// Camelot (R14–R16).
func TestRiverResults(t *testing.T) {
	for _, tc := range []struct {
		v                  Variant
		pieces, side, want string
	}{
		{AntiRiver, "MF16 MA4 mL13", "b", "0-1"},
		{River, "MF16 MA4 mL13", "b", "*"},
		{River, "MF16 MG16 MA4 mL13", "b", "1-0"},
		{AntiRiver, "mL13", "w", "1-0"},
		{River, "mL13", "w", "1/2-1/2"},
		{River, "mL13 mK13", "w", "0-1"},
		{AntiRiver, "MA4 mL13", "w", "*"},
		{River, "MA4 mL13", "w", "1/2-1/2"},
	} {
		vresult(t, tc.v, vpos(t, tc.v, riverTrees+" "+tc.pieces, tc.side, "0/0 0 9"), tc.want)
	}
}
