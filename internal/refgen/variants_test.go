package refgen

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"
)

// vpos builds a CFEN on variant v's board (V6) from a piece list like
// "ME5 NA4 mE6" (River's trees as "tC2"), a side and the tail fields 3–5.
func vpos(t *testing.T, v Variant, pieces, side, tail string) string {
	t.Helper()
	s := vtext(v, pieces, side, tail)
	if _, err := parseCFENOn(v.geom(), s); err != nil {
		t.Fatalf("%s: built invalid CFEN %q: %v", v, s, err)
	}
	return s
}

// vtext builds a CFEN as vpos does, without checking it: for the texts
// that must be refused.
func vtext(v Variant, pieces, side, tail string) string {
	g := v.geom()
	p := position{g: g, moveNo: 1}
	for _, tok := range strings.Fields(pieces) {
		sq, ok := g.parseSq(tok[1:])
		if !ok {
			panic(fmt.Sprintf("%s: bad square in %q", v, tok))
		}
		p.b[sq] = tok[0]
	}
	return strings.Fields(p.String())[0] + " " + side + " " + tail
}

// vmoves returns the keys of v's legal moves in cfen, optionally only those
// from one origin.
func vmoves(t *testing.T, v Variant, cfen, from string) []string {
	t.Helper()
	ms, err := v.Moves(cfen)
	if err != nil {
		t.Fatalf("%s.Moves(%q): %v", v, cfen, err)
	}
	var out []string
	for _, m := range ms {
		if from == "" || m.From == from {
			out = append(out, m.Key())
		}
	}
	return out
}

func vapply(t *testing.T, v Variant, cfen string, m Move) string {
	t.Helper()
	after, err := v.Apply(cfen, m)
	if err != nil {
		t.Fatalf("%s.Apply(%q, %s): %v", v, cfen, m.Key(), err)
	}
	return after
}

func vresult(t *testing.T, v Variant, cfen, want string) {
	t.Helper()
	got, err := v.Result(cfen)
	if err != nil {
		t.Fatalf("%s.Result(%q): %v", v, cfen, err)
	}
	if got != want {
		t.Errorf("%s.Result(%q) = %s, want %s", v, cfen, got, want)
	}
}

// V1: names, read case-insensitively.
func TestVariantNames(t *testing.T) {
	for in, want := range map[string]Variant{
		"camelot": Camelot, "CAMELOT": Camelot, "cam": Cam, "Cam": Cam,
		"camette": Camette, "CaMeTtE": Camette, "chivalry": Chivalry, "Chivalry": Chivalry,
		"river": River, "RIVER": River, "River Camelot": River, "river camelot": River,
		"anti-river": AntiRiver, "Anti-River": AntiRiver, "anti-camelot": AntiCamelot,
		"ANTI-CHIVALRY": AntiChivalry,
	} {
		v, err := ParseVariant(in)
		if err != nil || v != want {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v", in, v, err, want)
		}
	}
	for _, bad := range []string{"", "cams", "camelot ", "chess", "anti-river camelot", "rivers", "anti-"} {
		if _, err := ParseVariant(bad); err == nil {
			t.Errorf("ParseVariant(%q) accepted", bad)
		}
	}
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	if got := strings.Join(names, ", "); got != "Camelot, Cam, Camette, Chivalry, River Camelot, Anti-Camelot, Anti-Cam, Anti-Camette, Anti-Chivalry, Anti-River" {
		t.Errorf("names %q", got)
	}
	names = names[:0]
	for _, v := range Variants() {
		names = append(names, v.Name())
	}
	if got := strings.Join(names, " "); got != "camelot cam camette chivalry river anti-camelot anti-cam anti-camette anti-chivalry anti-river" {
		t.Errorf("names %q", got)
	}
	var zero Variant
	if zero != Camelot {
		t.Error("the zero Variant is not Camelot (V1 default)")
	}
	if _, err := Variant(10).Moves(StartCFEN); err == nil {
		t.Error("unknown variant accepted")
	}
	if s := Variant(10).String(); s != "Variant(10)" {
		t.Errorf("unknown variant shown as %q", s)
	}
}

