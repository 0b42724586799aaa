package gui

import (
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"testing"

	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/puzzles"
)

// Glickman's worked example ("Example of the Glicko-2 system"): a player
// rated 1500, deviation 200, volatility 0.06 beats a 1400 (RD 30) and
// loses to a 1550 (RD 100) and a 1700 (RD 300), with τ = 0.5.
func TestGlicko2PaperExample(t *testing.T) {
	r := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := r.Update([]GlickoResult{
		{Rating: 1400, Deviation: 30, Score: 1},
		{Rating: 1550, Deviation: 100, Score: 0},
		{Rating: 1700, Deviation: 300, Score: 0},
	})
	near := func(what string, got, want, tol float64) {
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %.5f, want %.5f", what, got, want)
		}
	}
	near("rating", got.Rating, 1464.06, 0.01)
	near("deviation", got.Deviation, 151.52, 0.01)
	near("volatility", got.Volatility, 0.05999, 0.00001)
}

// A period without games only widens the deviation; a win raises the
// rating and a loss lowers it, more against a sure opponent.
func TestGlicko2Directions(t *testing.T) {
	r := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}
	if got := r.Update(nil); got.Rating != 1500 || got.Deviation <= 200 || got.Volatility != 0.06 {
		t.Errorf("no games: %+v", got)
	}
	win := r.Update([]GlickoResult{{Rating: 1500, Deviation: 80, Score: 1}})
	loss := r.Update([]GlickoResult{{Rating: 1500, Deviation: 80, Score: 0}})
	if win.Rating <= 1500 || loss.Rating >= 1500 || math.Abs((win.Rating-1500)+(loss.Rating-1500)) > 1e-6 {
		t.Errorf("win %.2f, loss %.2f: want symmetric about 1500", win.Rating, loss.Rating)
	}
	if win.Deviation >= 200 {
		t.Errorf("a game should narrow the deviation: %.2f", win.Deviation)
	}
}

// testPuzzles are hand-made lines: a Man walking into the castle
// (R14) in two solver moves, the same with a different rating and theme,
// a canter from the start, and one of Cam.
func testPuzzles() []puzzles.Puzzle {
	return []puzzles.Puzzle{
		{ID: "walk1", CFEN: "1M/8/4M5/12/12/12/12/12/m11/12/12/12/12/10/N7/2 b", Moves: []string{"A8-A7", "F14-F15", "A7-A6", "F15-F16"},
			Rating: 1400, RatingDeviation: 80, Themes: []string{"castle", "short"}, Variant: rules.Camelot, Source: "test"},
		{ID: "walk2", CFEN: "1M/3M4/10/12/12/12/12/12/m11/12/12/12/12/10/N7/2 b", Moves: []string{"A8-A7", "F15-F16"},
			Rating: 1900, RatingDeviation: 90, Themes: []string{"castle", "oneMove"}, Variant: rules.Camelot, Source: "test"},
		{ID: "cant1", CFEN: "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 b 0/0 0 1", Moves: []string{"E10-E9", "G7-E5-C7-C5"},
			Rating: 1600, RatingDeviation: 100, Themes: []string{"opening", "oneMove"}, Variant: rules.Camelot, Source: "test"},
		{ID: "cam01", CFEN: "(not read by these tests)", Moves: []string{"C10-C9", "C5-C6"}, Rating: 1500, RatingDeviation: 100,
			Themes: []string{"oneMove"}, Variant: rules.Cam, Source: "test"},
	}
}

func newPuzzleServer(t *testing.T) *Server {
	t.Helper()
	s := newTestServer(t, noEngine...)
	s.SetPuzzles(testPuzzles())
	return s
}

func getJSON(t *testing.T, s *Server, method, path, body string, want int, v any) {
	t.Helper()
	code, data := do(t, s, method, path, body)
	if code != want {
		t.Fatalf("%s %s %s: status %d, want %d: %s", method, path, body, code, want, data)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s %s: %v: %s", method, path, err, data)
	}
}

type puzzleList struct {
	Total   int          `json:"total"`
	Puzzles []puzzleJSON `json:"puzzles"`
	Themes  []struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
	} `json:"themes"`
	Variants []struct {
		Name  string `json:"name"`
		Title string `json:"title"`
		Count int    `json:"count"`
	} `json:"variants"`
}

func ids(ps []puzzleJSON) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return strings.Join(out, " ")
}

