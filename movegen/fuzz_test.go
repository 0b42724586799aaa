package movegen_test

// Fuzz tests of the two text parsers, CFEN (R5) and move text (R3). Seed
// corpora live in testdata/fuzz/FuzzParseCFEN and testdata/fuzz/FuzzParseMove
// (valid texts and one file per kind of malformed text); more seeds are
// added below. Run with
//
//	go test -run '^$' -fuzz '^FuzzParseCFEN$' -fuzztime 60s ./movegen/
//	go test -run '^$' -fuzz '^FuzzParseMove$' -fuzztime 60s ./movegen/

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/internal/refgen"
	"github.com/camelot-engine/camelot/movegen"
)

// fzCFENSeeds are valid and malformed CFENs (R5), one or more of each
// kind; wantErr is a piece of the expected error message, "" for a valid
// text. The files of testdata/fuzz/FuzzParseCFEN hold the same texts, named
// alike.
var fzCFENSeeds = []struct{ name, cfen, wantErr string }{
	{"valid-start", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", ""},
	{"valid-r5-example", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1", ""},
	{"valid-r10-two-fields", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w", ""},
	{"valid-three-fields", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w 0/0", ""},
	{"valid-four-fields", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w 0/0 7", ""},
	{"valid-extra-blanks", "  2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 \t w  2/1 99 40 ", ""},
	{"valid-own-castle", "2/8/10/12/12/12/4m7/3m8/12/4M7/2NM8/6Mn4/8m3/10/2m1m3/M1 w 0/0 0 25", ""},
	{"valid-opp-castle-2", "M1/3m4/2m2M4/12/2n4m4/5m6/4n1m5/12/6M5/4NM6/3N8/12/12/10/8/2 w 2/0 4 28", ""},
	{"valid-both-castles", "2/2M1m3/4MN4/4mn1M4/3m8/12/12/12/12/12/12/12/5M1m4/1N1m1n1M2/3m4/2 w 0/0 0 30", ""},
	{"empty", "", "want 2 to 5 fields"},
	{"blank", " ", "want 2 to 5 fields"},
	{"one-field", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2", "want 2 to 5 fields"},
	{"six-fields", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1 extra", "at most 5 fields"},
	{"rank-too-short", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN1/12/12/10/8/2 w", "field 1 (board): rank 6"},
	{"rank-too-long", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN3/12/12/10/8/2 w", "field 1 (board): rank 6"},
	{"rank16-too-long", "3/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w", "field 1 (board): rank 16"},
	{"rank-empty", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/ w", "field 1 (board): rank 1"},
	{"empty-count-13", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/13/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w", "field 1 (board): rank 8"},
	{"empty-count-0", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/0 w", "field 1 (board): rank 1"},
	{"empty-count-leading-zero", "02/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w", "field 1 (board): rank 16"},
	{"empty-count-huge", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/99999999999999999999 w", "field 1 (board): rank 1"},
	{"empty-count-1-1", "11/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w", "field 1 (board): rank 16"},
	{"bad-char", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMKMMN2/12/12/10/8/2 w", "character"},
	{"ranks-17", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2/2 w", "16 ranks"},
	{"ranks-15", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8 w", "16 ranks"},
	{"knights-5", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/N11/10/8/2 w", "5 Knights"},
	{"men-11-white", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/M11/10/8/2 w", "11 Men"},
	{"men-11-black", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn2m/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w", "11 Men"},
	{"own-castle-two-white", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMM4/12/12/10/8/NM w", "own castle"},
	{"own-castle-two-black", "mm/8/10/12/12/2nmmmmmn3/3nmmmn4/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w", "own castle"},
	{"side-bad", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 x 0/0 0 1", "field 2"},
	{"side-upper-case", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 W 0/0 0 1", "field 2"},
	{"castle-count-3", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 3/0 0 1", "field 3"},
	{"castle-sep-dash", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0-0 0 1", "field 3"},
	{"castle-half", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/ 0 1", "field 3"},
	{"castle-three-counts", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0/0 0 1", "field 3"},
	{"castle-negative", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w -1/0 0 1", "field 3"},
	{"castle-leading-zero", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 00/0 0 1", "field 3"},
	{"plies-negative", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 -1 1", "field 4"},
	{"plies-plus", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 +3 1", "field 4"},
	{"plies-huge", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 99999999999999999999999 1", "field 4"},
	{"move-number-zero", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 0", "field 5"},
	{"move-number-negative", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 -5", "field 5"},
	{"move-number-huge", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 9223372036854775808", "field 5"},
	{"move-number-word", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 one", "field 5"},
}

// FuzzParseCFEN: ParseCFEN never panics; an accepted text prints as a CFEN
// that parses back to the same position; and in that position movegen
// agrees with refgen on the legal moves, every move's text reads back as
// the move, and make/unmake restores the position.
func FuzzParseCFEN(f *testing.F) {
	for _, sd := range fzCFENSeeds {
		f.Add(sd.cfen)
	}
	for _, sd := range ccSeeds() {
		f.Add(sd.cfen)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := movegen.ParseCFEN(s)
		if err != nil {
			return
		}
		canon := p.CFEN()
		q, err := movegen.ParseCFEN(canon)
		if err != nil {
			t.Fatalf("ParseCFEN(%q) accepted, but its CFEN %q is rejected: %v", s, canon, err)
		}
		if q != p {
			t.Fatalf("ParseCFEN(%q) = %+v, but its CFEN %q parses to %+v", s, p, canon, q)
		}
		if again := q.CFEN(); again != canon {
			t.Fatalf("CFEN not stable: %q, then %q", canon, again)
		}
		if p.Key != p.ComputeKey() {
			t.Fatalf("%s: key %#x, ComputeKey %#x", canon, p.Key, p.ComputeKey())
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		moves := ml.Slice()

		// Cross-check with the reference generator, which must accept every
		// position movegen accepts.
		ref, err := refgen.Moves(canon)
		if err != nil {
			t.Fatalf("movegen accepts %q, refgen rejects it: %v", canon, err)
		}
		if onlyMine, onlyRef, dups := ccMoveDiff(&p, moves, ref); len(onlyMine)+len(onlyRef)+len(dups) > 0 {
			t.Fatalf("%s: movegen has %d moves, refgen %d\n  only in movegen: %v\n  only in refgen:  %v\n  duplicated in movegen: %v",
				canon, len(moves), len(ref), onlyMine, onlyRef, dups)
		}

		for _, m := range moves {
			text := p.MoveText(m)
			back, err := p.ParseMove(text)
			if err != nil || back != m {
				t.Fatalf("%s: move %s printed as %q reads back as %s, %v", canon, ccKey(m), text, ccKey(back), err)
			}
			before := p
			u := p.MakeMove(m)
			if p.Key != p.ComputeKey() {
				t.Fatalf("%s: after %s the key %#x differs from ComputeKey %#x", canon, text, p.Key, p.ComputeKey())
			}
			p.UnmakeMove(m, u)
			if p != before {
				t.Fatalf("%s: make/unmake of %s does not restore the position", canon, text)
			}
		}
	})
}

// fzMoveSeeds are (CFEN, move text) pairs, also found in
// testdata/fuzz/FuzzParseMove under the same names.
var fzMoveSeeds = []struct{ name, cfen, text string }{
	{"valid", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6-G8"},
	{"valid-lower-case", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "e6-g8"},
	{"valid-mixed-case", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6-g8"},
	{"valid-blanks", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", " F7-J5 "},
	{"valid-full-route", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "F7-H5-J7-J5"},
	{"skipping-squares", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "F7-H5-J5"},
	{"x-for-plain", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "C6xB5"},
	{"illegal", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "F6-F8-H8xH10xJ12"},
	{"wrong-side", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "D11-D9"},
	{"garbage", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "hello"},
	{"empty", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", ""},
	{"only-separators", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "-x-"},
	{"only-x", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "xx"},
	{"single-square", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6"},
	{"off-board-A1", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "A1-B2"},
	{"off-board-M6", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "M6-M8"},
	{"rank-0", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E0-E2"},
	{"rank-17", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E17-E15"},
	{"double-separator", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6--E8"},
	{"trailing-x", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6xE8x"},
	{"leading-separator", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "-E6-G8"},
	{"space-separator", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6 G8"},
	{"back-and-forth", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "E6-G8-E6-G8-E6-G8"},
	{"r10-charge", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w", "D6-F8xH10"},
	{"r10-charge-short", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w", "D6xH10"},
	{"r10-canter-illegal", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w", "D6-F8"},
	{"castle-move", "M1/3m4/2m2M4/12/2n4m4/5m6/4n1m5/12/6M5/4NM6/3N8/12/12/10/8/2 w 0/0 4 28", "F16-G16"},
	{"castle-move-used-up", "M1/3m4/2m2M4/12/2n4m4/5m6/4n1m5/12/6M5/4NM6/3N8/12/12/10/8/2 w 2/0 4 28", "F16-G16"},
	{"r10-illegal-path-of-legal-canter", "2/2MMmM2/5m4/4MM1M4/5N6/12/12/12/12/12/12/12/12/10/8/2 w 0/0 0 30", "F12-F14xF16"},
	{"abstractplay-canter", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "f7^h5^j7^j5"},
	{"abstractplay-charge", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w", "d6^f8xh10"},
	{"abstractplay-double-caret", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 1", "e6^^g8"},
	{"bad-cfen", "2/8 w", "E6-G8"},
}

// FuzzParseMove: ParseMove never panics and leaves the position alone; a
// move it accepts is legal and goes from the text's first square to its last.
func FuzzParseMove(f *testing.F) {
	for _, sd := range fzMoveSeeds {
		f.Add(sd.cfen, sd.text)
	}
	for _, sd := range ccSeeds() {
		p, err := movegen.ParseCFEN(sd.cfen)
		if err != nil {
			f.Fatal(err)
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		for i, m := range ml.Slice() {
			if i%7 == 0 || m.IsCapture() {
				f.Add(sd.cfen, p.MoveText(m))
			}
		}
	}
	f.Fuzz(func(t *testing.T, cfen, text string) {
		p, err := movegen.ParseCFEN(cfen)
		if err != nil {
			return
		}
		before := p
		m, err := p.ParseMove(text)
		if p != before {
			t.Fatalf("%s: ParseMove(%q) changed the position", cfen, text)
		}
		if err != nil {
			return
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		if !ml.Contains(m) {
			t.Fatalf("%s: ParseMove(%q) = %s, which is not a legal move", p.CFEN(), text, ccKey(m))
		}
		parts := strings.FieldsFunc(strings.ToUpper(strings.TrimSpace(text)), func(r rune) bool { return r == '-' || r == 'X' || r == '^' })
		if len(parts) < 2 {
			t.Fatalf("%s: ParseMove(%q) accepted a text with fewer than two squares", p.CFEN(), text)
		}
		from, err1 := movegen.ParseSquare(parts[0])
		to, err2 := movegen.ParseSquare(parts[len(parts)-1])
		if err1 != nil || err2 != nil || from != m.From || to != m.To {
			t.Fatalf("%s: ParseMove(%q) = %s, not from the first square to the last", p.CFEN(), text, ccKey(m))
		}
	})
}

// TestParseCFENSeeds checks that each seed CFEN is accepted or rejected as
// intended, and that a rejection names the offending field (R5).
func TestParseCFENSeeds(t *testing.T) {
	for _, sd := range fzCFENSeeds {
		_, err := movegen.ParseCFEN(sd.cfen)
		switch {
		case sd.wantErr == "" && err != nil:
			t.Errorf("%s: ParseCFEN(%q): %v", sd.name, sd.cfen, err)
		case sd.wantErr != "" && err == nil:
			t.Errorf("%s: ParseCFEN(%q) accepted a malformed text", sd.name, sd.cfen)
		case sd.wantErr != "" && !strings.Contains(err.Error(), sd.wantErr):
			t.Errorf("%s: ParseCFEN(%q): error %q does not mention %q", sd.name, sd.cfen, err, sd.wantErr)
		}
	}
}

// fzVariantCFENSeeds are CFENs of the small boards (V6), valid and not, by
// variant; testdata/fuzz/FuzzParseVariantCFEN holds them as files too.
var fzVariantCFENSeeds = []struct {
	v    movegen.Variant
	cfen string
}{
	{movegen.Cam, movegen.Cam.StartCFEN()},
	{movegen.Camette, movegen.Camette.StartCFEN()},
	{movegen.Cam, "1/1M1/5/7/7/7/7/7/7/m6/5/3/1 w 0/0 0 1"},
	{movegen.Cam, "1/3/5/m6/7/7/7/7/1M5/7/5/3/M w 0/0 0 1"},
	{movegen.Camette, "n/MMM/m1m1m/5/5/3/1 b 0/0 0 1"},
	{movegen.Camette, "1/3/3m1/5/3M1/2N/1 w 0/0 0 1"},
	{movegen.Cam, movegen.StartCFEN},
	{movegen.Camette, "1/1n1/1mmm1/6/1MMM1/1N1/1 w"},
	{movegen.Cam, "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/1 0 1"},
	{movegen.Camelot, movegen.Camette.StartCFEN()},
	// River (V9, V10): its start, trees placed, refusals.
	{movegen.River, movegen.River.StartCFEN()},
	{movegen.River, "2/8/10/2nmmmmmmn2/3nmmmmn1t1/3t8/6t5/11t/12/12/5t6/3NMMMMNt2/2NMMMMMMN2/10/8/2 w 0/0 0 2"},
	{movegen.AntiRiver, "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/5t6/3NMMMMNt2/2NMMMMMMN2/10/8/2 b 0/0 0 1"},
	{movegen.River, "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/5t6/3NMMMMNt2/2NMMMMMMN2/10/8/2 w 0/0 0 1"},
	{movegen.River, "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/M11/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1"},
	{movegen.River, "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/t11/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1"},
}

// FuzzParseVariantCFEN: on every board, ParseCFEN never panics; an accepted
// text prints as a CFEN that reads back to the same position, and movegen
// agrees with refgen on its legal moves.
func FuzzParseVariantCFEN(f *testing.F) {
	for _, sd := range fzVariantCFENSeeds {
		f.Add(uint8(sd.v), sd.cfen)
	}
	f.Fuzz(func(t *testing.T, vb uint8, s string) {
		v := movegen.Variant(vb)
		if !movegen.Playable(v) {
			v = movegen.Variant(vb % 3)
		}
		p, err := movegen.ParseCFENOf(v, s)
		if err != nil {
			return
		}
		canon := p.CFEN()
		q, err := movegen.ParseCFENOf(v, canon)
		if err != nil || q != p {
			t.Fatalf("%s %q accepted as %q, which reads back as %v (%v)", v, s, canon, q, err)
		}
		if p.Key != p.ComputeKey() {
			t.Fatalf("%s %s: key %#x, ComputeKey %#x", v, canon, p.Key, p.ComputeKey())
		}
		rv, err := refgen.ParseVariant(v.String())
		if err != nil {
			t.Fatal(err)
		}
		ref, err := rv.Moves(canon)
		if err != nil {
			t.Fatalf("movegen accepts %s %q, refgen rejects it: %v", v, canon, err)
		}
		if p.InTreePhase() { // V10: the placements, counted
			if n := p.CountPlacements(); n != len(ref) {
				t.Fatalf("%s %s: %d placements, refgen %d", v, canon, n, len(ref))
			}
			return
		}
		var ml movegen.MoveList
		p.GenerateMoves(&ml)
		if onlyMine, onlyRef, dups := ccMoveDiff(&p, ml.Slice(), ref); len(onlyMine)+len(onlyRef)+len(dups) > 0 {
			t.Fatalf("%s %s: only in movegen %v, only in refgen %v, duplicated %v", v, canon, onlyMine, onlyRef, dups)
		}
	})
}

// fzPlacementSeeds are placement texts (V10, V12) on River's start.
var fzPlacementSeeds = []string{"C2,D2,I2", "i2,c2,d2", "c2,d2", "C2,C2,D2", "E7,C2,D2", "A8,B8,A9", "C2,D2,I2,J2", "C2;D2;I2", " c2 , d2 , i2 ", "C2,D2,Z99"}

// FuzzParsePlacement: on River's start, and after White's placement,
// ParseMove never panics; an accepted text is a legal placement whose
// canonical text reads back to it.
func FuzzParsePlacement(f *testing.F) {
	for _, s := range fzPlacementSeeds {
		f.Add(false, s)
		f.Add(true, s)
	}
	f.Fuzz(func(t *testing.T, black bool, s string) {
		p := movegen.StartOf(movegen.River)
		if black {
			p.PlaceTrees(p.Placements(nil)[0])
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		if !p.IsLegalPlacement(m) {
			t.Fatalf("%q read as %v, not a legal placement", s, m)
		}
		if back, err := p.ParseMove(p.MoveText(m)); err != nil || back != m {
			t.Fatalf("%q is %s, which reads back as %v (%v)", s, p.MoveText(m), back, err)
		}
	})
}