// V2: each board's squares, size and castles; every board is symmetric left
// to right, and each castle is its side's whole back rank.
func TestVariantBoards(t *testing.T) {
	for _, tc := range []struct {
		v            Variant
		squares      int
		files, ranks int
		castles      string
	}{
		{Camelot, 160, 12, 16, "F1 G1 / F16 G16"},
		{Chivalry, 176, 14, 16, "G1 H1 / G16 H16"},
		{Cam, 67, 7, 13, "D1 / D13"},
		{Camette, 23, 5, 7, "C1 / C7"},
		{River, 160, 12, 16, "F1 G1 / F16 G16"}, // V9: Camelot's squares, river included
		{AntiRiver, 160, 12, 16, "F1 G1 / F16 G16"},
	} {
		g := tc.v.geom()
		if tc.v.Files() != tc.files || tc.v.Ranks() != tc.ranks {
			t.Errorf("%s: %d × %d, want %d × %d", tc.v, tc.v.Files(), tc.v.Ranks(), tc.files, tc.ranks)
		}
		n := 0
		for f := -2; f < gridFiles+2; f++ {
			for r := -1; r <= gridRanks+2; r++ {
				if !g.exists(f, r) {
					continue
				}
				n++
				if f >= tc.files || r > tc.ranks {
					t.Errorf("%s: square %s outside %d × %d", tc.v, sqName(sqOf(f, r)), tc.files, tc.ranks)
				}
				if !g.exists(tc.files-1-f, r) {
					t.Errorf("%s: board not symmetric at %s", tc.v, sqName(sqOf(f, r)))
				}
			}
		}
		if n != tc.squares {
			t.Errorf("%s: %d squares, want %d", tc.v, n, tc.squares)
		}
		var cs [2][]string
		for c := range cs {
			for _, sq := range g.castle[c] {
				cs[c] = append(cs[c], sqName(sq))
			}
		}
		if got := strings.Join(cs[0], " ") + " / " + strings.Join(cs[1], " "); got != tc.castles {
			t.Errorf("%s: castles %q, want %q", tc.v, got, tc.castles)
		}
		for sq := 0; sq < numSq; sq++ {
			if !g.on[sq] {
				continue
			}
			if g.ownCastle(white, sq) != (rankOf(sq) == 1) || g.ownCastle(black, sq) != (rankOf(sq) == tc.ranks) {
				t.Errorf("%s: castle membership of %s", tc.v, sqName(sq))
			}
		}
	}
	// Files beyond the board's letters are no squares.
	for v, bad := range map[Variant]string{Camelot: "M5", Cam: "H5", Camette: "F4", Chivalry: "O5"} {
		if _, ok := v.geom().parseSq(bad); ok {
			t.Errorf("%s: %s accepted", v, bad)
		}
	}
	for v, good := range map[Variant]string{Camelot: "l5", Cam: "g5", Camette: "e4", Chivalry: "n5"} {
		if _, ok := v.geom().parseSq(good); !ok {
			t.Errorf("%s: %s refused", v, good)
		}
	}
}

// V3: the start positions built from the piece lists give the start CFENs,
// and each side starts with the numbers of Knights and Men V6 limits.
func TestVariantStarts(t *testing.T) {
	for _, tc := range []struct {
		v      Variant
		pieces string
	}{
		{Camelot, "NC6 ND7 NI7 NJ6 MD6 ME6 ME7 MF6 MF7 MG6 MG7 MH6 MH7 MI6 " +
			"nC11 nD10 nI10 nJ11 mD11 mE10 mE11 mF10 mF11 mG10 mG11 mH10 mH11 mI11"},
		{Chivalry, "NC6 ND6 NK6 NL6 NC7 ND7 NK7 NL7 ME6 MF6 MG6 MH6 MI6 MJ6 ME7 MF7 MG7 MH7 MI7 MJ7 " +
			"nC10 nD10 nK10 nL10 nC11 nD11 nK11 nL11 mE10 mF10 mG10 mH10 mI10 mJ10 mE11 mF11 mG11 mH11 mI11 mJ11"},
		{Cam, "NC4 NE4 MB5 MC5 MD5 ME5 MF5 nC10 nE10 mB9 mC9 mD9 mE9 mF9"},
		{Camette, "NC2 MB3 MC3 MD3 nC6 mB5 mC5 mD5"},
		// V9, copied from its lists.
		{River, "NC4 NJ4 ND5 NI5 MD4 ME4 MF4 MG4 MH4 MI4 ME5 MF5 MG5 MH5 " +
			"nD12 nI12 nC13 nJ13 mE12 mF12 mG12 mH12 mD13 mE13 mF13 mG13 mH13 mI13"},
		{AntiRiver, "NC4 NJ4 ND5 NI5 MD4 ME4 MF4 MG4 MH4 MI4 ME5 MF5 MG5 MH5 " +
			"nD12 nI12 nC13 nJ13 mE12 mF12 mG12 mH12 mD13 mE13 mF13 mG13 mH13 mI13"},
	} {
		if got := vpos(t, tc.v, tc.pieces, "w", "0/0 0 1"); got != tc.v.StartCFEN() {
			t.Errorf("%s start:\n built %s\n given %s", tc.v, got, tc.v.StartCFEN())
		}
		p, err := parseCFENOn(tc.v.geom(), tc.v.StartCFEN())
		if err != nil {
			t.Fatal(err)
		}
		if p.String() != tc.v.StartCFEN() {
			t.Errorf("%s start round trip: %s", tc.v, p.String())
		}
		count := map[byte]int{}
		for sq := 0; sq < numSq; sq++ {
			count[p.b[sq]]++
		}
		g := tc.v.geom()
		if count['N'] != g.maxKnights || count['n'] != g.maxKnights || count['M'] != g.maxMen || count['m'] != g.maxMen {
			t.Errorf("%s start: %v, want %d Knights and %d Men a side", tc.v, count, g.maxKnights, g.maxMen)
		}
	}
	if Camelot.StartCFEN() != StartCFEN {
		t.Error("Camelot.StartCFEN differs from StartCFEN")
	}
	// V9 gives River's start CFEN too: Camelot's moved two ranks back.
	if River.StartCFEN() != "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1" {
		t.Errorf("River start %s", River.StartCFEN())
	}
}

