package gui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	rules "github.com/camelot-engine/camelot/game"
)

// River positions (V9, V10) of the tests.
const (
	// Trees placed (White's C2 D2 I2, Black's A8 B8 A9), White to make
	// its first piece move: a Knight on D6 below the bridge D7 D8, its Man
	// on the bridge at D7 and another on D9 beyond it, so that the Knight
	// canters over the river by the bridge, D6-D8-D10. Black's two Men
	// are far away.
	riverCrossCFEN = "2/8/10/4mm6/12/12/12/t2M8/tt10/3M8/3N8/12/12/10/tt4t1/2 w 0/0 0 2"
	// River's start with White's Man from D4 on B3, one of White's tree
	// squares: White places its trees on the other 40.
	riverB3CFEN = "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2N1MMMMMN2/M9/8/2 w 0/0 0 1"
)

// The river variants' boards.
var riverVariants = []string{"river", "anti-river"}

// GET /api/board gives River's river squares, its bridges and each side's
// tree squares (V9); the other boards have none of them (empty lists).
func TestRiverBoard(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, name := range riverVariants {
		b := getBoard(t, s, "?variant="+name)
		river := "A5 A6 B6 C6 A7 B7 C7 E7 C8 E8 F8 G8 F9 G9 H9 J9 H10 J10 K10 L10 J11 K11 L11 L12"
		if got := strings.Join(b.River, " "); got != river {
			t.Errorf("%s: river %s", name, got)
		}
		if got := strings.Join(b.Bridges, " "); got != "D7 D8 I9 I10" {
			t.Errorf("%s: bridges %s, want D7 D8 I9 I10", name, got)
		}
		white, black := b.TreeSquares["white"], b.TreeSquares["black"]
		if len(white) != 41 || len(black) != 41 || white[0] != "C2" || !slices.Contains(white, "L9") || !slices.Contains(black, "J15") || slices.Contains(white, "A8") {
			t.Errorf("%s: tree squares %v / %v", name, white, black)
		}
		for _, sq := range b.River {
			if slices.Contains(b.Squares, sq) {
				t.Errorf("%s: river square %s listed as a square", name, sq)
			}
		}
		for _, sq := range b.Bridges {
			if !slices.Contains(b.Squares, sq) {
				t.Errorf("%s: bridge %s is no square", name, sq)
			}
		}
	}
	for _, name := range []string{"camelot", "cam", "camette", "chivalry", "anti-camelot"} {
		code, data := do(t, s, "GET", "/api/board?variant="+name, "")
		if code != http.StatusOK || !strings.Contains(string(data), `"river":[],"bridges":[],"treeSquares":{"black":[],"white":[]}`) {
			t.Errorf("%s: %d %s", name, code, data)
		}
	}
}

// newRiverGame starts a game of the variant between two humans.
func newRiverGame(t *testing.T, s *Server, variant, cfen string) State {
	t.Helper()
	body := fmt.Sprintf(`{"variant": %q}`, variant)
	if cfen != "" {
		body = fmt.Sprintf(`{"variant": %q, "cfen": %q}`, variant, cfen)
	}
	st := doState(t, s, "POST", "/api/games", body, http.StatusCreated)
	return doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
}

// trees lists the squares of a State's board that hold a tree.
func trees(st State) []string {
	var out []string
	for sq, letter := range st.Board {
		if letter == "t" {
			out = append(out, sq)
		}
	}
	slices.Sort(out)
	return out
}

