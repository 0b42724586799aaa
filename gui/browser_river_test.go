package gui_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// riverCrossCFEN is a River position (V9) with the trees placed (White's
// C2 D2 I2, Black's A8 B8 A9) and White to make its first piece move: its
// Knight on D6 canters over its Men on the bridge (D7) and beyond it (D9)
// across the river, D6-D8-D10, landing on the bridge's far square first.
const riverCrossCFEN = "2/8/10/4mm6/12/12/12/t2M8/tt10/3M8/3N8/12/12/10/tt4t1/2 w 0/0 0 2"

// riverShapeJS reads what the page drew of River's board: the river's
// cells (no squares), the bridges (squares), and their colours.
const riverShapeJS = `(() => {
	const fill = (sel) => { const e = document.querySelector(sel); return e ? getComputedStyle(e).fill : ''; };
	return {
		water: document.querySelectorAll('[data-river]').length,
		waterSquares: document.querySelectorAll('[data-river][data-square], [data-river] [data-square]').length,
		bridges: [...document.querySelectorAll('[data-square][data-bridge]')].map(e => e.dataset.square).join(' '),
		decks: document.querySelectorAll('[data-bridge] .bridge-deck').length,
		waterFill: fill('[data-river="C6"] .cell'),
		squareFill: fill('[data-square="D6"] .cell'),
		deckFill: fill('[data-square="D7"] .deck'),
	};
})()`

// checkRiver fails the test unless the page drew River's 24 river squares
// as water and its four bridges as squares with a deck.
func (p *page) checkRiver() {
	p.t.Helper()
	var r struct {
		Water        int    `json:"water"`
		WaterSquares int    `json:"waterSquares"`
		Bridges      string `json:"bridges"`
		Decks        int    `json:"decks"`
		WaterFill    string `json:"waterFill"`
		SquareFill   string `json:"squareFill"`
		DeckFill     string `json:"deckFill"`
	}
	p.eval(riverShapeJS, &r)
	if r.Water != 24 || r.WaterSquares != 0 || r.Bridges != "D7 D8 I9 I10" || r.Decks != 4 {
		p.t.Errorf("river: %+v; want 24 water cells that are no squares, bridges D7 D8 I9 I10 with decks", r)
	}
	if r.WaterFill == "" || r.WaterFill == r.SquareFill || r.DeckFill == "" || r.DeckFill == r.WaterFill {
		p.t.Errorf("colours: water %q, a square %q, a bridge's deck %q", r.WaterFill, r.SquareFill, r.DeckFill)
	}
}

// trees lists the squares whose data-piece is t, in the board's order.
func (p *page) trees() string {
	p.t.Helper()
	var s string
	p.eval(`[...document.querySelectorAll('[data-square][data-piece="t"]')].map(e => e.dataset.square).sort().join(' ')`, &s)
	return s
}

// waitTrees waits for n trees on the board.
func (p *page) waitTrees(n int) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf("%d trees", n), fmt.Sprintf(`document.querySelectorAll('[data-square][data-piece="t"] .piece.tree').length === %d`, n), 10*time.Second)
}

// placeWhiteTrees places White's three trees by touching the squares with touch
// (a click or a tap): the first two are marked, one of them unmarked and
// marked again, and the third plays the placement, ply 1.
func (p *page) placeWhiteTrees(touch func(string)) {
	p.t.Helper()
	p.waitJS("White's 41 tree squares offered", `document.querySelectorAll('.square.tree-choice').length === 41 && /^white to move: place 3 trees/.test(document.querySelector('#status').textContent)`, 10*time.Second)
	touch("C2")
	p.waitJS("C2 chosen", `document.querySelector('[data-square="C2"]').classList.contains('tree-marked') && document.querySelectorAll('.tree-mark').length === 1 && document.querySelector('#status').textContent.includes('(1 chosen)')`, 5*time.Second)
	touch("D2")
	p.waitJS("D2 chosen", `document.querySelectorAll('.square.tree-marked').length === 2`, 5*time.Second)
	touch("D2")
	p.waitJS("D2 unchosen", `document.querySelectorAll('.square.tree-marked').length === 1 && document.querySelector('[data-square="D2"]').classList.contains('tree-choice')`, 5*time.Second)
	touch("A9") // no White tree square: nothing happens
	touch("D2")
	p.waitJS("D2 chosen again", `document.querySelectorAll('.square.tree-marked').length === 2`, 5*time.Second)
	if p.trees() != "" {
		p.t.Errorf("trees on the board before the placement: %s", p.trees())
	}
	touch("I2")
	p.waitMove(1, "C2,D2,I2", 10*time.Second)
	p.waitTrees(3)
	if got := p.trees(); got != "C2 D2 I2" {
		p.t.Errorf("trees %q after White's placement", got)
	}
}

