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
// without it is Camelot. The rules core plays Camelot's board only, so a
// record of another variant is read as far as its tags and result.
func TestReadVariant(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       Variant
	}{
		{"none", "[Event \"x\"]\n\n1. E6-G8 *", Camelot},
		{"camelot", "[Variant \"camelot\"]\n\n1. E6-G8 *", Camelot},
		{"Cam", "[Variant \"Cam\"]\n\n*", Cam},
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
		{"unknown", "[Event \"x\"]\n[Variant \"Shogi\"]\n\n*", []string{"game 1, line 2:", `tag Variant: unknown variant "Shogi" (want Camelot, Cam, Camette or Chivalry)`}},
		{"empty", "[Variant \"\"]\n\n*", []string{"game 1, line 1:", `unknown variant ""`}},
		{"unknown WCF header", "# Variant: grand\n1. E6-G8\n", []string{"game 1, line 1:", `unknown variant "grand"`}},
		{"given twice", "[Variant \"Cam\"]\n[variant \"Cam\"]\n*", []string{"line 2:", "tag Variant given twice (first on line 1)"}},
		{"moves of Cam", "[Variant \"Cam\"]\n\n1. D5-D6 *", []string{"game 1, line 3:", "variant cam is not supported here yet", "V8"}},
		{"moves of Chivalry, one a line", "[Variant \"chivalry\"]\n\n1.E7-E8\n", []string{"game 1, line 3:", "variant chivalry is not supported here yet"}},
		{"move number of Camette", "[Variant \"Camette\"]\n1.\n2. *", []string{"game 1, line 2:", "variant camette is not supported here yet"}},
		{"CFEN of Cam", "[Variant \"Cam\"]\n[CFEN \"1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w\"]\n\n*",
			[]string{"game 1, line 2:", "variant cam is not supported here yet"}},
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
	if _, err := ReadOpenings(strings.NewReader("[Variant \"Cam\"]\n*\n")); !errors.Is(err, ErrVariantNotSupported) {
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
		{"moves of Cam", &Game{Variant: Cam, Moves: m}, "variant cam is not supported here yet"},
		{"start of Camette", &Game{Variant: Camette, Start: movegen.StartPosition()}, "variant camette is not supported here yet"},
		{"CFEN tag of Chivalry", &Game{Variant: Chivalry, Tags: []Tag{{"CFEN", movegen.StartCFEN}}}, "variant chivalry is not supported here yet"},
	} {
		err := Write(io.Discard, tc.g)
		if !errors.Is(err, ErrVariantNotSupported) || !strings.Contains(err.Error(), tc.want) {
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
