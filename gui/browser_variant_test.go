package gui_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Camette positions (V6) the browser tests set up.
const (
	// White's Man on B4 must jump Black's last piece, B5, to B6: White
	// wins with one piece left (V5).
	cametteCaptureAllCFEN = "1/3/1m3/1M3/5/3/1 w 0/0 0 1"
)

// openAt loads the page at its address plus query and waits for a board
// of that many squares and the start of its game.
func (p *page) openAt(query string, squares int) {
	p.t.Helper()
	p.run(chromedp.Navigate(p.url + query))
	p.waitJS(fmt.Sprintf("a board of %d squares", squares), fmt.Sprintf(`document.querySelectorAll('[data-square]').length === %d`, squares), 30*time.Second)
	p.waitJS("a game", `document.body.dataset.game !== undefined && /to move/.test(document.querySelector('#status').textContent)`, 15*time.Second)
}

// boardShape is what the page drew: its variant, squares, file letters,
// castles, and whether it fits its column.
type boardShape struct {
	Variant string   `json:"variant"`
	Title   string   `json:"title"`
	Squares int      `json:"squares"`
	Files   string   `json:"files"`
	White   []string `json:"white"`
	Black   []string `json:"black"`
	Select  string   `json:"select"`
	Fits    bool     `json:"fits"`
	Width   float64  `json:"width"`
}

const boardShapeJS = `(() => {
	const svg = document.querySelector('#board');
	const area = document.querySelector('.board-area').getBoundingClientRect();
	const r = svg.getBoundingClientRect();
	const cells = [...document.querySelectorAll('[data-square] .cell')].map(c => c.getBoundingClientRect());
	const inside = cells.every(c => c.left >= area.left - 0.5 && c.right <= area.right + 0.5);
	return {
		variant: svg.dataset.variant,
		title: document.querySelector('header h1').textContent,
		squares: document.querySelectorAll('[data-square]').length,
		files: [...new Set([...document.querySelectorAll('[data-file]')].map(e => e.dataset.file))].join(''),
		white: [...document.querySelectorAll('[data-castle="white"]')].map(e => e.dataset.square),
		black: [...document.querySelectorAll('[data-castle="black"]')].map(e => e.dataset.square),
		select: document.querySelector('#variant').value,
		fits: inside && r.right <= area.right + 0.5 && r.left >= area.left - 0.5,
		width: r.width,
	};
})()`

func (p *page) boardShape() boardShape {
	p.t.Helper()
	var b boardShape
	p.eval(boardShapeJS, &b)
	return b
}

// checkShape fails the test unless the page shows the variant's board.
func (p *page) checkShape(variant, title string, squares int, files string, white, black []string) {
	p.t.Helper()
	b := p.boardShape()
	if b.Variant != variant || b.Title != title || b.Squares != squares || b.Files != files || b.Select != variant {
		p.t.Errorf("board: %+v, want %s (%s) of %d squares, files %s", b, variant, title, squares, files)
	}
	if strings.Join(b.White, " ") != strings.Join(white, " ") || strings.Join(b.Black, " ") != strings.Join(black, " ") {
		p.t.Errorf("castles %v / %v, want %v / %v", b.White, b.Black, white, black)
	}
	if !b.Fits || b.Width < 200 {
		p.t.Errorf("the %s board does not fit its column: %+v", variant, b)
	}
}

