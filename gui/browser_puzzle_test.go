package gui_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/gui"
	"github.com/camelot-engine/camelot/puzzles"
	"github.com/chromedp/chromedp"
)

// handMadePuzzles serve the server's page when the built-in set has no
// Camelot puzzle: a Man walks into the castle (R14) in two solver moves,
// with the opponent's reply between them.
var handMadePuzzles = []puzzles.Puzzle{
	{ID: "walk1", CFEN: "1M/8/4M5/12/12/12/12/12/m11/12/12/12/12/10/N7/2 b", Moves: []string{"A8-A7", "F14-F15", "A7-A6", "F15-F16"},
		Rating: 1400, RatingDeviation: 80, Themes: []string{"castle", "short"}, Variant: rules.Camelot, Source: "test"},
}

// browserPuzzle picks the Camelot puzzle the page's tests play, the
// longest line of the built-in set; on the server's page, without one,
// a hand-made one served by the test's server. The static page serves
// only the built-in set.
func browserPuzzle(t *testing.T, backend string) (puzzles.Puzzle, gui.Config) {
	t.Helper()
	var best *puzzles.Puzzle
	for _, p := range puzzles.BuiltIn() {
		if p.Variant != rules.Camelot {
			continue
		}
		if best == nil || len(p.Moves) > len(best.Moves) {
			p := p
			best = &p
		}
	}
	if best != nil {
		return *best, gui.Config{}
	}
	if backend == staticBackend {
		t.Skip("NOTICE: the built-in puzzle set has no Camelot puzzle; the static page serves no other")
	}
	return handMadePuzzles[0], gui.Config{Puzzles: handMadePuzzles}
}

// puzzleMove is a move of the puzzle's line as the page lists it: its
// text and route.
type puzzleMove struct {
	text string
	legs []string
}