func TestPuzzleList(t *testing.T) {
	s := newPuzzleServer(t)
	var l puzzleList
	getJSON(t, s, "GET", "/api/puzzles", "", http.StatusOK, &l)
	if l.Total != 4 || ids(l.Puzzles) != "walk1 walk2 cant1 cam01" {
		t.Errorf("all: total %d, %s", l.Total, ids(l.Puzzles))
	}
	if len(l.Variants) != 2 || l.Variants[0].Name != "camelot" || l.Variants[0].Count != 3 || l.Variants[1].Title != "Cam" || l.Variants[1].Count != 1 {
		t.Errorf("variants: %+v", l.Variants)
	}
	getJSON(t, s, "GET", "/api/puzzles?variant=camelot&theme=castle", "", http.StatusOK, &l)
	if l.Total != 2 || ids(l.Puzzles) != "walk1 walk2" {
		t.Errorf("camelot castle: total %d, %s", l.Total, ids(l.Puzzles))
	}
	if len(l.Themes) != 4 || l.Themes[0].Name != "castle" || l.Themes[0].Count != 2 {
		t.Errorf("themes of Camelot: %+v", l.Themes)
	}
	getJSON(t, s, "GET", "/api/puzzles?variant=Cam", "", http.StatusOK, &l)
	if ids(l.Puzzles) != "cam01" || l.Puzzles[0].Variant != "cam" || l.Puzzles[0].Title != "Cam" {
		t.Errorf("cam: %+v", l.Puzzles)
	}
	getJSON(t, s, "GET", "/api/puzzles?variant=camelot&near=1850&limit=2", "", http.StatusOK, &l)
	if l.Total != 3 || ids(l.Puzzles) != "walk2 cant1" {
		t.Errorf("near 1850: total %d, %s", l.Total, ids(l.Puzzles))
	}
	getJSON(t, s, "GET", "/api/puzzles?variant=camelot&near=1850&limit=2&offset=2", "", http.StatusOK, &l)
	if ids(l.Puzzles) != "walk1" {
		t.Errorf("near 1850, offset 2: %s", ids(l.Puzzles))
	}
	getJSON(t, s, "GET", "/api/puzzles?theme=nosuch", "", http.StatusOK, &l)
	if l.Total != 0 || l.Puzzles == nil {
		t.Errorf("no match: %+v", l)
	}
}

func TestPuzzleNext(t *testing.T) {
	s := newPuzzleServer(t)
	var p puzzleJSON
	getJSON(t, s, "GET", "/api/puzzles/next?variant=camelot&rating=1450", "", http.StatusOK, &p)
	if p.ID != "walk1" {
		t.Errorf("near 1450: %s", p.ID)
	}
	getJSON(t, s, "GET", "/api/puzzles/next?variant=camelot&rating=1450&exclude=walk1", "", http.StatusOK, &p)
	if p.ID != "cant1" {
		t.Errorf("near 1450 but walk1: %s", p.ID)
	}
	getJSON(t, s, "GET", "/api/puzzles/next?variant=camelot&rating=1450&exclude=walk1,cant1", "", http.StatusOK, &p)
	if p.ID != "walk2" {
		t.Errorf("near 1450 but walk1, cant1: %s", p.ID)
	}
	// Every one seen: the nearest again.
	getJSON(t, s, "GET", "/api/puzzles/next?variant=camelot&rating=1450&exclude=walk1,cant1,walk2", "", http.StatusOK, &p)
	if p.ID != "walk1" {
		t.Errorf("all seen: %s", p.ID)
	}
	getJSON(t, s, "GET", "/api/puzzles/next?variant=camelot&theme=oneMove&rating=2500", "", http.StatusOK, &p)
	if p.ID != "walk2" {
		t.Errorf("oneMove near 2500: %s", p.ID)
	}
	getJSON(t, s, "GET", "/api/puzzles/next?variant=cam", "", http.StatusOK, &p)
	if p.ID != "cam01" {
		t.Errorf("cam: %s", p.ID)
	}
	wantError(t, s, "GET", "/api/puzzles/next?variant=chivalry", "", http.StatusNotFound, "no puzzle for Chivalry")
	wantError(t, s, "GET", "/api/puzzles/next?variant=camelot&theme=fork", "", http.StatusNotFound, `"fork"`)
}

