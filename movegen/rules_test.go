package movegen_test

// Rule-by-rule tests of the move generator against docs/rules.md. Every
// test builds a small position by hand and asserts its complete legal move
// list, derived from the rules, as the sorted canonical move texts (R3).
// A capture is written "TEXT (C1,C2)" with its captured squares in square
// index order (rank 1 first, files A to L within a rank). rlCheck also
// compares every list with the independent reference generator
// internal/refgen and reads every text back with ParseMove.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/internal/refgen"
	"github.com/camelot-engine/camelot/movegen"
)

// rlRankFiles gives, for ranks 1 to 16, the first file (0 = A) and the
// number of squares of the rank (R1, R5).
var rlRankFiles = [17][2]int{
	1: {5, 2}, 2: {2, 8}, 3: {1, 10},
	4: {0, 12}, 5: {0, 12}, 6: {0, 12}, 7: {0, 12}, 8: {0, 12},
	9: {0, 12}, 10: {0, 12}, 11: {0, 12}, 12: {0, 12}, 13: {0, 12},
	14: {1, 10}, 15: {2, 8}, 16: {5, 2},
}

// rlCFEN builds a CFEN (R5) from the side to move ("w" or "b"), the fields
// 3-5 ("" for the defaults) and pieces written "W:N:C6" (colour W or B,
// kind N for Knight or M for Man, square). It does its own square counting,
// independently of movegen, and panics on a square that does not exist or
// is given twice.
func rlCFEN(side, tail string, pieces ...string) string {
	var grid [17][12]byte
	for _, pc := range pieces {
		parts := strings.Split(pc, ":")
		if len(parts) != 3 || len(parts[2]) < 2 {
			panic("rlCFEN: bad piece " + pc)
		}
		letter := map[string]byte{"W:N": 'N', "W:M": 'M', "B:N": 'n', "B:M": 'm'}[parts[0]+":"+parts[1]]
		f := int(parts[2][0] - 'A')
		r, err := strconv.Atoi(parts[2][1:])
		if letter == 0 || err != nil || r < 1 || r > 16 {
			panic("rlCFEN: bad piece " + pc)
		}
		lo, n := rlRankFiles[r][0], rlRankFiles[r][1]
		if f < lo || f >= lo+n || grid[r][f] != 0 {
			panic("rlCFEN: square missing or repeated: " + pc)
		}
		grid[r][f] = letter
	}
	var sb strings.Builder
	for r := 16; r >= 1; r-- {
		lo, n := rlRankFiles[r][0], rlRankFiles[r][1]
		run := 0
		for f := lo; f < lo+n; f++ {
			if grid[r][f] == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(grid[r][f])
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if r > 1 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + side)
	if tail != "" {
		sb.WriteString(" " + tail)
	}
	return sb.String()
}

// rlDesc is the description of m used in the expected lists: the canonical
// text, then the captured squares in brackets for a capture.
func rlDesc(p *movegen.Position, m movegen.Move) string {
	s := p.MoveText(m)
	if m.IsCapture() {
		var caps []string
		for _, c := range m.Captured.Squares() {
			caps = append(caps, c.String())
		}
		s += " (" + strings.Join(caps, ",") + ")"
	}
	return s
}

// rlKey is a move's identity (R4) in refgen's Key format.
func rlKey(m movegen.Move) string {
	var caps []string
	for _, c := range m.Captured.Squares() {
		caps = append(caps, c.String())
	}
	return m.From.String() + "-" + m.To.String() + ":" + strings.Join(caps, ",")
}

// rlTextCaptures returns the squares a move text leaps over with `x`: the
// pieces the path it traces captures. A canonical text is a complete path
// (R3), so these must be exactly the move's captures.
func rlTextCaptures(t *testing.T, text string) []string {
	t.Helper()
	var caps []string
	sqs := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })
	seps := strings.FieldsFunc(text, func(r rune) bool { return r != '-' && r != 'x' })
	if len(seps) != len(sqs)-1 {
		t.Fatalf("text %q: separators do not match squares", text)
	}
	for i, sep := range seps {
		if sep != "x" {
			continue
		}
		a, b := movegen.MustParseSquare(sqs[i]), movegen.MustParseSquare(sqs[i+1])
		df, dr := b.File()-a.File(), b.Rank()-a.Rank()
		if df%2 != 0 || dr%2 != 0 || df < -2 || df > 2 || dr < -2 || dr > 2 {
			t.Fatalf("text %q: %s-%s is not a leap", text, a, b)
		}
		caps = append(caps, movegen.SquareAt(a.File()+df/2, a.Rank()+dr/2).String())
	}
	sort.Slice(caps, func(i, j int) bool {
		return movegen.MustParseSquare(caps[i]) < movegen.MustParseSquare(caps[j])
	})
	return caps
}

