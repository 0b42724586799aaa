package refgen

import (
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// pos builds a CFEN from a piece list like "ME5 NA4 mE6" (piece letter then
// square), a side ("w"/"b") and the tail fields 3–5 (e.g. "0/0 0 1").
func pos(t *testing.T, pieces, side, tail string) string {
	t.Helper()
	var p position
	p.moveNo = 1
	for _, tok := range strings.Fields(pieces) {
		sq, ok := parseSq(tok[1:])
		if !ok {
			t.Fatalf("bad square in %q", tok)
		}
		p.b[sq] = tok[0]
	}
	board := strings.Fields(p.String())[0]
	s := board + " " + side + " " + tail
	if _, err := parseCFEN(s); err != nil {
		t.Fatalf("built invalid CFEN %q: %v", s, err)
	}
	return s
}

func keys(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Key()
	}
	return out
}

// moves returns the keys of the legal moves, optionally only those from one
// origin, after checking sortedness and uniqueness.
func moves(t *testing.T, cfen, from string) []string {
	t.Helper()
	ms, err := Moves(cfen)
	if err != nil {
		t.Fatalf("Moves(%q): %v", cfen, err)
	}
	ks := keys(ms)
	if !sort.StringsAreSorted(ks) {
		t.Errorf("moves not sorted: %v", ks)
	}
	for i := 1; i < len(ks); i++ {
		if ks[i] == ks[i-1] {
			t.Errorf("duplicate move %s", ks[i])
		}
	}
	if from == "" {
		return ks
	}
	var out []string
	for _, m := range ms {
		if m.From == from {
			out = append(out, m.Key())
		}
	}
	return out
}

func expectExactly(t *testing.T, got []string, want ...string) {
	t.Helper()
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("moves:\n got  %v\n want %v", got, want)
	}
}

func expectHas(t *testing.T, got []string, want ...string) {
	t.Helper()
	set := map[string]bool{}
	for _, k := range got {
		set[k] = true
	}
	for _, w := range want {
		if !set[w] {
			t.Errorf("missing move %s (have %v)", w, got)
		}
	}
}

func expectNot(t *testing.T, got []string, bad ...string) {
	t.Helper()
	set := map[string]bool{}
	for _, k := range got {
		set[k] = true
	}
	for _, b := range bad {
		if set[b] {
			t.Errorf("unexpected move %s", b)
		}
	}
}

func TestKey(t *testing.T) {
	if k := (Move{From: "A4", To: "C6", Captured: []string{"B5"}}).Key(); k != "A4-C6:B5" {
		t.Errorf("Key = %q", k)
	}
	if k := (Move{From: "A4", To: "B4"}).Key(); k != "A4-B4:" {
		t.Errorf("Key = %q", k)
	}
	if k := (Move{From: "E5", To: "C7", Captured: []string{"E6", "D8", "E8"}}).Key(); k != "E5-C7:E6,D8,E8" {
		t.Errorf("Key = %q", k)
	}
}

// Hand count of White's first moves (no captures are possible: the armies
// are four ranks apart, and no canter lands next to a Black piece, so there
// are no Charges either).
//
// Plain moves (adjacent empty squares; rank 5 and 8 are empty, rank 6 has
// A,B,K,L empty, rank 7 has A,B,C,J,K,L empty):
//
//	C6: B5 C5 D5 B6 B7 C7 = 6     J6: mirror = 6
//	D6: C5 D5 E5 C7       = 4     I6: mirror = 4
//	E6,F6,G6,H6: three rank-5 squares each = 12
//	D7: C7 C8 D8 E8       = 4     I7: mirror = 4
//	E7,F7,G7,H7: three rank-8 squares each = 12        total 52
//
// Canters. With the whole army in place the only leaps between empty squares
// are C5-C7 (over C6), D5-B7 (C6), E5-C7 (D6) and mirrors J5-J7, I5-K7,
// H5-J7. For each piece add the leaps out of its (now empty) origin:
//
//	C6: E8 (over D7)                        = 1   J6: H8     = 1
//	D6: B6 D8 F8                            = 3   I6: K6 I8 G8 = 3
//	E6: C8 E8 G8                            = 3   H6: F8 H8 J8 = 3
//	F6: D8 F8 H8                            = 3   G6: E8 G8 I8 = 3
//	D7: B5 D5 F5, then D5-B7                = 4   I7: mirror  = 4
//	E7: C5 E5 G5 C7 (C7 via C5 or E5)       = 4   H7: mirror  = 4
//	F7: D5 F5 H5, D5-B7, H5-J7-J5           = 6   G7: mirror  = 6
//	                                                 total 48
//
// No canter destination is also a plain-move destination, so 52+48 = 100.
const startMoves = 100

