package record

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// The canter of V14.1: legal under AbstractPlay's rules only.
const apCanter = "1. E7-F8 D11-D9 2. C6-E8-G8"

// V14: the Rules tag gives a game's rule set, its name and value in any
// case; a record without it is played by the WCF's rules. Read puts the
// tag after the Variant tag, spelled AbstractPlay, and drops a Rules tag
// that names the WCF's.
func TestReadRulesTag(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       Variant
	}{
		{"AbstractPlay", "[Event \"x\"]\n[Rules \"AbstractPlay\"]\n\n" + apCanter + " *", game.Camelot.WithRules(game.AbstractPlay)},
		{"lower case", "[Rules \"abstractplay\"]\n\n" + apCanter + " *", game.Camelot.WithRules(game.AbstractPlay)},
		{"odd case, tag name too", "[RULES \"aBsTrAcTpLaY\"]\n\n" + apCanter + " *", game.Camelot.WithRules(game.AbstractPlay)},
		{"with a Variant tag after it", "[Rules \"AbstractPlay\"]\n[Variant \"Cam\"]\n\n1. D5-D6 D9-D8 *", game.Cam.WithRules(game.AbstractPlay)},
		{"WCF header", "# Rules: abstractplay\n# Variant: chivalry\n# Result: 0-1\n", game.Chivalry.WithRules(game.AbstractPlay)},
		{"WCF", "[Rules \"WCF\"]\n\n1. E6-G8 *", Camelot},
		{"wcf", "[Rules \"wcf\"]\n[Variant \"Camette\"]\n\n1. B3-B4 *", Camette},
		{"none", "[Event \"x\"]\n\n1. E6-G8 *", Camelot},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := readOne(t, tc.text)
			if g.Variant != tc.want || g.Start.Variant() != tc.want {
				t.Fatalf("variant %s, start %s, want %s", describe(g.Variant), describe(g.Start.Variant()), describe(tc.want))
			}
			mg, err := g.Replay()
			if err != nil || mg.Rules() != tc.want.Rules() {
				t.Fatalf("replay: %v", err)
			}
			text := roundTrip(t, []*Game{g})
			if tc.want.Rules() == game.WCF {
				if g.Tag("Rules") != "" || strings.Contains(text, "Rules") {
					t.Errorf("tags %q, written:\n%s", g.Tags, text)
				}
				return
			}
			tags := "[Result \"" + g.Result + "\"]\n"
			if gameOf(tc.want) != Camelot {
				tags += "[Variant \"" + tc.want.Title() + "\"]\n"
			}
			tags += "[Rules \"AbstractPlay\"]\n"
			if !strings.Contains(text, tags) || g.Tag("Rules") != "AbstractPlay" {
				t.Errorf("tags %q, written:\n%s", g.Tags, text)
			}
		})
	}
}

// V14: an unknown Rules tag is the game's error, naming the tag's line
// and value; ReadAll goes on to the next game.
func TestReadRulesTagUnknown(t *testing.T) {
	text := "[Event \"a\"]\n[Rules \"Foo\"]\n\n1. E6-G8 *\n\n[Event \"b\"]\n\n1. E6-G8 *\n"
	_, err := Read(strings.NewReader(text))
	var e *Error
	if !errors.As(err, &e) || e.Game != 1 || e.Line != 2 || !strings.Contains(e.Msg, `tag Rules: unknown rules "Foo" (want wcf or abstractplay)`) {
		t.Fatalf("error %v", err)
	}
	games, bad, err := ReadAll(strings.NewReader(text))
	if err != nil || len(games) != 1 || len(bad) != 1 || bad[0].Line != 2 || games[0].Tag("Event") != "b" {
		t.Errorf("ReadAll: %d games, %v, %v", len(games), bad, err)
	}
	// ReadUnder's rules win over the tag, whatever it says.
	if games, err := ReadUnder(strings.NewReader(text), game.AbstractPlay); err != nil || len(games) != 2 || games[0].Variant.Rules() != game.AbstractPlay {
		t.Errorf("ReadUnder: %d games, %v", len(games), err)
	}
	if err := Write(io.Discard, &Game{Tags: []Tag{{"Rules", "Foo"}}}); err == nil || !strings.Contains(err.Error(), `tag Rules: unknown rules "Foo"`) {
		t.Errorf("Write: %v", err)
	}
}