// rlCheck asserts that the complete move list of cfen is want (in any
// order), that refgen finds the same moves, that each move is listed once
// (R4), that each canonical text names its captures and reads back, also in
// lower case, as the same move (R3). It returns the position and its moves.
func rlCheck(t *testing.T, cfen string, want ...string) (movegen.Position, []movegen.Move) {
	t.Helper()
	p, err := movegen.ParseCFEN(cfen)
	if err != nil {
		t.Fatalf("ParseCFEN(%q): %v", cfen, err)
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	moves := append([]movegen.Move(nil), ml.Slice()...)

	var got, keys []string
	seen := map[movegen.Move]bool{}
	for _, m := range moves {
		if seen[m] {
			t.Errorf("%s: move %s listed twice (R4)", cfen, rlDesc(&p, m))
		}
		seen[m] = true
		got = append(got, rlDesc(&p, m))
		keys = append(keys, rlKey(m))
	}
	sort.Strings(got)
	w := append([]string(nil), want...)
	sort.Strings(w)
	if strings.Join(got, "|") != strings.Join(w, "|") {
		t.Errorf("%s: move list differs from the rules\n got (%d): %s\nwant (%d): %s\n only got: %v\nonly want: %v",
			cfen, len(got), strings.Join(got, " "), len(w), strings.Join(w, " "), rlMinus(got, w), rlMinus(w, got))
	}

	refs, err := refgen.Moves(cfen)
	if err != nil {
		t.Fatalf("refgen.Moves(%q): %v", cfen, err)
	}
	var refKeys []string
	for _, m := range refs {
		refKeys = append(refKeys, m.Key())
	}
	sort.Strings(keys)
	sort.Strings(refKeys)
	if strings.Join(keys, " ") != strings.Join(refKeys, " ") {
		t.Errorf("%s: movegen and refgen differ\n only movegen: %v\n  only refgen: %v",
			cfen, rlMinus(keys, refKeys), rlMinus(refKeys, keys))
	}

	for _, m := range moves {
		text := p.MoveText(m)
		var caps []string
		for _, c := range m.Captured.Squares() {
			caps = append(caps, c.String())
		}
		if tc := rlTextCaptures(t, text); strings.Join(tc, ",") != strings.Join(caps, ",") {
			t.Errorf("%s: text %s leaps over %v but the move captures %v", cfen, text, tc, caps)
		}
		for _, in := range []string{text, strings.ToLower(text)} {
			back, err := p.ParseMove(in)
			if err != nil || back != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want the move itself", cfen, in, back, err)
			}
		}
	}
	return p, moves
}

// rlMinus returns the elements of a that are not in b.
func rlMinus(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

// rlFind returns the move of moves whose canonical text is text.
func rlFind(t *testing.T, p *movegen.Position, moves []movegen.Move, text string) movegen.Move {
	t.Helper()
	for _, m := range moves {
		if p.MoveText(m) == text {
			return m
		}
	}
	t.Fatalf("no move %s in %s", text, p.CFEN())
	return movegen.NullMove
}

// TestRulesCFENHelper checks the test helper itself against R2 and R5: the
// start position built piece by piece is the CFEN of R5.
func TestRulesCFENHelper(t *testing.T) {
	var pieces []string
	for _, s := range []string{"C6", "D7", "I7", "J6"} {
		pieces = append(pieces, "W:N:"+s)
	}
	for _, s := range []string{"D6", "E6", "E7", "F6", "F7", "G6", "G7", "H6", "H7", "I6"} {
		pieces = append(pieces, "W:M:"+s)
	}
	for _, s := range []string{"C11", "D10", "I10", "J11"} {
		pieces = append(pieces, "B:N:"+s)
	}
	for _, s := range []string{"D11", "E10", "E11", "F10", "F11", "G10", "G11", "H10", "H11", "I11"} {
		pieces = append(pieces, "B:M:"+s)
	}
	if got := rlCFEN("w", "0/0 0 1", pieces...); got != movegen.StartCFEN {
		t.Fatalf("rlCFEN(start) = %q, want %q", got, movegen.StartCFEN)
	}
	if got, want := rlCFEN("b", "", "W:M:F1", "B:M:G16", "W:N:A4", "B:N:L13"), "1m/8/10/11n/12/12/12/12/12/12/12/12/N11/10/8/M1 b"; got != want {
		t.Fatalf("rlCFEN = %q, want %q", got, want)
	}
}

// R6 (and R1): a plain step goes one square in any of the eight directions,
// never off the board (no A3, no E1) and never into the own castle.
func TestRulesR6PlainMoves(t *testing.T) {
	// A4 has only four neighbours (A3 does not exist); F2 may not step to
	// F1 or G1 (White's castle) and E1 does not exist.
	rlCheck(t, rlCFEN("w", "", "W:M:A4", "W:M:F2", "B:M:F10"),
		"A4-A5", "A4-B3", "A4-B4", "A4-B5",
		"F2-E2", "F2-E3", "F2-F3", "F2-G2", "F2-G3")
	// Black: G15 may not step to F16 or G16 (its own castle), H16 does not
	// exist; A13 has no A14 above it.
	rlCheck(t, rlCFEN("b", "", "B:M:G15", "B:M:A13", "W:M:F5"),
		"G15-F14", "G15-F15", "G15-G14", "G15-H14", "G15-H15",
		"A13-A12", "A13-B12", "A13-B13", "A13-B14")
}

// R7: a canter may change direction between leaps. A4 leaps B5 to C6, then
// turns east over D6 to E6; B5 and D6 have only plain moves (B5's leap over
// A4 would leave the board).
func TestRulesR7CanterChangesDirection(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:A4", "W:M:B5", "W:M:D6", "B:M:K12"),
		"A4-A5", "A4-B3", "A4-B4", "A4-C6", "A4-C6-E6",
		"B5-A5", "B5-A6", "B5-B4", "B5-B6", "B5-C4", "B5-C5", "B5-C6",
		"D6-C5", "D6-C6", "D6-C7", "D6-D5", "D6-D7", "D6-E5", "D6-E6", "D6-E7")
}