// Perft from each start (R17, V5) against independent figures.
func TestVariantPerft(t *testing.T) {
	for _, tc := range []struct {
		v     Variant
		want  []uint64 // depths 1, 2, ...
		short int      // depths run under -short
	}{
		{Camette, []uint64{22, 345, 4926, 65908, 774222}, 5},
		{Cam, []uint64{54, 2916, 166212}, 3},
		{Chivalry, []uint64{132, 17470, 2456802}, 2},
		{Camelot, []uint64{startMoves, 10026}, 2}, // same as Perft (TestPerftStart)
		// V10: White's placements, then Black's: C(41,3) and its square.
		{River, []uint64{10660, 113635600}, 2},
		{AntiRiver, []uint64{10660, 113635600}, 2},
	} {
		for d, want := range tc.want {
			depth := d + 1
			if testing.Short() && depth > tc.short {
				continue
			}
			start := time.Now()
			n, err := tc.v.Perft(tc.v.StartCFEN(), depth)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s perft(start, %d) = %d (%v)", tc.v, depth, n, time.Since(start))
			if n != want {
				t.Errorf("%s perft(start, %d) = %d, want %d", tc.v, depth, n, want)
			}
		}
	}
	// Deeper figures are this implementation's own (they took about 3 s,
	// 5 s and 2 to 4 min), kept as a regression check on request.
	if os.Getenv("REFGEN_PERFT4") != "" {
		for _, tc := range []struct {
			v     Variant
			depth int
			want  uint64
		}{
			{Cam, 4, 9420260},
			{Camette, 6, 9338348},
			{Chivalry, 4, 337761948},
		} {
			start := time.Now()
			n, _ := tc.v.Perft(tc.v.StartCFEN(), tc.depth)
			t.Logf("%s perft(start, %d) = %d (%v)", tc.v, tc.depth, n, time.Since(start))
			if n != tc.want {
				t.Errorf("%s perft(%d) = %d, want %d", tc.v, tc.depth, n, tc.want)
			}
		}
	}
	if _, err := Cam.Perft(Cam.StartCFEN(), -1); err == nil {
		t.Error("negative depth accepted")
	}
}

// V4, V5: in Cam a piece entering the opponent's one-square castle wins at
// once, by a jump (which ends there, R8) or a plain move; one piece is
// enough, and the finished game has no moves (R17).
func TestCamCastleWin(t *testing.T) {
	c := vpos(t, Cam, "MD11 MA4 mD12 mA10", "w", "0/0 0 1")
	vresult(t, Cam, c, "*")
	expectExactly(t, vmoves(t, Cam, c, ""), "D11-D13:D12")
	after := vapply(t, Cam, c, Move{From: "D11", To: "D13", Captured: []string{"D12"}})
	if want := vpos(t, Cam, "MD13 MA4 mA10", "b", "0/0 0 1"); after != want {
		t.Errorf("after: %s, want %s", after, want)
	}
	vresult(t, Cam, after, "1-0")
	expectExactly(t, vmoves(t, Cam, after, ""))
	if n, _ := Cam.Perft(after, 2); n != 0 {
		t.Errorf("perft after the win = %d", n)
	}

	// A plain step in (R6 forbids only the own castle); Black wins the same.
	c = vpos(t, Cam, "mD2 mG10 MA4 MG4", "b", "0/0 9 30")
	expectHas(t, vmoves(t, Cam, c, "D2"), "D2-D1:")
	after = vapply(t, Cam, c, Move{From: "D2", To: "D1"})
	if want := vpos(t, Cam, "mD1 mG10 MA4 MG4", "w", "0/0 0 31"); after != want {
		t.Errorf("after: %s, want %s", after, want)
	}
	vresult(t, Cam, after, "0-1")
	expectExactly(t, vmoves(t, Cam, after, ""))
}