// The tree phase over the API (V10), in River and Anti-River: the State
// gives the squares to place on (treeChoices) and how many (treesToPlace)
// instead of 10,660 legal moves; a placement in any order and case is
// played and shown as trees on the board, its move with its trees and no
// legs; then Black's, then piece moves.
func TestRiverTreePhase(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, name := range riverVariants {
		t.Run(name, func(t *testing.T) {
			b := getBoard(t, s, "?variant="+name)
			st := newRiverGame(t, s, name, "")
			id := st.ID
			if st.Variant != name || st.TreesToPlace != 3 || !slices.Equal(st.TreeChoices, b.TreeSquares["white"]) ||
				len(st.Legal) != 0 || len(st.Capturers) != 0 || len(trees(st)) != 0 || st.Side != "white" {
				t.Fatalf("start: variant %s, %d trees on %v, %d legal, board trees %v", st.Variant, st.TreesToPlace, st.TreeChoices, len(st.Legal), trees(st))
			}
			checkConsistent(t, s, id)

			st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "i2,C2,d2"}`, http.StatusOK)
			m := st.Moves[0]
			if m.Text != "C2,D2,I2" || strings.Join(m.Trees, " ") != "C2 D2 I2" || len(m.Legs) != 0 || len(m.Captured) != 0 {
				t.Errorf("the placement's move: %+v", m)
			}
			if st.Last == nil || strings.Join(st.Last.Trees, " ") != "C2 D2 I2" || len(st.Last.Legs) != 0 || len(st.Last.Captured) != 0 {
				t.Errorf("last: %+v", st.Last)
			}
			if strings.Join(trees(st), " ") != "C2 D2 I2" || st.Side != "black" || st.TreesToPlace != 3 || !slices.Equal(st.TreeChoices, b.TreeSquares["black"]) {
				t.Errorf("after White's placement: trees %v, %s to place %d on %v", trees(st), st.Side, st.TreesToPlace, st.TreeChoices)
			}
			checkConsistent(t, s, id)

			st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "A9,b8,A8"}`, http.StatusOK)
			if st.Moves[1].Text != "A8,A9,B8" || strings.Join(trees(st), " ") != "A8 A9 B8 C2 D2 I2" || st.TreesToPlace != 0 || len(st.TreeChoices) != 0 || len(st.Legal) == 0 {
				t.Fatalf("after Black's placement: %+v", st)
			}
			if !strings.HasSuffix(st.CFEN, " w 0/0 0 2") {
				t.Errorf("CFEN %s: White's first piece move is move 2 (V10)", st.CFEN)
			}
			for _, lm := range st.Legal {
				if len(lm.Legs) < 2 || lm.From == "" {
					t.Errorf("legal move %+v", lm)
				}
			}
			checkConsistent(t, s, id)

			// The earlier plies are shown with their own tree phase.
			at0 := doState(t, s, "GET", "/api/games/"+id+"?ply=0", "", http.StatusOK)
			at1 := doState(t, s, "GET", "/api/games/"+id+"?ply=1", "", http.StatusOK)
			if at0.TreesToPlace != 3 || !slices.Equal(at0.TreeChoices, b.TreeSquares["white"]) || at0.Last != nil ||
				at1.TreesToPlace != 3 || !slices.Equal(at1.TreeChoices, b.TreeSquares["black"]) || at1.Last == nil || len(at1.Last.Trees) != 3 {
				t.Errorf("ply 0: %d on %d squares; ply 1: %d on %d squares, last %+v", at0.TreesToPlace, len(at0.TreeChoices), at1.TreesToPlace, len(at1.TreeChoices), at1.Last)
			}

			// A piece move, then undo back into Black's tree phase.
			lm := st.Legal[0]
			st = doState(t, s, "POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move": %q}`, lm.Text), http.StatusOK)
			if st.Plies != 3 || len(st.Moves[2].Trees) != 0 || len(st.Moves[2].Legs) < 2 {
				t.Errorf("the piece move: %+v", st.Moves[2])
			}
			st = doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 2}`, http.StatusOK)
			if st.Plies != 1 || st.TreesToPlace != 3 || st.Side != "black" {
				t.Errorf("after undo: %d plies, %s to place %d", st.Plies, st.Side, st.TreesToPlace)
			}
			// A placement from an earlier ply cuts the game there (analysis).
			st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "j2,k3,l4", "ply": 0}`, http.StatusOK)
			if st.Plies != 1 || st.Moves[0].Text != "J2,K3,L4" {
				t.Errorf("placement from ply 0: %+v", st.Moves)
			}
			checkConsistent(t, s, id)

			code, data := do(t, s, "GET", "/api/games/"+id+"/record", "")
			if code != http.StatusOK || !strings.Contains(string(data), "1. J2,K3,L4") || !strings.Contains(string(data), `[Variant "`+rules.River.Title()) && name == "river" {
				t.Errorf("record: %d\n%s", code, data)
			}
		})
	}
}