// R7: a canter never lands in the own castle, not even in passing. D3's
// leap over E2 would land on F1, so neither D3-F1 nor D3-F1-H3 (on over G2)
// exists; E2 may still canter over D3 to C4.
func TestRulesR7CanterNotIntoOwnCastle(t *testing.T) {
	p, _ := rlCheck(t, rlCFEN("w", "", "W:M:D3", "W:M:E2", "W:M:G2", "B:M:K12"),
		"D3-C2", "D3-C3", "D3-C4", "D3-D2", "D3-D4", "D3-E3", "D3-E4",
		"E2-C4", "E2-D2", "E2-E3", "E2-F2", "E2-F3",
		"G2-F2", "G2-F3", "G2-G3", "G2-H2", "G2-H3")
	for _, text := range []string{"D3-F1", "D3-F1-H3", "D3-H3"} {
		if m, err := p.ParseMove(text); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error (R7: no canter into the own castle)", text, m)
		}
	}
}

// R7: a canter ends as soon as it lands in the opponent's castle: F14-F16
// exists, F14-F16-H14 (on over G15) does not. Stepping into the opponent's
// castle is allowed (F15-F16, G15-G16, ...). G15 canters west, south-west
// and then back east to G13 (G15-E15-G13).
func TestRulesR7CanterStopsInOpponentCastle(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:F14", "W:M:F15", "W:M:G15", "B:M:B4"),
		"F14-E13", "F14-E14", "F14-E15", "F14-F13", "F14-G13", "F14-G14", "F14-F16",
		"F15-E14", "F15-E15", "F15-F16", "F15-G14", "F15-G16", "F15-F13", "F15-H15",
		"G15-G14", "G15-H14", "G15-H15", "G15-F16", "G15-G16", "G15-E15", "G15-E13", "G15-E15-G13")
}

// R7, R10, R11: no piece can jump from where it stands, so nothing is
// compulsory. A Man may canter D6-F8 although from F8 it could jump G9 (R10
// binds Knights only), and it has no Charge. The same position with a
// Knight on D6 (the example of R10): D6-F8 is gone, the Charge D6-F8xH10
// is there.
func TestRulesR7ManCanterNextToEnemy(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:D6", "W:M:E7", "B:M:G9"),
		"D6-C5", "D6-C6", "D6-C7", "D6-D5", "D6-D7", "D6-E5", "D6-E6", "D6-F8",
		"E7-C5", "E7-D7", "E7-D8", "E7-E6", "E7-E8", "E7-F6", "E7-F7", "E7-F8")
	rlCheck(t, rlCFEN("w", "", "W:N:D6", "W:M:E7", "B:M:G9"),
		"D6-C5", "D6-C6", "D6-C7", "D6-D5", "D6-D7", "D6-E5", "D6-E6", "D6-F8xH10 (G9)",
		"E7-C5", "E7-D7", "E7-D8", "E7-E6", "E7-E8", "E7-F6", "E7-F7", "E7-F8")
}

