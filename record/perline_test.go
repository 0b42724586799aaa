package record

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
)

// The 2009 game in the layout of the WCF's pages of that championship: one
// move a line, "1.E6-G8" for White and "1....I11-G9" for Black (R3), notes
// between the lines and no result token. It reads as an unfinished game
// (*) with the moves of the same game in its ordinary layout.
func TestPerLineLayout(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "games", "nolan-troyka-2009-per-line.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g := readOne(t, string(data))
	if g.Result != "*" || g.Tag("Result") != "*" {
		t.Errorf("result %q, Result tag %q; want * (no result token, no Result tag)", g.Result, g.Tag("Result"))
	}
	if g.Tag("White") != "Michael Nolan" || g.Tag("Black") != "Dan Troyka" {
		t.Errorf("tags %q", g.Tags)
	}
	pgn, err := os.ReadFile(filepath.Join("..", "testdata", "games", "nolan-troyka-2009.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	ordinary := readOne(t, string(pgn))
	if len(g.Moves) != 59 || len(g.Moves) != len(ordinary.Moves) {
		t.Fatalf("%d plies, the ordinary layout %d; want 59", len(g.Moves), len(ordinary.Moves))
	}
	for i := range g.Moves {
		if g.Moves[i].Move != ordinary.Moves[i].Move {
			t.Errorf("ply %d: %s, the ordinary layout %s", i+1, g.Moves[i].Text, ordinary.Moves[i].Text)
		}
		if g.Moves[i].Comment != "" || len(g.Moves[i].Variations) != 0 {
			t.Errorf("ply %d: the notes between the lines are kept: %+v", i+1, g.Moves[i])
		}
	}
	// The article's glyphs are read from the moves they are glued to.
	if g.Moves[7].NAG != "?" || g.Moves[8].NAG != "?!" {
		t.Errorf("glyphs of 4... and 5.: %q, %q", g.Moves[7].NAG, g.Moves[8].NAG)
	}

	// The moves are legal: replayed here from the plain record's texts with
	// the rules, each is a legal move of its position, the one read.
	_, plain, _ := recordFile(t, "nolan-troyka-2009.txt")
	mg := boards.NewGame(Camelot)
	for i, text := range plain {
		pos := mg.Position()
		m, err := mg.PlayText(text)
		if err != nil || !pos.IsLegal(m) || m != g.Moves[i].Move {
			t.Fatalf("ply %d %s: %v (read as %s)", i+1, text, err, g.Moves[i].Text)
		}
	}
	end, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := end.Position(), mg.Position(); got.CFEN() != want.CFEN() || end.Outcome().IsOver() {
		t.Errorf("final position %s, want %s, not over", got.CFEN(), want.CFEN())
	}
	roundTrip(t, []*Game{g})
}

// The same layout as on the WCF's page of game 1 of that championship:
// indented move lines, blank lines and lines of a space between them,
// trailing blanks, notes that quote moves (with commas, in parentheses, or
// a numbered move followed by words).
func TestPerLineLayoutNotes(t *testing.T) {
	const page = "WCF Camelot World Championship Game 1\n\nWhite: Dan Troyka    Black: Michael Nolan\n\n" +
		"(Annotations)\n\n \n\n            1.D6-F8\n\n \n\n          1....H11-F9\n\n \n\n" +
		"           2.C6-E8-G8\n \n           2....J11-H11 \n\n \n\n" +
		"2....E11-F12 was the other choice.\n\n" +
		"            3.H6-H8\n\n         3....E11-G9\n\n" +
		"A note. 3....C11-E11, 4.J6-H6 (not 4.I6-I8?) would transpose.\n\n" +
		"            4.J6-H6\n\n         4....C11-E11!?\n\n" +
		"4.J6-H6 E11-F12, 5.X: a note with a comma.\n"
	g := readOne(t, page)
	want := []string{"D6-F8", "H11-F9", "C6-E8-G8", "J11-H11", "H6-H8", "E11-G9", "J6-H6", "C11-E11"}
	if !reflect.DeepEqual(texts(g), want) || g.Result != "*" || g.Moves[7].NAG != "!?" {
		t.Errorf("moves %q, result %q", texts(g), g.Result)
	}
	if g.Tag("White") != "Dan Troyka" || g.Tag("Black") != "Michael Nolan" {
		t.Errorf("tags %q", g.Tags)
	}
	// Spaced numbers, comments and a result token on its own line.
	g = readOne(t, "1. D6-F8 {a comment}\n1... H11-F9\nA note.\n2.C6-E8-G8\n1-0\n")
	if len(g.Moves) != 3 || g.Moves[0].Comment != "a comment" || g.Result != "1-0" {
		t.Errorf("%+v", g)
	}
}

// In the layout of one move a line, a line is a note only when it has
// words of prose; a move line in error, or a line of movetext that is not
// a move, is still an error naming its line.
func TestPerLineLayoutErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"illegal move", "1.D6-F8\n1....H11-F9\nA note.\n2.E6-E9\n", []string{"game 1, line 4:", `move 2. E6-E9: illegal move`}},
		{"a move line taken for a note", "1.D6-F8\n1....H11-F9 good\n2.C6-E8-G8\n",
			[]string{"game 1, line 3:", `move number "2.", but the next move is 1... (black to move)`}},
		{"bad move text", "1.D6-F8\n1....H11-F9\n2.C6-E8-G8x\n", []string{"game 1, line 3:", `move 2. C6-E8-G8x: bad move text`}},
		{"unknown result", "1.D6-F8\n1:0\n", []string{"game 1, line 2:", `unknown result token "1:0"`}},
		{"number without its move", "1.D6-F8\n1... x\n", []string{"game 1, line 2:", `move 1... x: bad move text "x"`}},
		{"black number for white", "1.D6-F8\n1....H11-F9\n2....C6-E8-G8\n", []string{"game 1, line 3:", `marks a black move`}},
		{"too many glyphs", "1.D6-F8???\n", []string{"game 1, line 1:", "bad move text"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, err := Read(strings.NewReader(tc.text))
			wantError(t, err, tc.want...)
			if len(games) != 0 {
				t.Errorf("%d games returned", len(games))
			}
		})
	}
}

