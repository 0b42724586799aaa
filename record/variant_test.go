package record

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
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
	if got := Variants(); !reflect.DeepEqual(got, []Variant{Camelot, Cam, Camette, Chivalry}) {
		t.Errorf("Variants() = %v", got)
	}
}

// V8: the Variant tag gives the game's variant, in any case; a record
// without it is Camelot. Its moves are read on its board; Chivalry's board,
// which the rules core does not play, is read as far as its tags and result.
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
			if tc.want.Playable() {
				if err != nil || g.Start.Variant != tc.want {
					t.Errorf("replay: %v, start %v of %v", err, g.Start, g.Start.Variant)
				}
				return
			}
			if g.Start != (movegen.Position{}) || len(g.Moves) != 0 {
				t.Errorf("start %v, %d moves: want none, the board is not played", g.Start, len(g.Moves))
			}
			if !errors.Is(err, ErrVariantNotSupported) || !strings.Contains(err.Error(), "variant "+tc.want.String()+" is not supported here yet") {
				t.Errorf("replay: %v", err)
			}
		})
	}
}

func TestReadVariantErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"unknown", "[Event \"x\"]\n[Variant \"Shogi\"]\n\n*", []string{"game 1, line 2:", `tag Variant: unknown variant "Shogi" (want camelot, cam, camette or chivalry)`}},
		{"empty", "[Variant \"\"]\n\n*", []string{"game 1, line 1:", `unknown variant ""`}},
		{"unknown WCF header", "# Variant: grand\n1. E6-G8\n", []string{"game 1, line 1:", `unknown variant "grand"`}},
		{"given twice", "[Variant \"Cam\"]\n[variant \"Cam\"]\n*", []string{"line 2:", "tag Variant given twice (first on line 1)"}},
		{"moves of Cam read on its board", "[Variant \"Cam\"]\n\n1. H5-H6 *", []string{"game 1, line 3:", `bad square "H5": want a file A-G`}},
		{"moves of Chivalry, one a line", "[Variant \"chivalry\"]\n\n1.E7-E8\n", []string{"game 1, line 3:", "variant chivalry is not supported here yet"}},
		{"move number of Chivalry", "[Variant \"Chivalry\"]\n1.\n2. *", []string{"game 1, line 2:", "variant chivalry is not supported here yet"}},
		{"Camelot's CFEN for Cam", "[Variant \"Cam\"]\n[CFEN \"" + movegen.StartCFEN + "\"]\n\n*",
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
	if _, err := ReadOpenings(strings.NewReader("[Variant \"Chivalry\"]\n*\n")); !errors.Is(err, ErrVariantNotSupported) {
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
		{"Camelot's moves in Cam", &Game{Variant: Cam, Moves: m}, "not a legal move for white in " + movegen.Cam.StartCFEN()},
		{"Camelot's start for Camette", &Game{Variant: Camette, Start: movegen.StartPosition()}, "the start position is on the Camelot board, the game is Camette"},
		{"CFEN tag of Chivalry", &Game{Variant: Chivalry, Tags: []Tag{{"CFEN", movegen.StartCFEN}}}, "variant chivalry is not supported here yet"},
	} {
		err := Write(io.Discard, tc.g)
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, ErrVariantNotSupported) != (tc.g.Variant == Chivalry) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	for _, tc := range []struct {
		name string
		g    *Game
		want string
	}{
		{"unknown name", &Game{Tags: []Tag{{"Variant", "Shogi"}}}, `tag Variant: unknown variant "Shogi"`},
		{"unknown number", &Game{Variant: 9}, "unknown variant 9"},
		{"twice", &Game{Tags: []Tag{{"Variant", "Cam"}, {"variant", "Cam"}}}, "tag variant given twice"},
	} {
		if err := Write(io.Discard, tc.g); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// A game of a board the rules core does not play is refused by Read with
// an error that carries ErrVariantNotSupported (for the command line's
// hand-over to the wide grid) and names its line.
func TestReadUnsupportedVariantUnwraps(t *testing.T) {
	_, err := Read(strings.NewReader("[Variant \"Chivalry\"]\n\n1. G6-G8 *\n"))
	var re *Error
	if !errors.Is(err, ErrVariantNotSupported) || !errors.As(err, &re) || re.Line == 0 {
		t.Errorf("Read of a Chivalry game: %v", err)
	}
}