// A square holding a piece is no tree square to choose (V10).
func TestRiverTreeChoicesSkipPieces(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newRiverGame(t, s, "river", riverB3CFEN)
	if st.TreesToPlace != 3 || len(st.TreeChoices) != 40 || slices.Contains(st.TreeChoices, "B3") || !slices.Contains(st.TreeChoices, "C3") {
		t.Fatalf("%d to place on %v", st.TreesToPlace, st.TreeChoices)
	}
	checkConsistent(t, s, st.ID)
	wantError(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "B3,C3,D3"}`, http.StatusBadRequest, "B3")
}

// A malformed or illegal placement is a 400 with a one-line message
// naming what is wrong, and the game stays as it was; so is a piece move
// in the tree phase, a placement after it, and one on a board without
// trees.
func TestRiverPlacementErrors(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newRiverGame(t, s, "river", "")
	id := st.ID
	bad := func(st State, body string, parts ...string) {
		t.Helper()
		msg := wantError(t, s, "POST", "/api/games/"+id+"/move", body, http.StatusBadRequest, parts...)
		if strings.ContainsAny(msg, "\r\n") {
			t.Errorf("%s: error on more than one line: %q", body, msg)
		}
		if now := checkConsistent(t, s, id); !sameGame(now, st) {
			t.Errorf("%s changed the game", body)
		}
	}
	for _, c := range []struct {
		body  string
		parts []string
	}{
		{`{"move": "c2,d2"}`, []string{"c2,d2", "three tree squares"}},
		{`{"move": "c2,d2,i2,j2"}`, []string{"three tree squares"}},
		{`{"move": "c2,d2,i2,"}`, []string{"three tree squares"}},
		{`{"move": "c2,c2,d2"}`, []string{"C2", "twice"}},
		{`{"move": "a8,b8,a9"}`, []string{"A8", "tree squares"}},
		{`{"move": "c2,d2,x9"}`, []string{"x9"}},
		{`{"move": "c2,d2,a5"}`, []string{"a5", "river"}},
		{`{"move": ",,"}`, []string{"bad"}},
		{`{"move": "E5-E6"}`, []string{"places its trees first"}},
		{`{"move": "c2 d2 i2"}`, nil},
		{`{"move": ["c2", "d2", "i2"]}`, nil},
		{`{"move": "c2,d2,i2", "ply": 3}`, []string{"ply"}},
	} {
		bad(st, c.body, c.parts...)
	}
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "c2,d2,i2"}`, http.StatusOK)
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "a8,b8,a9"}`, http.StatusOK)
	bad(st, `{"move": "c3,d3,e3"}`, "tree phase is over")

	// Camelot has no trees.
	cam := newHumanGame(t, s, "")
	id = cam.ID
	bad(cam, `{"move": "c2,d2,i2"}`, "no trees")
}

// A River set-up with its trees (CFEN t, V9): the board shows them, no
// tree phase, and a piece crosses the river by the bridge; no move lands
// on a river square or a tree. A CFEN with a tree on the river is refused.
func TestRiverCrossing(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, name := range riverVariants {
		st := newRiverGame(t, s, name, "")
		st = doState(t, s, "POST", "/api/games/"+st.ID+"/setup", fmt.Sprintf(`{"cfen": %q}`, riverCrossCFEN), http.StatusOK)
		id := st.ID
		if st.Variant != name || st.CFEN != riverCrossCFEN || strings.Join(trees(st), " ") != "A8 A9 B8 C2 D2 I2" || st.Board["D7"] != "M" || st.TreesToPlace != 0 || len(st.TreeChoices) != 0 {
			t.Fatalf("%s set-up: %+v", name, st)
		}
		b := getBoard(t, s, "?variant="+name)
		found := false
		for _, m := range st.Legal {
			for _, sq := range m.Legs[1:] {
				if slices.Contains(b.River, sq) || st.Board[sq] == "t" {
					t.Errorf("%s: legal move %s lands on %s", name, m.Text, sq)
				}
			}
			found = found || m.Text == "D6-D8-D10" && strings.Join(m.Legs, " ") == "D6 D8 D10" && m.Canters == 2
		}
		if !found {
			t.Errorf("%s: no canter D6-D8-D10 over the bridge among %d moves", name, len(st.Legal))
		}
		checkConsistent(t, s, id)
		st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "d6-d10"}`, http.StatusOK)
		if st.Moves[0].Text != "D6-D8-D10" || st.Board["D10"] != "N" || st.Board["D6"] != "" || st.Side != "black" {
			t.Errorf("%s after the crossing: %+v", name, st)
		}
		checkConsistent(t, s, id)
		// A tree on a river square (A5) is refused, naming the rank.
		wantError(t, s, "POST", "/api/games/"+id+"/setup", `{"cfen": "2/8/10/4mm6/12/12/12/t2M8/tt10/3M8/3N8/t11/12/10/tt4t1/2 w 0/0 0 2"}`, http.StatusBadRequest)
	}
}

