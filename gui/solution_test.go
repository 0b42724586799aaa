package gui

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/solve"
)

// SmallSolution returns the oracle camelot gui -solution makes of a
// small Camette table (its first 12 layers), solved in a temporary folder:
// the fixture of this file's tests and, exported to package gui_test, of
// the page's (browser_solution_test.go).
func SmallSolution(t *testing.T) engine.Oracle {
	t.Helper()
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	tb, err := protocol.OpenSolution(dir)
	if err != nil {
		t.Fatal(err)
	}
	return protocol.Oracle(tb)
}

// With a solution table, a State of a Camette position it holds carries
// the exact value for the side to move, at every ply viewed; the other
// positions and boards carry none. "Analyse game" gives the values too.
func TestSolutionInState(t *testing.T) {
	srv, err := Listen(Config{Addr: "127.0.0.1:0", Engine: noEngine, Solution: SmallSolution(t)})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve() }()
	t.Cleanup(func() { _ = srv.Close() })

	solution := func(st State) string {
		if st.Solution == nil {
			return "none"
		}
		data, _ := json.Marshal(st.Solution)
		return string(data)
	}
	st := doState(t, srv, "POST", "/api/games", `{"variant": "camette", "cfen": "1/3/5/5/m4/MM1/1 w 0/0 0 1"}`, http.StatusCreated)
	id := st.ID
	doState(t, srv, "POST", "/api/games/"+id+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
	won := `{"result":"win","plies":7,"mate":4}`
	if got := solution(st); got != won {
		t.Errorf("a White win in 7: solution %s, want %s", got, won)
	}
	// White's B2-C3 throws it: Black, to move, wins in 9.
	st = doState(t, srv, "POST", "/api/games/"+id+"/move", `{"move": "B2-C3"}`, http.StatusOK)
	if got, want := solution(st), `{"result":"win","plies":9,"mate":5}`; got != want {
		t.Errorf("after B2-C3: solution %s, want %s", got, want)
	}
	if got := solution(doState(t, srv, "GET", "/api/games/"+id+"?ply=0", "", http.StatusOK)); got != won {
		t.Errorf("ply 0 viewed: solution %s, want %s", got, won)
	}
	_, raw := do(t, srv, "GET", "/api/games/"+id+"?ply=0", "")
	if !strings.Contains(string(raw), `"solution":`+won) {
		t.Errorf("the State's JSON lacks the solution: %s", raw)
	}

	ev := openEvents(t, srv, id)
	if code, data := do(t, srv, "POST", "/api/games/"+id+"/analyse-game", `{"movetime": 10}`); code != http.StatusAccepted {
		t.Fatalf("analyse-game: %d %s", code, data)
	}
	e := ev.waitFor(t, 60*time.Second, "the analysis result", func(e event) bool {
		return e.name == "error" || e.name == "analysis" && strings.Contains(e.data, `"moves"`)
	})
	for _, want := range []string{`"solution":{"result":"0-1","plies":9,"mate":-5}`, `"best_solution":{"result":"1-0","plies":7,"mate":4}`, `"mark":"??"`} {
		if !strings.Contains(e.data, want) {
			t.Errorf("the analysis lacks %s: %s", want, e.data)
		}
	}

	// Camette's start is not in this small table; Camelot has none.
	for _, body := range []string{`{"variant": "camette"}`, `{}`} {
		if st := doState(t, srv, "POST", "/api/games", body, http.StatusCreated); st.Solution != nil {
			t.Errorf("%s: solution %s, want none", body, solution(st))
		}
	}
}