func TestStartPosition(t *testing.T) {
	all := moves(t, StartCFEN, "")
	if len(all) != startMoves {
		t.Fatalf("start has %d moves, want %d: %v", len(all), startMoves, all)
	}
	perPiece := map[string]int{
		"C6": 7, "D6": 7, "E6": 6, "F6": 6, "G6": 6, "H6": 6, "I6": 7, "J6": 7,
		"D7": 8, "E7": 7, "F7": 9, "G7": 9, "H7": 7, "I7": 8,
	}
	for from, n := range perPiece {
		if got := moves(t, StartCFEN, from); len(got) != n {
			t.Errorf("%s has %d moves %v, want %d", from, len(got), got, n)
		}
	}
	expectExactly(t, moves(t, StartCFEN, "C6"),
		"C6-B5:", "C6-C5:", "C6-D5:", "C6-B6:", "C6-B7:", "C6-C7:", "C6-E8:")
	expectExactly(t, moves(t, StartCFEN, "F7"),
		"F7-E8:", "F7-F8:", "F7-G8:", "F7-D5:", "F7-F5:", "F7-H5:", "F7-B7:", "F7-J7:", "F7-J5:")
	expectHas(t, all, "D7-B7:", "E7-C7:", "I6-K6:", "F6-F5:")
	expectNot(t, all, "F6-F4:", "C6-C8:", "F7-F9:", "D7-D5-B7:", "C6-A8:", "E6-E8:E7")

	// Black's replies are the mirror image.
	black := strings.Replace(StartCFEN, " w ", " b ", 1)
	if n := len(moves(t, black, "")); n != startMoves {
		t.Errorf("black at start has %d moves", n)
	}
}

func TestPerftStart(t *testing.T) {
	// Depth 1 is the hand count above. Depths 2 and 3 are this
	// implementation's own values, kept as a regression check. Depth 2
	// exceeds 100*100 because a White piece advanced to rank 8 lets a Black
	// Knight canter to rank 9 and Charge into White's army (and R10 then
	// removes that Knight's plain canter).
	want := []uint64{1, startMoves, 10026, 1070822}
	for d := 0; d <= 3; d++ {
		start := time.Now()
		n, err := Perft(StartCFEN, d)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("perft(start, %d) = %d (%v)", d, n, time.Since(start))
		if n != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, n, want[d])
		}
	}
	if os.Getenv("REFGEN_PERFT4") != "" {
		start := time.Now()
		n, _ := Perft(StartCFEN, 4)
		t.Logf("perft(start, 4) = %d (%v)", n, time.Since(start))
		if n != 111509838 {
			t.Errorf("perft(4) = %d", n)
		}
	}
	if _, err := Perft(StartCFEN, -1); err == nil {
		t.Error("negative depth accepted")
	}
}