// V5: in Camette capturing the last enemy piece wins with one piece left
// (in Camelot it would be a draw, R15/R16), and one piece each is no draw.
func TestCametteCaptureAll(t *testing.T) {
	c := vpos(t, Camette, "MB3 mC4", "w", "0/0 4 7")
	vresult(t, Camette, c, "*")
	expectExactly(t, vmoves(t, Camette, c, ""), "B3-D5:C4")
	after := vapply(t, Camette, c, Move{From: "B3", To: "D5", Captured: []string{"C4"}})
	if want := vpos(t, Camette, "MD5", "b", "0/0 0 7"); after != want {
		t.Errorf("after: %s, want %s", after, want)
	}
	vresult(t, Camette, after, "1-0")
	expectExactly(t, vmoves(t, Camette, after, ""))

	// One piece each goes on in Camette; in Camelot it is drawn (R16).
	c = vpos(t, Camette, "MA3 mE5", "w", "0/0 0 1")
	vresult(t, Camette, c, "*")
	expectExactly(t, vmoves(t, Camette, c, ""), "A3-A4:", "A3-B2:", "A3-B3:", "A3-B4:")
	camelot := pos(t, "MA4 mL12", "w", "0/0 0 1")
	vresult(t, Camelot, camelot, "1/2-1/2")
	camelot = pos(t, "MA4", "b", "0/0 0 1")
	vresult(t, Camelot, camelot, "1/2-1/2")
}

// V5: in Camette the side to move with no legal move loses. White's Knight
// sits in its own castle (R12: only it may move) walled in by B2 C2 D2,
// whose squares beyond (A3 C3 E3) are White's own.
func TestCametteNoMove(t *testing.T) {
	c := vpos(t, Camette, "NC1 MA3 MC3 ME3 mB2 mC2 mD2", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Camette, c, ""))
	vresult(t, Camette, c, "0-1")
	if n, _ := Camette.Perft(c, 3); n != 0 {
		t.Errorf("perft = %d", n)
	}
	// With C3 empty the Knight must jump there (R12, R8).
	c = vpos(t, Camette, "NC1 MA3 ME3 mB2 mC2 mD2", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Camette, c, ""), "C1-C3:C2")
}

// R13 holds in Chivalry (two-square castles, V4): a piece in the
// opponent's castle only makes castle moves, at most two a side, never when
// a capture is available; two pieces there win (R14).
func TestChivalryCastleMoves(t *testing.T) {
	for used, ok := range map[string]bool{"0/0": true, "1/0": true, "0/2": true, "2/0": false, "2/1": false} {
		c := vpos(t, Chivalry, "MG16 MA5 mN12 mA12", "w", used+" 3 20")
		if ok {
			expectExactly(t, vmoves(t, Chivalry, c, "G16"), "G16-H16:")
		} else {
			expectExactly(t, vmoves(t, Chivalry, c, "G16"))
			if _, err := Chivalry.Apply(c, Move{From: "G16", To: "H16"}); err == nil {
				t.Errorf("third castle move accepted (%s)", used)
			}
		}
	}
	c := vpos(t, Chivalry, "MG16 MA5 mN12 mA12", "w", "1/0 3 20")
	after := vapply(t, Chivalry, c, Move{From: "G16", To: "H16"})
	if want := vpos(t, Chivalry, "MH16 MA5 mN12 mA12", "b", "2/0 0 20"); after != want {
		t.Errorf("after: %s, want %s", after, want)
	}
	vresult(t, Chivalry, after, "*") // one piece in the castle is no win
	// Blocked by Black's piece on H16, which it cannot jump (R13).
	c = vpos(t, Chivalry, "MG16 MA5 mH16 mA12", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Chivalry, c, "G16"))
	// A capture elsewhere forbids it (R11).
	c = vpos(t, Chivalry, "MG16 MA5 mA6 mA12", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Chivalry, c, ""), "A5-A7:A6")
	// Two pieces in the castle win (R14, V5).
	c = vpos(t, Chivalry, "MG16 MH16 MA5 mN12 mA12", "b", "1/0 0 20")
	expectExactly(t, vmoves(t, Chivalry, c, ""))
	vresult(t, Chivalry, c, "1-0")
}

