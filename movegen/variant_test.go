package movegen_test

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// Perft from the start of each small board (V2, V3) against figures
// computed independently of this package: the published ones to Camette 5
// and Cam 3, and internal/refgen's beyond them (Camette 6, Cam 4).
func TestVariantPerft(t *testing.T) {
	for _, c := range []struct {
		v    movegen.Variant
		want []uint64
	}{
		{movegen.Camette, []uint64{22, 345, 4926, 65908, 774222, 9338348}},
		{movegen.Cam, []uint64{54, 2916, 166212, 9420260}},
	} {
		if testing.Short() {
			c.want = c.want[:len(c.want)-1]
		}
		p := movegen.StartOf(c.v)
		for d, want := range c.want {
			if got := movegen.Perft(p, d+1); got != want {
				t.Errorf("%s perft %d = %d, want %d", c.v, d+1, got, want)
			}
		}
	}
}

func TestParseVariant(t *testing.T) {
	for _, v := range movegen.Variants() {
		for _, name := range []string{v.String(), v.Title(), strings.ToUpper(v.String())} {
			got, err := movegen.ParseVariant(name)
			if err != nil || got != v {
				t.Errorf("ParseVariant(%q) = %v, %v; want %v (V1)", name, got, err, v)
			}
		}
	}
	if _, err := movegen.ParseVariant("shogi"); err == nil || !strings.Contains(err.Error(), "shogi") {
		t.Errorf("ParseVariant(shogi) error = %v, want one naming it", err)
	}
	if _, err := movegen.ParseCFENOf(movegen.Chivalry, movegen.Chivalry.StartCFEN()); err == nil || !strings.Contains(err.Error(), "chivalry") {
		t.Errorf("a Chivalry CFEN error = %v, want one saying that chivalry is not played here", err)
	}
}

// Every board's start is its CFEN of V6, and positions reached by random
// play survive a round-trip with their keys.
func TestVariantCFENRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	for _, v := range movegen.Variants() {
		if !movegen.Playable(v) {
			continue
		}
		start := movegen.StartOf(v)
		if got := start.CFEN(); got != v.StartCFEN() {
			t.Errorf("%s start CFEN = %q, want %q (V3)", v, got, v.StartCFEN())
		}
		for game := 0; game < 30; game++ {
			p := start
			var ml movegen.MoveList
			for ply := 0; ply < 200; ply++ {
				q, err := movegen.ParseCFENOf(v, p.CFEN())
				if err != nil {
					t.Fatalf("%s: %q does not read back: %v", v, p.CFEN(), err)
				}
				if q != p {
					t.Fatalf("%s: %q reads back as %q (key %x, want %x)", v, p.CFEN(), q.CFEN(), q.Key, p.Key)
				}
				if p.Key != p.ComputeKey() {
					t.Fatalf("%s: incremental key of %q differs from a fresh one", v, p.CFEN())
				}
				p.GenerateMoves(&ml)
				if ml.N == 0 {
					break
				}
				p.MakeMove(ml.Moves[rng.Intn(ml.N)])
			}
		}
	}
}

// V6: a CFEN is read on the variant's board, and each malformed one is
// refused naming the field and, for the board, the rank.
func TestVariantCFENRefused(t *testing.T) {
	for _, c := range []struct {
		v    movegen.Variant
		cfen string
		want string
	}{
		{movegen.Cam, movegen.StartCFEN, "want 13 ranks"},
		{movegen.Camelot, movegen.Cam.StartCFEN(), "want 16 ranks"},
		{movegen.Camette, "1/1n1/1mmm1/6/1MMM1/1N1/1 w", "rank 4"},
		{movegen.Camette, "1/1n1/1mmm1/5/1MMM1/1N1/2 w", "rank 1"},
		{movegen.Camette, "1/1nn/1mmm1/5/1MMM1/1N1/1 w", "2 Knights, at most 1"},
		{movegen.Cam, "1/3/5/2n1n2/mmmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w", "6 Men, at most 5"},
		{movegen.Camette, "1/1n1/1mxm1/5/1MMM1/1N1/1 w", "rank 5: unexpected character"},
		{movegen.Camette, "1/1n1/1mmm1/5/1MMM1/1N1/1 w 1/0", "field 3"},
		{movegen.Cam, "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/2 0 1", "always 0/0"},
		{movegen.Camette, "1/1n1/1mmm1/5/1MMM1/1N1/1 x", "field 2"},
	} {
		_, err := movegen.ParseCFENOf(c.v, c.cfen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want one containing %q", c.v, c.cfen, err, c.want)
		}
	}
}

// moveTexts lists the legal moves of p in WCF notation, sorted.
func moveTexts(p movegen.Position) []string {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, p.MoveText(m))
	}
	slices.Sort(out)
	return out
}

func mustPosition(t *testing.T, v movegen.Variant, cfen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseCFENOf(v, cfen)
	if err != nil {
		t.Fatalf("%s %q: %v", v, cfen, err)
	}
	return p
}