func TestPuzzleGet(t *testing.T) {
	s := newPuzzleServer(t)
	var p puzzleJSON
	getJSON(t, s, "GET", "/api/puzzles/walk1", "", http.StatusOK, &p)
	want := testPuzzles()[0]
	if p.ID != want.ID || p.CFEN != want.CFEN || strings.Join(p.Moves, " ") != strings.Join(want.Moves, " ") ||
		p.Rating != 1400 || p.RatingDeviation != 80 || strings.Join(p.Themes, " ") != "castle short" ||
		p.Variant != "camelot" || p.Rules != "wcf" || p.Title != "Camelot" || p.Source != "test" {
		t.Errorf("got %+v", p)
	}
	// The puzzle's position and line are a game the API plays.
	st := newHumanGame(t, s, p.CFEN)
	for _, m := range p.Moves {
		st = doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "`+m+`"}`, http.StatusOK)
	}
	if !st.Outcome.Over || st.Outcome.Result != "1-0" {
		t.Errorf("after the line: %+v", st.Outcome)
	}
}

type checkAnswer struct {
	Right  bool   `json:"right"`
	Move   string `json:"move"`
	Reply  string `json:"reply"`
	Solved bool   `json:"solved"`
	Next   int    `json:"next"`
}

func TestPuzzleCheck(t *testing.T) {
	s := newPuzzleServer(t)
	var a checkAnswer
	getJSON(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 1, "move": "F14-F15"}`, http.StatusOK, &a)
	if a != (checkAnswer{Right: true, Move: "F14-F15", Reply: "A7-A6", Next: 3}) {
		t.Errorf("first move: %+v", a)
	}
	getJSON(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 3, "move": "f15-f16"}`, http.StatusOK, &a)
	if a != (checkAnswer{Right: true, Move: "F15-F16", Solved: true}) {
		t.Errorf("last move: %+v", a)
	}
	getJSON(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 1, "move": "C2-C3"}`, http.StatusOK, &a)
	if a != (checkAnswer{Move: "C2-C3"}) {
		t.Errorf("wrong move: %+v", a)
	}
	// By identity (R4): the canter written by its ends is the line's move.
	getJSON(t, s, "POST", "/api/puzzles/cant1/check", `{"ply": 1, "move": "G7-C5"}`, http.StatusOK, &a)
	if a != (checkAnswer{Right: true, Move: "G7-E5-C7-C5", Solved: true}) {
		t.Errorf("canter by its ends: %+v", a)
	}
}

type attemptAnswer struct {
	Before Glicko  `json:"before"`
	Player Glicko  `json:"player"`
	Change float64 `json:"change"`
	Puzzle struct {
		Rating          int `json:"rating"`
		RatingDeviation int `json:"ratingDeviation"`
	} `json:"puzzle"`
}

func TestPuzzleAttempt(t *testing.T) {
	s := newPuzzleServer(t)
	var a attemptAnswer
	getJSON(t, s, "POST", "/api/puzzles/walk1/attempt", `{"solved": true, "player": {"rating": 1500, "deviation": 200, "volatility": 0.06}}`, http.StatusOK, &a)
	want := Glicko{Rating: 1500, Deviation: 200, Volatility: 0.06}.Update([]GlickoResult{{Rating: 1400, Deviation: 80, Score: 1}})
	if a.Before != (Glicko{1500, 200, 0.06}) || math.Abs(a.Player.Rating-want.Rating) > 1e-9 || math.Abs(a.Player.Deviation-want.Deviation) > 1e-9 ||
		math.Abs(a.Change-(want.Rating-1500)) > 1e-9 || a.Change <= 0 || a.Puzzle.Rating != 1400 || a.Puzzle.RatingDeviation != 80 {
		t.Errorf("solved: %+v, want player %+v", a, want)
	}
	getJSON(t, s, "POST", "/api/puzzles/walk1/attempt", `{"solved": false, "player": {"rating": 1500, "deviation": 200, "volatility": 0.06}}`, http.StatusOK, &a)
	if a.Change >= 0 || a.Player.Deviation >= 200 {
		t.Errorf("failed: %+v", a)
	}
	// No player: a new one (1500, 350, 0.06).
	getJSON(t, s, "POST", "/api/puzzles/walk2/attempt", `{"solved": true}`, http.StatusOK, &a)
	if a.Before != NewGlicko() || a.Change <= 0 {
		t.Errorf("new player: %+v", a)
	}
	// The rating goes on from the answer, as the page keeps it.
	prev := a.Player
	body, _ := json.Marshal(map[string]any{"solved": false, "player": prev})
	getJSON(t, s, "POST", "/api/puzzles/cant1/attempt", string(body), http.StatusOK, &a)
	if a.Before != prev || a.Player.Rating >= prev.Rating {
		t.Errorf("second attempt: %+v from %+v", a, prev)
	}
}