// R12 in Cam: a piece enters its own one-square castle only by jumping and
// must leave it next move, alone, captures elsewhere (A5xA7) not counting.
func TestCamOwnCastle(t *testing.T) {
	c := vpos(t, Cam, "MD3 MA4 mD2 mG10", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Cam, c, ""), "D3-D1:D2")

	c = vpos(t, Cam, "MD1 MD2 MA5 mA6 mG10", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Cam, c, ""), "D1-C2:", "D1-D3:", "D1-E2:")
	// If it can jump, it must.
	c = vpos(t, Cam, "MD1 MA5 mC2 mA6 mG10", "w", "0/0 0 1")
	expectExactly(t, vmoves(t, Cam, c, ""), "D1-B3:C2")
	// Black's own castle.
	c = vpos(t, Cam, "mD13 mD12 mA6 MA5 MG4", "b", "0/0 0 1")
	expectExactly(t, vmoves(t, Cam, c, ""), "D13-C12:", "D13-D11:", "D13-E12:")
}

// R10 on every board: a Knight may not canter to a landing square that
// offers it a jump, but may Charge through it; a Man may canter there. The
// edges of each board (V2) decide which jumps exist.
func TestVariantKnightCanterRule(t *testing.T) {
	for _, tc := range []struct {
		v            Variant
		pieces       string // Knight first; its piece letter is swapped for the Man case
		from         string
		knight, man  []string
		withoutJumps string // a position where the landing offers no jump
		free         []string
	}{
		{Camelot, "NL6 ML7 mK9 mA12", "L6",
			[]string{"L6-K5:", "L6-K6:", "L6-K7:", "L6-L5:", "L6-J10:K9"},
			[]string{"L6-K5:", "L6-K6:", "L6-K7:", "L6-L5:", "L6-L8:"},
			"", nil},
		{Chivalry, "NN6 MN7 mM9 mA12", "N6",
			[]string{"N6-M5:", "N6-M6:", "N6-M7:", "N6-N5:", "N6-L10:M9"},
			[]string{"N6-M5:", "N6-M6:", "N6-M7:", "N6-N5:", "N6-N8:"},
			"", nil},
		// A3 does not exist on Cam's board.
		{Cam, "NA4 MA5 mB7 mG10", "A4",
			[]string{"A4-B3:", "A4-B4:", "A4-B5:", "A4-C8:B7"},
			[]string{"A4-B3:", "A4-B4:", "A4-B5:", "A4-A6:"},
			"", nil},
		// From C4 a jump over D5 would land on E6, which Camette lacks:
		// with the enemy on D5 the Knight's canter is legal.
		{Camette, "NC2 MC3 mC5", "C2",
			[]string{"C2-B2:", "C2-B3:", "C2-D2:", "C2-D3:", "C2-C6:C5"},
			[]string{"C2-B2:", "C2-B3:", "C2-D2:", "C2-D3:", "C2-C4:"},
			"NC2 MC3 mD5",
			[]string{"C2-B2:", "C2-B3:", "C2-D2:", "C2-D3:", "C2-C4:"}},
	} {
		c := vpos(t, tc.v, tc.pieces, "w", "0/0 0 1")
		expectExactly(t, vmoves(t, tc.v, c, tc.from), tc.knight...)
		c = vpos(t, tc.v, "M"+tc.pieces[1:], "w", "0/0 0 1")
		expectExactly(t, vmoves(t, tc.v, c, tc.from), tc.man...)
		if tc.withoutJumps != "" {
			c = vpos(t, tc.v, tc.withoutJumps, "w", "0/0 0 1")
			expectExactly(t, vmoves(t, tc.v, c, tc.from), tc.free...)
		}
	}
}

// V6: CFENs round-trip on every board, through random games from each
// start, and every listed move applies.
func TestVariantCFENRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, v := range Variants() {
		games, plies := 6, 80
		if testing.Short() {
			games = 2
		}
		ended := 0
		for game := 0; game < games; game++ {
			c := v.StartCFEN()
			for ply := 0; ply < plies; ply++ {
				p, err := parseCFENOn(v.geom(), c)
				if err != nil {
					t.Fatalf("%s: %q: %v", v, c, err)
				}
				if p.String() != c {
					t.Fatalf("%s: round trip %q -> %q", v, c, p.String())
				}
				ms := vmoves(t, v, c, "")
				if len(ms) == 0 {
					ended++
					break
				}
				all, _ := v.Moves(c)
				c = vapply(t, v, c, all[rng.Intn(len(all))])
			}
		}
		t.Logf("%s: %d of %d random games ended within %d plies", v, ended, games, plies)
	}
	// V6: numbers up to 14 on Chivalry's board.
	c := vpos(t, Chivalry, "MA5 mN12", "w", "0/0 0 1")
	if !strings.Contains(c, "/14/") {
		t.Errorf("no 14 in %s", c)
	}
}