// waitEnginePlacement waits for the engine's placement of Black's trees
// (ply 2) and checks its trees are on the board.
func (p *page) waitEnginePlacement() {
	p.t.Helper()
	p.waitMove(2, "", 60*time.Second)
	var text string
	p.eval(`document.querySelector('[data-ply="2"]').textContent`, &text)
	squares := strings.Split(text, ",")
	if len(squares) != 3 {
		p.t.Fatalf("the engine's answer %q is no placement", text)
	}
	p.waitTrees(6)
	for _, s := range squares {
		if p.piece(s) != "t" {
			p.t.Errorf("the engine's tree %s is not shown (data-piece %q)", s, p.piece(s))
		}
	}
	p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move' && document.querySelectorAll('.square.tree-choice, .square.tree-marked').length === 0`, 10*time.Second)
}

// setupCrossing sets up riverCrossCFEN and checks its trees and the Man
// on the bridge.
func (p *page) setupCrossing() {
	p.t.Helper()
	p.setup(riverCrossCFEN)
	p.waitJS("the set-up position", `document.querySelector('[data-square="D6"]').getAttribute('data-piece') === 'N' && document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
	p.waitTrees(6)
	if got := p.trees(); got != "A8 A9 B8 C2 D2 I2" {
		p.t.Errorf("trees %q in the set-up", got)
	}
	if p.piece("D7") != "M" {
		p.t.Errorf("D7, a bridge, holds %q, want the Man", p.piece("D7"))
	}
}

// TestBrowserRiver plays River Camelot from the address (?variant=river)
// on each back end: the river drawn as water and its bridges as bridges
// (V9); White's trees placed by clicks on the squares offered, one
// unmarked and marked again (V10); the engine's placement of Black's; the
// trees shown as pieces with data-piece="t"; then, in a set-up with trees,
// a Knight crosses the river by the bridge D7 D8, and the engine answers.
func TestBrowserRiver(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?variant=river", 136)
		p.checkShape("river", "River Camelot", 136, "ABCDEFGHIJKL", []string{"F1", "G1"}, []string{"F16", "G16"})
		p.checkRiver()
		p.settings("human-engine", "100", "5")
		p.placeWhiteTrees(p.clickSquare)
		p.waitEnginePlacement()

		p.setupCrossing()
		p.clickSquare("D6")
		p.waitJS("marks for D6", `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.clickSquare("D10")
		p.waitMove(1, "D6-D8-D10", 10*time.Second)
		p.waitJS("the Knight beyond the river", `document.querySelector('[data-square="D10"]').getAttribute('data-piece') === 'N' && !document.querySelector('[data-square="D6"]').hasAttribute('data-piece')`, 10*time.Second)
		p.waitMove(2, "", 60*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		if got := p.trees(); got != "A8 A9 B8 C2 D2 I2" {
			t.Errorf("trees %q after two moves", got)
		}
		p.checkRiver()
		p.checkClean()
	})
}