// The engine places its trees when it is its turn, as it makes any move:
// here the fake engine plays the first placement the rules list.
func TestEngineRiverTrees(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := doState(t, s, "POST", "/api/games", `{"variant": "river"}`, http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"time": 0}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "c2,d2,i2"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "the engine's placement", stateEvent(func(s State) bool { return s.Plies == 2 && !s.Thinking }))
	checkEnginePlacement(t, s, id, 1, "black")

	// Playing White, it places White's trees.
	st = doState(t, s, "POST", "/api/games", `{"variant": "anti-river"}`, http.StatusCreated)
	ev = openEvents(t, s, st.ID)
	doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"time": 0, "engineColor": "white"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "the engine's placement", stateEvent(func(s State) bool { return s.Plies == 1 && !s.Thinking }))
	checkEnginePlacement(t, s, st.ID, 0, "white")
}

// checkEnginePlacement checks that the game's move at index i is a
// placement of three trees on side's tree squares, and that its trees
// stand on the board.
func checkEnginePlacement(t *testing.T, s *Server, id string, i int, side string) {
	t.Helper()
	end := checkConsistent(t, s, id)
	b := getBoard(t, s, "?variant="+end.Variant)
	m := end.Moves[i]
	if len(m.Trees) != 3 || len(m.Legs) != 0 {
		t.Fatalf("the engine's move %+v is no placement", m)
	}
	for _, sq := range m.Trees {
		if !slices.Contains(b.TreeSquares[side], sq) || end.Board[sq] != "t" {
			t.Errorf("the engine's tree %s: not on %s's tree squares, or not on the board (%q)", sq, side, end.Board[sq])
		}
	}
}

// With the real engine: it places Black's trees after White's, then
// answers a piece move with one.
func TestRealEngineRiver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the camelot binary")
	}
	s := newTestServer(t, buildEngine(t))
	st := doState(t, s, "POST", "/api/games", `{"variant": "river"}`, http.StatusCreated)
	id := st.ID
	ev := openEvents(t, s, id)
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"movetime": 100}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "c2,d2,i2"}`, http.StatusOK)
	e := ev.waitFor(t, 30*time.Second, "the engine's placement", func(e event) bool {
		return e.name == "error" || stateEvent(func(s State) bool { return s.Plies == 2 && !s.Thinking })(e)
	})
	if e.name == "error" {
		t.Fatalf("the engine's placement: %s", e.data)
	}
	checkEnginePlacement(t, s, id, 1, "black")
	st = doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move": %q}`, st.Legal[0].Text), http.StatusOK)
	e = ev.waitFor(t, 30*time.Second, "the engine's piece move", func(e event) bool {
		return e.name == "error" || stateEvent(func(s State) bool { return s.Plies == 4 && !s.Thinking })(e)
	})
	if e.name == "error" {
		t.Fatalf("the engine's piece move: %s", e.data)
	}
	var end State
	if err := json.Unmarshal([]byte(e.data), &end); err != nil || len(end.Moves[3].Legs) < 2 {
		t.Errorf("the engine's piece move: %v %+v", err, end.Moves)
	}
	checkConsistent(t, s, id)
}