// V6: bad CFENs are refused, naming the field (and the rank).
func TestVariantBadCFEN(t *testing.T) {
	for _, tc := range []struct {
		v    Variant
		cfen string
		want string // must appear in the error
	}{
		{Cam, StartCFEN, "board field"},
		{Camette, Cam.StartCFEN(), "board field"},
		{Camelot, Chivalry.StartCFEN(), "board field"},
		{Chivalry, StartCFEN, "board field"},
		{Cam, "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3 w", "board field"},                     // 12 ranks
		{Cam, "1/3/5/2n1n2/1mmmmm1/7/8/7/1MMMMM1/2N1N2/5/3/1 w", "rank 7"},                        // 8 > 7 files
		{Cam, "1/3/5/2n1n2/1mmmmm1/7/7M/7/1MMMMM1/2N1N2/5/3/1 w", "rank 7"},                       // too long
		{Cam, "1/3/5/2n1n2/1mmmmm1/7/6/7/1MMMMM1/2N1N2/5/3/1 w", "rank 7"},                        // too short
		{Cam, "1/3/5/2n1n2/1mmmmm1/7/3N3/7/1MMMMM1/2N1N2/5/3/1 w", "rank 4: White has 3 Knights"}, // counted from rank 13 down
		{Cam, "1/3/5/2n1n2/1mmmmm1/7/M6/7/1MMMMM1/2N1N2/5/3/1 w", "rank 5: White has 6 Men"},
		{Cam, "1/3/5/2n1n2/1mmmmm1/2n4/7/7/1MMMMM1/2N1N2/5/3/1 w", "rank 8: Black has 3 Knights"},
		{Cam, Cam.StartCFEN()[:len(Cam.StartCFEN())-8] + " 1/0 0 1", "castle-moves field"}, // V6: always 0/0
		{Camette, "1/1n1/1mmm1/5/1MMM1/1N1/1 w 0/1", "castle-moves field"},
		{Camette, "1/1n1/1mmm1/N4/1MMM1/1N1/1 w", "rank 2"}, // 2nd Knight
		{Camette, "1/1n1/1mmm1/4m/1MMM1/1N1/1 w", "rank 4"}, // 4th Black Man
		{Camette, "1/1n1/1mmm1/5/1MMM1/1N1/M w", "rank 1"},  // 4th Man, in the castle
		{Camette, "1/1n1/1mmm1/5/1MMM1/1N1/2 w", "rank 1"},  // too long
		{Camette, "1/1n1/1mmm1/6/1MMM1/1N1/1 w", "rank 4"},  // 6 > 5 files
		{Camette, "1/1n1/1mmm1/5/1MMM1/1N1/1 x", "side field"},
		{Chivalry, "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMM2NN2/14/12/10/8/MM w", "rank 1: White has two pieces in its own castle"},
		{Chivalry, "nn/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w", "rank 16: Black has two pieces in its own castle"},
		{Chivalry, "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/N13/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w", "rank 6: White has 9 Knights"}, // counted from rank 16 down
		{Chivalry, "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/M13/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w", "rank 6: White has 13 Men"},
		{Chivalry, "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/13/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w", "rank 8"},  // 13 of 14
		{Chivalry, "2/8/10/12/15/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w", "rank 12"}, // 15
		{Chivalry, "2/8/10/12/14/2nnmmmmmmnn2/2nnmmmmmmnn2/14/14/2NNMMMMMMNN2/2NNMMMMMMNN2/14/12/10/8/2 w 3/0", "castle-moves field"},

		// V9: nothing on the river, trees only on the tree squares, 0 or
		// 3 a side; the rank at fault is named.
		{River, vtext(River, riverTrees+" MA5 mL13", "w", "0/0 0 9"), "rank 5: a piece on the river square A5"},
		{River, vtext(River, riverTrees+" MD6 nL12", "w", "0/0 0 9"), "rank 12: a piece on the river square L12"},
		{River, vtext(River, riverTrees+" ME8 mL13", "b", "0/0 0 9"), "rank 8: a piece on the river square E8"},
		{AntiRiver, vtext(AntiRiver, riverTrees+" MD6 mI9 mJ9", "w", "0/0 0 9"), "rank 9: a piece on the river square J9"},
		{River, vtext(River, "tC2 tD2 tC8 tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9"), "rank 8: a tree on the river square C8"},
		{River, vtext(River, "tC2 tD2 tE5 tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9"), "rank 5: a tree on E5, which is no tree square"},
		{River, vtext(River, "tC2 tD2 tF1 tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9"), "rank 1: a tree on F1"},
		{River, vtext(River, "tC2 tD2 tI2 tC15 tD15 tI15 tG16 MD6 mL13", "w", "0/0 0 9"), "rank 16: a tree on G16"},
		{River, vtext(River, "tC2 tD2 tI2 tJ2 tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9"), "rank 2: 4 trees on White's tree squares"},
		{River, vtext(River, "tF7 tL9 tK8 tB3 tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9"), "rank 3: 4 trees on White's"},        // read from rank 16 down
		{River, vtext(River, "tC2 tF7 tC15 tD15 tI15 MD6 mL13", "w", "0/0 0 9"), "rank 2: 2 tree(s) on White's tree squares"}, // the last one read
		{River, vtext(River, "tC2 tD2 tI2 tJ12 tK12 MD6 mL13", "b", "0/0 0 9"), "rank 12: 2 tree(s) on Black's"},
		{River, vtext(River, "tC2 tD2 tI2 tA8 MD6 mL13", "b", "0/0 0 9"), "rank 8: 1 tree(s) on Black's"},
		{River, vtext(River, "tC2 tD2 tI2 tA8 tB14 tC15 tK13 MD6 mL13", "w", "0/0 0 9"), "rank 8: 4 trees on Black's"},
		// V10: Black never places before White, nor White move a piece
		// before Black has placed.
		{River, strings.Replace(River.StartCFEN(), " w ", " b ", 1), "Black to move, but no White tree"},
		{River, vtext(River, "tC15 tD15 tI15 MD6 mL13", "b", "0/0 0 9"), "White's tree squares (ranks 2 to 9)"},
		{AntiRiver, vtext(AntiRiver, "tC2 tD2 tI2 MD6 mL13", "w", "0/0 0 2"), "no Black tree on Black's tree squares (ranks 8 to 15)"},
		{River, strings.Fields(vtext(River, riverTrees+" MD6 mL13", "w", "0/0 0 9"))[0] + " x", "side field"},
		// Anti-River has no castle moves (V11); Camelot knows no trees.
		{AntiRiver, vtext(AntiRiver, riverTrees+" MD6 mL13", "w", "1/0 0 9"), "castle-moves field"},
		{Camelot, vtext(River, riverTrees+" MD6 mL13", "w", "0/0 0 9"), "bad character 't'"},
		{AntiCamelot, River.StartCFEN()[:2] + "t" + River.StartCFEN()[3:], "bad character 't'"},
	} {
		_, err := parseCFENOn(tc.v.geom(), tc.cfen)
		if err == nil {
			t.Errorf("%s accepted %q", tc.v, tc.cfen)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: error %q does not name %q", tc.v, tc.cfen, err, tc.want)
		}
		if _, err := tc.v.Moves(tc.cfen); err == nil {
			t.Errorf("%s.Moves accepted %q", tc.v, tc.cfen)
		}
	}
	// Squares outside the variant's board are refused in moves.
	if _, err := Cam.Apply(Cam.StartCFEN(), Move{From: "H5", To: "H6"}); err == nil {
		t.Error("Cam accepted a move from H5")
	}
	if _, err := Camelot.Apply(StartCFEN, Move{From: "M5", To: "M6"}); err == nil {
		t.Error("Camelot accepted a move from M5")
	}
}