// TestBrowserPhoneRiver is River on a phone's viewport, by taps: the
// board with its river fits the width, White's trees are tapped, the
// engine places Black's, and a Knight taps its way over the bridge.
func TestBrowserPhoneRiver(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.run(chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch))
		p.openAt("?variant=river", 136)
		l := p.checkPhoneBoard("River at the start", 136)
		t.Logf("phone %dx%d: River board %.1f CSS px wide, a square %.1f px", phoneWidth, phoneHeight, l.Board, l.Square)
		p.checkRiver()
		p.settings("human-engine", "100", "5")
		p.placeWhiteTrees(p.tapSquare)
		p.waitEnginePlacement()
		p.checkPhoneBoard("River with its trees", 136)

		p.setupCrossing()
		p.tapSquare("D6")
		p.waitJS("marks for D6", `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.tapSquare("D10")
		p.waitMove(1, "D6-D8-D10", 10*time.Second)
		p.waitMove(2, "", 60*time.Second)
		p.checkPhoneBoard("River after the crossing", 136)
		p.checkClean()
	})
}

// TestBrowserAntiRiver: Anti-River from the address between two humans on
// each back end: the new-game control offers all ten games; White's
// placement typed in lower case in the move box, a malformed one refused
// with the server's message; Black's by clicks, Escape dropping a chosen
// square; the record's Variant tag; then a new River game from the
// control.
func TestBrowserAntiRiver(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?variant=anti-river", 136)
		p.checkShape("anti-river", "Anti-River", 136, "ABCDEFGHIJKL", []string{"F1", "G1"}, []string{"F16", "G16"})
		p.checkRiver()
		var offered string
		p.eval(`[...document.querySelectorAll('#variant option:not([disabled])')].map(o => o.value).join(' ')`, &offered)
		if want := "camelot cam camette chivalry river anti-camelot anti-cam anti-camette anti-chivalry anti-river"; offered != want {
			t.Errorf("the new-game control offers %q, want %q", offered, want)
		}
		var placeholder string
		p.eval(`document.querySelector('#move-text').placeholder`, &placeholder)
		if len(strings.Split(placeholder, ",")) != 3 {
			t.Errorf("the move box's example %q is no placement", placeholder)
		}
		p.settings("human-human", "0", "0")

		p.expectFailure("/move")
		p.playText("c2,d2")
		p.waitJS("the refusal", `document.querySelector('#message').textContent.includes('three tree squares')`, 10*time.Second)
		p.playText("c2,d2,i2")
		p.waitMove(1, "C2,D2,I2", 10*time.Second)
		p.waitTrees(3)
		p.waitJS("the message cleared", `document.querySelector('#message').textContent === ''`, 5*time.Second)

		p.waitJS("Black's 41 tree squares offered", `document.querySelectorAll('.square.tree-choice').length === 41 && /^black to move: place 3 trees/.test(document.querySelector('#status').textContent)`, 10*time.Second)
		p.clickSquare("K12")
		p.waitJS("K12 chosen", `document.querySelectorAll('.square.tree-marked').length === 1`, 5*time.Second)
		p.run(chromedp.KeyEvent("\x1b"))
		p.waitJS("the choice dropped", `document.querySelectorAll('.square.tree-marked').length === 0 && document.querySelectorAll('.square.tree-choice').length === 41`, 5*time.Second)
		for _, s := range []string{"A9", "B8", "A8"} {
			p.clickSquare(s)
		}
		p.waitMove(2, "A8,A9,B8", 10*time.Second)
		p.waitTrees(6)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		if rec := p.record(); !strings.Contains(rec, `[Variant "Anti-River"]`) || !strings.Contains(rec, "1. C2,D2,I2 A8,A9,B8") {
			t.Errorf("record:\n%s", rec)
		}

		p.run(chromedp.SetValue("#variant", "river", chromedp.ByID), chromedp.Click("#new-game", chromedp.ByID))
		p.waitJS("a new River game", `document.querySelector('#board').dataset.variant === 'river' && document.querySelectorAll('[data-ply]').length === 0 && document.querySelectorAll('[data-piece="t"]').length === 0`, 10*time.Second)
		var search string
		p.eval(`window.location.search`, &search)
		if search != "?variant=river" {
			t.Errorf("the address's query is %q", search)
		}
		p.checkRiver()
		p.checkClean()
	})
}
