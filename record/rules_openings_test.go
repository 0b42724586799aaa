package record

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// TestClaimAsFirstMove: a game whose only move is the claim (V14.3), as
// a match writes one from an opening already 50 plies without progress,
// reads back as written.
func TestClaimAsFirstMove(t *testing.T) {
	const text = "[Variant \"Camelot\"]\n[Rules \"AbstractPlay\"]\n" +
		"[CFEN \"2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 50 30\"]\n\n30. draw 1/2-1/2\n"
	games, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || len(games[0].Moves) != 1 || !games[0].Moves[0].Move.IsClaim() || games[0].Result != "1/2-1/2" {
		t.Fatalf("read %+v", games)
	}
	if games[0].Variant.Rules() != game.AbstractPlay {
		t.Errorf("rules %s", games[0].Variant.Rules())
	}
	var b strings.Builder
	if err := Write(&b, games[0]); err != nil {
		t.Fatal(err)
	}
	again, err := Read(strings.NewReader(b.String()))
	if err != nil || len(again) != 1 || len(again[0].Moves) != 1 || !again[0].Moves[0].Move.IsClaim() {
		t.Fatalf("written %q, read back %+v (%v)", b.String(), again, err)
	}
}

// TestOpeningsUnderRules: a game-record openings file of the same board
// serves either rule set, its moves played again under the caller's; one
// those rules forbid is refused, naming the ply.
func TestOpeningsUnderRules(t *testing.T) {
	const text = "[Event \"o\"]\n[Rules \"AbstractPlay\"]\n\n1. E7-F8 D11-D9 *\n\n"
	for _, r := range game.AllRules() {
		ops, err := ReadOpeningsOf(strings.NewReader(text), Camelot.WithRules(r))
		if err != nil || len(ops) != 1 || ops[0].Position().Variant() != Camelot.WithRules(r) || len(ops[0].Moves) != 2 {
			t.Fatalf("%s: %+v, %v", r, ops, err)
		}
	}
	const canter = "[Event \"c\"]\n[Rules \"AbstractPlay\"]\n\n1. E7-F8 D11-D9 2. C6-E8-G8 *\n\n"
	if ops, err := ReadOpeningsOf(strings.NewReader(canter), Camelot.WithRules(game.AbstractPlay)); err != nil || len(ops) != 1 {
		t.Fatalf("abstractplay: %v", err)
	}
	if _, err := ReadOpeningsOf(strings.NewReader(canter), Camelot); err == nil || !strings.Contains(err.Error(), "ply 3") {
		t.Errorf("wcf: the canter of V14.1 accepted, or the error does not name ply 3: %v", err)
	}
}

// TestOpeningsFromAbstractPlay: an AbstractPlay record is an opening, its
// moves replayed under the caller's rules: the canter of V14.1 and the
// play past 100 plies under abstractplay; under wcf the canter is refused.
func TestOpeningsFromAbstractPlay(t *testing.T) {
	for _, tc := range []struct {
		file  string
		plies int
	}{
		{"testdata/abstractplay/camelot-canter-final-landing.json", 3},
		{"testdata/abstractplay/camelot-past-100-plies.json", 121},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		ops, err := ReadOpeningsOf(bytes.NewReader(data), Camelot.WithRules(game.AbstractPlay))
		if err != nil || len(ops) != 1 || len(ops[0].Moves) != tc.plies || ops[0].Position().Outcome().IsOver() {
			t.Fatalf("%s: %d openings, %v", tc.file, len(ops), err)
		}
	}
	data, _ := os.ReadFile("testdata/abstractplay/camelot-canter-final-landing.json")
	if _, err := ReadOpeningsOf(bytes.NewReader(data), Camelot); err == nil {
		t.Error("wcf: the canter of V14.1 accepted in an opening")
	}
}
