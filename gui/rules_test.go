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

// Camelot's start with its ply count (CFEN field 4) at the given number of
// plies without progress: under abstractplay the claim is open from 50
// (V14.3), under wcf 100 is a draw (R16).
const (
	startAt49Plies = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 49 30"
	startAt50Plies = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 50 30"
	startAt99Plies = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 99 30"
)

// newRulesGame creates a game of nobody against nobody from the body of a
// new-game request.
func newRulesGame(t *testing.T, s *Server, body string) State {
	t.Helper()
	st := doState(t, s, "POST", "/api/games", body, http.StatusCreated)
	return doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
}

// V14: a new game is played by the rule set its request names, in any
// case, the WCF's by default; its State says which, a set-up keeps it
// unless told otherwise, and the board lists both rule sets.
func TestRulesNewGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, c := range []struct{ body, variant, rules string }{
		{`{}`, "camelot", "wcf"},
		{`{"rules": "wcf"}`, "camelot", "wcf"},
		{`{"rules": "abstractplay"}`, "camelot", "abstractplay"},
		{`{"rules": "AbstractPlay", "variant": "Cam"}`, "cam", "abstractplay"},
		{`{"rules": "WCF", "variant": "anti-river"}`, "anti-river", "wcf"},
	} {
		st := doState(t, s, "POST", "/api/games", c.body, http.StatusCreated)
		if st.Variant != c.variant || st.Rules != c.rules || st.ClaimOpen {
			t.Errorf("%s: variant %q rules %q claimOpen %v, want %s under %s", c.body, st.Variant, st.Rules, st.ClaimOpen, c.variant, c.rules)
		}
		if got := doState(t, s, "GET", "/api/games/"+st.ID, "", http.StatusOK); got.Rules != c.rules {
			t.Errorf("%s: GET reports rules %q", c.body, got.Rules)
		}
	}

	st := newRulesGame(t, s, `{"rules": "abstractplay"}`)
	id := st.ID
	// A set-up keeps the game's rules; with rules, it changes them.
	if st = doState(t, s, "POST", "/api/games/"+id+"/setup", `{"cfen": "`+rules.Cam.StartCFEN()+`", "variant": "cam"}`, http.StatusOK); st.Variant != "cam" || st.Rules != "abstractplay" {
		t.Errorf("set-up of Cam: %s under %s", st.Variant, st.Rules)
	}
	if st = doState(t, s, "POST", "/api/games/"+id+"/setup", `{"cfen": "`+rules.StartCFEN+`", "variant": "camelot", "rules": "wcf"}`, http.StatusOK); st.Variant != "camelot" || st.Rules != "wcf" {
		t.Errorf("set-up under wcf: %s under %s", st.Variant, st.Rules)
	}

	b := getBoard(t, s, "?variant=cam&rules=abstractplay")
	if want := []rulesJSON{{"wcf", "WCF"}, {"abstractplay", "AbstractPlay"}}; !slices.Equal(b.Rules, want) || b.Variant != "cam" {
		t.Errorf("board %s lists rules %v, want %v", b.Variant, b.Rules, want)
	}
}

// A rules value that names no rule set is a 400 whose one-line error
// names it, wherever a request gives one; the game stays as it was.
func TestRulesErrors(t *testing.T) {
	s := newTestServer(t, noEngine...)
	wantError(t, s, "POST", "/api/games", `{"rules": "fide"}`, http.StatusBadRequest, "rules", `"fide"`, "wcf or abstractplay")
	wantError(t, s, "POST", "/api/games", `{"rules": "Abstract Play", "variant": "cam"}`, http.StatusBadRequest, "rules", `"Abstract Play"`)
	wantError(t, s, "POST", "/api/games", `{"rules": 2}`, http.StatusBadRequest, "rules")
	wantError(t, s, "GET", "/api/board?rules=wfc", "", http.StatusBadRequest, "rules", `"wfc"`)
	st := newRulesGame(t, s, `{"rules": "abstractplay"}`)
	wantError(t, s, "POST", "/api/games/"+st.ID+"/setup", `{"cfen": "`+rules.StartCFEN+`", "rules": "none"}`, http.StatusBadRequest, "rules", `"none"`)
	e := wantError(t, s, "POST", "/api/games", `{"rules": "`+strings.Repeat("z", 500)+`\n"}`, http.StatusBadRequest, "rules")
	if strings.Contains(e, "\n") || len(e) > 300 {
		t.Errorf("error of %d bytes, or not one line: %q", len(e), e)
	}
	if now := checkConsistent(t, s, st.ID); now.Rules != "abstractplay" || now.Plies != 0 {
		t.Errorf("refused requests changed the game: %+v", now)
	}
}

