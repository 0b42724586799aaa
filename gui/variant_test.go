package gui

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	rules "github.com/camelot-engine/camelot/game"
)

// Positions of the variants' tests (V6).
const (
	// Camette: White's Man on C6 steps into Black's one-square castle C7
	// and wins (V5); Black's Man on A3 is far away.
	cametteCastleCFEN = "1/1M1/5/5/m4/3/1 w 0/0 0 1"
	// Camette: White's Man on B4 must jump Black's last piece, B5, to B6,
	// and wins with one piece left (V5).
	cametteCaptureAllCFEN = "1/3/1m3/1M3/5/3/1 w 0/0 0 1"
)

func getBoard(t *testing.T, s *Server, query string) boardInfo {
	t.Helper()
	code, data := do(t, s, "GET", "/api/board"+query, "")
	if code != http.StatusOK {
		t.Fatalf("GET /api/board%s: status %d: %s", query, code, data)
	}
	var b boardInfo
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// GET /api/board gives each variant's board (V2): its name, its squares,
// files, ranks and castles, and the list of variants.
func TestBoardVariants(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, c := range []struct {
		query, variant, title, files string
		ranks, squares               int
		white, black                 []string
	}{
		{"", "camelot", "Camelot", "ABCDEFGHIJKL", 16, 160, []string{"F1", "G1"}, []string{"F16", "G16"}},
		{"?variant=camelot", "camelot", "Camelot", "ABCDEFGHIJKL", 16, 160, []string{"F1", "G1"}, []string{"F16", "G16"}},
		{"?variant=cam", "cam", "Cam", "ABCDEFG", 13, 67, []string{"D1"}, []string{"D13"}},
		{"?variant=CAM", "cam", "Cam", "ABCDEFG", 13, 67, []string{"D1"}, []string{"D13"}},
		{"?variant=Camette", "camette", "Camette", "ABCDE", 7, 23, []string{"C1"}, []string{"C7"}},
		{"?variant=chivalry", "chivalry", "Chivalry", "ABCDEFGHIJKLMN", 16, 176, []string{"G1", "H1"}, []string{"G16", "H16"}},
		// River's 160 squares less its 24 river squares (V9).
		{"?variant=river", "river", "River Camelot", "ABCDEFGHIJKL", 16, 136, []string{"F1", "G1"}, []string{"F16", "G16"}},
		{"?variant=Anti-River", "anti-river", "Anti-River", "ABCDEFGHIJKL", 16, 136, []string{"F1", "G1"}, []string{"F16", "G16"}},
		{"?variant=anti-camette", "anti-camette", "Anti-Camette", "ABCDE", 7, 23, []string{"C1"}, []string{"C7"}},
	} {
		b := getBoard(t, s, c.query)
		if b.Variant != c.variant || b.Title != c.title || b.Files != c.files || b.Ranks != c.ranks {
			t.Errorf("%q: variant %q title %q files %q ranks %d", c.query, b.Variant, b.Title, b.Files, b.Ranks)
		}
		if len(b.Squares) != c.squares {
			t.Errorf("%q: %d squares, want %d", c.query, len(b.Squares), c.squares)
		}
		if !slices.Equal(b.Castles["white"], c.white) || !slices.Equal(b.Castles["black"], c.black) {
			t.Errorf("%q: castles %v", c.query, b.Castles)
		}
		for _, name := range b.Squares {
			if !strings.ContainsRune(b.Files, rune(name[0])) {
				t.Errorf("%q: square %s is on no file of %q", c.query, name, b.Files)
			}
		}
		want := []variantJSON{{"camelot", "Camelot", true}, {"cam", "Cam", true}, {"camette", "Camette", true}, {"chivalry", "Chivalry", true},
			{"river", "River Camelot", true},
			{"anti-camelot", "Anti-Camelot", true}, {"anti-cam", "Anti-Cam", true}, {"anti-camette", "Anti-Camette", true}, {"anti-chivalry", "Anti-Chivalry", true},
			{"anti-river", "Anti-River", true}}
		if !slices.Equal(b.Variants, want) {
			t.Errorf("%q: variants %v", c.query, b.Variants)
		}
	}
	// Cam's rank 1 is D1 alone, its widest ranks A–G (V2).
	b := getBoard(t, s, "?variant=cam")
	if b.Squares[0] != "D1" || !slices.Contains(b.Squares, "A4") || !slices.Contains(b.Squares, "G10") || slices.Contains(b.Squares, "A3") {
		t.Errorf("Cam squares %v", b.Squares)
	}
}

// An unknown variant is refused with a message everywhere a request
// names one. The game stays.
func TestVariantErrors(t *testing.T) {
	s := newTestServer(t, noEngine...)
	wantError(t, s, "GET", "/api/board?variant=shogi", "", http.StatusBadRequest, "unknown variant", "shogi", "cam")
	wantError(t, s, "POST", "/api/games", `{"variant": "shogi"}`, http.StatusBadRequest, "unknown variant", "shogi")
	wantError(t, s, "POST", "/api/games", `{"variant": 3}`, http.StatusBadRequest)
	// A CFEN of another board than the variant's is refused (V6).
	wantError(t, s, "POST", "/api/games", `{"variant": "cam", "cfen": "`+rules.StartCFEN+`"}`, http.StatusBadRequest, "Cam")
	wantError(t, s, "POST", "/api/games", `{"cfen": "`+rules.Cam.StartCFEN()+`"}`, http.StatusBadRequest)

	st := newHumanGame(t, s, "")
	id := st.ID
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	wantError(t, s, "POST", "/api/games/"+id+"/setup", `{"variant": "shogi", "cfen": "`+rules.StartCFEN+`"}`, http.StatusBadRequest, "unknown variant")
	wantError(t, s, "POST", "/api/games/"+id+"/setup", `{"variant": "chivalry", "cfen": "`+rules.StartCFEN+`"}`, http.StatusBadRequest, "Chivalry", "rank")
	// Without a variant a set-up is on the game's board: Cam's CFEN is no
	// Camelot position.
	wantError(t, s, "POST", "/api/games/"+id+"/setup", `{"cfen": "`+rules.Cam.StartCFEN()+`"}`, http.StatusBadRequest)
	wantError(t, s, "POST", "/api/games/"+id+"/record", "[Variant \"Chivalry\"]\n\n1. A1-A2 *\n", http.StatusBadRequest, "A1")
	wantError(t, s, "POST", "/api/games/"+id+"/record", "[Variant \"Xiangqi\"]\n\n*\n", http.StatusBadRequest)
	if now := checkConsistent(t, s, id); !sameGame(now, st) || now.Variant != "camelot" {
		t.Errorf("refused requests changed the game: %+v", now)
	}
}

// A Cam game: the State names its variant, lists the rules' moves on Cam's
// board, plays them, and its record carries the Variant tag (V8).
func TestCamGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := doState(t, s, "POST", "/api/games", `{"variant": "Cam"}`, http.StatusCreated)
	if st.Variant != "cam" || st.CFEN != rules.Cam.StartCFEN() || st.Side != "white" {
		t.Fatalf("new Cam game: variant %q cfen %q side %s", st.Variant, st.CFEN, st.Side)
	}
	if len(st.Board) != 14 || st.Board["C4"] != "N" || st.Board["E10"] != "n" || st.Board["D5"] != "M" {
		t.Errorf("Cam start board %v", st.Board)
	}
	id := st.ID
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
	checkConsistent(t, s, id)
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "d5-d6"}`, http.StatusOK)
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "D9-D8"}`, http.StatusOK)
	if st.Variant != "cam" || st.Plies != 2 || st.Board["D6"] != "M" || st.Board["D8"] != "m" {
		t.Fatalf("after two moves: %+v", st)
	}
	checkConsistent(t, s, id)
	// A Camelot move text on Cam's board is no move.
	wantError(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusBadRequest)

	// Undo, then the record: its Variant tag, and loaded into a game of
	// Camelot it makes that game a Cam game.
	doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 1}`, http.StatusOK)
	code, data := do(t, s, "GET", "/api/games/"+id+"/record", "")
	rec := string(data)
	if code != http.StatusOK || !strings.Contains(rec, `[Variant "Cam"]`) || !strings.Contains(rec, "D5-D6") {
		t.Fatalf("record %d:\n%s", code, rec)
	}
	other := newHumanGame(t, s, "")
	loaded := doState(t, s, "POST", "/api/games/"+other.ID+"/record", rec, http.StatusOK)
	if loaded.Variant != "cam" || loaded.Plies != 1 || loaded.Moves[0].Text != "D5-D6" {
		t.Fatalf("loaded record: variant %q plies %d", loaded.Variant, loaded.Plies)
	}
	checkConsistent(t, s, other.ID)
	// And a Camelot record makes it a Camelot game again.
	back := doState(t, s, "POST", "/api/games/"+other.ID+"/record", "1. E6-G8 *\n", http.StatusOK)
	if back.Variant != "camelot" || back.Plies != 1 {
		t.Fatalf("Camelot record: variant %q plies %d", back.Variant, back.Plies)
	}

	// A set-up names its variant, or keeps the game's.
	st = doState(t, s, "POST", "/api/games/"+id+"/setup", `{"variant": "camette", "cfen": "`+cametteCastleCFEN+`"}`, http.StatusOK)
	if st.Variant != "camette" || st.CFEN != cametteCastleCFEN {
		t.Fatalf("set-up of Camette: %q %q", st.Variant, st.CFEN)
	}
	st = doState(t, s, "POST", "/api/games/"+id+"/setup", `{"cfen": "`+rules.Camette.StartCFEN()+`"}`, http.StatusOK)
	if st.Variant != "camette" || st.CFEN != rules.Camette.StartCFEN() {
		t.Fatalf("set-up on the game's board: %q %q", st.Variant, st.CFEN)
	}
}

// Camette's game ends by V5: one piece in the one-square castle wins, and
// so does capturing every enemy piece with one piece left.
func TestCametteEnds(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, c := range []struct{ cfen, move, reason string }{
		{cametteCastleCFEN, "C6-C7", "V5: white has a piece in black's castle"},
		{cametteCaptureAllCFEN, "B4xB6", "V5: white has captured all of black's pieces"},
	} {
		st := doState(t, s, "POST", "/api/games", `{"variant": "camette", "cfen": "`+c.cfen+`"}`, http.StatusCreated)
		doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
		st = doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "`+c.move+`"}`, http.StatusOK)
		if !st.Outcome.Over || st.Outcome.Result != "1-0" || st.Outcome.Reason != c.reason || len(st.Legal) != 0 {
			t.Errorf("%s %s: outcome %+v, %d legal moves", c.cfen, c.move, st.Outcome, len(st.Legal))
		}
		code, data := do(t, s, "GET", "/api/games/"+st.ID+"/record", "")
		if code != http.StatusOK || !strings.Contains(string(data), `[Variant "Camette"]`) || !strings.Contains(string(data), "1-0") {
			t.Errorf("record %d:\n%s", code, data)
		}
	}
}

