package gui

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/internal/wide/engine"
	"github.com/camelot-engine/camelot/internal/wide/movegen"
	"github.com/camelot-engine/camelot/solve"
)

// cfenOracle asks a solution table about a position of this grid by its
// CFEN, as camelot gui -solution does.
type cfenOracle struct{ t *solve.Table }

func (o cfenOracle) Covers(v movegen.Variant) bool { return v == movegen.Camette }

func (o cfenOracle) Probe(p *movegen.Position) (engine.Exact, bool) {
	v, ok, err := o.t.ProbeCFEN(p.CFEN())
	switch {
	case !ok || err != nil:
		return engine.Exact{}, false
	case v.IsWin():
		return engine.Exact{Result: 1, Plies: v.Plies()}, true
	case v.IsLoss():
		return engine.Exact{Result: -1, Plies: v.Plies()}, true
	}
	return engine.Exact{}, true
}

func (o cfenOracle) Peek(p *movegen.Position) (engine.Exact, bool) { return o.Probe(p) }

// With a solution table, a State of a Camette position it holds carries
// the exact value for the side to move, at every ply viewed; the other
// positions and boards carry none. "Analyse game" gives the values too.
func TestSolutionInState(t *testing.T) {
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	tb, err := solve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := Listen(Config{Addr: "127.0.0.1:0", Engine: noEngine, Solution: cfenOracle{tb}})
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