// Camelot's results (R14–R16) through Result.
func TestCamelotResult(t *testing.T) {
	vresult(t, Camelot, StartCFEN, "*")
	vresult(t, Camelot, pos(t, "MF16 MG16 MA4 mL12 mK12", "b", "0/0 0 1"), "1-0")             // R14 castle
	vresult(t, Camelot, pos(t, "MF16 MA4 mL12 mK12", "b", "0/0 0 1"), "*")                    // one is not enough
	vresult(t, Camelot, pos(t, "MA4 MB4", "b", "0/0 0 1"), "1-0")                             // R14 capture-all
	vresult(t, Camelot, pos(t, "MA4 mA5 mB5 mB4 mB3 mA6 mC6 mC4 mC2", "w", "0/0 0 1"), "0-1") // R15
	vresult(t, Camelot, pos(t, "mF1 mG1 mA10 MA4 MB4", "w", "0/0 0 1"), "0-1")
}

// The package-level functions are Camelot's.
func TestCamelotForms(t *testing.T) {
	c := pos(t, "NA4 MA5 MA7 MC5 MC7 mB6 mB9", "w", "0/0 0 1")
	a, _ := Moves(c)
	b, _ := Camelot.Moves(c)
	if strings.Join(keys(a), " ") != strings.Join(keys(b), " ") {
		t.Errorf("Moves %v, Camelot.Moves %v", keys(a), keys(b))
	}
	n1, _ := Perft(c, 3)
	n2, _ := Camelot.Perft(c, 3)
	if n1 != n2 || n1 == 0 {
		t.Errorf("Perft %d, Camelot.Perft %d", n1, n2)
	}
}