// V14.3: under abstractplay the side to move may play `draw` once 50
// plies have passed without progress, which ends the game drawn; before
// that, and under wcf always, `draw` is refused with the reason.
func TestClaimDraw(t *testing.T) {
	s := newTestServer(t, noEngine...)
	wcf := newRulesGame(t, s, `{"cfen": "`+startAt50Plies+`"}`)
	if wcf.ClaimOpen {
		t.Error("claimOpen under wcf")
	}
	wantError(t, s, "POST", "/api/games/"+wcf.ID+"/move", `{"move": "draw"}`, http.StatusBadRequest, "abstractplay", "R16")

	st := newRulesGame(t, s, `{"rules": "abstractplay", "cfen": "`+startAt49Plies+`"}`)
	id := st.ID
	if st.ClaimOpen {
		t.Error("claimOpen after 49 plies")
	}
	wantError(t, s, "POST", "/api/games/"+id+"/move", `{"move": "draw"}`, http.StatusBadRequest, "no draw to claim", "49 of 50")
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	if !st.ClaimOpen || st.Side != "black" || st.Outcome.Over {
		t.Fatalf("after 50 plies: claimOpen %v, %s to move, outcome %+v", st.ClaimOpen, st.Side, st.Outcome)
	}
	if back := doState(t, s, "GET", "/api/games/"+id+"?ply=0", "", http.StatusOK); back.ClaimOpen || back.Ply != 0 {
		t.Errorf("viewed at ply 0: claimOpen %v", back.ClaimOpen)
	}
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "DRAW"}`, http.StatusOK)
	if !st.Outcome.Over || st.Outcome.Result != "1/2-1/2" || !strings.HasPrefix(st.Outcome.Reason, "V14: draw") {
		t.Errorf("after the claim: outcome %+v", st.Outcome)
	}
	if st.Plies != 2 || st.Moves[1].Text != "draw" || len(st.Moves[1].Legs) != 0 || len(st.Legal) != 0 || st.ClaimOpen {
		t.Errorf("after the claim: %d plies, moves %+v, %d legal, claimOpen %v", st.Plies, st.Moves, len(st.Legal), st.ClaimOpen)
	}
	if st.Last == nil || len(st.Last.Legs) != 0 {
		t.Errorf("last %+v", st.Last)
	}
	checkConsistent(t, s, id)
	// Viewed before the claim, the claim is open there.
	if before := doState(t, s, "GET", "/api/games/"+id+"?ply=1", "", http.StatusOK); !before.ClaimOpen {
		t.Errorf("viewed at ply 1: claimOpen %v", before.ClaimOpen)
	}
	wantError(t, s, "POST", "/api/games/"+id+"/move", `{"move": "draw"}`, http.StatusConflict, "over")
	if code, data := do(t, s, "GET", "/api/games/"+id+"/record", ""); code != http.StatusOK || !strings.Contains(string(data), "draw") || !strings.Contains(string(data), "1/2-1/2") {
		t.Errorf("record: status %d\n%s", code, data)
	}
	// Taken back, the claim is open again.
	if st = doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 1}`, http.StatusOK); st.Outcome.Over || !st.ClaimOpen || st.Plies != 1 {
		t.Errorf("after undo: outcome %+v, claimOpen %v, %d plies", st.Outcome, st.ClaimOpen, st.Plies)
	}
}

