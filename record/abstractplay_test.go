package record

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// V13: AbstractPlay's JSON game records of several boards replay: the
// board from the header, the result from the players' results, slots as
// objects and as strings, resign and draw ending the game; every move
// text (V12) is the same move as its R3 text.
func TestAbstractPlayRecords(t *testing.T) {
	for _, tc := range []struct {
		file             string
		variant          Variant
		plies            int
		result           string
		white, black     string
		warning, outcome string
	}{
		{"camelot-objects-resign.json", Camelot, 24, "0-1", "Alice", "Bob", "", ""},
		{"cam-strings.json", Cam, 53, "1-0", "Carol", "Dave", "", "V5"},
		{"chivalry-draw.json", Chivalry, 16, "1/2-1/2", "Erin", "Frank", "", ""},
		{"camette-unknown-label.json", Camette, 11, "1-0", "Gina", "Hal", `"#board"`, "V5"},
		{"river-objects-resign.json", game.River, 40, "0-1", "Ines", "Jon", "", ""},
		{"anti-river-strings.json", game.AntiRiver, 30, "0-1", "Ines", "Jon", "", ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "abstractplay", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			games, err := Read(bytes.NewReader(data))
			if err != nil || len(games) != 1 {
				t.Fatalf("read %d games: %v", len(games), err)
			}
			g := games[0]
			if g.Variant != tc.variant.WithRules(game.AbstractPlay) || g.Tag("Rules") != "AbstractPlay" || len(g.Moves) != tc.plies || g.Result != tc.result ||
				g.Tag("White") != tc.white || g.Tag("Black") != tc.black || g.Tag("Site") != "Abstract Play" ||
				g.Tag("Date") != "2025.03.14" || g.Tag("Result") != tc.result {
				t.Errorf("%s, %d plies, result %s, tags %v", g.Variant, len(g.Moves), g.Result, g.Tags)
			}
			if (tc.warning == "") != (len(g.Warnings) == 0) || tc.warning != "" && !strings.Contains(g.Warnings[0], tc.warning) {
				t.Errorf("warnings %q, want one naming %s", g.Warnings, tc.warning)
			}
			mg, err := g.Replay()
			if err != nil {
				t.Fatal(err)
			}
			if o := mg.Outcome(); o.Rule != tc.outcome {
				t.Errorf("final outcome %s, want rule %q", o, tc.outcome)
			}
			pos := g.Start
			for i, m := range g.Moves {
				canon := pos.MoveText(m.Move)
				back, err := pos.ParseMove(canon)
				if err != nil || back != m.Move || m.Text == canon || m.Text != strings.ToLower(m.Text) {
					t.Fatalf("ply %d: %q is %s, which reads back as %v (%v)", i+1, m.Text, canon, back, err)
				}
				pos.MakeMove(m.Move)
			}
			// As a record in text, the game reads back the same.
			var buf bytes.Buffer
			if err := Write(&buf, g); err != nil {
				t.Fatal(err)
			}
			again, err := Read(&buf)
			if err != nil || len(again) != 1 || len(again[0].Moves) != len(g.Moves) || again[0].Result != g.Result {
				t.Fatalf("written and read back: %v\n%s", err, buf.String())
			}
		})
	}
}