// The engine is told the game's variant before it searches (V7), and a
// restarted engine is told again; its move is one of the variant's.
func TestEngineGetsVariant(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "setoption.log")
	t.Setenv(fakeMarkEnv, filepath.Join(dir, "crashed"))
	t.Setenv(fakeLogEnv, log)
	s := newTestServer(t, fakeEngine(t, "crash-once")...)
	st := doState(t, s, "POST", "/api/games", `{"variant": "cam"}`, http.StatusCreated)
	ev := openEvents(t, s, st.ID)
	doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "D5-D6"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "the engine event", func(e event) bool { return e.name == "engine" })
	ev.waitFor(t, 20*time.Second, "the move of the restarted engine", stateEvent(func(s State) bool { return s.Plies == 2 && !s.Thinking }))
	end := checkConsistent(t, s, st.ID)
	if end.Variant != "cam" {
		t.Errorf("variant %q", end.Variant)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "setoption name UCI_Variant value cam\n"); n != 2 {
		t.Errorf("UCI_Variant cam sent %d times to the two processes, want 2:\n%s", n, data)
	}

	// Back to Camelot: the running engine is told so.
	doState(t, s, "POST", "/api/games/"+st.ID+"/setup", `{"variant": "camelot", "cfen": "`+rules.StartCFEN+`"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "the engine's Camelot move", stateEvent(func(s State) bool { return s.Variant == "camelot" && s.Plies == 2 && !s.Thinking }))
	checkConsistent(t, s, st.ID)
	data, _ = os.ReadFile(log)
	if !strings.Contains(string(data), "setoption name UCI_Variant value camelot\n") {
		t.Errorf("UCI_Variant camelot not sent:\n%s", data)
	}
}

// An engine without UCI_Variant plays Camelot only: asked to play Cam it
// is reported, not fed a position of another board.
func TestEngineWithoutVariant(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "camelot-only")...)
	st := doState(t, s, "POST", "/api/games", `{"variant": "cam"}`, http.StatusCreated)
	ev := openEvents(t, s, st.ID)
	doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "D5-D6"}`, http.StatusOK)
	e := ev.waitFor(t, 20*time.Second, "the error event", func(e event) bool { return e.name == "error" })
	if !strings.Contains(e.data, "does not play Cam") {
		t.Errorf("error %s", e.data)
	}
	if end := checkConsistent(t, s, st.ID); end.Plies != 1 || end.Thinking {
		t.Errorf("after the refusal: %d plies, thinking %v", end.Plies, end.Thinking)
	}
}

