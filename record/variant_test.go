package record

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// V1: names are read in any case and shown as Camelot, Cam, Camette,
// Chivalry.
func TestParseVariant(t *testing.T) {
	for _, tc := range []struct {
		name  string
		want  Variant
		title string
	}{
		{"camelot", Camelot, "Camelot"}, {"Cam", Cam, "Cam"}, {"CAM", Cam, "Cam"},
		{"cAmEtTe", Camette, "Camette"}, {" chivalry ", Chivalry, "Chivalry"},
		{"anti-cam", game.AntiCam, "Anti-Cam"}, {"ANTI-Chivalry", game.AntiChivalry, "Anti-Chivalry"},
	} {
		v, err := ParseVariant(tc.name)
		if err != nil || v != tc.want || v.Title() != tc.title || v.String() != strings.ToLower(tc.title) {
			t.Errorf("ParseVariant(%q) = %v (%q), %v", tc.name, v, v.Title(), err)
		}
	}
	for _, name := range []string{"", "shogi", "cam1", "Grand Camelot"} {
		if _, err := ParseVariant(name); err == nil || !strings.Contains(err.Error(), "unknown variant") {
			t.Errorf("ParseVariant(%q): %v", name, err)
		}
	}
	if got := Variants(); !reflect.DeepEqual(got, []Variant{Camelot, Cam, Camette, Chivalry, game.River, game.AntiCamelot, game.AntiCam, game.AntiCamette, game.AntiChivalry, game.AntiRiver}) {
		t.Errorf("Variants() = %v", got)
	}
}

// V8: the Variant tag gives the game's variant, in any case; a record
// without it is Camelot. Its moves are read on its board, every board's
// through the same code.
func TestReadVariant(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       Variant
	}{
		{"none", "[Event \"x\"]\n\n1. E6-G8 *", Camelot},
		{"camelot", "[Variant \"camelot\"]\n\n1. E6-G8 *", Camelot},
		{"Cam", "[Variant \"Cam\"]\n\n1. D5-D6 D9-D8 *", Cam},
		{"odd case", "[Variant \"cAMETTE\"]\n\n1-0", Camette},
		{"tag name in upper case", "[VARIANT \"CHIVALRY\"]\n\n1/2-1/2", Chivalry},
		{"Chivalry", "[Variant \"Chivalry\"]\n\n1. G6-G8 G11-G9 2. E7-E8 *", Chivalry},
		{"Camette", "[Variant \"Camette\"]\n\n1. B3-B4 *", Camette},
		{"WCF header", "# Variant: cam\n# Result: 0-1\n", Cam},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := readOne(t, tc.text)
			if g.Variant != tc.want {
				t.Fatalf("variant %v, want %v", g.Variant, tc.want)
			}
			text := roundTrip(t, []*Game{g})
			_, err := g.Replay()
			if tc.want == Camelot {
				if g.Tag("Variant") != "" || strings.Contains(text, "Variant") || err != nil {
					t.Errorf("Variant tag %q, replay %v, written:\n%s", g.Tag("Variant"), err, text)
				}
				return
			}
			// Normal form: the tag spelled as V1 shows it, after the roster.
			if g.Tags[7] != (Tag{"Variant", tc.want.Title()}) || !strings.Contains(text, "[Result \""+g.Result+"\"]\n[Variant \""+tc.want.Title()+"\"]\n") {
				t.Errorf("tags %q, written:\n%s", g.Tags, text)
			}
			if err != nil || g.Start.IsZero() || g.Start.Variant() != tc.want || g.Start.CFEN() != tc.want.StartCFEN() {
				t.Errorf("replay: %v, start %v", err, g.Start)
			}
		})
	}
}

func TestReadVariantErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"unknown", "[Event \"x\"]\n[Variant \"Shogi\"]\n\n*", []string{"game 1, line 2:", `tag Variant: unknown variant "Shogi" (want camelot, cam, camette, chivalry, river, anti-camelot, anti-cam, anti-camette, anti-chivalry or anti-river)`}},
		{"empty", "[Variant \"\"]\n\n*", []string{"game 1, line 1:", `unknown variant ""`}},
		{"unknown WCF header", "# Variant: grand\n1. E6-G8\n", []string{"game 1, line 1:", `unknown variant "grand"`}},
		{"given twice", "[Variant \"Cam\"]\n[variant \"Cam\"]\n*", []string{"line 2:", "tag Variant given twice (first on line 1)"}},
		{"moves of Cam read on its board", "[Variant \"Cam\"]\n\n1. H5-H6 *", []string{"game 1, line 3:", `bad square "H5": want a file A-G`}},
		{"moves of Chivalry read on its board", "[Variant \"chivalry\"]\n\n1. E7-E8 O10-O9 *", []string{"game 1, line 3:", `bad square "O10": want a file A-N`}},
		{"move number of Chivalry", "[Variant \"Chivalry\"]\n1.\n2. *", []string{"game 1, line 3:", `move number "2.", but the next move is 1.`}},
		{"Camelot's CFEN for Chivalry", "[Variant \"Chivalry\"]\n[CFEN \"" + game.StartCFEN + "\"]\n\n*", []string{"game 1, line 2:", "tag CFEN"}},
		{"Camelot's CFEN for Cam", "[Variant \"Cam\"]\n[CFEN \"" + game.StartCFEN + "\"]\n\n*",
			[]string{"game 1, line 2:", "want 13 ranks"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, err := Read(strings.NewReader(tc.text))
			wantError(t, err, tc.want...)
			if _, ok := err.(*Error); !ok || len(games) != 0 {
				t.Errorf("error %T, %d games", err, len(games))
			}
		})
	}
	// A file of openings cannot take a game of another board.
	if _, err := ReadOpenings(strings.NewReader("[Variant \"Chivalry\"]\n*\n")); err == nil || !strings.Contains(err.Error(), "game 1 is a game of Chivalry, the openings are of Camelot (V8)") {
		t.Errorf("ReadOpenings: %v", err)
	}
}