// V13: a malformed record gets one line naming what is wrong, with the
// round and seat of a move, and the line of the round.
func TestAbstractPlayErrors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "abstractplay", "camelot-illegal-move.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Read(bytes.NewReader(data))
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "round 3, seat 2 (black)") || !strings.Contains(e.Msg, `"e11^e9"`) {
		t.Fatalf("error %v: want round 3, seat 2 and the text", err)
	}
	if want := 1 + bytes.Count(data[:bytes.Index(data, []byte(`"h6^h8"`))], []byte("\n")) - 2; e.Line != want {
		t.Errorf("line %d, want %d (the round's)", e.Line, want)
	}
	const header = `"header": {"game": {"name": "Camelot", "variants": %s}, "players": [{"name": "A", "result": 1}, {"name": "B", "result": 0}]}`
	hdr := func(variants string) string { return strings.Replace(header, "%s", variants, 1) }
	for _, c := range []struct{ name, text, want string }{
		{"not JSON", `{"header": [1,}`, "not valid JSON"},
		{"truncated", `{"header": {"game"`, "ends too soon"},
		{"no header", `{"moves": []}`, "no header"},
		{"other game", `{"header": {"game": {"name": "Chess"}, "players": [{}, {}]}}`, `the game "Chess"`},
		{"one player", `{"header": {"game": {"name": "Camelot"}, "players": [{"name": "A"}]}}`, "want 2 players"},
		{"two boards", `{` + hdr(`["Cam", "Chivalry"]`) + `}`, "two boards"},
		{"a slot of a number", `{` + hdr(`[]`) + `, "moves": [["e6^e8", 7]]}`, "round 1, seat 2 (black): a slot is"},
		{"three slots", `{` + hdr(`[]`) + `, "moves": [["e6^e8", "e11^g9", "c6^e6"]]}`, "round 1: 3 slots"},
		{"a round not a list", `{` + hdr(`[]`) + `, "moves": ["e6^e8"]}`, "round 1: want a list"},
		{"after resign", `{` + hdr(`[]`) + `, "moves": [["resign", "e11^g9"]]}`, `after "resign"`},
		{"seat out of turn", `{` + hdr(`[]`) + `, "moves": [[null, "e11^g9"]]}`, "white is to move"},
		{"bad text", `{` + hdr(`[]`) + `, "moves": [["e6^^e8"]]}`, "round 1, seat 1 (white): move 1. e6^^e8: bad move text"},
		{"a piece move in the tree phase", `{` + hdr(`["River Camelot"]`) + `, "moves": [["e4-e6"]]}`, "round 1, seat 1 (white): move 1. e4-e6: illegal move"},
		{"a placement on the river", `{` + hdr(`["River Camelot"]`) + `, "moves": [["c2,d2,e7"]]}`, "in the river (V9)"},
		{"a placement on Black's squares", `{` + hdr(`["River Camelot"]`) + `, "moves": [["c2,d2,i2", "c2,d2,i2"]]}`, "round 1, seat 2 (black)"},
	} {
		_, err := Read(strings.NewReader(c.text))
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.want) || e.Line < 1 || e.Game != 1 {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
		if all, bad, err := ReadAll(strings.NewReader(c.text)); len(all) != 0 || len(bad) != 1 || err != nil {
			t.Errorf("%s: ReadAll %d games, %d bad, %v", c.name, len(all), len(bad), err)
		}
	}
}

// V13, V14.3: R16's automatic draws do not end an AbstractPlay game: its
// players play on past the third occurrence of a position; at the fourth
// the side to move may claim, and its `draw` slot is then the claim, the
// last move of the game. Replayed under the WCF's rules (ReadUnder), the
// same record plays on past the third occurrence too (DrawsAreClaims) and
// the slot is an agreed draw.
func TestAbstractPlayPlaysOnPastRepetition(t *testing.T) {
	shuffle := `["c6^e8", "c11^e9"], ["e8^c6", "e9^c11"]`
	text := `{"header": {"game": {"name": "Camelot"}, "players": [{"name": "A", "result": 1}, {"name": "B", "result": 1}]},
	"moves": [` + shuffle + `, ` + shuffle + `, ` + shuffle + `, ["c6^e8", "draw"]]}`
	games, err := Read(strings.NewReader(text))
	if err != nil || len(games) != 1 || len(games[0].Moves) != 14 || games[0].Result != game.Draw.String() || games[0].DrawsAreClaims {
		t.Fatalf("read %v: %v", games, err)
	}
	if last := games[0].Moves[13]; last.Move != game.ClaimDraw || last.Text != "draw" {
		t.Errorf("last move %+v, want the claim", last)
	}
	mg, err := games[0].Replay()
	if o := mg.Outcome(); err != nil || o.Result != game.Draw || o.Rule != "V14" || !strings.Contains(o.Reason, "fourth time") {
		t.Fatalf("replayed: %v, %d occurrences, outcome %s", err, mg.Repetitions(), mg.Outcome())
	}
	roundTrip(t, games)

	games, err = ReadUnder(strings.NewReader(text), game.WCF)
	if err != nil || len(games) != 1 || len(games[0].Moves) != 13 || games[0].Result != game.Draw.String() || !games[0].DrawsAreClaims {
		t.Fatalf("read under wcf %v: %v", games, err)
	}
	if mg, err = games[0].Replay(); err != nil || mg.Repetitions() < 3 || mg.Outcome().IsOver() {
		t.Fatalf("replayed under wcf: %v, %d occurrences, outcome %s", err, mg.Repetitions(), mg.Outcome())
	}
}

// V13: "Anti-Camelot" with a board is that board's Anti form (V11); alone,
// Anti-Camelot itself.
func TestAbstractPlayAntiForms(t *testing.T) {
	for variants, want := range map[string]Variant{
		`["Anti-Camelot"]`:             game.AntiCamelot,
		`["Cam", "Anti-Camelot"]`:      game.AntiCam,
		`["anti-camelot", "Camette"]`:  game.AntiCamette,
		`["Chivalry", "Anti-Camelot"]`: game.AntiChivalry,
	} {
		text := `{"header": {"game": {"name": "Camelot", "variants": ` + variants + `}, "players": [{"name": "A"}, {"name": "B"}]}, "moves": []}`
		games, err := Read(strings.NewReader(text))
		if err != nil || len(games) != 1 || games[0].Variant != want.WithRules(game.AbstractPlay) || games[0].Tag("Variant") != want.Title() {
			t.Errorf("%s: %v %v, want %s", variants, games, err, want)
		}
	}
}