// "Analyse game" judges a Cam game's moves on Cam's board.
func TestCamAnalyseGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := doState(t, s, "POST", "/api/games", `{"variant": "cam"}`, http.StatusCreated)
	id := st.ID
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "D5-D6"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "D9-D8"}`, http.StatusOK)
	ev := openEvents(t, s, id)
	if code, data := do(t, s, "POST", "/api/games/"+id+"/analyse-game", `{"movetime": 10}`); code != http.StatusAccepted {
		t.Fatalf("analyse-game: %d %s", code, data)
	}
	e := ev.waitFor(t, 60*time.Second, "the analysis result", func(e event) bool {
		return e.name == "error" || e.name == "analysis" && strings.Contains(e.data, `"moves"`)
	})
	var res analysisEvent
	if err := json.Unmarshal([]byte(e.data), &res); err != nil || e.name != "analysis" {
		t.Fatalf("%s %s (%v)", e.name, e.data, err)
	}
	if res.Done != res.Total || len(res.Moves) != 2 || res.Moves[0].Move != "D5-D6" {
		t.Errorf("analysis %s", e.data)
	}
}

// A game of Chivalry over the API: its 132 moves from the start (V3,
// perft 1), a move to file M, the record with its tag (V8).
func TestChivalryGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := doState(t, s, "POST", "/api/games", `{"variant": "chivalry"}`, http.StatusCreated)
	st = doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
	if st.Variant != "chivalry" || len(st.Legal) != 132 {
		t.Fatalf("new Chivalry game: variant %q, %d legal moves, want chivalry and 132", st.Variant, len(st.Legal))
	}
	st = doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "l7-m8"}`, http.StatusOK)
	if st.Variant != "chivalry" || !strings.Contains(st.CFEN, "/12N1/") {
		t.Errorf("after L7-M8: %+v", st)
	}
	code, data := do(t, s, "GET", "/api/games/"+st.ID+"/record", "")
	if code != http.StatusOK || !strings.Contains(string(data), `[Variant "Chivalry"]`) || !strings.Contains(string(data), "1. L7-M8") {
		t.Errorf("record: status %d\n%s", code, data)
	}
}
