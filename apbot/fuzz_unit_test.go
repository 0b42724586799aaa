package apbot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
)

// FuzzDecodeWebhook: no body makes the decoder panic, and a body it takes
// has a known verb and, for a move, a game id and moves.
func FuzzDecodeWebhook(f *testing.F) {
	for _, s := range []string{
		`{"verb":"challenge","metaGame":"camelot","variants":["river","anti"],"clockStart":72,"clockInc":24,"clockMax":168,"challengers":["a"]}`,
		unitMoveBody("g", `[]`, `[["e7-f8","d11-d9"],["c6^e8^g8"]]`),
		`{"verb":"move","metaGame":"camelot","variants":null,"gameid":"g","moves":[[null]]}`,
		`{"verb":7}`, `[]`, `{"verb":"move"} x`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		w, err := decodeWebhook(body)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("a reason of two lines: %q", err)
			}
			return
		}
		switch w.Verb {
		case verbChallenge:
		case verbMove:
			if w.GameID == nil || *w.GameID == "" || !w.hasMoves {
				t.Errorf("a move without its game or moves: %s", body)
			}
		default:
			t.Errorf("verb %q taken", w.Verb)
		}
		if w.MetaGame == nil {
			t.Errorf("no metaGame: %s", body)
		}
	})
}

// FuzzReplay: no history makes the replay panic, and a history it takes
// is the game's moves, each written back as AbstractPlay writes it and
// read again to the same position.
func FuzzReplay(f *testing.F) {
	for _, c := range [][2]string{
		{"", `[["e7-f8","d11-d9"],["c6^e8^g8"]]`},
		{"river", `[["c2,d2,i2","c15,d15,i15"],["e7-f8"]]`},
		{"anti,cam", `[["d6-d7"]]`},
		{"camette", `[["c4-c5","c9-c8"]]`},
		{"chivalry", `[[]]`},
		{"", `[["e7-f8"],["d11-d9"]]`},
		{"", `[["draw"]]`},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, variants, history string) {
		var codes []string
		if variants != "" {
			codes = strings.Split(variants, ",")
		}
		v, err := variantOf(codes)
		if err != nil {
			return
		}
		var rounds [][]string
		if json.Unmarshal([]byte(history), &rounds) != nil {
			return
		}
		g, err := replay(v, rounds)
		if err != nil {
			if _, ok := err.(*replayError); !ok {
				t.Errorf("an error not naming round and seat: %v", err)
			}
			return
		}
		n := 0
		for _, r := range rounds {
			n += len(r)
		}
		if len(g.Moves()) != n {
			t.Fatalf("%d moves played of %d", len(g.Moves()), n)
		}
		again := boards.NewGame(v)
		for _, m := range g.Moves() {
			text := again.Position().AbstractPlayText(m)
			got, err := again.PlayText(text)
			if err != nil || got != m && !(m.IsClaim() && got.IsClaim()) {
				t.Fatalf("%q read back as %v, %v", text, got, err)
			}
		}
		if again.Position().CFEN() != g.Position().CFEN() {
			t.Errorf("positions differ")
		}
	})
}