func TestPuzzleErrors(t *testing.T) {
	s := newPuzzleServer(t)
	wantError(t, s, "GET", "/api/puzzles/nosuch", "", http.StatusNotFound, `no puzzle "nosuch"`)
	wantError(t, s, "POST", "/api/puzzles/nosuch/check", `{"ply": 1, "move": "F14-F15"}`, http.StatusNotFound, `no puzzle "nosuch"`)
	wantError(t, s, "POST", "/api/puzzles/nosuch/attempt", `{"solved": true}`, http.StatusNotFound, `no puzzle "nosuch"`)
	wantError(t, s, "GET", "/api/puzzles/walk1/other", "", http.StatusNotFound, "no such API path")
	wantError(t, s, "GET", "/api/puzzles?variant=nosuch", "", http.StatusBadRequest, "unknown variant")
	wantError(t, s, "GET", "/api/puzzles?limit=0", "", http.StatusBadRequest, "limit")
	wantError(t, s, "GET", "/api/puzzles?limit=x", "", http.StatusBadRequest, "limit")
	wantError(t, s, "GET", "/api/puzzles?near=-3", "", http.StatusBadRequest, "near")
	wantError(t, s, "GET", "/api/puzzles/next?rating=high", "", http.StatusBadRequest, "rating")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 2, "move": "A7-A6"}`, http.StatusBadRequest, "ply")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 5, "move": "A7-A6"}`, http.StatusBadRequest, "ply")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"move": "F14-F15"}`, http.StatusBadRequest, "ply")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 1}`, http.StatusBadRequest, "move")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 1, "move": "F14-F16"}`, http.StatusBadRequest, "move")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 1, "move": "zz"}`, http.StatusBadRequest, "move")
	wantError(t, s, "POST", "/api/puzzles/walk1/check", `{"ply": 1, "move": "F14-F15", "x": 1}`, http.StatusBadRequest, "bad JSON")
	wantError(t, s, "POST", "/api/puzzles/walk1/attempt", `{}`, http.StatusBadRequest, "solved")
	wantError(t, s, "POST", "/api/puzzles/walk1/attempt", `{"solved": true, "player": {"rating": 1500, "deviation": 0, "volatility": 0.06}}`, http.StatusBadRequest, "player")
	wantError(t, s, "POST", "/api/puzzles/walk1/attempt", `{"solved": true, "player": {"rating": -1, "deviation": 100, "volatility": 0.06}}`, http.StatusBadRequest, "player")
	wantError(t, s, "POST", "/api/puzzles/walk1/attempt", `{"solved": "yes"}`, http.StatusBadRequest, "bad JSON")
	wantError(t, s, "GET", "/api/puzzles/walk1/attempt", "", http.StatusMethodNotAllowed, "POST")
	wantError(t, s, "POST", "/api/puzzles", "{}", http.StatusMethodNotAllowed, "GET")
}

// The built-in set is served: every puzzle by its id, and its line
// judged right move by move.
func TestPuzzleBuiltInServed(t *testing.T) {
	s := newTestServer(t, noEngine...)
	all := puzzles.BuiltIn()
	if len(all) == 0 {
		t.Skip("NOTICE: the built-in puzzle set is empty")
	}
	var l puzzleList
	getJSON(t, s, "GET", "/api/puzzles?limit=1000", "", http.StatusOK, &l)
	if l.Total != len(all) {
		t.Errorf("total %d, want %d", l.Total, len(all))
	}
	step := 1 + len(all)/50
	for i := 0; i < len(all); i += step {
		p := all[i]
		var got puzzleJSON
		getJSON(t, s, "GET", "/api/puzzles/"+p.ID, "", http.StatusOK, &got)
		for k := 1; k < len(p.Moves); k += 2 {
			var a checkAnswer
			body, _ := json.Marshal(map[string]any{"ply": k, "move": p.Moves[k]})
			getJSON(t, s, "POST", "/api/puzzles/"+p.ID+"/check", string(body), http.StatusOK, &a)
			if !a.Right || a.Solved != (k == len(p.Moves)-1) {
				t.Errorf("%s move %d %s: %+v", p.ID, k, p.Moves[k], a)
			}
		}
	}
}
