package game_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// Rule positions of AbstractPlay's rule set (V14) against the WCF's.

var (
	apCamelot = game.Camelot.WithRules(game.AbstractPlay)
	apRiver   = game.River.WithRules(game.AbstractPlay)
)

func mustCFEN(t *testing.T, v game.Variant, text string) game.Position {
	t.Helper()
	p, err := boards.ParseCFEN(v, text)
	if err != nil {
		t.Fatalf("%s %s: %v", v, text, err)
	}
	return p
}

func gameFrom(t *testing.T, v game.Variant, cfen string, moves ...string) *game.Game {
	t.Helper()
	g := boards.NewGame(v)
	if cfen != "" {
		g = game.NewGame(mustCFEN(t, v, cfen))
	}
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %s: %v", v.Rules(), m, err)
		}
	}
	return g
}

func moveTexts(p game.Position) []string {
	var out []string
	for _, m := range p.Moves() {
		out = append(out, p.MoveText(m))
	}
	slices.Sort(out)
	return out
}

// TestV14KnightCanter: after 1. E7-F8 D11-D9 the Knight's canter
// C6-E8-G8 lands on E8, which offers E8xC10: R10 forbids it, V14.1 looks
// at G8 alone and allows it. It is the only move the rule sets differ by.
func TestV14KnightCanter(t *testing.T) {
	wcf := gameFrom(t, game.Camelot, "", "E7-F8", "D11-D9").Position()
	ap := gameFrom(t, apCamelot, "", "E7-F8", "D11-D9").Position()
	w, a := moveTexts(wcf), moveTexts(ap)
	if len(w) != 108 || len(a) != 109 {
		t.Fatalf("%d moves under wcf, %d under abstractplay; want 108 and 109", len(w), len(a))
	}
	var extra []string
	for _, m := range a {
		if !slices.Contains(w, m) {
			extra = append(extra, m)
		}
	}
	if !slices.Equal(extra, []string{"C6-E8-G8"}) || len(a)-len(extra) != len(w) {
		t.Errorf("moves under abstractplay only: %v; want [C6-E8-G8]", extra)
	}
	if _, err := wcf.ParseMove("C6-E8-G8"); err == nil {
		t.Error("wcf: C6-E8-G8 accepted; R10 forbids it")
	}
	if m, err := ap.ParseMove("c6^e8^g8"); err != nil || ap.MoveText(m) != "C6-E8-G8" {
		t.Errorf("abstractplay: c6^e8^g8 read as %v (%v)", m, err)
	}
	// A final landing that offers a jump still obliges the Knight to
	// charge (V14.1): C6-E8 itself is no move.
	if _, err := ap.ParseMove("C6-E8"); err == nil {
		t.Error("abstractplay: C6-E8 accepted; E8 offers a jump, so the canter must go on to a Charge")
	}
}

// TestV14NoMoveLoses: White's men on A8 and L9 are walled in by the river
// and the trees of River Camelot; Black has one man. R15 draws (Black has
// fewer than two pieces); V14.2 gives Black the game.
func TestV14NoMoveLoses(t *testing.T) {
	const cfen = "2/8/10/4m7/12/12/12/tt8tM/Mt8tt/12/12/12/12/10/8/2 w 0/0 10 20"
	wcf := gameFrom(t, game.River, cfen).Outcome()
	if wcf.Result != game.Draw || wcf.Rule != "R15" {
		t.Errorf("wcf: %v; want a draw by R15", wcf)
	}
	ap := gameFrom(t, apRiver, cfen).Outcome()
	if ap.Result != game.BlackWins || ap.Rule != "V14" {
		t.Errorf("abstractplay: %v; want 0-1 by V14", ap)
	}
	// In the Anti form the side without a move wins there too (V11).
	anti := gameFrom(t, game.AntiRiver.WithRules(game.AbstractPlay), cfen).Outcome()
	if anti.Result != game.WhiteWins {
		t.Errorf("anti-river under abstractplay: %v; want 1-0", anti)
	}
}

// boxedInCastle: White's man on F1 (its own castle) has no move, its
// exits held by White's own men, while those men could move. R12 leaves
// White no legal move, so R15 gives Black (three men) the game; under
// V14.2 White's pieces have moves, so the game goes on and White can only
// claim or resign.
const boxedInCastle = "2/8/10/4mmm5/12/12/12/12/12/12/12/12/12/2M1M1M3/2MMM3/M1 w 0/0 %d 30"