// V8: the writer writes the Variant tag for every game that is not
// Camelot, and never for Camelot.
func TestWriteVariant(t *testing.T) {
	for _, v := range Variants() {
		for _, g := range []*Game{{Variant: v}, {Tags: []Tag{{"Variant", strings.ToUpper(v.String())}}}} {
			var b strings.Builder
			if err := Write(&b, g); err != nil {
				t.Fatalf("%v: %v", v, err)
			}
			if has := strings.Contains(b.String(), "[Variant \""+v.Title()+"\"]\n"); has != (v != Camelot) || strings.Count(b.String(), "Variant") > 1 {
				t.Errorf("%v written:\n%s", v, b.String())
			}
			back := readOne(t, b.String())
			if back.Variant != v || back.Result != "*" {
				t.Errorf("%v read back as %v", v, back.Variant)
			}
		}
	}
	// The Variant field wins over a Variant tag, as Start over a CFEN tag.
	var b strings.Builder
	if err := Write(&b, &Game{Variant: Cam, Tags: []Tag{{"Variant", "Chivalry"}}}); err != nil || !strings.Contains(b.String(), "[Variant \"Cam\"]") {
		t.Errorf("%v:\n%s", err, b.String())
	}
	m := readOne(t, "1. E6-G8 *").Moves
	for _, tc := range []struct {
		name string
		g    *Game
		want string
	}{
		{"Camelot's moves in Cam", &Game{Variant: Cam, Moves: m}, "not a legal move for white in " + Cam.StartCFEN()},
		{"Camelot's start for Camette", &Game{Variant: Camette, Start: boards.StartPosition(Camelot)}, "the start position is on the Camelot board, the game is Camette"},
		{"Chivalry's start for Camelot", &Game{Start: boards.StartPosition(Chivalry)}, "the start position is on the Chivalry board, the game is Camelot"},
		{"Camelot's CFEN tag for Chivalry", &Game{Variant: Chivalry, Tags: []Tag{{"CFEN", game.StartCFEN}}}, "tag CFEN"},
		{"Camelot's moves in Chivalry", &Game{Variant: Chivalry, Moves: readOne(t, "1. I7-J7 *").Moves}, "not a legal move for white in " + Chivalry.StartCFEN()},
	} {
		err := Write(io.Discard, tc.g)
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, ErrVariantNotSupported) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	for _, tc := range []struct {
		name string
		g    *Game
		want string
	}{
		{"unknown name", &Game{Tags: []Tag{{"Variant", "Shogi"}}}, `tag Variant: unknown variant "Shogi"`},
		{"unknown number", &Game{Variant: game.NumVariants * game.Variant(game.NumRules)}, "unknown variant 20"},
		{"twice", &Game{Tags: []Tag{{"Variant", "Cam"}, {"variant", "Cam"}}}, "tag variant given twice"},
	} {
		if err := Write(io.Discard, tc.g); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// Every board of V1 is read, written and replayed by the same code: a
// game of each, played from its start, reads back the same; only a
// variant beyond V1 is refused with ErrVariantNotSupported.
func TestEveryBoard(t *testing.T) {
	for _, v := range Variants() {
		t.Run(v.String(), func(t *testing.T) {
			pos := boards.StartPosition(v)
			g := &Game{Variant: v}
			for i := 0; i < 6 && !pos.Outcome().IsOver(); i++ {
				ms := pos.Moves()
				m := ms[(i*7)%len(ms)]
				g.Moves = append(g.Moves, Move{Move: m})
				pos.MakeMove(m)
			}
			var b strings.Builder
			if err := Write(&b, g); err != nil {
				t.Fatal(err)
			}
			back := readOne(t, b.String())
			if back.Variant != v || len(back.Moves) != len(g.Moves) {
				t.Fatalf("read back as %v with %d moves:\n%s", back.Variant, len(back.Moves), b.String())
			}
			for i := range g.Moves {
				if back.Moves[i].Move != g.Moves[i].Move {
					t.Errorf("move %d read back as %s", i+1, back.Moves[i].Text)
				}
			}
			end, err := back.Replay()
			if err != nil || end.Position().CFEN() != pos.CFEN() {
				t.Errorf("replay: %v", err)
			}
			roundTrip(t, []*Game{back})
			// A position after those moves, as a suite of CFEN lines.
			suite := "# " + VariantComment(v) + "\n" + pos.CFEN() + "\n"
			openings, err := ReadOpeningsOf(strings.NewReader(suite), v)
			if err != nil || len(openings) != 1 || openings[0].Position().CFEN() != pos.CFEN() {
				t.Errorf("ReadOpeningsOf: %v", err)
			}
		})
	}
	_, err := ReadOpeningsOf(strings.NewReader(""), game.NumVariants*game.Variant(game.NumRules))
	if !errors.Is(err, ErrVariantNotSupported) {
		t.Errorf("ReadOpeningsOf an unknown variant: %v", err)
	}
}
