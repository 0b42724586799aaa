package movegen

import (
	"sort"
	"strings"
	"testing"
)

// riverAfterTrees is a River position after both placements (White's
// trees C2 D2 I2, Black's A13 C14 D14) holding the given pieces, with a
// White Man on J4 and a Black Man on J13 beside them, White to move.
func riverAfterTrees(t *testing.T, pieces map[string]Piece) Position {
	t.Helper()
	p, err := ParseCFENOf(River, "2/8/1tt7/t11/12/12/12/12/12/12/12/12/12/10/tt4t1/2 w 0/0 0 2")
	if err != nil {
		t.Fatal(err)
	}
	pieces["J4"], pieces["J13"] = WhiteMan, BlackMan
	for s, pc := range pieces {
		p.put(MustParseSquare(s), pc)
	}
	p.Key = p.computeKey()
	return p
}

// V9, V10: river squares and trees stop steps, canters, jumps and
// landings; the bridges carry pieces across. Each case lists every legal
// move from the squares named (sorted texts).
func TestRiverRulePositions(t *testing.T) {
	for _, c := range []struct {
		name   string
		pieces map[string]Piece
		from   string
		want   string
	}{
		{"a step stopped by the river (A5 A6 B6 C6)", map[string]Piece{"B5": WhiteMan, "G14": BlackMan}, "B5",
			"B5-A4 B5-B4 B5-C4 B5-C5"},
		{"a canter stopped by the river (E7)", map[string]Piece{"E5": WhiteMan, "E6": WhiteMan, "G14": BlackMan}, "E5",
			"E5-D4 E5-D5 E5-D6 E5-E4 E5-F4 E5-F5 E5-F6"},
		{"a jump stopped by the river (C8)", map[string]Piece{"E6": WhiteMan, "D7": BlackMan, "G14": BlackMan}, "E6",
			"E6-D5 E6-D6 E6-E5 E6-F5 E6-F6 E6-F7"},
		{"a jump stopped by the river (J10)", map[string]Piece{"H8": WhiteMan, "I9": BlackMan, "G14": BlackMan}, "H8",
			"H8-G7 H8-H7 H8-I7 H8-I8"},
		{"onto the bridge D7 D8 by a step and a canter", map[string]Piece{"D6": WhiteMan, "D7": WhiteMan, "G14": BlackMan}, "D6 D7",
			"D6-C5 D6-D5 D6-D8 D6-E5 D6-E6 D7-D5 D7-D8 D7-E6"},
		{"across the bridge D7 D8 by a jump, compulsory (R11)", map[string]Piece{"D8": WhiteKnight, "D9": BlackMan, "G14": BlackMan}, "D8 J4",
			"D8xD10"},
		{"onto the bridge I9 I10 by a step and a canter", map[string]Piece{"I8": WhiteMan, "I9": WhiteMan, "G14": BlackMan}, "I8 I9",
			"I8-H7 I8-H8 I8-I10 I8-I7 I8-J7 I8-J8 I9-H8 I9-I10 I9-I7 I9-J8"},
		{"steps and a landing stopped by trees (C2 D2)", map[string]Piece{"D3": WhiteMan, "E4": WhiteMan, "G14": BlackMan}, "D3 E4",
			"D3-C3 D3-C4 D3-D4 D3-E2 D3-E3 D3-F5 E4-D4 E4-D5 E4-E3 E4-E5 E4-F3 E4-F4 E4-F5"},
	} {
		p := riverAfterTrees(t, c.pieces)
		var ml MoveList
		p.GenerateMoves(&ml)
		var got []string
		for _, m := range ml.Slice() {
			if strings.Contains(" "+c.from+" ", " "+m.From.String()+" ") {
				got = append(got, p.MoveText(m))
			}
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: moves %v, want %s", c.name, got, c.want)
		}
	}
}

// V9, V10: each refusal of a River CFEN names what is wrong and, where the
// board is at fault, the rank.
func TestRiverCFENRefusals(t *testing.T) {
	start := River.StartCFEN()
	for _, c := range []struct{ name, cfen, want string }{
		{"a piece on the river", "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/M11/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1", "rank 6: a piece on A6, a river square (V9)"},
		{"a tree on the river", "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/4t7/12/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1", "rank 7: a tree on E7, a river square (V9)"},
		{"a tree off the tree squares", "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/2t5/2 w 0/0 0 1", "rank 2: a tree on E2, which is neither side's tree square (V9)"},
		{"a tree beside the river", "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/4t7/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1", "rank 6: a tree on E6, which is neither side's tree square (V9)"},
		{"two trees on a side", "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/tt6/2 b 0/0 0 1", "rank 2: white has 2 trees on its tree squares, want 0 or 3 (V9)"},
		{"Black to move with no White tree", strings.Replace(start, " w ", " b ", 1), "Black to move but White has placed no trees"},
		{"White to move with only White's trees", "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/tt4t1/2 w 0/0 0 1", "White to move with White's trees placed but not Black's"},
		{"a tree in Camelot", "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/tt4t1/2 w 0/0 0 1", "Camelot has no trees"},
	} {
		v := River
		if strings.Contains(c.name, "Camelot") {
			v = Camelot
		}
		if _, err := ParseCFENOf(v, c.cfen); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}