// Random corruptions of each variant's CFENs give errors or results, never
// panics, and every listed move applies.
func TestVariantNoPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	alphabet := "0123456789/ mnMNwbx-+1214"
	n := 3000
	if testing.Short() {
		n = 500
	}
	for _, v := range []Variant{Cam, Camette, Chivalry} {
		seeds := []string{v.StartCFEN(), Camelot.StartCFEN()}
		for i := 0; i < n; i++ {
			c := mutate(rng, seeds[rng.Intn(len(seeds))], alphabet)
			ms, err := v.Moves(c)
			if err != nil {
				continue
			}
			if _, err := v.Result(c); err != nil {
				t.Errorf("%s: Result failed after Moves succeeded on %q", v, c)
			}
			for _, m := range ms {
				if _, err := v.Apply(c, m); err != nil {
					t.Errorf("%s.Apply(%q, %s): %v", v, c, m.Key(), err)
				}
			}
		}
	}
	// River (V9, V10): from the start (the tree phase), from a position
	// after both placements and from one in Black's placement, with trees
	// among the characters. The tree phase lists thousands of placements:
	// a sample of the moves is applied.
	n /= 3
	for _, v := range []Variant{River, AntiRiver} {
		seeds := []string{v.StartCFEN(), riverAfterPlacements,
			vpos(t, v, "tJ5 tF6 tL9 MD7 MD8 mD9 NI9 nI10 mL13", "b", "0/0 3 1")}
		for i := 0; i < n; i++ {
			c := mutate(rng, seeds[rng.Intn(len(seeds))], alphabet+"tt")
			ms, err := v.Moves(c)
			if err != nil {
				continue
			}
			if _, err := v.Result(c); err != nil {
				t.Errorf("%s: Result failed after Moves succeeded on %q", v, c)
			}
			if _, err := v.Perft(c, 1); err != nil {
				t.Errorf("%s: Perft failed after Moves succeeded on %q", v, c)
			}
			for k := 0; k < 10 && k < len(ms); k++ {
				m := ms[rng.Intn(len(ms))]
				if _, err := v.Apply(c, m); err != nil {
					t.Errorf("%s.Apply(%q, %s): %v", v, c, m.Key(), err)
				}
			}
		}
	}
}

// V11, judged here independently: in an Anti form the side that puts a
// piece into the opponent's castle loses, the side to move without a
// legal move wins, and one piece each plays on.
func TestAntiResults(t *testing.T) {
	for _, c := range []struct {
		v          Variant
		cfen, want string
	}{
		{AntiCamelot, "2/3M4/10/12/12/12/12/12/m11/m11/12/12/12/10/8/2 w 0/0 0 1", "*"},
		{AntiCamelot, "M1/8/10/12/12/12/12/12/m11/m11/12/12/12/10/8/2 b 0/0 0 1", "0-1"},
		{Camelot, "M1/8/10/12/12/12/12/12/m11/m11/12/12/12/10/8/2 b 0/0 0 1", "*"},
		{AntiCamelot, "2/8/10/12/12/12/12/12/12/4M7/12/12/M11/10/8/2 b 0/0 0 1", "0-1"},
		{AntiCamelot, "2/8/10/11m/12/12/12/12/12/12/12/12/M11/10/8/2 w 0/0 0 1", "*"},
		{Camelot, "2/8/10/11m/12/12/12/12/12/12/12/12/M11/10/8/2 w 0/0 0 1", "1/2-1/2"},
		{AntiCam, "M/3/5/7/7/7/7/7/7/m6/5/3/1 b 0/0 0 1", "0-1"},
	} {
		if got, err := c.v.Result(c.cfen); err != nil || got != c.want {
			t.Errorf("%s %s: %s, %v; want %s", c.v, c.cfen, got, err, c.want)
		}
	}
}
