package gui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	rules "github.com/camelot-engine/camelot/game"
)

// blackToMoveCFEN is the start with Black to move.
var blackToMoveCFEN = strings.Replace(rules.StartCFEN, " w ", " b ", 1)

// infoEvent matches an info event, which the engine sends once it has
// its go.
func infoEvent(ev event) bool { return ev.name == "info" }

// engineMoved matches the state after the engine's move to ply plies.
func engineMoved(plies int) func(event) bool {
	return stateEvent(func(s State) bool { return s.Plies == plies && !s.Thinking })
}

// A record whose last move leaves the engine to move starts the engine,
// as a human move does; the human may move after its answer.
func TestEngineMovesAfterRecordLoad(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated) // the engine plays Black
	ev := openEvents(t, s, st.ID)
	loaded := doState(t, s, "POST", "/api/games/"+st.ID+"/record", "1. E6-G8 *\n", http.StatusOK)
	if loaded.Plies != 1 || !loaded.Thinking || loaded.Clock.Running != "black" {
		t.Errorf("after the load: %d plies, thinking %v, clock %+v", loaded.Plies, loaded.Thinking, loaded.Clock)
	}
	ev.waitFor(t, 20*time.Second, "the engine's move", engineMoved(2))
	end := checkConsistent(t, s, st.ID)
	if end.Side != "white" || end.Clock.Running != "white" {
		t.Errorf("after the engine's move: side %s, clock %+v", end.Side, end.Clock)
	}
	doState(t, s, "POST", "/api/games/"+st.ID+"/move", fmt.Sprintf(`{"move": %q}`, end.Legal[0].Text), http.StatusOK)
}

// A set-up position with the engine to move starts the engine.
func TestEngineMovesAfterSetup(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	ev := openEvents(t, s, st.ID)
	set := doState(t, s, "POST", "/api/games/"+st.ID+"/setup", fmt.Sprintf(`{"cfen": %q}`, blackToMoveCFEN), http.StatusOK)
	if set.Plies != 0 || !set.Thinking || set.Clock.Running != "black" {
		t.Errorf("after the set-up: %d plies, thinking %v, clock %+v", set.Plies, set.Thinking, set.Clock)
	}
	ev.waitFor(t, 20*time.Second, "the engine's move", engineMoved(1))
	checkConsistent(t, s, st.ID)
}

// A change of mode, colour or level that leaves the engine to move starts
// the engine, also after engine/stop held it.
func TestEngineMovesAfterSettingsChange(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "wait-first")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "the engine's first search", infoEvent)
	if code, data := do(t, s, "POST", "/api/games/"+id+"/engine/stop", `{}`); code != http.StatusAccepted {
		t.Fatalf("engine/stop: %d %s", code, data)
	}
	held := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
	if held.Thinking || held.Plies != 1 {
		t.Fatalf("after stop: thinking %v, %d plies", held.Thinking, held.Plies)
	}
	wantError(t, s, "POST", "/api/games/"+id+"/move", `{"move": "I11-G9"}`, http.StatusConflict, "engine is to move")
	level := doState(t, s, "POST", "/api/games/"+id+"/settings", `{"level": 5}`, http.StatusOK)
	if !level.Thinking {
		t.Errorf("a level change with the engine to move: not thinking")
	}
	ev.waitFor(t, 20*time.Second, "the engine's move after the level change", engineMoved(2))

	// Human against human, then the engine takes the side to move.
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"mode": "human-human"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move": %q}`, checkConsistent(t, s, id).Legal[0].Text), http.StatusOK)
	mode := doState(t, s, "POST", "/api/games/"+id+"/settings", `{"mode": "human-engine"}`, http.StatusOK)
	if !mode.Thinking || mode.Side != "black" {
		t.Errorf("a mode change with the engine to move: thinking %v, side %s", mode.Thinking, mode.Side)
	}
	ev.waitFor(t, 20*time.Second, "the engine's move after the mode change", engineMoved(4))
	colour := doState(t, s, "POST", "/api/games/"+id+"/settings", `{"engineColor": "white"}`, http.StatusOK)
	if !colour.Thinking || colour.Side != "white" {
		t.Errorf("a colour change with the engine to move: thinking %v, side %s", colour.Thinking, colour.Side)
	}
	ev.waitFor(t, 20*time.Second, "the engine's move after the colour change", engineMoved(5))
	checkConsistent(t, s, id)
}

// Taking back one ply of the engine's game leaves the engine to move: it
// moves again. Two plies give the human the move.
func TestEngineMovesAfterUndo(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "the engine's reply", engineMoved(2))
	one := doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 1}`, http.StatusOK)
	if one.Plies != 1 || !one.Thinking {
		t.Errorf("after undo 1: %d plies, thinking %v", one.Plies, one.Thinking)
	}
	ev.waitFor(t, 20*time.Second, "the engine's move again", engineMoved(2))
	two := doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 2}`, http.StatusOK)
	if two.Plies != 0 || two.Thinking || two.Side != "white" {
		t.Errorf("after undo 2: %d plies, thinking %v, side %s", two.Plies, two.Thinking, two.Side)
	}
	checkConsistent(t, s, id)
}