// TestBrowserCam opens a game of Cam from the address (?variant=cam): the
// board of 67 squares, files A–G and castles D1 and D13 (V2), a move by
// clicks and the engine's reply, a move by drag and one typed, take back,
// flip, the clocks, the record's Variant tag and analysis.
//
//	CAMELOT_SCREENSHOTS=1 writes the page to docs/gui-cam.png
//	(CAMELOT_SCREENSHOT_DIR=DIR: to DIR/gui-cam.png).
func TestBrowserCam(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?variant=cam", 67)
		p.checkShape("cam", "Cam", 67, "ABCDEFG", []string{"D1"}, []string{"D13"})
		for name, want := range map[string]string{"C4": "N", "E4": "N", "D5": "M", "C10": "n", "D9": "m", "D1": "", "D7": ""} {
			if got := p.piece(name); got != want {
				t.Errorf("data-piece of %s is %q, want %q", name, got, want)
			}
		}
		p.settings("human-engine", "100", "5")

		p.clickSquare("D5")
		p.waitJS("marks for D5", `document.querySelectorAll('.mark-dot').length > 0`, 5*time.Second)
		p.clickSquare("D6")
		p.waitMove(1, "D5-D6", 10*time.Second)
		p.waitMove(2, "", 30*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		p.waitJS("the clocks", `[...document.querySelectorAll('.clock-time')].every(e => /^\d+:\d\d/.test(e.textContent))`, 5*time.Second)

		// A move by drag: a plain move or a one-leap move, whose origin and
		// destination name it alone.
		st := p.serverState()
		drag := ""
		for _, m := range st.Legal {
			if len(m.Legs) == 2 && uniqueEnds(st, m.From, m.To) {
				drag = m.Text
				p.drag(m.From, m.To)
				break
			}
		}
		if drag == "" {
			t.Fatalf("no move to drag among %d", len(st.Legal))
		}
		p.waitMove(3, drag, 10*time.Second)
		p.waitMove(4, "", 30*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)

		// A move typed in lower case.
		st = p.serverState()
		typed := st.Legal[0].Text
		p.playText(strings.ToLower(typed))
		p.waitMove(5, typed, 10*time.Second)
		p.waitMove(6, "", 30*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		if rec := p.record(); !strings.Contains(rec, `[Variant "Cam"]`) || !strings.Contains(rec, "1. D5-D6") {
			t.Errorf("record:\n%s", rec)
		}
		if os.Getenv("CAMELOT_SCREENSHOTS") == "1" && p.backend == serverBackend {
			var png []byte
			p.run(chromedp.Sleep(500*time.Millisecond), chromedp.CaptureScreenshot(&png))
			dir := os.Getenv("CAMELOT_SCREENSHOT_DIR")
			if dir == "" {
				dir = filepath.Join("..", "docs")
			}
			path := filepath.Join(dir, "gui-cam.png")
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", path)
		}

		p.run(chromedp.Click("#take-back", chromedp.ByID))
		p.waitJS("two plies taken back", `document.querySelectorAll('[data-ply]').length === 4`, 10*time.Second)

		// Flipped, Black's castle D13 is at the bottom.
		_, y1 := p.centre("D1")
		_, y13 := p.centre("D13")
		if y1 < y13 {
			t.Errorf("D1 drawn above D13 before the flip")
		}
		p.run(chromedp.Click("#flip", chromedp.ByID))
		p.waitJS("the board flipped", `document.querySelector('[data-square="D1"]').getBoundingClientRect().top < document.querySelector('[data-square="D13"]').getBoundingClientRect().top`, 5*time.Second)
		p.checkShape("cam", "Cam", 67, "ABCDEFG", []string{"D1"}, []string{"D13"})

		p.settings("analysis", "0", "0")
		p.waitJS("analysis lines", `document.querySelectorAll('#pv-lines li[data-pv-move]').length >= 1`, 20*time.Second)
		p.checkClean()
	})
}

// uniqueEnds reports whether only one legal move goes from one square to
// the other.
func uniqueEnds(st serverState, from, to string) bool {
	n := 0
	for _, m := range st.Legal {
		if m.From == from && m.To == to {
			n++
		}
	}
	return n == 1
}