// R8: captured pieces leave at once, so a jump sequence may land on the
// same square twice: D4 takes E5 to F6, goes round G6, H7, G7 either way
// and lands on F6 again (one move, R4, printed via the smaller H6). From
// H6 it may instead take G7 to F8 and stop there. K12 cannot move (R11).
func TestRulesR8JumpRevisitsSquare(t *testing.T) {
	p, moves := rlCheck(t, rlCFEN("w", "", "W:M:D4", "W:M:K12", "B:M:E5", "B:M:G6", "B:M:G7", "B:M:H7"),
		"D4xF6xH6xF8 (E5,G6,G7)",
		"D4xF6xH6xH8xF6 (E5,G6,G7,H7)")
	// The other direction round the loop reads as the same move.
	m := rlFind(t, &p, moves, "D4xF6xH6xH8xF6")
	if back, err := p.ParseMove("D4xF6xH8xH6xF6"); err != nil || back != m {
		t.Errorf("ParseMove(D4xF6xH8xH6xF6) = %v, %v; want %v", back, err, m)
	}
}

// R8: a jump that lands in the opponent's castle ends there, although from
// F16 the Man could jump G15 on to H14.
func TestRulesR8JumpEndsInOpponentCastle(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:F14", "W:M:B4", "B:M:F15", "B:M:G15"),
		"F14xF16 (F15)")
	// D12 reaches F16 by two jump routes with different captures; both
	// stop in the castle (from F16 via F14, E15 could still be jumped to
	// D14). Via D14 it may instead take E13 to F12.
	rlCheck(t, rlCFEN("w", "", "W:M:D12", "B:M:D13", "B:M:E13", "B:M:E15", "B:M:F15"),
		"D12xD14xF12 (D13,E13)",
		"D12xD14xF16 (D13,E15)",
		"D12xF14xF16 (E13,F15)")
}

// R8, R12(1): a jump may land in the own castle; if it can jump again from
// there it must. F3 takes F2 into F1 and must go on over G2 to H3.
func TestRulesR12JumpIntoOwnCastleAndOut(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:F3", "W:M:K10", "B:M:F2", "B:M:G2"),
		"F3xF1xH3 (F2,G2)")
	// Black's mirror: G14 takes G15 into G16 and goes on over F15 to E14.
	rlCheck(t, rlCFEN("b", "", "B:M:G14", "B:M:B13", "W:M:F15", "W:M:G15"),
		"G14xG16xE14 (F15,G15)")
}

// R12(2), R12(4): a jump that ends in the own castle leaves the piece there,
// and its side's next move must take that very piece out: plain moves to
// E2, F2, G2 but never to G1, and no move of B4.
func TestRulesR12JumpIntoOwnCastleAndStay(t *testing.T) {
	p, moves := rlCheck(t, rlCFEN("w", "", "W:M:F3", "W:M:B4", "B:M:F2", "B:M:K12"),
		"F3xF1 (F2)")
	p.MakeMove(rlFind(t, &p, moves, "F3xF1"))
	m, err := p.ParseMove("K12-K11")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	if want := rlCFEN("w", "0/0 1 2", "W:M:F1", "W:M:B4", "B:M:K11"); p.CFEN() != want {
		t.Fatalf("after F3xF1 K12-K11: %s, want %s", p.CFEN(), want)
	}
	rlCheck(t, p.CFEN(), "F1-E2", "F1-F2", "F1-G2")
	// Leaving by a canter over F2 is allowed too; F2 itself may not move.
	rlCheck(t, rlCFEN("w", "", "W:M:F1", "W:M:F2", "B:M:K12"),
		"F1-E2", "F1-F3", "F1-G2")
}

// R12(3), R12(5): the piece in its own castle can jump, so it must capture,
// by any of its sequences; C6's capture of D7 is ignored (only F1 moves),
// and the plain F1-G2 is not allowed.
func TestRulesR12ForcedExitCanJump(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:F1", "W:M:C6", "B:M:E2", "B:M:F2", "B:M:D7"),
		"F1xD3 (E2)", "F1xF3 (F2)")
}

// R12(4), R12(5): the piece in its own castle cannot jump (F3 blocks the
// jump over F2), so it leaves by a plain move; C6's capture of D7 is still
// ignored.
func TestRulesR12ForcedExitCannotJump(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:F1", "W:M:C6", "B:M:F2", "B:M:F3", "B:M:D7"),
		"F1-E2", "F1-G2")
	// A Knight leaving its castle is still bound by R10: the canter F1-F3
	// would stop next to E4, so only the Charge F1-F3xD5 goes that way.
	rlCheck(t, rlCFEN("w", "", "W:N:F1", "W:M:F2", "W:M:C6", "B:M:E4", "B:M:D7"),
		"F1-E2", "F1-F3xD5 (E4)", "F1-G2")
}