// Under abstractplay 100 plies without progress are no draw (V14.3): the
// game goes on where under wcf it ends (R16).
func TestRulesPlayPast100Plies(t *testing.T) {
	s := newTestServer(t, noEngine...)
	wcf := newRulesGame(t, s, `{"cfen": "`+startAt99Plies+`"}`)
	if st := doState(t, s, "POST", "/api/games/"+wcf.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK); !st.Outcome.Over || !strings.HasPrefix(st.Outcome.Reason, "R16") {
		t.Errorf("wcf after 100 plies: outcome %+v", st.Outcome)
	}
	ap := newRulesGame(t, s, `{"rules": "abstractplay", "cfen": "`+startAt99Plies+`"}`)
	st := doState(t, s, "POST", "/api/games/"+ap.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	if st.Outcome.Over || !st.ClaimOpen || len(st.Legal) == 0 {
		t.Fatalf("abstractplay after 100 plies: outcome %+v, claimOpen %v, %d legal", st.Outcome, st.ClaimOpen, len(st.Legal))
	}
	st = doState(t, s, "POST", "/api/games/"+ap.ID+"/move", `{"move": "`+st.Legal[0].Text+`"}`, http.StatusOK)
	if st.Plies != 2 || st.Outcome.Over || st.Rules != "abstractplay" {
		t.Errorf("abstractplay after 101 plies: %d plies, outcome %+v", st.Plies, st.Outcome)
	}
	checkConsistent(t, s, ap.ID)
}

// The engine is told the game's rules (V14) before it searches; its
// claim ends the game drawn (V14.3). An engine without the Rules option
// is reported for a game under abstractplay.
func TestEngineClaimsDraw(t *testing.T) {
	log := filepath.Join(t.TempDir(), "setoption.log")
	t.Setenv(fakeLogEnv, log)
	s := newTestServer(t, fakeEngine(t, "claim")...)
	st := doState(t, s, "POST", "/api/games", `{"rules": "abstractplay", "cfen": "`+startAt49Plies+`"}`, http.StatusCreated)
	ev := openEvents(t, s, st.ID)
	doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	e := ev.waitFor(t, 20*time.Second, "the engine's claim", stateEvent(func(s State) bool { return s.Outcome.Over && !s.Thinking }))
	end := checkConsistent(t, s, st.ID)
	if end.Plies != 2 || end.Moves[1].Text != "draw" || end.Outcome.Result != "1/2-1/2" || !strings.HasPrefix(end.Outcome.Reason, "V14: ") {
		t.Errorf("after the engine's claim: %d plies, moves %+v, outcome %+v (%s)", end.Plies, end.Moves, end.Outcome, e.data)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "setoption name Rules value abstractplay\n") || strings.Contains(string(data), "UCI_Variant") {
		t.Errorf("setoption lines:\n%s", data)
	}
}

func TestEngineWithoutRules(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "camelot-only")...)
	st := doState(t, s, "POST", "/api/games", `{"rules": "abstractplay"}`, http.StatusCreated)
	ev := openEvents(t, s, st.ID)
	doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	e := ev.waitFor(t, 20*time.Second, "the error event", func(e event) bool { return e.name == "error" })
	if !strings.Contains(e.data, "does not play AbstractPlay's rules") {
		t.Errorf("error %s", e.data)
	}
	if end := checkConsistent(t, s, st.ID); end.Plies != 1 || end.Thinking {
		t.Errorf("after the refusal: %d plies, thinking %v", end.Plies, end.Thinking)
	}
}