// A movetext that stops without a result token reads as an unfinished
// game (*), unless a Result tag or header gives the result, or the rules
// have decided the final position (R14–R16). It stops at the end of the
// input, or before the next game's tags or header lines.
func TestNoResultToken(t *testing.T) {
	const r10 = "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w" // R10's example
	for _, tc := range []struct {
		name, text string
		results    []string
		plies      []int
	}{
		{"tags and moves", "[Event \"x\"]\n\n1. E6-G8 I11-G9\n\n", []string{"*"}, []int{2}},
		{"moves only", "1. E6-G8 I11-G9 2. H6-J8", []string{"*"}, []int{3}},
		{"Result tag", "[Result \"1/2-1/2\"]\n1. E6-G8\n", []string{"1/2-1/2"}, []int{1}},
		{"decided by the rules", "[CFEN \"" + r10 + "\"]\n1. D6-F8xH10\n", []string{"1-0"}, []int{1}},
		{"before the next game's tags", "1. E6-G8\n\n[Event \"y\"]\n1. F6-F8 *", []string{"*", "*"}, []int{1, 1}},
		{"before the next game's header", "1. E6-G8\n# Result: 0-1\n1. F6-F8\n", []string{"*", "0-1"}, []int{1, 1}},
		{"WCF move list without a Result header", "# White: a\n1. E6-G8 I11-G9\n", []string{"*"}, []int{2}},
		{"after a variation", "1. E6-G8 (1. E6-E8 I11-G9) I11-G9\n", []string{"*"}, []int{2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games := readString(t, tc.text)
			var results []string
			var plies []int
			for _, g := range games {
				results, plies = append(results, g.Result), append(plies, len(g.Moves))
				if g.Tag("Result") != g.Result {
					t.Errorf("Result tag %q, result %q", g.Tag("Result"), g.Result)
				}
			}
			if !reflect.DeepEqual(results, tc.results) || !reflect.DeepEqual(plies, tc.plies) {
				t.Errorf("results %q, plies %v; want %q, %v", results, plies, tc.results, tc.plies)
			}
			roundTrip(t, games)
		})
	}
}