// TestBrowserChivalry opens a game of Chivalry from the address: the
// board of 176 squares, files A–N and the castles G1 H1 and G16 H16 (V2),
// a move by clicks to file M and the engine's reply (the engine hands
// Chivalry to its wide grid), the record's Variant tag, and analysis.
//
//	CI=true go test -count=1 -run 'BrowserChivalry' -v ./gui/
func TestBrowserChivalry(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?variant=chivalry", 176)
		p.checkShape("chivalry", "Chivalry", 176, "ABCDEFGHIJKLMN", []string{"G1", "H1"}, []string{"G16", "H16"})
		for name, want := range map[string]string{"C6": "N", "L7": "N", "G6": "M", "K11": "n", "J10": "m", "A5": "", "N12": "", "H16": ""} {
			if got := p.piece(name); got != want {
				t.Errorf("data-piece of %s is %q, want %q", name, got, want)
			}
		}
		p.settings("human-engine", "200", "5")
		p.clickSquare("L7")
		p.waitJS("marks for L7", `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.timeNextMove(1)
		p.clickSquare("M8")
		p.waitMove(1, "L7-M8", 10*time.Second)
		t.Logf("chivalry: click on the last square to the move shown: %.1f ms", p.moveShownMS())
		p.waitMove(2, "", 60*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		if rec := p.record(); !strings.Contains(rec, `[Variant "Chivalry"]`) || !strings.Contains(rec, "1. L7-M8") {
			t.Errorf("record:\n%s", rec)
		}
		p.settings("analysis", "0", "0")
		p.waitJS("analysis lines", `document.querySelectorAll('#pv-lines li[data-pv-move]').length >= 1`, 30*time.Second)
		p.checkClean()
	})
}

// TestBrowserCamette: an address naming no variant the page plays falls
// back to Camelot with a message; ?variant=CAMETTE opens Camette (23
// squares, files A–E, castles C1 and C7); a capture of Black's last
// piece by clicks wins by V5 with one piece left; the new-game control
// starts a Cam game, and a record of Camette loaded into it switches the
// board back.
func TestBrowserCamette(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?variant=shogi", 160)
		p.waitJS("the message", `document.querySelector('#message').textContent.includes('unknown variant "shogi"')`, 5*time.Second)
		p.checkShape("camelot", "Camelot", 160, "ABCDEFGHIJKL", []string{"F1", "G1"}, []string{"F16", "G16"})
		p.openAt("?variant=CAMETTE", 23)
		p.checkShape("camette", "Camette", 23, "ABCDE", []string{"C1"}, []string{"C7"})
		p.settings("human-human", "0", "0")
		p.setup(cametteCaptureAllCFEN)
		p.waitJS("the set-up position", `document.querySelector('[data-square="B4"]').getAttribute('data-piece') === 'M'`, 10*time.Second)
		p.clickSquare("B4")
		p.waitJS("marks for B4", `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.clickSquare("B6")
		p.waitMove(1, "B4xB6", 10*time.Second)
		p.waitJS("game over", `document.querySelector('#status').textContent.startsWith('game over: ')`, 10*time.Second)
		if s := p.status(); !strings.Contains(s, "V5") || !strings.Contains(s, "captured all") || !strings.Contains(s, "1-0") {
			t.Errorf("#status %q", s)
		}
		rec := p.record()
		if !strings.Contains(rec, `[Variant "Camette"]`) || !strings.Contains(rec, "1-0") {
			t.Errorf("record:\n%s", rec)
		}

		// A new game of Cam from the control; the address follows.
		p.run(chromedp.SetValue("#variant", "cam", chromedp.ByID), chromedp.Click("#new-game", chromedp.ByID))
		p.waitJS("a Cam board", `document.querySelectorAll('[data-square]').length === 67 && document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		p.checkShape("cam", "Cam", 67, "ABCDEFG", []string{"D1"}, []string{"D13"})
		var search string
		p.eval(`window.location.search`, &search)
		if search != "?variant=cam" {
			t.Errorf("the address's query is %q", search)
		}

		// The Camette record loaded: the game and the board are Camette's.
		path := filepath.Join(t.TempDir(), "camette.pgn")
		if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
			t.Fatal(err)
		}
		p.run(chromedp.SetUploadFiles("#load-record", []string{path}, chromedp.ByID))
		p.waitJS("the Camette board", `document.querySelectorAll('[data-square]').length === 23`, 10*time.Second)
		p.waitMove(1, "B4xB6", 10*time.Second)
		p.checkShape("camette", "Camette", 23, "ABCDE", []string{"C1"}, []string{"C7"})
		p.waitJS("game over", `document.querySelector('#status').textContent.startsWith('game over: ')`, 10*time.Second)
		p.checkClean()
	})
}
