package gui

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/record"
)

// The 2009 championship game as the encyclopedia article prints it (a
// heading, a "White: … Black: …" line, glyphs, "1–0 (Black ?)") loads as
// one game: the moves of the PGN record, won by White as the record says.
func TestLoadRecordFromArticle(t *testing.T) {
	article, err := os.ReadFile(filepath.Join("..", "testdata", "games", "nolan-troyka-2009-article.txt"))
	if err != nil {
		t.Fatal(err)
	}
	pgn, err := os.ReadFile(filepath.Join("..", "testdata", "games", "nolan-troyka-2009.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, noEngine...)
	fromPGN := doState(t, s, "POST", "/api/games/"+newHumanGame(t, s, "").ID+"/record", string(pgn), http.StatusOK)
	id := newHumanGame(t, s, "").ID
	st := doState(t, s, "POST", "/api/games/"+id+"/record", string(article), http.StatusOK)
	if st.Plies != 59 || len(st.Moves) != 59 || !sameGame(st, fromPGN) {
		t.Fatalf("loaded %d plies ending in %s, want the 59 of the PGN record ending in %s", st.Plies, st.CFEN, fromPGN.CFEN)
	}
	if !st.Outcome.Over || st.Outcome.Result != "1-0" || !strings.HasPrefix(st.Outcome.Reason, "record: ") {
		t.Errorf("outcome %+v, want 1-0 by the record", st.Outcome)
	}
	checkConsistent(t, s, id)

	// Saved again, it is the same game in ASCII.
	code, data := do(t, s, "GET", "/api/games/"+id+"/record", "")
	games, err := record.Read(strings.NewReader(string(data)))
	if code != http.StatusOK || err != nil || len(games) != 1 || len(games[0].Moves) != 59 || games[0].Result != "1-0" {
		t.Fatalf("saved record: status %d, %d games, %v:\n%s", code, len(games), err, data)
	}
	if strings.ContainsRune(string(data), '–') {
		t.Errorf("saved record has an en dash:\n%s", data)
	}
}

// V13: the page's record loader takes AbstractPlay's JSON records: a Cam
// game with its moves written AbstractPlay's way (V12) loads on the Cam
// board, its moves in R3's notation, won as the rules and the record say.
func TestLoadAbstractPlayRecord(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "record", "testdata", "abstractplay", "cam-strings.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, noEngine...)
	id := newHumanGame(t, s, "").ID
	st := doState(t, s, "POST", "/api/games/"+id+"/record", string(data), http.StatusOK)
	if st.Plies != 53 || len(st.Moves) != 53 || st.Moves[0].Text != "B5-D3" || !st.Outcome.Over || st.Outcome.Result != "1-0" {
		t.Fatalf("loaded %d plies %v, outcome %+v", st.Plies, st.Moves[:min(3, len(st.Moves))], st.Outcome)
	}
	checkConsistent(t, s, id)
	bad := `{"header": {"game": {"name": "Camelot"}, "players": [{"name": "A"}, {"name": "B"}]}, "moves": [["e6^e8", "e11^^g9"]]}`
	code, body := do(t, s, "POST", "/api/games/"+id+"/record", bad)
	if code != http.StatusBadRequest || !strings.Contains(string(body), "round 1, seat 2 (black)") {
		t.Errorf("malformed record: status %d, %s", code, body)
	}
}