// R8, R12(1) and decision (c): a jump sequence that starts in the own castle
// may end back in it, here on its own starting square (From == To). The
// loop F2, G3, G2 can be run either way: one move (R4).
func TestRulesR12ExitJumpEndsInOwnCastle(t *testing.T) {
	_, moves := rlCheck(t, rlCFEN("w", "", "W:M:F1", "W:M:C6", "B:M:F2", "B:M:G2", "B:M:G3", "B:M:D7"),
		"F1xF3xH3xF1 (F2,G2,G3)")
	if len(moves) == 1 && moves[0].From != moves[0].To {
		t.Errorf("move %v: want From == To", moves[0])
	}
}

// R8, R4: a jump sequence may end on its own starting square (D4 round E5,
// F5, E4 either way: one move); from F4 it may also turn over E5 to D6.
func TestRulesR8JumpEndsOnStartSquare(t *testing.T) {
	p, moves := rlCheck(t, rlCFEN("w", "", "W:M:D4", "W:M:K12", "B:M:E4", "B:M:E5", "B:M:F5"),
		"D4xF4xD6 (E4,E5)",
		"D4xF4xF6xD4 (E4,E5,F5)")
	m := rlFind(t, &p, moves, "D4xF4xF6xD4")
	if m.From != m.To || m.Captured.Count() != 3 {
		t.Errorf("D4xF4xF6xD4 = %v: want From == To and three captures", m)
	}
	q := p
	q.MakeMove(m)
	if want := rlCFEN("b", "0/0 0 1", "W:M:D4", "W:M:K12"); q.CFEN() != want {
		t.Errorf("after D4xF4xF6xD4: %s, want %s", q.CFEN(), want)
	}
	if back, err := p.ParseMove("D4xF6xF4xD4"); err != nil || back != m {
		t.Errorf("ParseMove(D4xF6xF4xD4) = %v, %v; want %v", back, err, m)
	}
}

// R13: a piece in the opponent's castle may only step to the other castle
// square, at most twice per side in the game (CFEN field 3 counts them;
// the other side's count does not matter).
func TestRulesR13CastleMoves(t *testing.T) {
	b4 := []string{"B4-A4", "B4-A5", "B4-B3", "B4-B5", "B4-C3", "B4-C4", "B4-C5"}
	with := append(append([]string(nil), b4...), "F16-G16")
	pieces := []string{"W:M:F16", "W:M:B4", "B:M:K12"}
	for _, tc := range []struct {
		counts string
		want   []string
	}{
		{"0/0", with}, {"1/0", with}, {"2/0", b4}, {"0/2", with}, {"1/2", with}, {"2/2", b4},
	} {
		t.Run(strings.ReplaceAll(tc.counts, "/", "-"), func(t *testing.T) {
			p, moves := rlCheck(t, rlCFEN("w", tc.counts+" 0 1", pieces...), tc.want...)
			if len(moves) == len(with) {
				p.MakeMove(rlFind(t, &p, moves, "F16-G16"))
				if want := p.CastleMoves; want[0] != uint8(tc.counts[0]-'0')+1 {
					t.Errorf("castle moves after F16-G16: %v", want)
				}
			}
		})
	}
	// Black in White's castle, with 1 and 2 castle moves used.
	k12 := []string{"K12-J11", "K12-J12", "K12-J13", "K12-K11", "K12-K13", "K12-L11", "K12-L12", "K12-L13"}
	rlCheck(t, rlCFEN("b", "2/1 0 1", "B:M:G1", "B:M:K12", "W:M:B4"), append(append([]string(nil), k12...), "G1-F1")...)
	rlCheck(t, rlCFEN("b", "0/2 0 1", "B:M:G1", "B:M:K12", "W:M:B4"), k12...)
	// Decision (a): the opponent's castle offers no jump, so F16 cannot take
	// G15 and no capture is due; the castle move stays available.
	rlCheck(t, rlCFEN("w", "", "W:M:F16", "W:M:B4", "B:M:G15", "B:M:K12"), with...)
}

// R13, R11: a castle move does not capture, so it is not available when
// B4 can jump C5.
func TestRulesR13CastleMoveNotWhenCaptureDue(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:F16", "W:M:B4", "B:M:C5", "B:M:K12"),
		"B4xD6 (C5)")
}

