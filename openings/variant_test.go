package openings

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// A Camette suite names its variant in its first line and reads back on
// Camette's board, and on no other (V6, V7).
func TestGenerateVariant(t *testing.T) {
	cfg := Config{Count: 4, Seed: 3, MinPlies: 2, MaxPlies: 4, Depth: 2, MaxScore: 200,
		Threads: 1, Hash: 1, Header: []string{"a header"}, Variant: game.Camette}
	out := generate(t, cfg)
	if !strings.HasPrefix(out, "# Variant: Camette\n# a header\n") {
		t.Fatalf("suite:\n%s", out)
	}
	ops, err := record.ReadOpeningsOf(strings.NewReader(out), game.Camette)
	if err != nil || len(ops) != 4 {
		t.Fatalf("read back: %d openings, %v", len(ops), err)
	}
	for _, o := range ops {
		if o.Start.Variant() != game.Camette {
			t.Errorf("opening %s on %s", o.Name, o.Start.Variant())
		}
	}
	if _, err := record.ReadOpeningsOf(strings.NewReader(out), game.Cam); err == nil || !strings.Contains(err.Error(), "line 1: the suite is of Camette, not Cam") {
		t.Errorf("read as Cam: %v", err)
	}
	body := out[strings.Index(out, "\n")+1:] // without the variant line
	if _, err := record.ReadOpeningsOf(strings.NewReader(body), game.Camelot); err == nil || !strings.Contains(err.Error(), "line 2: a position of Camette, not of Camelot") {
		t.Errorf("read as Camelot: %v", err)
	}
}

// Every board's suite is made, written and read back by the same code.
func TestGenerateEveryBoard(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			cfg := Config{Count: 2, Seed: 5, MinPlies: 2, MaxPlies: 4, Depth: 1, MaxScore: 1000,
				Threads: 2, Hash: 1, Variant: v}
			out := generate(t, cfg)
			if (v != game.Camelot) != strings.HasPrefix(out, "# "+record.VariantComment(v)+"\n") {
				t.Fatalf("suite:\n%s", out)
			}
			ops, err := record.ReadOpeningsOf(strings.NewReader(out), v)
			if err != nil || len(ops) != 2 {
				t.Fatalf("read back: %d openings, %v", len(ops), err)
			}
			for _, o := range ops {
				p := o.Position()
				if p.Variant() != v || p.Outcome().IsOver() || p.CFEN() == v.StartCFEN() {
					t.Errorf("opening %s: %s of %s", o.Name, p.CFEN(), p.Variant())
				}
			}
			// A pilot match of the first opening, played twice.
			text := ""
			for i, r := range []string{"1-0", "0-1"} {
				w, b := "a", "b"
				if i == 1 {
					w, b = b, w
				}
				text += "[White \"" + w + "\"]\n[Black \"" + b + "\"]\n[Result \"" + r + "\"]\n[Variant \"" + v.Title() + "\"]\n[CFEN \"" + ops[0].Start.CFEN() + "\"]\n\n" + r + "\n\n"
			}
			pairs, err := PilotPairs(pilotGames(t, text), "a")
			if err != nil || len(pairs) != 1 || pairs[0].Start.CFEN() != ops[0].Start.CFEN() || pairs[0].Score != 2 {
				t.Fatalf("pairs %+v, %v", pairs, err)
			}
		})
	}
}

func TestPilotPairsVariant(t *testing.T) {
	games := pilotGames(t, "[Variant \"Cam\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. D5-D6 1-0\n\n"+
		"[Variant \"Cam\"]\n[White \"b\"]\n[Black \"a\"]\n[Result \"0-1\"]\n\n1. D5-D6 0-1\n")
	pairs, err := PilotPairs(games, "a")
	if err != nil || len(pairs) != 1 || pairs[0].Start.CFEN() != boards.StartPosition(game.Cam).CFEN() || pairs[0].Score != 2 {
		t.Fatalf("pairs %+v, %v", pairs, err)
	}
	var b strings.Builder
	WriteSuite(&b, []string{"h"}, Pick(pairs, 1.5, 10))
	if b.String() != "# Variant: Cam\n# h\n"+game.Cam.StartCFEN()+"\n" {
		t.Errorf("suite:\n%s", b.String())
	}
	mixed := pilotGames(t, "[Variant \"Cam\"]\n[White \"a\"]\n[Black \"b\"]\n\n1-0\n\n[White \"b\"]\n[Black \"a\"]\n\n0-1\n")
	if _, err := PilotPairs(mixed, "a"); err == nil || !strings.Contains(err.Error(), "game 2: a game of Camelot, game 1 is of Cam") {
		t.Errorf("mixed boards: %v", err)
	}
}

func pilotGames(t *testing.T, text string) []*record.Game {
	t.Helper()
	games, err := record.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return games
}