// A clock runs only while its side can move: the engine's while it
// searches, not while it is held; the human's not while the engine
// searches, however long it takes.
func TestClockRunsOnlyWhileSideCanMove(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "wait")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	loaded := doState(t, s, "POST", "/api/games/"+id+"/record", "1. E6-G8 *\n", http.StatusOK)
	if !loaded.Thinking || loaded.Clock.Running != "black" {
		t.Fatalf("after the load: thinking %v, clock %+v", loaded.Thinking, loaded.Clock)
	}
	ev.waitFor(t, 20*time.Second, "the engine's search", infoEvent)
	searching := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
	if searching.Clock.Running != "black" || searching.Clock.White != loaded.Clock.White {
		t.Errorf("while the engine searches: clock %+v, White had %d", searching.Clock, loaded.Clock.White)
	}
	if code, data := do(t, s, "POST", "/api/games/"+id+"/engine/stop", `{}`); code != http.StatusAccepted {
		t.Fatalf("engine/stop: %d %s", code, data)
	}
	held := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
	if held.Thinking || held.Clock.Running != "" {
		t.Fatalf("the engine held: thinking %v, clock %+v", held.Thinking, held.Clock)
	}
	ev.waitFor(t, 20*time.Second, "a state after stop", stateEvent(func(s State) bool { return !s.Thinking }))
	if later := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK); later.Clock != held.Clock {
		t.Errorf("the clock ran for the held engine: %+v, then %+v", held.Clock, later.Clock)
	}
	// engine/go lets it search again, on its own clock.
	if code, data := do(t, s, "POST", "/api/games/"+id+"/engine/go", `{}`); code != http.StatusAccepted {
		t.Fatalf("engine/go: %d %s", code, data)
	}
	if again := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK); !again.Thinking || again.Clock.Running != "black" {
		t.Errorf("after engine/go: thinking %v, clock %+v", again.Thinking, again.Clock)
	}
}

// A book move comes with a full info line (no nodes, no time) and an info
// string: its score and depth reach the page as a searched move's do, and
// its line is the move played.
func TestBookMoveInfo(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "book")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	check := func(ply int, white bool) {
		t.Helper()
		e := ev.waitFor(t, 20*time.Second, "the book move's info", infoEvent)
		var info struct {
			Lines []infoLine `json:"lines"`
			White bool       `json:"white"`
			Ply   int        `json:"ply"`
		}
		if err := json.Unmarshal([]byte(e.data), &info); err != nil {
			t.Fatal(err)
		}
		if len(info.Lines) != 1 || info.White != white || info.Ply != ply {
			t.Fatalf("info %s", e.data)
		}
		l := info.Lines[0]
		if l.Depth != 13 || l.MultiPV != 1 || l.Score.CP == nil || *l.Score.CP != -4 || l.Score.Mate != nil || l.Nodes != 0 || len(l.PV) != 1 {
			t.Errorf("info %s", e.data)
		}
		played := ev.waitFor(t, 20*time.Second, "the book move played", engineMoved(ply+1))
		var end State
		if err := json.Unmarshal([]byte(played.data), &end); err != nil {
			t.Fatal(err)
		}
		if len(l.PV) == 1 && end.Moves[ply].Text != l.PV[0] {
			t.Errorf("played %s, the info line has %v", end.Moves[ply].Text, l.PV)
		}
	}
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	check(1, false)
	// In analysis mode, where the page shows the lines, a move asked of
	// the engine is reported alike.
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"mode": "analysis"}`, http.StatusOK)
	if code, data := do(t, s, "POST", "/api/games/"+id+"/engine/go", `{}`); code != http.StatusAccepted {
		t.Fatalf("engine/go: %d %s", code, data)
	}
	check(2, true)
}

// With the real engine: a record load, a set-up and a change of colour
// that leave the engine to move each have it move.
func TestRealEngineMovesWhenToMove(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the camelot binary")
	}
	s := newTestServer(t, buildEngine(t))
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"movetime": 50}`, http.StatusOK)
	if loaded := doState(t, s, "POST", "/api/games/"+id+"/record", "1. E6-G8 *\n", http.StatusOK); !loaded.Thinking {
		t.Errorf("after the load: not thinking")
	}
	// Its move, from the book or searched, comes after a line with its
	// score.
	first := ev.waitFor(t, 30*time.Second, "the engine's line or move after the load", func(e event) bool {
		return infoEvent(e) || engineMoved(2)(e)
	})
	if first.name != "info" {
		t.Fatalf("the engine's move came without a line before it")
	}
	if !strings.Contains(first.data, `"ply":1`) || !strings.Contains(first.data, `"score":{`) {
		t.Errorf("the line before the engine's move: %s", first.data)
	}
	ev.waitFor(t, 30*time.Second, "the engine's move after the load", engineMoved(2))
	if set := doState(t, s, "POST", "/api/games/"+id+"/setup", fmt.Sprintf(`{"cfen": %q}`, blackToMoveCFEN), http.StatusOK); !set.Thinking {
		t.Errorf("after the set-up: not thinking")
	}
	ev.waitFor(t, 30*time.Second, "the engine's move after the set-up", engineMoved(1))
	if colour := doState(t, s, "POST", "/api/games/"+id+"/settings", `{"engineColor": "white"}`, http.StatusOK); !colour.Thinking {
		t.Errorf("after the colour change: not thinking")
	}
	ev.waitFor(t, 30*time.Second, "the engine's move after the colour change", engineMoved(2))
	if end := checkConsistent(t, s, id); end.Side != "black" || end.Clock.Running != "black" {
		t.Errorf("the human to move: side %s, clock %+v", end.Side, end.Clock)
	}
}