// R8: a jump chain must continue while possible, may branch, and captured
// pieces vanish at once. A4 cannot move because capture is compulsory.
func TestJumpChain(t *testing.T) {
	c := pos(t, "ME5 MA4 mE6 mE8 mD8", "w", "0/0 37 12")
	// E5xE7 then either xE9xC7 (over E8, then back over D8) or xC9 (over D8).
	expectExactly(t, moves(t, c, ""), "E5-C7:E6,D8,E8", "E5-C9:E6,D8")
	after, err := Apply(c, Move{From: "E5", To: "C9", Captured: []string{"E6", "D8"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := pos(t, "MC9 MA4 mE8", "b", "0/0 0 12"); after != want {
		t.Errorf("after jump: %s, want %s", after, want)
	}

	// A chain may end on its own origin (E5xE7xG7xG5xE5, either way round):
	// a capture, so it is a real move with From == To.
	c = pos(t, "ME5 mE6 mF7 mG6 mF5", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "E5-E5:F5,E6,G6,F7")

	// Landing in the opponent's castle ends the move even though G15 could
	// then be jumped (F16xH14).
	c = pos(t, "MF14 MA4 mF15 mG15 mA10", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "F14-F16:F15")

	// A jump may land in the own castle and must go on from there (R8, R12).
	c = pos(t, "MF3 MA4 mF2 mG2 mA10", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "F3-H3:F2,G2")
	// ...and stops there when it cannot.
	c = pos(t, "MF3 MA4 mF2 mA10 mB10", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "F3-F1:F2")
}

// R11: a jump anywhere makes capture compulsory; any capture may be chosen,
// including a Knight's Charge (A4-A6xA8).
func TestCompulsoryCapture(t *testing.T) {
	c := pos(t, "MH4 NA4 MA5 MC3 mH5 mA7 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "H4-H6:H5", "A4-A8:A7")

	// Without H5 no piece can jump: the Charge is optional, everything else is
	// legal too, but the Knight may not simply canter to A6 (R10).
	c = pos(t, "MH4 NA4 MA5 MC3 mA7 mL12", "w", "0/0 0 1")
	all := moves(t, c, "")
	expectHas(t, all, "A4-A8:A7", "H4-H5:", "C3-D4:", "A4-B4:", "A5-A6:")
	expectNot(t, all, "A4-A6:")
}

// R10: a Knight's pure canter is legal only by a route whose landing squares
// offer it no jump. Men are not bound.
func TestKnightCanterRule(t *testing.T) {
	// Knight E4, Men E5 D5 D7 C7, Black F7. Canter landings: E6 and E8 offer
	// a jump over F7; C6, C8, C4 do not. C8 is reachable via C6 (safe) as
	// well as via E6 (unsafe): legal. C4 only via E6: illegal.
	c := pos(t, "NE4 ME5 MD5 MD7 MC7 mF7 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, "E4"),
		"E4-D3:", "E4-E3:", "E4-F3:", "E4-D4:", "E4-F4:", "E4-F5:", // plain
		"E4-C6:", "E4-C8:", // canters
		"E4-G8:F7", "E4-G6:F7") // Charges via E6 and via E8
	// The same with a Man: all five canters, no Charges.
	c = pos(t, "ME4 ME5 MD5 MD7 MC7 mF7 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, "E4"),
		"E4-D3:", "E4-E3:", "E4-F3:", "E4-D4:", "E4-F4:", "E4-F5:",
		"E4-C6:", "E4-C8:", "E4-E6:", "E4-C4:", "E4-E8:")

	// Knight A4: the only route to A8 goes through A6, which offers a jump
	// over B6 (to C6). B6 is guarded so no White piece can jump now.
	c = pos(t, "NA4 MA5 MA7 MC5 MC7 mB6 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, "A4"), "A4-B3:", "A4-B4:", "A4-B5:", "A4-C6:B6")
	c = pos(t, "MA4 MA5 MA7 MC5 MC7 mB6 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, "A4"), "A4-B3:", "A4-B4:", "A4-B5:", "A4-A6:", "A4-A8:")
}

// R9: a Charge is canters then jumps with compulsory continuation; only
// Knights charge.
func TestCharge(t *testing.T) {
	c := pos(t, "NF4 MF5 mF7 mG9 mL12", "w", "0/0 0 1")
	got := moves(t, c, "F4")
	expectHas(t, got, "F4-H10:F7,G9")
	expectNot(t, got, "F4-F6:", "F4-F8:F7")
	c = pos(t, "MF4 MF5 mF7 mG9 mL12", "w", "0/0 0 1")
	got = moves(t, c, "F4")
	expectHas(t, got, "F4-F6:")
	expectNot(t, got, "F4-H10:F7,G9")

	// Decision 2: the canter part may pass through A6, which offers a jump,
	// and go on to A8 to capture B9 instead.
	c = pos(t, "NA4 MA5 MA7 MC5 MC7 mB6 mB9", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, "A4"), "A4-B3:", "A4-B4:", "A4-B5:", "A4-C6:B6", "A4-C10:B9")

	// Decision 1: a canter landing in the opponent's castle ends the move,
	// so no Charge starts there, and such a square offers no jump for R10.
	// Knight E14 canters over F15 to G16 (Black's castle), next to H15 with
	// I14 empty: the canter is legal and G16xI14 is not a Charge.
	c = pos(t, "NE14 MF15 mH15 mL4", "w", "0/0 0 1")
	got = moves(t, c, "E14")
	expectHas(t, got, "E14-G16:")
	for _, k := range got {
		if strings.Contains(k, ":H15") {
			t.Errorf("Charge from the opponent's castle: %s", k)
		}
	}
}

// R13: castle moves, at most two per side, never when a capture exists; the
// piece in the opponent's castle never jumps.
func TestCastleMoves(t *testing.T) {
	for used, ok := range map[string]bool{"0/0": true, "1/0": true, "2/0": false, "2/2": false, "0/2": true} {
		c := pos(t, "MF16 MA4 mF15 mL12", "w", used+" 7 10")
		got := moves(t, c, "F16")
		if ok {
			expectExactly(t, got, "F16-G16:")
		} else {
			expectExactly(t, got)
		}
	}
	c := pos(t, "MF16 MA4 mF15 mL12", "w", "1/0 7 10")
	after, err := Apply(c, Move{From: "F16", To: "G16"})
	if err != nil {
		t.Fatal(err)
	}
	if want := pos(t, "MG16 MA4 mF15 mL12", "b", "2/0 0 10"); after != want {
		t.Errorf("after castle move: %s, want %s", after, want)
	}
	// Black castle move; move number increments after Black.
	c = pos(t, "mG1 mA10 MF15 ML4", "b", "0/1 3 20")
	after, err = Apply(c, Move{From: "G1", To: "F1"})
	if err != nil {
		t.Fatal(err)
	}
	if want := pos(t, "mF1 mA10 MF15 ML4", "w", "0/2 0 21"); after != want {
		t.Errorf("after black castle move: %s, want %s", after, want)
	}
	// Blocked by a piece on the other castle square.
	c = pos(t, "MF16 MA4 mG16 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, "F16"))
	// Not when a capture is available (A4xC6).
	c = pos(t, "MF16 MA4 mB5 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "A4-C6:B5")
}

// R12 (decision 3): a piece in its own castle must leave; only it moves,
// and captures elsewhere (A4xA6) do not count.
func TestForcedExit(t *testing.T) {
	// Cannot jump: plain moves (not to G1) and canters out.
	c := pos(t, "MF1 MF2 MA4 mA5 mL12", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "F1-E2:", "F1-G2:", "F1-F3:")
	// Can jump: only its jump sequences.
	c = pos(t, "MF1 MA4 mG2 mE2 mA5", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "F1-D3:E2", "F1-H3:G2")
	// A jump chain may end back in the own castle, even on its origin:
	// F1xF3xH3xF1 and F1xH3xF3xF1 are one move.
	c = pos(t, "MF1 mF2 mG2 mG3", "w", "0/0 5 9")
	expectExactly(t, moves(t, c, ""), "F1-F1:F2,G2,G3")
	after, err := Apply(c, Move{From: "F1", To: "F1", Captured: []string{"G3", "F2", "G2"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := pos(t, "MF1", "b", "0/0 0 9"); after != want {
		t.Errorf("after: %s, want %s", after, want)
	}
	// A Knight that cannot jump: plain moves, a Charge, but not the canter
	// to G3 (G3 offers a jump over H4, R10).
	c = pos(t, "NG1 MG2 MA4 mH4 mA5", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "G1-F2:", "G1-H2:", "G1-I5:H4")
	// A Knight that can jump may Charge instead.
	c = pos(t, "NG1 MF2 mH2 mF4 mA5", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "G1-I3:H2", "G1-G5:F4")
	// Black's own castle.
	c = pos(t, "mG16 mF15 MA4 MA6", "b", "0/0 0 1")
	expectExactly(t, moves(t, c, ""), "G16-G15:", "G16-H15:", "G16-E14:")
}

// R15: no legal move although the game is not otherwise over.
func TestStalemate(t *testing.T) {
	c := pos(t, "MA4 mA5 mB5 mB4 mB3 mA6 mC6 mC4 mC2", "w", "0/0 0 1")
	expectExactly(t, moves(t, c, ""))
	c = pos(t, "MA4 MF16 mA5 mB5 mB4 mB3 mA6 mC6 mC4 mC2", "w", "2/0 0 1")
	expectExactly(t, moves(t, c, ""))
	if n, _ := Perft(c, 3); n != 0 {
		t.Errorf("perft of stalemate = %d", n)
	}
	// With a castle move left it is not stalemate.
	c = pos(t, "MA4 MF16 mA5 mB5 mB4 mB3 mA6 mC6 mC4 mC2", "w", "1/0 0 1")
	expectExactly(t, moves(t, c, ""), "F16-G16:")
}

// Decision 4 / R17: finished games have no moves.
func TestGameOver(t *testing.T) {
	for _, c := range []string{
		pos(t, "MF16 MG16 MA4 mL12 mK12", "b", "0/0 0 1"), // two in Black's castle
		pos(t, "mF1 mG1 mA10 MA4 MB4", "w", "0/0 0 1"),    // two in White's castle
		pos(t, "MA4 MB4", "b", "0/0 0 1"),                 // Black has no pieces
		pos(t, "MA4 MB4", "w", "0/0 0 1"),
		pos(t, "MA4 mL12", "w", "0/0 0 1"), // one piece each
		pos(t, "MA4", "w", "0/0 0 1"),
		pos(t, "", "w", "0/0 0 1"),
	} {
		if got := moves(t, c, ""); len(got) != 0 {
			t.Errorf("%s: game over but moves %v", c, got)
		}
	}
	c := pos(t, "MA4 mL12 mK12", "w", "0/0 0 1")
	if got := moves(t, c, ""); len(got) == 0 {
		t.Errorf("%s: expected moves", c)
	}
}

func TestApply(t *testing.T) {
	a, err := Apply(StartCFEN, Move{From: "F6", To: "F5"})
	if err != nil {
		t.Fatal(err)
	}
	want := "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMM1MMMN2/5M6/12/10/8/2 b 0/0 1 1"
	if a != want {
		t.Errorf("got %s\nwant %s", a, want)
	}
	b, err := Apply(a, Move{From: "f11", To: "f12"}) // case-insensitive
	if err != nil {
		t.Fatal(err)
	}
	want = "2/8/10/12/5m6/2nmm1mmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMM1MMMN2/5M6/12/10/8/2 w 0/0 2 2"
	if b != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	for _, m := range []Move{
		{From: "F6", To: "F4"},
		{From: "F6", To: "F5", Captured: []string{"F7"}},
		{From: "Z9", To: "F5"},
		{From: "A1", To: "F5"},
		{From: "F11", To: "F12"}, // Black piece, White to move
	} {
		if _, err := Apply(StartCFEN, m); err == nil {
			t.Errorf("Apply(%v) accepted", m)
		}
	}
	// Every move of the first two plies applies and round-trips.
	for _, m1 := range mustMoves(t, StartCFEN) {
		c1, err := Apply(StartCFEN, m1)
		if err != nil {
			t.Fatal(err)
		}
		for _, m2 := range mustMoves(t, c1) {
			c2, err := Apply(c1, m2)
			if err != nil {
				t.Fatal(err)
			}
			p, err := parseCFEN(c2)
			if err != nil || p.String() != c2 {
				t.Fatalf("round trip of %s failed: %v", c2, err)
			}
		}
	}
}

func mustMoves(t *testing.T, c string) []Move {
	t.Helper()
	ms, err := Moves(c)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestCFEN(t *testing.T) {
	p, err := parseCFEN(StartCFEN)
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != StartCFEN {
		t.Errorf("round trip: %s", p.String())
	}
	board := strings.Fields(StartCFEN)[0]
	for in, out := range map[string]string{
		board + " w":                 StartCFEN,
		board + " b":                 board + " b 0/0 0 1",
		board + " w 1/2":             board + " w 1/2 0 1",
		board + " w 1/2 17":          board + " w 1/2 17 1",
		"  " + board + "  b 2/0 3 9": board + " b 2/0 3 9",
		strings.Replace(board, "/12/12/3N", "/6/6/12/3N", 1) + " w": "", // 17 ranks: rejected
	} {
		p, err := parseCFEN(in)
		if out == "" {
			if err == nil {
				t.Errorf("accepted %q", in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if p.String() != out {
			t.Errorf("%q -> %q, want %q", in, p.String(), out)
		}
	}
	bad := []string{
		"",
		"w",
		board,
		board + " x",
		board + " W",
		board + " w 3/0",
		board + " w 0-0",
		board + " w a/0",
		board + " w 0/0/0",
		board + " w +1/0",
		board + " w 0/0 -1",
		board + " w 0/0 x",
		board + " w 0/0 0 0",
		board + " w 0/0 0 1 extra",
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8 w",     // 15 ranks
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2/ w",  // 17 ranks
		"3/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w",   // rank 16 too long
		"1/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w",   // too short
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/MMM w", // too long
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/MM w",  // two in own castle
		"mm/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w",  // two in own castle
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/0 w",   // zero
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/02 w",  // leading zero
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/1X w",  // bad char
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/13 w",  // > 12
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/N11/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w",  // 5 Knights
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/M11/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w",  // 11 Men
		"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8//2 w",  // empty rank
	}
	for _, s := range bad {
		if _, err := parseCFEN(s); err == nil {
			t.Errorf("accepted %q", s)
		}
		if _, err := Moves(s); err == nil {
			t.Errorf("Moves accepted %q", s)
		}
	}
}

// Random corruptions of valid CFENs must give errors or results, never panics.
func TestNoPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := "0123456789/ mnMNwbx-+12"
	seeds := []string{StartCFEN,
		pos(t, "MF1 mF2 mG2 mG3", "w", "0/0 5 9"),
		pos(t, "MF16 MA4 mF15 mL12", "w", "1/0 7 10")}
	for i := 0; i < 20000; i++ {
		c := mutate(rng, seeds[rng.Intn(len(seeds))], alphabet)
		ms, err := Moves(c)
		if err != nil {
			continue
		}
		if _, err := Perft(c, 2); err != nil {
			t.Errorf("Perft failed after Moves succeeded on %q", c)
		}
		for _, m := range ms {
			if _, err := Apply(c, m); err != nil {
				t.Errorf("Apply(%q, %s): %v", c, m.Key(), err)
			}
		}
	}
}

// mutate returns s with one to three characters of alphabet inserted,
// deleted or replaced at random places.
func mutate(rng *rand.Rand, text, alphabet string) string {
	s := []byte(text)
	for k := rng.Intn(3) + 1; k > 0; k-- {
		j := rng.Intn(len(s) + 1)
		ch := alphabet[rng.Intn(len(alphabet))]
		switch rng.Intn(3) {
		case 0:
			s = append(s[:j], append([]byte{ch}, s[j:]...)...)
		case 1:
			if j < len(s) {
				s = append(s[:j], s[j+1:]...)
			}
		default:
			if j < len(s) {
				s[j] = ch
			}
		}
	}
	return string(s)
}