// R10: the Knight's only canter lands on F8, which offers a jump over E9;
// so D6-F8 is absent, and so is D6-F8-H8, whose only route passes F8. The
// Charge D6-F8xD10 is there. No piece can jump from where it stands, so
// the Charge is not compulsory (R11) and all plain moves remain.
func TestRulesR10CanterPassesJumpSquare(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:N:D6", "W:M:E7", "W:M:G8", "B:M:E9"),
		"D6-C5", "D6-C6", "D6-C7", "D6-D5", "D6-D7", "D6-E5", "D6-E6", "D6-F8xD10 (E9)",
		"E7-C5", "E7-D7", "E7-D8", "E7-E6", "E7-E8", "E7-F6", "E7-F7", "E7-F8",
		"G8-F7", "G8-F8", "G8-F9", "G8-G7", "G8-G9", "G8-H7", "G8-H8", "G8-H9")
}

// R10, R3(e): the Knight on D8 may canter to F6 (over E7) only to charge on
// over G5; the pure canter D8-F6 is absent. D6 is reached by D8-F6-D6
// (passing F6, not allowed) and by D8-F8-D6 (allowed), so D6 is a legal
// destination, printed by the allowed route although F6 comes first in
// square order.
func TestRulesR10CanterOtherRoute(t *testing.T) {
	p, _ := rlCheck(t, rlCFEN("w", "", "W:N:D8", "W:M:E8", "W:M:E7", "W:M:E6", "B:M:G5"),
		"D8-C7", "D8-C8", "D8-C9", "D8-D7", "D8-D9", "D8-E9", "D8-F8", "D8-F8-D6", "D8-F6xH4 (G5)",
		"E8-C8", "E8-D7", "E8-D9", "E8-E9", "E8-F7", "E8-F8", "E8-F9",
		"E7-C9", "E7-D6", "E7-D7", "E7-E5", "E7-E9", "E7-E9-C7", "E7-F6", "E7-F7", "E7-F8",
		"E6-D5", "E6-D6", "E6-D7", "E6-E5", "E6-F5", "E6-F6", "E6-F7")
	if m, err := p.ParseMove("D8-F6"); err == nil {
		t.Errorf("ParseMove(D8-F6) = %v; want an error (R10)", m)
	}
	// R3: a text naming F6 describes no legal route of D8-D6 (R10), so it
	// is rejected although the move itself is legal by another route.
	if m, err := p.ParseMove("D8-F6-D6"); err == nil {
		t.Errorf("ParseMove(D8-F6-D6) = %v; want an error (R10 route)", m)
	}
}

// R4, R9, R3(e): D8 charges from D6 over C6 to B6; it can canter to D6
// through F6 or through F8, one move, printed through F6 (the smaller
// square). D6 itself is not a pure canter destination (R10), F6 and F8 are.
func TestRulesR4ChargeByTwoRoutes(t *testing.T) {
	p, moves := rlCheck(t, rlCFEN("w", "", "W:N:D8", "W:M:E8", "W:M:E7", "W:M:E6", "B:M:C6"),
		"D8-C7", "D8-C8", "D8-C9", "D8-D7", "D8-D9", "D8-E9", "D8-F6", "D8-F8", "D8-F6-D6xB6 (C6)",
		"E8-C8", "E8-D7", "E8-D9", "E8-E9", "E8-F7", "E8-F8", "E8-F9",
		"E7-C9", "E7-D6", "E7-D7", "E7-E5", "E7-E9", "E7-E9-C7", "E7-F6", "E7-F7", "E7-F8",
		"E6-D5", "E6-D6", "E6-D7", "E6-E5", "E6-F5", "E6-F6", "E6-F7")
	m := rlFind(t, &p, moves, "D8-F6-D6xB6")
	if back, err := p.ParseMove("D8-F8-D6xB6"); err != nil || back != m {
		t.Errorf("ParseMove(D8-F8-D6xB6) = %v, %v; want %v", back, err, m)
	}
}

// R9 (and R7): the Charge F6-F8-H8xJ10xJ12 turns between its canters, after
// them, and between its jumps; H8 offers a jump, so the pure canter to H8
// is absent (R10). G8 canters three times (SW, E, NW) to E8.
func TestRulesR9Charge(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:N:F6", "W:M:F7", "W:M:G8", "B:M:I9", "B:M:J11"),
		"F6-E5", "F6-E6", "F6-E7", "F6-F5", "F6-G5", "F6-G6", "F6-G7", "F6-F8", "F6-F8-H8xJ10xJ12 (I9,J11)",
		"F7-E6", "F7-E7", "F7-E8", "F7-F8", "F7-G6", "F7-G7", "F7-F5", "F7-H9",
		"G8-F8", "G8-F9", "G8-G7", "G8-G9", "G8-H7", "G8-H8", "G8-H9", "G8-E6", "G8-E6-G6", "G8-E6-G6-E8")
}