// playText plays a move given in notation and returns the position after it.
func playText(t *testing.T, p movegen.Position, text string) movegen.Position {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v", p.CFEN(), err)
	}
	p.MakeMove(m)
	return p
}

// V5: in Cam one piece in the opponent's one-square castle wins at once,
// even with a lone piece each (no draw by material).
func TestCamCastleWin(t *testing.T) {
	p := mustPosition(t, movegen.Cam, "1/1M1/5/7/7/7/7/7/7/m6/5/3/1 w 0/0 0 1")
	if o := p.Outcome(); o.IsOver() {
		t.Fatalf("before the move: %v, want the game going on (no R16 draw by material in Cam)", o)
	}
	if got, want := moveTexts(p), []string{"D12-C11", "D12-C12", "D12-D11", "D12-D13", "D12-E11", "D12-E12"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	p = playText(t, p, "D12-D13")
	o := p.Outcome()
	if o.Result != movegen.WhiteWins || o.Rule != "V5" {
		t.Errorf("after D12-D13: %v, want 1-0 by V5", o)
	}
	var ml movegen.MoveList
	if p.GenerateMoves(&ml); ml.N != 0 {
		t.Errorf("a finished game has %d moves, want none (R17)", ml.N)
	}
}

// V5: in Camette capturing the last enemy piece wins with one piece left.
func TestCametteCaptureAllWin(t *testing.T) {
	p := mustPosition(t, movegen.Camette, "1/3/5/2m2/2M2/3/1 w 0/0 0 1")
	if got, want := moveTexts(p), []string{"C3xC5"}; !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v (R11)", got, want)
	}
	p = playText(t, p, "C3xC5")
	if o := p.Outcome(); o.Result != movegen.WhiteWins || o.Rule != "V5" {
		t.Errorf("after C3xC5: %v, want 1-0 by V5", o)
	}
}

// V5: in Camette the side to move with no legal move loses. Black's piece
// in its own castle must leave it (R12) but every way out is shut.
func TestCametteNoMoveLoses(t *testing.T) {
	p := mustPosition(t, movegen.Camette, "n/MMM/m1m1m/5/5/3/1 b 0/0 0 1")
	if got := moveTexts(p); len(got) != 0 {
		t.Fatalf("moves %v, want none", got)
	}
	if o := p.Outcome(); o.Result != movegen.WhiteWins || o.Rule != "V5" {
		t.Errorf("outcome %v, want 1-0 by V5", o)
	}
}