// V13, V14: a game loaded from an AbstractPlay record plays on under
// AbstractPlay's rules: here White's canter C6-E8-G8, legal only there
// (V14.1: E8's jump is not looked at). A game saved under abstractplay
// carries its rules, by which it is loaded again, and its claim as the
// move draw.
func TestRecordUnderRules(t *testing.T) {
	s := newTestServer(t, noEngine...)
	id := newRulesGame(t, s, `{}`).ID
	ap := `{"header": {"game": {"name": "Camelot"}, "players": [{"name": "A"}, {"name": "B"}]}, "moves": [["e7-f8", "d11-d9"]]}`
	st := doState(t, s, "POST", "/api/games/"+id+"/record", ap, http.StatusOK)
	if st.Rules != "abstractplay" || st.Plies != 2 || st.Outcome.Over {
		t.Fatalf("AbstractPlay record loaded: rules %q, %d plies, outcome %+v", st.Rules, st.Plies, st.Outcome)
	}
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "C6-E8-G8"}`, http.StatusOK)
	if st.Plies != 3 || st.Moves[2].Text != "C6-E8-G8" {
		t.Errorf("after C6-E8-G8: %d plies, %+v", st.Plies, st.Moves)
	}
	checkConsistent(t, s, id)
	// Under wcf the same move is refused (R10).
	wcf := newRulesGame(t, s, `{}`).ID
	doState(t, s, "POST", "/api/games/"+wcf+"/move", `{"move": "E7-F8"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+wcf+"/move", `{"move": "D11-D9"}`, http.StatusOK)
	wantError(t, s, "POST", "/api/games/"+wcf+"/move", `{"move": "C6-E8-G8"}`, http.StatusBadRequest)

	// Saved, the game carries its rules; loaded into a game under wcf, it
	// is played by them again.
	code, rec := do(t, s, "GET", "/api/games/"+id+"/record", "")
	if code != http.StatusOK || !strings.Contains(string(rec), `[Rules "AbstractPlay"]`) {
		t.Fatalf("record: status %d\n%s", code, rec)
	}
	st = doState(t, s, "POST", "/api/games/"+wcf+"/record", string(rec), http.StatusOK)
	if st.Rules != "abstractplay" || st.Plies != 3 || st.Moves[2].Text != "C6-E8-G8" {
		t.Errorf("the record loaded again: rules %q, moves %+v", st.Rules, st.Moves)
	}

	// Saved with a claim.
	claimed := newRulesGame(t, s, `{"rules": "abstractplay", "cfen": "`+startAt50Plies+`"}`).ID
	doState(t, s, "POST", "/api/games/"+claimed+"/move", `{"move": "draw"}`, http.StatusOK)
	code, rec = do(t, s, "GET", "/api/games/"+claimed+"/record", "")
	if code != http.StatusOK || !strings.Contains(string(rec), `[Rules "AbstractPlay"]`) || !strings.Contains(string(rec), " draw 1/2-1/2") {
		t.Fatalf("record: status %d\n%s", code, rec)
	}
}

// "Analyse game" of a game ended by a claim judges its moves; the claim,
// which moves nothing, is not one of them.
func TestAnalyseClaimedGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	only := newRulesGame(t, s, `{"rules": "abstractplay", "cfen": "`+startAt50Plies+`"}`).ID
	doState(t, s, "POST", "/api/games/"+only+"/move", `{"move": "draw"}`, http.StatusOK)
	wantError(t, s, "POST", "/api/games/"+only+"/analyse-game", `{"movetime": 10}`, http.StatusConflict, "no moves")

	id := newRulesGame(t, s, `{"rules": "abstractplay", "cfen": "`+startAt49Plies+`"}`).ID
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "draw"}`, http.StatusOK)
	ev := openEvents(t, s, id)
	if code, data := do(t, s, "POST", "/api/games/"+id+"/analyse-game", `{"movetime": 10}`); code != http.StatusAccepted {
		t.Fatalf("analyse-game: %d %s", code, data)
	}
	e := ev.waitFor(t, 30*time.Second, "the analysis result", func(e event) bool {
		return e.name == "error" || e.name == "analysis" && strings.Contains(e.data, `"moves"`)
	})
	var res analysisEvent
	if err := json.Unmarshal([]byte(e.data), &res); err != nil || e.name != "analysis" {
		t.Fatalf("%s %s (%v)", e.name, e.data, err)
	}
	if res.Done != res.Total || len(res.Moves) != 1 || res.Moves[0].Move != "E6-G8" {
		t.Errorf("analysis %s", e.data)
	}
}