// R11, R9: E5 can jump D6, so a capture is compulsory; the Knight's Charge
// D4-F6xH8 captures too and is an alternative. No plain move or canter.
func TestRulesR11ChargeAsAlternative(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:N:D4", "W:M:E5", "B:M:D6", "B:M:G7"),
		"D4-F6xH8 (G7)", "E5xC7 (D6)")
}

// R15, R12(6): White's piece in its own castle is walled in by its own
// pieces (no step, no canter, no jump) and no other piece may move, so
// White has no legal move: a draw when Black, who moved last, has one
// piece, a win for Black with two. Also on the open board: L4 is walled in
// by Black's pieces, whose far squares are all taken.
func TestRulesR15NoLegalMove(t *testing.T) {
	wall := []string{"W:M:F1", "W:M:E2", "W:M:F2", "W:M:G2", "W:M:D3", "W:M:F3", "W:M:H3"}
	rlCheck(t, rlCFEN("w", "", append(wall, "B:M:K12")...))
	rlCheck(t, rlCFEN("w", "", append(wall, "B:M:K12", "B:M:L12")...))
	rlCheck(t, rlCFEN("w", "", "W:M:L4", "B:M:K3", "B:M:K4", "B:M:K5", "B:M:L5",
		"B:M:J2", "B:M:J4", "B:M:J6", "B:M:L6"))
}

// R16, R17: with at most one piece each the game is drawn, so there are no
// moves, even though E5 could jump E6.
func TestRulesR16OnePieceDraw(t *testing.T) {
	rlCheck(t, rlCFEN("w", "", "W:M:E5", "B:M:E6"))
	rlCheck(t, rlCFEN("b", "", "W:N:E5", "B:N:E4"))
	rlCheck(t, rlCFEN("w", "", "W:N:E5"))
}

// R14, R17, decision (d): two pieces in the opponent's castle, or all enemy
// pieces captured with two or more left, end the game: no moves, whoever
// is to move.
func TestRulesR14Wins(t *testing.T) {
	for _, side := range []string{"w", "b"} {
		rlCheck(t, rlCFEN(side, "", "W:M:F16", "W:M:G16", "W:M:B4", "B:M:K12", "B:M:L12"))
		rlCheck(t, rlCFEN(side, "", "B:M:F1", "B:N:G1", "W:M:D4", "W:M:E4"))
		rlCheck(t, rlCFEN(side, "", "W:M:B4", "W:N:C6"))
		rlCheck(t, rlCFEN(side, "", "B:M:B4", "B:M:C6", "B:M:D8"))
	}
	// One piece in the castle is not enough: the game goes on.
	rlCheck(t, rlCFEN("b", "", "W:M:F16", "W:M:B4", "B:M:A13"),
		"A13-A12", "A13-B12", "A13-B13", "A13-B14")
}