// R12 in Cam: a piece in its own one-square castle must leave it, and
// nothing else moves.
func TestCamOwnCastleExit(t *testing.T) {
	p := mustPosition(t, movegen.Cam, "1/3/5/m6/7/7/7/7/1M5/7/5/3/M w 0/0 0 1")
	if got, want := moveTexts(p), []string{"D1-C2", "D1-D2", "D1-E2"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
}

// R10 on each small board: a Knight's pure canter may not end where it
// could jump; from there it must go on with a Charge.
func TestKnightCanterBoundByR10(t *testing.T) {
	for _, c := range []struct {
		v              movegen.Variant
		cfen           string
		canter, charge string
	}{
		{movegen.Camette, "1/3/3m1/5/3M1/2N/1 w 0/0 0 1", "D2-D4", "D2-D4xD6"},
		{movegen.Cam, "1/3/5/7/7/4m2/7/4M2/4N2/7/5/3/1 w 0/0 0 1", "E5-E7", "E5-E7xE9"},
		{movegen.Camelot, "2/8/10/12/12/12/12/12/6m5/12/6M5/6N5/12/10/8/2 w 0/0 0 1", "G5-G7", "G5-G7xG9"},
	} {
		p := mustPosition(t, c.v, c.cfen)
		got := moveTexts(p)
		if slices.Contains(got, c.canter) {
			t.Errorf("%s: %s is a pure canter onto a square with a jump, against R10: %v", c.v, c.canter, got)
		}
		if !slices.Contains(got, c.charge) {
			t.Errorf("%s: the Charge %s is missing: %v", c.v, c.charge, got)
		}
	}
}

// V11: an Anti form's moves are its board's own, so where no game can have
// ended differently its perft is the board's: on Cam and Camette a piece
// in the opponent's castle ends the game either way and there is no draw
// by material, so every count agrees.
func TestAntiPerftIsTheBoards(t *testing.T) {
	for _, c := range []struct {
		anti movegen.Variant
		want []uint64
	}{
		{movegen.AntiCamette, []uint64{22, 345, 4926, 65908, 774222}},
		{movegen.AntiCam, []uint64{54, 2916, 166212}},
		{movegen.AntiCamelot, []uint64{100, 10026, 1070822}},
	} {
		p := movegen.StartOf(c.anti)
		for d, want := range c.want {
			if got := movegen.Perft(p, d+1); got != want {
				t.Errorf("%s perft %d = %d, want %d", c.anti, d+1, got, want)
			}
		}
	}
}

// V11 (1): the side that puts a piece into the opponent's castle loses,
// one piece being enough on every board; in Camelot itself (R14) one
// piece in the castle decides nothing.
func TestAntiCastleEntryLoses(t *testing.T) {
	const cfen = "2/3M4/10/12/12/12/12/12/m11/m11/12/12/12/10/8/2 w 0/0 0 1"
	for _, v := range []movegen.Variant{movegen.Camelot, movegen.AntiCamelot} {
		p := playText(t, mustPosition(t, v, cfen), "F15-F16")
		o := p.Outcome()
		switch {
		case v == movegen.Camelot && o.IsOver():
			t.Errorf("Camelot after F15-F16: %v, want the game going on", o)
		case v == movegen.AntiCamelot && (o.Result != movegen.BlackWins || o.Rule != "V11"):
			t.Errorf("Anti-Camelot after F15-F16: %v, want 0-1 by V11", o)
		}
	}
	// One-square castles alike: Anti-Cam's D13 loses for White.
	p := playText(t, mustPosition(t, movegen.AntiCam, "1/1M1/5/7/7/7/7/7/7/m6/5/3/1 w 0/0 0 1"), "D12-D13")
	if o := p.Outcome(); o.Result != movegen.BlackWins || o.Rule != "V11" {
		t.Errorf("Anti-Cam after D12-D13: %v, want 0-1 by V11", o)
	}
	var ml movegen.MoveList
	if p.GenerateMoves(&ml); ml.N != 0 {
		t.Errorf("a finished game has %d moves, want none (R17)", ml.N)
	}
}

// V11 (2): the side to move with no legal move wins; capturing the last
// enemy piece leaves the opponent without a move, so it gives the win to
// the side left without pieces.
func TestAntiLastPieceCapturedWins(t *testing.T) {
	const cfen = "2/8/10/12/12/12/12/12/4m7/4M7/12/12/M11/10/8/2 w 0/0 0 1"
	p := mustPosition(t, movegen.AntiCamelot, cfen)
	if got, want := moveTexts(p), []string{"E7xE9"}; !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v (R11)", got, want)
	}
	p = playText(t, p, "E7xE9")
	if o := p.Outcome(); o.Result != movegen.BlackWins || o.Rule != "V11" || !strings.Contains(o.Reason, "black has no legal move") {
		t.Errorf("after E7xE9: %v, want 0-1 by V11: black has no legal move", o)
	}
	if c := playText(t, mustPosition(t, movegen.Camelot, cfen), "E7xE9"); c.Outcome().Result != movegen.WhiteWins || c.Outcome().Rule != "R14" {
		o := c.Outcome()
		t.Errorf("Camelot after E7xE9: %v, want 1-0 by R14", o)
	}
	// A side with pieces but no legal move wins too: Anti-Camette's Black
	// piece in its own castle, every way out shut (V5 would make it lose).
	q := mustPosition(t, movegen.AntiCamette, "n/MMM/m1m1m/5/5/3/1 b 0/0 0 1")
	if o := q.Outcome(); o.Result != movegen.BlackWins || o.Rule != "V11" {
		t.Errorf("Anti-Camette, Black without a move: %v, want 0-1 by V11", o)
	}
}

// V11: there is no draw by material: one piece each plays on (R16 would
// draw in Camelot).
func TestAntiOneAgainstOnePlaysOn(t *testing.T) {
	const cfen = "2/8/10/11m/12/12/12/12/12/12/12/12/M11/10/8/2 w 0/0 0 1"
	c := mustPosition(t, movegen.Camelot, cfen)
	if o := c.Outcome(); o.Result != movegen.Draw || o.Rule != "R16" {
		t.Fatalf("Camelot: %v, want the R16 draw", o)
	}
	p := mustPosition(t, movegen.AntiCamelot, cfen)
	if o := p.Outcome(); o.IsOver() || len(moveTexts(p)) == 0 {
		t.Errorf("Anti-Camelot: %v with %d moves, want the game going on", o, len(moveTexts(p)))
	}
}

// V6, V11: an Anti form's CFEN is its board's, and castle moves cannot
// arise in it.
func TestAntiCFEN(t *testing.T) {
	for _, v := range []movegen.Variant{movegen.AntiCamelot, movegen.AntiCam, movegen.AntiCamette} {
		p, b := movegen.StartOf(v), movegen.StartOf(v.Board())
		if p.CFEN() != b.CFEN() || p.Variant != v {
			t.Errorf("%s: start %s", v, p.CFEN())
		}
	}
	_, err := movegen.ParseCFENOf(movegen.AntiCamelot, "2/8/10/12/12/12/12/12/4m7/4M7/12/12/M11/10/8/2 w 1/0 0 1")
	if err == nil || !strings.Contains(err.Error(), "castle moves cannot arise in Anti-Camelot") {
		t.Errorf("castle moves in Anti-Camelot: %v", err)
	}
}
