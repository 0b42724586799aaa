package gui_test

import (
	"testing"
	"time"

	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/gui"
)

// With a solution table the page shows a Camette position's exact value
// beside the status line, and nothing where the table has none.
func TestBrowserSolution(t *testing.T) {
	p := newPageWith(t, "server", gui.Config{Solution: gui.SmallSolution(t)})
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
	p.setup(rules.Camette.StartCFEN())
	solution("")
	p.checkClean()
}