// V14: Write emits [Rules "AbstractPlay"] for a game under AbstractPlay's
// rules, right after the Variant tag or where it would go; a Rules tag in
// Tags stands in for the WCF's rules of Variant, and a start position of
// the board under the WCF's rules is taken under the game's.
func TestWriteRules(t *testing.T) {
	canter := readOne(t, "[Rules \"AbstractPlay\"]\n\n"+apCanter+" *").Moves
	for _, tc := range []struct {
		name string
		g    *Game
		tags string
	}{
		{"Camelot", &Game{Variant: game.Camelot.WithRules(game.AbstractPlay), Moves: canter},
			"[Result \"*\"]\n[Rules \"AbstractPlay\"]\n\n1. E7-F8"},
		{"Cam", &Game{Variant: game.Cam.WithRules(game.AbstractPlay)},
			"[Result \"*\"]\n[Variant \"Cam\"]\n[Rules \"AbstractPlay\"]\n\n*"},
		{"a CFEN tag after it", &Game{Variant: game.Camette.WithRules(game.AbstractPlay), Tags: []Tag{{"CFEN", game.Camette.StartCFEN()[:len(game.Camette.StartCFEN())-1] + "3"}}},
			"[Variant \"Camette\"]\n[Rules \"AbstractPlay\"]\n[CFEN "},
		{"the tag standing in", &Game{Tags: []Tag{{"Annotator", "me"}, {"rules", "abstractplay"}}, Moves: canter, Start: boards.StartPosition(Camelot)},
			"[Result \"*\"]\n[Rules \"AbstractPlay\"]\n[Annotator \"me\"]\n\n1. E7-F8"},
		{"the Variant tag standing in", &Game{Variant: game.Camelot.WithRules(game.AbstractPlay), Tags: []Tag{{"Variant", "Chivalry"}}},
			"[Variant \"Chivalry\"]\n[Rules \"AbstractPlay\"]\n"},
		{"WCF", &Game{Tags: []Tag{{"Rules", "WCF"}}}, "[Result \"*\"]\n\n*"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, tc.g); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), tc.tags) {
				t.Fatalf("written:\n%s", b.String())
			}
			back := readOne(t, b.String())
			v, err := tc.g.variant()
			if err != nil || back.Variant != v || len(back.Moves) != len(tc.g.Moves) {
				t.Fatalf("read back as %s (%v):\n%s", describe(back.Variant), err, b.String())
			}
			if again := roundTrip(t, []*Game{back}); again != b.String() {
				t.Errorf("written again:\n%s", again)
			}
		})
	}
	// Under the WCF's rules the canter is no move.
	if err := Write(io.Discard, &Game{Moves: canter}); err == nil || !strings.Contains(err.Error(), "move 2. C6-E8-G8") {
		t.Errorf("the canter under wcf: %v", err)
	}
}

// ReadUnder plays every game by the rule set it is given: the canter of
// a game tagged AbstractPlay stops with an illegal move under the WCF's
// rules, naming its ply and text; a game without the tag reads under
// AbstractPlay's and is written with it.
func TestReadUnder(t *testing.T) {
	text := "[Rules \"AbstractPlay\"]\n\n" + apCanter + " *\n"
	_, err := ReadUnder(strings.NewReader(text), game.WCF)
	var e *Error
	if !errors.As(err, &e) || e.Line != 3 || !strings.Contains(e.Msg, "move 2. C6-E8-G8: illegal move") {
		t.Fatalf("under wcf: %v", err)
	}
	games, err := ReadUnder(strings.NewReader(apCanter+" *\n"), game.AbstractPlay)
	if err != nil || len(games) != 1 || games[0].Variant.Rules() != game.AbstractPlay || games[0].Tag("Rules") != "AbstractPlay" {
		t.Fatalf("under abstractplay: %v", err)
	}
	if games, bad, err := ReadAllUnder(strings.NewReader(text+"\n"+text), game.WCF); len(games) != 0 || len(bad) != 2 || err != nil {
		t.Errorf("ReadAllUnder: %d games, %v, %v", len(games), bad, err)
	}
}

// V14.3: in a record in text under AbstractPlay's rules, the move draw is
// the claim where it is open, the last move of the game, whose result is
// then a draw; where the claim is not open, or under the WCF's rules, it
// is an illegal move.
func TestReadDrawClaim(t *testing.T) {
	// Three times out and back: the start stands for the fourth time,
	// White to move at move 7.
	var b strings.Builder
	for n := 1; n <= 6; n += 2 {
		fmt.Fprintf(&b, "%d. C6-E8 C11-E9 %d. E8-C6 E9-C11 ", n, n+1)
	}
	shuffle := b.String()
	ap := "[Rules \"AbstractPlay\"]\n\n"
	g := readOne(t, ap+shuffle+"7. draw 1/2-1/2")
	if len(g.Moves) != 13 || g.Moves[12].Move != game.ClaimDraw || g.Result != game.Draw.String() {
		t.Fatalf("%d moves, result %s", len(g.Moves), g.Result)
	}
	mg, err := g.Replay()
	if o := mg.Outcome(); err != nil || o.Rule != "V14" || o.Result != game.Draw || !strings.Contains(o.Reason, "fourth time") {
		t.Fatalf("replay: %v, %s", err, o)
	}
	if text := roundTrip(t, []*Game{g}); !strings.Contains(text, "7. draw 1/2-1/2") {
		t.Errorf("written:\n%s", text)
	}
	var e *Error
	for _, c := range []struct{ name, text, want string }{
		{"in any case", ap + shuffle + "7. DRAW 1/2-1/2", ""},
		{"a result other than a draw", ap + shuffle + "7. draw *", "result *, but the rules have decided the final position: 1/2-1/2 (V14"},
		{"a move after the claim", ap + shuffle + "7. draw C6-E8 *", "move 7. C6-E8: game over"},
		{"the claim not open", ap + "1. E6-G8 draw *", "move 1... draw: illegal move draw: no draw to claim"},
		{"under the WCF's rules", "1. E6-G8 draw *", "move 1... draw: illegal move draw: draws are claimed only under abstractplay rules"},
	} {
		_, err := Read(strings.NewReader(c.text))
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if !errors.As(err, &e) || !strings.Contains(e.Msg, c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