func TestV14BoxedInOwnCastle(t *testing.T) {
	cfen := strings.Replace(boxedInCastle, "%d", "0", 1)
	if o := gameFrom(t, game.Camelot, cfen).Outcome(); o.Result != game.BlackWins || o.Rule != "R15" {
		t.Errorf("wcf: %v; want 0-1 by R15", o)
	}
	g := gameFrom(t, apCamelot, cfen)
	if o := g.Outcome(); o.IsOver() || len(g.LegalMoves()) != 0 || g.ClaimOpen() {
		t.Errorf("abstractplay: %v, moves %v, claim %v; want the game on, no move, no claim", o, g.LegalMoves(), g.ClaimOpen())
	}
	// At 50 plies the claim is open: it is White's only move.
	g = gameFrom(t, apCamelot, strings.Replace(boxedInCastle, "%d", "50", 1))
	if ms := g.LegalMoves(); !slices.Equal(ms, []game.Move{game.ClaimDraw}) {
		t.Fatalf("abstractplay at 50 plies: moves %v; want [draw]", ms)
	}
	if _, err := g.PlayText("DRAW"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != game.Draw || o.Rule != "V14" {
		t.Errorf("after the claim: %v; want a draw by V14", o)
	}
}

// TestV14CastleMoveCheck: after White's two castle moves AbstractPlay
// refuses every White move from White's own castle (V14.4): F1's three
// exits are legal under wcf, none under abstractplay, where the game goes
// on (V14.2).
func TestV14CastleMoveCheck(t *testing.T) {
	const cfen = "2/8/10/4mmm5/12/12/12/12/12/12/12/12/12/10/8/M1 w 2/0 0 30"
	if got := moveTexts(mustCFEN(t, game.Camelot, cfen)); !slices.Equal(got, []string{"F1-E2", "F1-F2", "F1-G2"}) {
		t.Errorf("wcf: %v", got)
	}
	g := gameFrom(t, apCamelot, cfen)
	if got := moveTexts(g.Position()); len(got) != 0 || g.Outcome().IsOver() {
		t.Errorf("abstractplay: moves %v, %v; want none, the game on", got, g.Outcome())
	}
	// With one castle move used the exits are legal under both.
	if got := moveTexts(mustCFEN(t, apCamelot, strings.Replace(cfen, "2/0", "1/0", 1))); len(got) != 3 {
		t.Errorf("abstractplay, one castle move used: %v", got)
	}
}

// TestV14ClaimPlies: the claim opens at 50 plies without progress (V14.3),
// not at 49; a castle move does not reset the count, a move from outside
// onto the castle does. Under wcf there is no claim, and R16 draws at 100.
func TestV14ClaimPlies(t *testing.T) {
	start := strings.Replace(game.StartCFEN, " 0 1", " 49 30", 1)
	g := gameFrom(t, apCamelot, start)
	if g.ClaimOpen() || slices.Contains(g.LegalMoves(), game.ClaimDraw) {
		t.Error("claim open at 49 plies")
	}
	if err := g.Play(game.ClaimDraw); err == nil {
		t.Error("draw accepted at 49 plies")
	}
	g = gameFrom(t, apCamelot, start, "J6-K5")
	if !g.ClaimOpen() || !slices.Contains(g.LegalMoves(), game.ClaimDraw) {
		t.Error("claim not open at 50 plies")
	}
	if gameFrom(t, game.Camelot, start, "J6-K5").ClaimOpen() {
		t.Error("wcf: a claim open")
	}
	// White's man in Black's castle makes a castle move at 48 plies.
	const castled = "m1/8/10/12/12/3mm7/12/12/12/12/12/12/12/10/5M2/2 w 0/0 48 40"
	inCastle := strings.Replace(castled, "m1/", "M1/", 1)
	ap := gameFrom(t, apCamelot, inCastle, "F16-G16")
	if p := ap.Position(); p.Plies() != 49 || p.CastleMoves(game.White) != 1 {
		t.Errorf("abstractplay after the castle move: plies %d, castle moves %d; want 49 and 1", p.Plies(), p.CastleMoves(game.White))
	}
	if wcf := gameFrom(t, game.Camelot, inCastle, "F16-G16").Position(); wcf.Plies() != 0 {
		t.Errorf("wcf after the castle move: plies %d; want 0 (R16)", wcf.Plies())
	}
	if ap = gameFrom(t, apCamelot, inCastle, "F16-G16", "D11-D10"); !ap.ClaimOpen() {
		t.Error("abstractplay: claim not open 50 plies on, a castle move among them")
	}
	// A move from outside onto a castle square resets the count.
	onto := gameFrom(t, apCamelot, "2/5M2/10/12/12/3mm7/12/12/12/12/12/12/12/10/8/2 w 0/0 48 40", "H15-G16")
	if p := onto.Position(); p.Plies() != 0 {
		t.Errorf("abstractplay after H15-G16: plies %d; want 0", p.Plies())
	}
	// Under abstractplay 100 plies are no draw; under wcf they are.
	hundred := strings.Replace(game.StartCFEN, " 0 1", " 100 60", 1)
	if o := gameFrom(t, apCamelot, hundred).Outcome(); o.IsOver() {
		t.Errorf("abstractplay at 100 plies: %v; want the game on", o)
	}
	if o := gameFrom(t, game.Camelot, hundred).Outcome(); o.Result != game.Draw || o.Rule != "R16" {
		t.Errorf("wcf at 100 plies: %v; want a draw by R16", o)
	}
}

// knightShuffle is one cycle of four plies that brings Camelot's start
// back: Knights out and home.
var knightShuffle = []string{"C6-B5", "C11-B12", "B5-C6", "B12-C11"}

func cycles(n int, cycle []string) []string {
	var out []string
	for range n {
		out = append(out, cycle...)
	}
	return out
}

// TestV14ClaimRepetition: the claim opens when the position stands for the
// fourth time, not the third (V14.3); under wcf the third draws (R16).
func TestV14ClaimRepetition(t *testing.T) {
	g := gameFrom(t, apCamelot, "", cycles(2, knightShuffle)...)
	if g.Repetitions() != 3 || g.ClaimOpen() || g.Outcome().IsOver() {
		t.Errorf("abstractplay, third occurrence: %d, claim %v, %v; want 3, closed, the game on", g.Repetitions(), g.ClaimOpen(), g.Outcome())
	}
	w := gameFrom(t, game.Camelot, "", cycles(2, knightShuffle)...)
	if o := w.Outcome(); o.Result != game.Draw || o.Rule != "R16" {
		t.Errorf("wcf, third occurrence: %v; want a draw by R16", o)
	}
	g = gameFrom(t, apCamelot, "", cycles(3, knightShuffle)...)
	if g.Repetitions() != 4 || !g.ClaimOpen() {
		t.Errorf("abstractplay, fourth occurrence: %d, claim %v; want 4 and open", g.Repetitions(), g.ClaimOpen())
	}
	if _, err := g.PlayText("draw"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != game.Draw || o.Rule != "V14" || !strings.Contains(o.Reason, "fourth") || g.Repetitions() != 4 {
		t.Errorf("after the claim: %v, %d occurrences", o, g.Repetitions())
	}
	if p := g.Position(); p.Play(game.ClaimDraw).CFEN() != p.CFEN() {
		t.Error("Position.Play(ClaimDraw) changed the position")
	}
	if !g.Undo() || g.Outcome().IsOver() || !g.ClaimOpen() {
		t.Error("the claim taken back: the game should go on with the claim open")
	}
}

// TestV14RiverStart: in River the start with White to move has stood
// twice once both sides have placed their trees (trees are not compared,
// V14.3), so one cycle less opens the claim than on Camelot's board.
func TestV14RiverStart(t *testing.T) {
	shuffle := []string{"D5-D6", "D12-D11", "D6-D5", "D11-D12"}
	placed := []string{"c2,d2,i2", "c15,d15,i15"}
	g := gameFrom(t, apRiver, "", placed...)
	if n := g.Repetitions(); n != 2 {
		t.Errorf("after the placements the start has stood %d times; want 2", n)
	}
	g = gameFrom(t, apRiver, "", append(placed, shuffle...)...)
	if g.ClaimOpen() {
		t.Error("claim open at the third occurrence")
	}
	g = gameFrom(t, apRiver, "", append(placed, cycles(2, shuffle)...)...)
	if g.Repetitions() != 4 || !g.ClaimOpen() {
		t.Errorf("after two cycles: %d occurrences, claim %v; want 4 and open", g.Repetitions(), g.ClaimOpen())
	}
	// Placements do not count in the ply count.
	if p := gameFrom(t, apRiver, "", placed...).Position(); p.Plies() != 0 {
		t.Errorf("plies after the placements: %d", p.Plies())
	}
	// Under wcf repetition counts from the first piece move (V10): the
	// second cycle is the third occurrence, a draw.
	w := gameFrom(t, game.River, "", append(placed, shuffle...)...)
	if w.Repetitions() != 2 {
		t.Errorf("wcf: %d occurrences after one cycle; want 2", w.Repetitions())
	}
}

// TestV14Perft: perft under abstractplay from each start equals the counts
// of AbstractPlay's own code (V14.1 makes the only difference there).
func TestV14Perft(t *testing.T) {
	for _, tc := range []struct {
		v     game.Variant
		depth int
		want  uint64
		long  bool
	}{
		{game.Camelot, 3, 1_071_110, false},
		{game.Cam, 4, 9_428_698, true},
		{game.Camette, 3, 4_946, false},
		{game.Camette, 4, 66_412, false},
		{game.Camette, 5, 784_020, false},
		{game.Camette, 6, 9_490_762, true},
		{game.Chivalry, 3, 2_457_200, true},
	} {
		if tc.long && testing.Short() {
			continue
		}
		if got := boards.StartPosition(tc.v.WithRules(game.AbstractPlay)).Perft(tc.depth); got != tc.want {
			t.Errorf("%s perft %d under abstractplay: %d, want %d", tc.v, tc.depth, got, tc.want)
		}
	}
}