// lineMoves replays the puzzle: the route of each of its moves, and a
// legal move that is not the first solver move (a wrong one).
func lineMoves(t *testing.T, p puzzles.Puzzle) (line []puzzleMove, wrong puzzleMove) {
	t.Helper()
	g, err := p.Start()
	if err != nil {
		t.Fatal(err)
	}
	// The WCF text (R3) names every landing square of the route.
	route := func(pos rules.Position, m rules.Move) puzzleMove {
		text := pos.MoveText(m)
		return puzzleMove{text: text, legs: strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' })}
	}
	for i, text := range p.Moves {
		pos := g.Position()
		m, err := pos.ParseMove(text)
		if err != nil {
			t.Fatalf("puzzle %s move %d %q: %v", p.ID, i, text, err)
		}
		if i == 1 {
			for _, o := range g.LegalMoves() {
				if o != m {
					wrong = route(pos, o)
					break
				}
			}
		}
		line = append(line, route(pos, m))
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if wrong.text == "" {
		t.Fatalf("puzzle %s: no other move than the solution", p.ID)
	}
	return line, wrong
}

// enterMove enters a move on the board by its route, square by square,
// with press (a click or a tap): where a menu asks, it picks the move,
// or goes on.
func (p *page) enterMove(m puzzleMove, press func(sel string), plies int) {
	p.t.Helper()
	press(sq(m.legs[0]))
	for _, s := range m.legs[1:] {
		press(sq(s))
		var menu string
		p.eval(fmt.Sprintf(`(() => {
			const c = document.querySelector('#choice');
			if (c.hidden) return '';
			return c.querySelector('[data-move=%s]') ? 'move' : c.querySelector('.choice-go-on') ? 'go-on' : 'other';
		})()`, jsString(m.text)), &menu)
		switch menu {
		case "move":
			press(fmt.Sprintf(`#choice [data-move=%s]`, jsString(m.text)))
			return
		case "go-on":
			if s == m.legs[len(m.legs)-1] {
				press(fmt.Sprintf(`#choice [data-move=%s]`, jsString(m.text)))
				return
			}
			press("#choice .choice-go-on")
		}
		var played bool
		p.eval(fmt.Sprintf(`document.querySelectorAll('#move-list [data-ply]').length > %d || document.body.dataset.puzzle === 'wrong'`, plies), &played)
		if played {
			return
		}
	}
}

// openPuzzle opens ?puzzle=ID and waits for the solver's turn.
func (p *page) openPuzzle(pz puzzles.Puzzle, line []puzzleMove) {
	p.t.Helper()
	p.run(chromedp.Navigate(p.url + "?puzzle=" + pz.ID))
	p.waitJS("the board", `document.querySelectorAll('[data-square]').length === 160`, 30*time.Second)
	p.waitJS("the puzzle", fmt.Sprintf(`document.body.dataset.puzzleId === %s && /Your turn/.test(document.querySelector('#status').textContent)`, jsString(pz.ID)), 30*time.Second)
	// The opponent's move is on the board and in the move list.
	p.waitMove(1, line[0].text, 5*time.Second)
	if got := p.piece(line[0].legs[len(line[0].legs)-1]); got == "" {
		p.t.Errorf("the opponent's move %s: nothing on its last square", line[0].text)
	}
	if got := p.text("#puzzle-rating"); !strings.Contains(got, "1500") {
		p.t.Errorf("rating shown: %q", got)
	}
}

func (p *page) rating() string {
	var r string
	p.eval(`document.querySelector('#puzzle-rating').dataset.rating || ''`, &r)
	return r
}

// solve enters the solver's moves from ply k on and waits for each reply.
func (p *page) solve(line []puzzleMove, from int, press func(sel string)) {
	p.t.Helper()
	for k := from; k < len(line); k += 2 {
		p.enterMove(line[k], press, k)
		p.waitMove(k+1, line[k].text, 10*time.Second)
		if k+1 < len(line) {
			p.waitMove(k+2, line[k+1].text, 10*time.Second)
			p.waitJS("the solver's turn again", `/Your turn again/.test(document.querySelector('#status').textContent)`, 10*time.Second)
		}
	}
	p.waitJS("Solved", `/Solved/.test(document.querySelector('#status').textContent) && document.body.dataset.puzzle === 'solved'`, 10*time.Second)
}

// A puzzle opened by its address is solved by clicks: the opponent's move
// is played, each right move answered by the line's reply, and the
// status says Solved; the first attempt is rated, the rating shown and
// kept in the browser's storage.
func TestBrowserPuzzleSolved(t *testing.T) {
	for _, b := range []string{serverBackend, staticBackend} {
		t.Run(b, func(t *testing.T) {
			pz, cfg := browserPuzzle(t, b)
			line, _ := lineMoves(t, pz)
			p := newPageWith(t, b, cfg)
			p.openPuzzle(pz, line)
			p.solve(line, 1, p.clickAt)
			p.waitJS("the rating changed", `document.querySelector('#puzzle-rating').dataset.rating !== '1500'`, 10*time.Second)
			var up bool
			p.eval(`Number(document.querySelector('#puzzle-rating').dataset.rating) > 1500`, &up)
			if !up {
				t.Errorf("rating after a solved puzzle: %s", p.rating())
			}
			var stored string
			p.eval(`String(Math.round(JSON.parse(localStorage.getItem('camelot-puzzle-rating')).rating))`, &stored)
			if stored != p.rating() {
				t.Errorf("stored rating %s, shown %s", stored, p.rating())
			}
			t.Logf("puzzle %s (%d moves) solved; rating %s; %s", pz.ID, len(pz.Moves), p.rating(), p.text("#puzzle-rating"))
			p.checkClean()
		})
	}
}

// A wrong move is played, marked and taken back; the status says Wrong,
// the failed first attempt lowers the rating; the right move afterwards
// solves the puzzle without rating it again. "Solution" on a new try
// plays the line. An unknown puzzle's id shows the back end's 404.
func TestBrowserPuzzleWrong(t *testing.T) {
	for _, b := range []string{serverBackend, staticBackend} {
		t.Run(b, func(t *testing.T) {
			pz, cfg := browserPuzzle(t, b)
			line, wrong := lineMoves(t, pz)
			p := newPageWith(t, b, cfg)
			p.openPuzzle(pz, line)
			p.enterMove(wrong, p.clickAt, 1)
			p.waitJS("Wrong", `/Wrong/.test(document.querySelector('#status').textContent) && document.body.dataset.puzzle === 'wrong'`, 10*time.Second)
			// Marked on the board, then taken back.
			p.waitJS("the wrong move marked", fmt.Sprintf(`document.querySelector(%s).classList.contains('highlight')`, jsString(sq(wrong.legs[len(wrong.legs)-1]))), 5*time.Second)
			p.waitJS("the wrong move taken back", `document.querySelectorAll('#move-list [data-ply]').length === 1 && /taken back/.test(document.querySelector('#status').textContent)`, 10*time.Second)
			if p.piece(wrong.legs[0]) == "" {
				t.Errorf("after the take-back, %s is empty", wrong.legs[0])
			}
			p.waitJS("the rating lowered", `Number(document.querySelector('#puzzle-rating').dataset.rating) < 1500`, 10*time.Second)
			failed := p.rating()
			// The right line now: solved, not rated again.
			p.solve(line, 1, p.clickAt)
			if got := p.status(); !strings.Contains(got, "not rated") {
				t.Errorf("status after a retried solve: %q", got)
			}
			if r := p.rating(); r != failed {
				t.Errorf("rating %s after the retried solve, want %s as before", r, failed)
			}
			// Retry, then Solution: the line is played.
			p.clickAt("#puzzle-retry")
			p.waitJS("the puzzle again", `/Your turn/.test(document.querySelector('#status').textContent) && document.querySelectorAll('#move-list [data-ply]').length === 1`, 20*time.Second)
			p.clickAt("#puzzle-solution")
			p.waitJS("the solution", fmt.Sprintf(`/Solution: /.test(document.querySelector('#status').textContent) && document.querySelectorAll('#move-list [data-ply]').length === %d`, len(line)), 20*time.Second)
			if r := p.rating(); r != failed {
				t.Errorf("rating %s after the solution of a rated puzzle, want %s", r, failed)
			}
			// An unknown id: the page shows the 404's message.
			p.expectFailure("/api/puzzles/nosuch")
			p.run(chromedp.Navigate(p.url + "?puzzle=nosuch"))
			p.waitJS("the error", `/no puzzle "nosuch"/.test(document.querySelector('#message').textContent)`, 30*time.Second)
			p.checkClean()
		})
	}
}

// On a phone: the Puzzles button opens the puzzle nearest the player's
// rating, the page still fits the width, the line is solved by taps and
// the rating changes. CAMELOT_PHONE_SCREENSHOTS=DIR writes the view.
func TestBrowserPuzzlePhone(t *testing.T) {
	for _, b := range []string{serverBackend, staticBackend} {
		t.Run(b, func(t *testing.T) {
			_, cfg := browserPuzzle(t, b)
			p := newPageWith(t, b, cfg)
			p.run(chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch))
			p.open()
			p.checkPhoneLayout("before the puzzles")
			p.tap("#puzzle-mode")
			p.waitJS("a puzzle", `document.body.dataset.puzzleId !== undefined && /Your turn/.test(document.querySelector('#status').textContent)`, 30*time.Second)
			var id string
			p.eval(`document.body.dataset.puzzleId`, &id)
			pz := findPuzzle(t, id, cfg)
			line, _ := lineMoves(t, pz)
			p.waitMove(1, line[0].text, 5*time.Second)
			p.checkPhoneLayout("a puzzle")
			p.solve(line, 1, p.tap)
			p.waitJS("the rating changed", `document.querySelector('#puzzle-rating').dataset.rating !== '1500'`, 10*time.Second)
			p.checkPhoneLayout("solved")
			if shots := os.Getenv("CAMELOT_PHONE_SCREENSHOTS"); shots != "" {
				p.phoneShots(filepath.Join(shots, "phone-puzzle-"+p.backend))
			}
			t.Logf("phone: puzzle %s solved by taps; %s", id, p.text("#puzzle-rating"))
			p.checkClean()
		})
	}
}

// findPuzzle is the puzzle with the id among those the page's back end
// serves.
func findPuzzle(t *testing.T, id string, cfg gui.Config) puzzles.Puzzle {
	t.Helper()
	set := cfg.Puzzles
	if set == nil {
		set = puzzles.BuiltIn()
	}
	for _, p := range set {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no puzzle %q", id)
	return puzzles.Puzzle{}
}