// R3 input: a text tracing a full path is read as that move; a text that
// skips landing squares is accepted when exactly one legal move fits it;
// case does not matter.
func TestRulesR3ParseSkippedSquares(t *testing.T) {
	p, moves := rlCheck(t, rlCFEN("w", "", "W:N:F6", "W:M:F7", "W:M:G8", "B:M:I9", "B:M:J11"),
		"F6-E5", "F6-E6", "F6-E7", "F6-F5", "F6-G5", "F6-G6", "F6-G7", "F6-F8", "F6-F8-H8xJ10xJ12 (I9,J11)",
		"F7-E6", "F7-E7", "F7-E8", "F7-F8", "F7-G6", "F7-G7", "F7-F5", "F7-H9",
		"G8-F8", "G8-F9", "G8-G7", "G8-G9", "G8-H7", "G8-H8", "G8-H9", "G8-E6", "G8-E6-G6", "G8-E6-G6-E8")
	for in, want := range map[string]string{
		"F6-H8xJ12":   "F6-F8-H8xJ10xJ12",
		"F6xJ12":      "F6-F8-H8xJ10xJ12",
		"f6-f8xj12":   "F6-F8-H8xJ10xJ12",
		"F6-J10-J12":  "F6-F8-H8xJ10xJ12",
		"G8-E8":       "G8-E6-G6-E8",
		"G8-G6-E8":    "G8-E6-G6-E8",
		"g8-e6-e8":    "G8-E6-G6-E8",
		"G8xG6":       "G8-E6-G6",
		"  G8-E6  ":   "G8-E6",
		"G8-E6-G6-E8": "G8-E6-G6-E8",
	} {
		m, err := p.ParseMove(in)
		if err != nil || m != rlFind(t, &p, moves, want) {
			t.Errorf("ParseMove(%q) = %s, %v; want %s", in, p.MoveText(m), err, want)
		}
	}
	// The record `J11-F11-D11xF9` (2008) leaves out H11: Black's Knight
	// canters over I11, G11 and E11, then jumps E10.
	q, err := movegen.ParseCFEN(rlCFEN("b", "", "B:N:J11", "B:M:I11", "B:M:G11", "B:M:E11", "W:M:E10", "W:M:A4"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := q.ParseMove("J11-F11-D11xF9")
	if err != nil {
		t.Fatal(err)
	}
	if got := q.MoveText(m); got != "J11-H11-F11-D11xF9" || fmt.Sprint(m.Captured.Squares()) != "[E10]" {
		t.Errorf("J11-F11-D11xF9 read as %s capturing %v", got, m.Captured.Squares())
	}
}

// R3 input: a text that fits two legal moves is rejected and the error
// names both; a text that fits none is rejected.
func TestRulesR3ParseErrors(t *testing.T) {
	p, _ := rlCheck(t, rlCFEN("w", "", "W:M:D12", "B:M:D13", "B:M:E13", "B:M:E15", "B:M:F15"),
		"D12xD14xF12 (D13,E13)",
		"D12xD14xF16 (D13,E15)",
		"D12xF14xF16 (E13,F15)")
	for _, in := range []string{"D12xF16", "d12-f16"} {
		_, err := p.ParseMove(in)
		if err == nil || !strings.Contains(err.Error(), "ambiguous") ||
			!strings.Contains(err.Error(), "D12xD14xF16") || !strings.Contains(err.Error(), "D12xF14xF16") {
			t.Errorf("ParseMove(%q): error %v; want ambiguous, naming D12xD14xF16 and D12xF14xF16", in, err)
		}
	}
	for _, in := range []string{
		"D12-D14",         // stops although it could jump on (R8)
		"D12xF14",         // likewise
		"D12xF14xF16xD14", // goes on from the opponent's castle (R8)
		"D12-C12",         // plain move while a capture is due (R11)
		"D12xF12xF16",     // no such route
		"E13xE11",         // not White's piece
		"D12",             // no destination
		"D12-Z9",          // no such square
		"D12-E1",          // not on the board (R1)
		"",
	} {
		if m, err := p.ParseMove(in); err == nil {
			t.Errorf("ParseMove(%q) = %s; want an error", in, p.MoveText(m))
		}
	}
}

// V12: AbstractPlay writes a move as its whole path in lower case, `^`
// before each canter leap; such a text is the same move as R3's.
func TestAbstractPlayMoveTexts(t *testing.T) {
	p, moves := rlCheck(t, rlCFEN("w", "", "W:N:F6", "W:M:F7", "W:M:G8", "B:M:I9", "B:M:J11"),
		"F6-E5", "F6-E6", "F6-E7", "F6-F5", "F6-G5", "F6-G6", "F6-G7", "F6-F8", "F6-F8-H8xJ10xJ12 (I9,J11)",
		"F7-E6", "F7-E7", "F7-E8", "F7-F8", "F7-G6", "F7-G7", "F7-F5", "F7-H9",
		"G8-F8", "G8-F9", "G8-G7", "G8-G9", "G8-H7", "G8-H8", "G8-H9", "G8-E6", "G8-E6-G6", "G8-E6-G6-E8")
	for in, want := range map[string]string{
		"f6^f8^h8xj10xj12": "F6-F8-H8xJ10xJ12", // a Knight's Charge: canters, then jumps
		"f6^f8":            "F6-F8",
		"g8^e6^g6^e8":      "G8-E6-G6-E8",
		"g8-h9":            "G8-H9",
		"f7^h9":            "F7-H9",
	} {
		m, err := p.ParseMove(in)
		if err != nil || m != rlFind(t, &p, moves, want) {
			t.Errorf("ParseMove(%q) = %s, %v; want %s", in, p.MoveText(m), err, want)
		}
	}
	for _, in := range []string{"f6^^f8", "^f6", "f6^", "f6^z9"} {
		if _, err := p.ParseMove(in); err == nil || !strings.Contains(err.Error(), "bad move text") {
			t.Errorf("ParseMove(%q): error %v; want a bad move text", in, err)
		}
	}
}
