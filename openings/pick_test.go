package openings

import (
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

const afterE6G8 = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1"

// pilot is a match record of two openings, each played twice with colours
// swapped, in the form camelot match writes.
const pilot = `[Event "camelot match"]
[White "strong"]
[Black "weak"]
[Result "1-0"]

1. E6-G8 1-0

[Event "camelot match"]
[White "weak"]
[Black "strong"]
[Result "1/2-1/2"]

1. E6-G8 1/2-1/2

[Event "camelot match"]
[White "strong"]
[Black "weak"]
[Result "0-1"]
[CFEN "` + afterE6G8 + `"]

1... C11-E9 0-1

[Event "camelot match"]
[White "weak"]
[Black "strong"]
[Result "1-0"]
[CFEN "` + afterE6G8 + `"]

1... C11-E9 1-0
`

func readPilot(t *testing.T, text string) []*record.Game {
	t.Helper()
	games, err := record.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// Games are grouped by their start position, in the order they first
// appear, and the player's points add up from either colour.
func TestPilotPairs(t *testing.T) {
	pairs, err := PilotPairs(readPilot(t, pilot), "strong")
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 2 {
		t.Fatalf("%d pairs, want 2", len(pairs))
	}
	if pairs[0].Start.CFEN() != game.StartCFEN || pairs[0].Games != 2 || pairs[0].Score != 1.5 {
		t.Errorf("first pair %s: %d games, %.1f points; want the start, 2, 1.5", pairs[0].Start.CFEN(), pairs[0].Games, pairs[0].Score)
	}
	if pairs[1].Start.CFEN() != afterE6G8 || pairs[1].Games != 2 || pairs[1].Score != 0 {
		t.Errorf("second pair %s: %d games, %.1f points; want %s, 2, 0", pairs[1].Start.CFEN(), pairs[1].Games, pairs[1].Score, afterE6G8)
	}
	weak, _ := PilotPairs(readPilot(t, pilot), "weak")
	if weak[0].Score != 0.5 || weak[1].Score != 2 {
		t.Errorf("weak scored %.1f and %.1f, want 0.5 and 2", weak[0].Score, weak[1].Score)
	}

	kept := Pick(pairs, 1.5, 10)
	if len(kept) != 1 || kept[0].CFEN() != game.StartCFEN {
		t.Errorf("Pick(1.5) kept %d openings, want the start alone", len(kept))
	}
	if got := Pick(pairs, 0, 1); len(got) != 1 {
		t.Errorf("Pick(0, count 1) kept %d", len(got))
	}
	if got := Pick(pairs[:1], 2, 10); len(got) != 0 {
		t.Errorf("Pick(2) kept a 1.5-point pair")
	}
}

// An opening played once (an unfinished pilot) is never kept.
func TestPickNeedsTwoGames(t *testing.T) {
	games := readPilot(t, pilot)[:1]
	pairs, err := PilotPairs(games, "strong")
	if err != nil || len(pairs) != 1 || pairs[0].Games != 1 {
		t.Fatalf("%v, %+v", err, pairs)
	}
	if got := Pick(pairs, 0, 10); len(got) != 0 {
		t.Errorf("kept an opening of one game")
	}
}

// Records that are not a pilot of the named player are errors naming the game.
func TestPilotPairsErrors(t *testing.T) {
	for _, tc := range []struct{ text, player, want string }{
		{pilot, "nobody", "game 1: strong against weak: want nobody on exactly one side"},
		{strings.NewReplacer(`[Result "1/2-1/2"]`, `[Result "*"]`, "E6-G8 1/2-1/2", "E6-G8 *").Replace(pilot), "strong", "game 2: result"},
		{strings.Replace(pilot, `[Black "weak"]`, `[Black "strong"]`, 1), "strong", "game 1: strong against strong"},
	} {
		_, err := PilotPairs(readPilot(t, tc.text), tc.player)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want one containing %q", err, tc.want)
		}
	}
}
