package openings

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/record"
)

// A Camette suite names its variant in its first line and reads back on
// Camette's board, and on no other (V6, V7).
func TestGenerateVariant(t *testing.T) {
	cfg := Config{Count: 4, Seed: 3, MinPlies: 2, MaxPlies: 4, Depth: 2, MaxScore: 200,
		Threads: 1, Hash: 1, Header: []string{"a header"}, Variant: movegen.Camette}
	out := generate(t, cfg)
	if !strings.HasPrefix(out, "# Variant: Camette\n# a header\n") {
		t.Fatalf("suite:\n%s", out)
	}
	ops, err := record.ReadOpeningsOf(strings.NewReader(out), movegen.Camette)
	if err != nil || len(ops) != 4 {
		t.Fatalf("read back: %d openings, %v", len(ops), err)
	}
	for _, o := range ops {
		if o.Start.Variant != movegen.Camette {
			t.Errorf("opening %s on %s", o.Name, o.Start.Variant)
		}
	}
	if _, err := record.ReadOpeningsOf(strings.NewReader(out), movegen.Cam); err == nil || !strings.Contains(err.Error(), "line 1: the suite is of Camette, not Cam") {
		t.Errorf("read as Cam: %v", err)
	}
	body := out[strings.Index(out, "\n")+1:] // without the variant line
	if _, err := record.ReadOpeningsOf(strings.NewReader(body), movegen.Camelot); err == nil || !strings.Contains(err.Error(), "line 2: a position of Camette, not of Camelot") {
		t.Errorf("read as Camelot: %v", err)
	}
}

func TestPilotPairsVariant(t *testing.T) {
	games := pilotGames(t, "[Variant \"Cam\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. D5-D6 1-0\n\n"+
		"[Variant \"Cam\"]\n[White \"b\"]\n[Black \"a\"]\n[Result \"0-1\"]\n\n1. D5-D6 0-1\n")
	pairs, err := PilotPairs(games, "a")
	if err != nil || len(pairs) != 1 || pairs[0].Start != movegen.Cam.StartPosition() || pairs[0].Score != 2 {
		t.Fatalf("pairs %+v, %v", pairs, err)
	}
	var b strings.Builder
	WriteSuite(&b, []string{"h"}, Pick(pairs, 1.5, 10))
	if b.String() != "# Variant: Cam\n# h\n"+movegen.Cam.StartCFEN()+"\n" {
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
