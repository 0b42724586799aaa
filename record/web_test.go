package record

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// readTestGame reads the one game of a file of testdata/games.
func readTestGame(t *testing.T, name string) *Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "games", name))
	if err != nil {
		t.Fatal(err)
	}
	return readOne(t, string(data))
}

// TestArticleGame reads game 4 of the 2009 WCF World Championship as the
// encyclopedia article prints it: a heading, a prose header line, numbered
// moves with glyphs, and "1–0 (Black ?)" with an en dash and a remark.
func TestArticleGame(t *testing.T) {
	g := readTestGame(t, "nolan-troyka-2009-article.txt")
	pgn := readTestGame(t, "nolan-troyka-2009.pgn")
	// 29 full moves and White's 30th.
	if len(g.Moves) != 59 || g.Result != "1-0" {
		t.Fatalf("%d plies, result %q; want 59 plies and 1-0", len(g.Moves), g.Result)
	}
	for i := range pgn.Moves {
		if g.Moves[i].Move != pgn.Moves[i].Move || g.Moves[i].Text != pgn.Moves[i].Text {
			t.Errorf("ply %d: %s, the PGN record has %s", i+1, g.Moves[i].Text, pgn.Moves[i].Text)
		}
	}
	if _, err := g.Replay(); err != nil {
		t.Fatal(err)
	}
	glyphs := map[int]string{8: "?", 9: "?!", 12: "?", 18: "?", 23: "!", 25: "!", 33: "?", 56: "?", 57: "!?"}
	for i, m := range g.Moves {
		if m.NAG != glyphs[i+1] {
			t.Errorf("ply %d (%s): glyph %q, want %q", i+1, m.Text, m.NAG, glyphs[i+1])
		}
	}
	want := []Tag{
		{"Event", "WCF Camelot World Championship, game 4; March 2009"},
		{"Site", "?"},
		{"Date", "????.??.??"},
		{"Round", "?"},
		{"White", "Michael Nolan"},
		{"Black", "Dan Troyka"},
		{"Result", "1-0"},
	}
	if !reflect.DeepEqual(g.Tags, want) {
		t.Errorf("tags\n%q\nwant\n%q", g.Tags, want)
	}
	written := roundTrip(t, []*Game{g})
	if !isASCII(written) || !strings.HasSuffix(written, " 1-0\n\n") {
		t.Errorf("written with other than ASCII, or without the result 1-0:\n%s", written)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestWebForms reads, one form at a time, what records copied from web
// pages contain, and writes each game back in ASCII.
func TestWebForms(t *testing.T) {
	const move12 = `[CFEN "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 0 12"]` + "\n"
	two := []string{"E6-G8", "I11-G9"}
	for _, tc := range []struct {
		name, text string
		moves      []string
		result     string
	}{
		{"en dash in the result", "1. E6-G8 I11-G9 1–0", two, "1-0"},
		{"em dash in the result", "1. E6-G8 I11-G9 0—1", two, "0-1"},
		{"minus sign in the result", "1. E6-G8 I11-G9 1−0", two, "1-0"},
		{"hyphen in the result", "1. E6-G8 I11-G9 1‐0", two, "1-0"},
		{"figure dash in the result", "1. E6-G8 I11-G9 0‒1", two, "0-1"},
		{"non-breaking hyphen in the result", "1. E6-G8 I11-G9 0‑1", two, "0-1"},
		{"dashes in moves", "1. E6–G8 I11—G9 2. H6−J8 I10‐G12 3. F6‑H8 J11‒I11 *",
			[]string{"E6-G8", "I11-G9", "H6-J8", "I10-G12", "F6-H8", "J11-I11"}, "*"},
		{"en dash in a capture", "1. E6-E8 H11-F9 2. H6-F8 F11-H9 3. G6-G8 D11-D9 4. E8xC10xC12 D10-C11 5. C12xC10 E10-E12 6. G8xE10 I10–G8xG6xE6xE8xG8xE6xC8 *",
			[]string{"E6-E8", "H11-F9", "H6-F8", "F11-H9", "G6-G8", "D11-D9", "E8xC10xC12", "D10-C11", "C12xC10", "E10-E12", "G8xE10", "I10-G8xG6xE6xE8xG8xE6xC8"}, "*"},
		{"½-½", "1. E6-G8 I11-G9 ½-½", two, "1/2-1/2"},
		{"½–½", "1. E6-G8 I11-G9 ½–½", two, "1/2-1/2"},
		{"1/2–1/2", "1. E6-G8 I11-G9 1/2–1/2", two, "1/2-1/2"},
		{"byte-order mark", "\uFEFF1. E6-G8 I11-G9 1-0", two, "1-0"},
		{"byte-order mark before tags", "\uFEFF[Event \"x\"]\n1. E6-G8 I11-G9 1-0", two, "1-0"},
		{"CRLF", "[Event \"x\"]\r\n\r\n1. E6-G8\r\nI11-G9\r\n1-0\r\n", two, "1-0"},
		{"non-breaking spaces", "1.\u00a0E6-G8\u00a0I11-G9\u00a01-0", two, "1-0"},
		{"other Unicode spaces", "1.\u2003E6-G8\u2009I11-G9\u202f\u3000\u200b1-0\u2028", two, "1-0"},
		{"glued move numbers", "1.E6-G8 1...I11-G9 2.H6-J8 2...I10-G12 *",
			[]string{"E6-G8", "I11-G9", "H6-J8", "I10-G12"}, "*"},
		{"glued move numbers with glyphs", move12 + "12.E6-G8! 12...I11-G9?! 13.H6–J8 *",
			[]string{"E6-G8", "I11-G9", "H6-J8"}, "*"},
		{"text after the result", "1. E6-G8 I11-G9 1-0 (Black ?)\n", two, "1-0"},
		{"words after the result", "1. E6-G8 I11-G9 0-1 Black won on time; a fine game.", two, "0-1"},
		{"text after the last game", "1. E6-G8 I11-G9 1-0\n\n==World Camelot Federation==\nThe WCF was formed in 1999.\n\n1. One space in any direction.\n\n\n", two, "1-0"},
		{"prose before the moves", "===Sample game===\nA game played in 2009.\n1. E6-G8 I11-G9 1-0", two, "1-0"},
		{"prose between tags and moves", "[Event \"x\"]\nThe moves:\n1. E6-G8 I11-G9 1-0", two, "1-0"},
		{"annotation glyphs", "1. E6-G8? I11-G9?! 1-0", two, "1-0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := readOne(t, tc.text)
			if got := texts(g); !reflect.DeepEqual(got, tc.moves) || g.Result != tc.result {
				t.Errorf("moves %q, result %q; want %q, %q", got, g.Result, tc.moves, tc.result)
			}
			written := roundTrip(t, []*Game{g})
			if !isASCII(written) || !strings.HasSuffix(written, " "+tc.result+"\n\n") {
				t.Errorf("written with other than ASCII, or without the result %s:\n%s", tc.result, written)
			}
		})
	}
}

// TestProseHeader reads the tags of a prose header line and leaves other
// prose lines out.
func TestProseHeader(t *testing.T) {
	g := readOne(t, "Sample game\nWhite: Michael Nolan Black: Dan Troyka Event: WCF Camelot World Championship, game 4; March 2009\n"+
		"Site: Michigan\nNote: not a tag\n1. E6-G8 1–0 (Black ?)\n")
	for name, want := range map[string]string{
		"White": "Michael Nolan", "Black": "Dan Troyka", "Event": "WCF Camelot World Championship, game 4; March 2009",
		"Site": "Michigan", "Note": "", "Result": "1-0",
	} {
		if got := g.Tag(name); got != want {
			t.Errorf("tag %s = %q, want %q", name, got, want)
		}
	}
	// Tag pairs win over a prose header, which is no error.
	g = readOne(t, "White: Michael Nolan\n[White \"M. Nolan\"]\n[Black \"D. Troyka\"]\nBlack: Dan Troyka\n\n1. E6-G8 *")
	if g.Tag("White") != "M. Nolan" || g.Tag("Black") != "D. Troyka" {
		t.Errorf("tags %q", g.Tags)
	}
	roundTrip(t, []*Game{g})
}

// TestProseIsNoGame: text without movetext holds no game, and is no
// error; ReadAll says so with ErrNoGame.
func TestProseIsNoGame(t *testing.T) {
	for _, text := range []string{
		"",
		"\uFEFF",
		"\r\n\u00a0\r\n",
		"= Camelot (board game) =\n\nCamelot is a strategy board game for two players.\n",
		"White: Michael Nolan Black: Dan Troyka Event: WCF Camelot World Championship\n",
		"==Game rules==\n1. One space in any direction (like a king in chess).\n2. A leaping move (called cantering).\n",
		"- Title: Camelot\n- Players: 2\n* a list item\n1-0 to White after a long game.\n(an aside)\n\"A quote\"\n",
		"# Camelot\n\nThe rules, with an example #2.\n",
		"In 1882, George S. Parker began.\n1930 was the year of Camelot.\n2009-03 saw game 4.\n",
	} {
		games, err := Read(strings.NewReader(text))
		if err != nil || len(games) != 0 {
			t.Errorf("%q: %d games, %v; want none and no error", text, len(games), err)
		}
		games, bad, err := ReadAll(strings.NewReader(text))
		if !errors.Is(err, ErrNoGame) || len(games) != 0 || len(bad) != 0 {
			t.Errorf("%q: ReadAll: %d games, %v, %v; want ErrNoGame", text, len(games), bad, err)
		}
	}
	if _, _, err := ReadAll(strings.NewReader("1. E6-G8 *")); err != nil {
		t.Errorf("ReadAll of a game: %v", err)
	}
	if _, bad, err := ReadAll(strings.NewReader("1. E6-G8 Z9-E8 *")); err != nil || len(bad) != 1 {
		t.Errorf("ReadAll of a bad game: %v, %v; want the bad game and no error", bad, err)
	}
}

// TestWebFormErrors: prose is tolerated before a game's movetext and after
// its result, never inside the movetext; faults keep their line.
func TestWebFormErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"illegal move after dashes", "White: A Black: B\n1. E6–G8 I11–G9\n2. E6–E8 1–0",
			[]string{"game 1, line 3:", `move 2. E6-E8: illegal move "E6-E8": no white piece on E6`}},
		{"prose inside the movetext", "1. E6-G8 I11-G9\nThe game went on.\n2. H6-J8 1-0", []string{"game 1, line 2:", "move 2. The: bad move text"}},
		{"prose after a move number", "1. E6-G8 I11-G9 2. then 1-0", []string{"line 1:", "move 2. then: bad move text"}},
		{"unknown result with a dash", "1. E6-G8 2–0", []string{"line 1:", `unknown result token "2–0"`}},
		{"illegal move after prose", "Some words.\n1. E6-E9 *", []string{"game 1, line 2:", `move 1. E6-E9: illegal move "E6-E9"`}},
		{"bad move text", "Words.\n1. Z9-E8 *", []string{"game 1, line 2:", `move 1. Z9-E8: bad move text "Z9-E8"`}},
		{"bad move text, glued", "Words.\n1.Z9-E8 *", []string{"game 1, line 2:", `move 1. Z9-E8: bad move text "Z9-E8"`}},
		{"tags, prose, no moves", "[Event \"x\"]\nOnly words.\n", []string{"game 1, line 1:", "does not end with a result token"}},
		{"variation before a move", "Words.\n(1. E6-E8) 1. E6-G8 *", []string{"line 2:", `a variation "(" before any move`}},
		{"second game's illegal move", "1. E6-G8 1–0 (Black ?)\nProse.\n1. E6-G8 I11-G9 2. E6-E8 *",
			[]string{"game 2, line 3:", "move 2. E6-E8"}},
		{"result glued to junk with tags", "[Event \"x\"]\n1/2", []string{"line 2:", `unknown result token "1/2"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.text))
			wantError(t, err, tc.want...)
		})
	}
}

// A WCF move list has no result token: prose after its moves ends it, and
// a line starting with a move number is still its movetext.
func TestWCFMoveListThenProse(t *testing.T) {
	games := readString(t, "# White: A\n# Result: 1-0\n1. E6–G8 I11–G9\n2. H6-J8\n\n==Notes==\nWhite won.\n"+
		"# Result: 0-1\n1. F6-F8\nThe end.\n")
	if len(games) != 2 || len(games[0].Moves) != 3 || games[0].Result != "1-0" || games[0].Tag("White") != "A" ||
		len(games[1].Moves) != 1 || games[1].Result != "0-1" {
		t.Fatalf("read %d games: %+v", len(games), games)
	}
	_, err := Read(strings.NewReader("# Result: 1-0\n1. E6-G8\n2... x\n"))
	wantError(t, err, "game 1, line 3:", "move number")
}
