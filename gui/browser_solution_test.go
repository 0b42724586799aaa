package gui_test

import (
	"testing"
	"time"

	"github.com/camelot-engine/camelot/gui"
	"github.com/camelot-engine/camelot/internal/wide/engine"
	"github.com/camelot-engine/camelot/internal/wide/movegen"
	"github.com/camelot-engine/camelot/solve"
)

// tableOracle asks a solution table by the position's CFEN, as camelot
// gui -solution does.
type tableOracle struct{ t *solve.Table }

func (o tableOracle) Covers(v movegen.Variant) bool { return v == movegen.Camette }

func (o tableOracle) Probe(p *movegen.Position) (engine.Exact, bool) {
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

func (o tableOracle) Peek(p *movegen.Position) (engine.Exact, bool) { return o.Probe(p) }

// With a solution table the page shows a Camette position's exact value
// beside the status line, and nothing where the table has none.
func TestBrowserSolution(t *testing.T) {
	dir := t.TempDir()
	if _, err := solve.Solve(solve.Config{Dir: dir, Threads: 2, Stop: 12}); err != nil {
		t.Fatal(err)
	}
	tb, err := solve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := newPageWith(t, "server", gui.Config{Solution: tableOracle{tb}})
	p.openAt("?variant=camette", 23)
	solution := func(want string) {
		t.Helper()
		expr := `(e => e.hidden && e.textContent === '')(document.querySelector('#solution'))`
		if want != "" {
			expr = `(e => !e.hidden && e.textContent === ` + jsString(want) + `)(document.querySelector('#solution'))`
		}
		p.waitJS("the solution "+want, expr, 10*time.Second)
	}
	solution("") // the start is not in this small table
	p.settings("human-human", "0", "0")
	p.setup("1/3/5/5/m4/MM1/1 w 0/0 0 1")
	solution("solved: white wins in 7 plies")
	p.playText("B2-C3")
	solution("solved: black wins in 9 plies")
	p.setup(movegen.Camette.StartCFEN())
	solution("")
	p.checkClean()
}
