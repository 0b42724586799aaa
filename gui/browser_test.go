package gui_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	rules "github.com/camelot-engine/camelot/game"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserPlayAgainstEngine clicks a move, sees it and the engine's
// answer in the move list, then takes both back.
func TestBrowserPlayAgainstEngine(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.open()
		if s := p.status(); s != "white to move" {
			t.Fatalf("#status is %q at the start", s)
		}
		for name, want := range map[string]string{"C6": "N", "E6": "M", "C11": "n", "E10": "m", "F1": "", "E8": ""} {
			if got := p.piece(name); got != want {
				t.Errorf("data-piece of %s is %q, want %q", name, got, want)
			}
		}
		p.settings("human-engine", "50", "0")

		p.clickSquare("E7")
		p.waitJS("marks for E7", `document.querySelectorAll('.mark-dot').length > 0`, 5*time.Second)
		p.timeNextMove(1)
		p.clickSquare("E8")
		p.waitMove(1, "E7-E8", 10*time.Second)
		t.Logf("click to move shown: %.1f ms", p.moveShownMS())

		start := time.Now()
		p.waitMove(2, "", 30*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		moves := p.moveTexts()
		t.Logf("engine answered %v in %v", moves, time.Since(start).Round(time.Millisecond))
		if len(moves) != 2 {
			t.Fatalf("move list %v, want two moves", moves)
		}
		st := p.serverState()
		if st.Plies != 2 {
			t.Errorf("the server's game has %d plies, want 2", st.Plies)
		}

		// A click on the first move shows the position after it.
		p.run(chromedp.Click(`#move-list [data-ply="1"]`, chromedp.ByQuery))
		p.waitJS("ply 1 viewed", `document.querySelector('[data-ply="1"]').classList.contains('current')`, 5*time.Second)
		if p.piece("E8") != "M" || p.piece("E7") != "" {
			t.Errorf("after E7-E8 the board shows E7=%q E8=%q", p.piece("E7"), p.piece("E8"))
		}
		p.run(chromedp.KeyEvent(kb.End))
		p.waitJS("ply 2 viewed", `document.querySelector('[data-ply="2"]').classList.contains('current')`, 5*time.Second)

		p.run(chromedp.Click("#take-back", chromedp.ByID))
		p.waitJS("an empty move list", `document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		if p.piece("E7") != "M" || p.piece("E8") != "" {
			t.Errorf("after take back the board shows E7=%q E8=%q", p.piece("E7"), p.piece("E8"))
		}
		if s := p.status(); s != "white to move" {
			t.Errorf("#status is %q after take back", s)
		}

		// The engine dies: the page says so, and the restarted engine answers.
		// (The static page's engines run inside its Worker: nothing to kill.)
		switch {
		case p.backend != serverBackend:
		case !killEngine(t):
			t.Log("no engine process found to end; restart not checked")
		default:
			p.waitJS("the engine's restart reported", `document.querySelector('#engine-log').textContent.includes('restarted')`, 20*time.Second)
			p.clickSquare("E7")
			p.clickSquare("E8")
			p.waitMove(1, "E7-E8", 10*time.Second)
			p.waitMove(2, "", 30*time.Second)
		}
		p.checkClean()
	})
}

// killEngine ends the engine processes this test process started (found
// in /proc by parent and executable) and reports whether there were any.
func killEngine(t *testing.T) bool {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	killed := false
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
		if err != nil || exe != engineBin {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The fields after the command name, which is in parentheses:
		// state, then the parent's pid.
		rest := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(rest) < 2 || rest[1] != strconv.Itoa(os.Getpid()) {
			continue
		}
		if proc, err := os.FindProcess(pid); err == nil && proc.Kill() == nil {
			killed = true
		}
	}
	return killed
}

// TestBrowserCaptureChoice sets up a position where two moves share origin
// and destination with different captured sets, chooses one by clicks,
// takes it back and chooses again by dragging.
func TestBrowserCaptureChoice(t *testing.T) {
	// The position must hold what the test relies on (R4: two moves).
	pos, err := boards.ParseCFEN(rules.Camelot, choiceCFEN)
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string]bool{}
	for _, m := range pos.Moves() {
		if m.From.String() == "D12" && m.To.String() == "F16" {
			sets[fmt.Sprint(m.Captured.Squares())] = true
		}
	}
	if len(sets) != 2 {
		t.Fatalf("D12 to F16 has %d captured sets in %s, want 2", len(sets), choiceCFEN)
	}

	eachBackend(t, func(t *testing.T, p *page) {
		p.open()
		p.settings("human-human", "0", "0")
		p.setup(choiceCFEN)
		p.waitJS("the set-up position", `document.querySelector('[data-square="D12"]').getAttribute('data-piece') === 'M'`, 10*time.Second)

		st := p.serverState()
		var both []string
		for _, m := range st.Legal {
			if m.From == "D12" && m.To == "F16" {
				both = append(both, m.Text+" "+strings.Join(m.Captured, ","))
			}
		}
		if len(both) != 2 {
			t.Fatalf("the server lists %v from D12 to F16, want two moves", both)
		}
		p.waitJS("the capturer marked", `document.querySelector('[data-square="D12"]').classList.contains('capturer')`, 5*time.Second)

		// Typed without its middle square the move is ambiguous; the server's
		// error names both candidates and the page shows it.
		p.expectFailure("/move")
		p.playText("d12-f16")
		p.waitJS("the ambiguity shown", `(m => m.includes('D12xD14xF16') && m.includes('D12xF14xF16'))(document.querySelector('#message').textContent)`, 5*time.Second)
		t.Logf("ambiguous text: %s", p.text("#message"))

		// Clicks: the piece, a landing square (the piece jumped is ghosted),
		// the same square again (that leg is taken back), then the shared
		// destination; a chooser asks which move.
		p.clickSquare("D12")
		p.waitJS("rings on F12 and F16", `document.querySelectorAll('.mark-ring').length === 2`, 5*time.Second)
		p.clickSquare("D14")
		p.waitJS("D13 ghosted", `document.querySelector('[data-square="D13"]').classList.contains('ghost')`, 5*time.Second)
		p.clickSquare("D14")
		p.waitJS("the leg taken back", `!document.querySelector('[data-square="D13"]').classList.contains('ghost') && document.querySelectorAll('.square.route').length === 1`, 5*time.Second)
		p.clickSquare("F16")
		p.waitJS("the chooser", `document.querySelectorAll('#choice .choice-move').length === 2`, 5*time.Second)
		p.run(chromedp.Click(`#choice [data-move="D12xF14xF16"]`, chromedp.ByQuery))
		p.waitMove(1, "D12xF14xF16", 10*time.Second)
		for name, want := range map[string]string{"F16": "M", "D12": "", "E13": "", "F15": "", "D13": "m", "E15": "m"} {
			if got := p.piece(name); got != want {
				t.Errorf("after D12xF14xF16 data-piece of %s is %q, want %q", name, got, want)
			}
		}
		p.waitJS("the last move's arrows", `document.querySelectorAll('.arrow.last').length === 2 && document.querySelectorAll('.captured-mark').length === 2`, 5*time.Second)

		// Take back (one ply between two humans), then drag the same move.
		p.run(chromedp.Click("#take-back", chromedp.ByID))
		p.waitJS("an empty move list", `document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		p.drag("D12", "F16")
		p.waitJS("the chooser after a drag", `document.querySelectorAll('#choice .choice-move').length === 2`, 5*time.Second)
		// Escape cancels the choice; nothing is played.
		p.run(chromedp.KeyEvent(kb.Escape))
		p.waitJS("the chooser gone", `document.querySelector('#choice').hidden`, 5*time.Second)
		p.drag("D12", "F16")
		p.waitJS("the chooser again", `document.querySelectorAll('#choice .choice-move').length === 2`, 5*time.Second)
		p.run(chromedp.Click(`#choice [data-move="D12xD14xF16"]`, chromedp.ByQuery))
		p.waitMove(1, "D12xD14xF16", 10*time.Second)
		if p.piece("D13") != "" || p.piece("E15") != "" || p.piece("E13") != "m" {
			t.Errorf("after D12xD14xF16: D13=%q E15=%q E13=%q", p.piece("D13"), p.piece("E15"), p.piece("E13"))
		}
		p.checkClean()
	})
}

// TestBrowserGameOver plays a castle win (R14) typed in the text box and
// expects #status to say the game is over.
func TestBrowserGameOver(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.open()
		p.settings("human-human", "0", "0")
		p.setup(castleWinCFEN)
		p.waitJS("the set-up position", `document.querySelector('[data-square="G16"]').getAttribute('data-piece') === 'M'`, 10*time.Second)
		if s := p.status(); s != "white to move" {
			t.Fatalf("#status is %q after setup", s)
		}
		var cfen string
		p.eval(`document.querySelector('#cfen').value`, &cfen)
		if !strings.HasPrefix(cfen, strings.Fields(castleWinCFEN)[0]+" w") {
			t.Errorf("the CFEN box shows %q", cfen)
		}
		// Lower case and no separator reading is the server's (R3).
		p.playText("f15-f16")
		p.waitMove(1, "F15-F16", 10*time.Second)
		p.waitJS("game over", `document.querySelector('#status').textContent.startsWith('game over: ')`, 10*time.Second)
		s := p.status()
		t.Logf("#status: %s", s)
		if !strings.Contains(s, "1-0") && !strings.Contains(strings.ToLower(s), "white") {
			t.Errorf("#status %q does not name White's win", s)
		}
		var movable int
		p.eval(`document.querySelectorAll('.square.movable').length`, &movable)
		if movable != 0 {
			t.Errorf("%d pieces are still offered for a move after the game ended", movable)
		}
		p.checkClean()
	})
}

// TestBrowserAnalysis covers a canter's stop-or-go-on choice, "Analyse
// game" (eval graph, marks), stepping
// through the game with the keys, analysis mode (lines, eval bar, best-move
// arrow; a click on a line plays it), flipping, and loading a record.
func TestBrowserAnalysis(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.open()
		p.settings("human-human", "0", "0")

		// A canter that may stop on E5 or go on: "go on", then a click on the
		// final square; then again with a second click on E5 (stop here).
		p.clickSquare("G7")
		p.clickSquare("E5")
		p.waitJS("stop or go on", `document.querySelector('#choice .choice-go-on') !== null && document.querySelector('#choice [data-move="G7-E5"]') !== null`, 5*time.Second)
		p.run(chromedp.Click("#choice .choice-go-on", chromedp.ByQuery))
		p.clickSquare("C5")
		p.waitMove(1, "G7-E5-C7-C5", 10*time.Second)
		p.run(chromedp.Click("#take-back", chromedp.ByID))
		p.waitJS("an empty move list", `document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		p.clickSquare("G7")
		p.clickSquare("E5")
		p.waitJS("stop or go on", `document.querySelector('#choice .choice-go-on') !== null`, 5*time.Second)
		p.clickSquare("E5")
		p.waitMove(1, "G7-E5", 10*time.Second)
		p.run(chromedp.Click("#take-back", chromedp.ByID))
		p.waitJS("an empty move list", `document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)

		for i, m := range []string{"F7-F8", "F10-F9"} {
			p.playText(m)
			p.waitMove(i+1, m, 10*time.Second)
		}

		p.run(chromedp.Click("#analyse-game", chromedp.ByID))
		p.waitJS("the eval graph", `!document.querySelector('#eval-graph').hasAttribute('hidden') && document.querySelectorAll('#eval-graph .graph-point').length === 2`, 20*time.Second)
		var marks []string
		p.eval(`[...document.querySelectorAll('#move-list [data-ply]')].map(e => e.dataset.mark || '')`, &marks)
		t.Logf("marks %q; %s", marks, p.text("#analyse-progress"))
		p.clickAt(`#eval-graph .graph-point[data-graph-ply="1"]`)
		p.waitJS("ply 1 viewed", `document.querySelector('[data-ply="1"]').classList.contains('current')`, 5*time.Second)
		if p.piece("F8") != "M" || p.piece("F10") != "m" || p.piece("F9") != "" {
			t.Errorf("ply 1 shows F8=%q F9=%q F10=%q", p.piece("F8"), p.piece("F9"), p.piece("F10"))
		}
		p.run(chromedp.KeyEvent(kb.ArrowLeft))
		p.waitJS("the start viewed", `document.querySelectorAll('.move.current').length === 0 && document.querySelector('[data-square="F7"]').getAttribute('data-piece') === 'M'`, 5*time.Second)
		p.run(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
		p.waitJS("ply 2 viewed", `document.querySelector('[data-ply="2"]').classList.contains('current')`, 5*time.Second)

		// Analysis: lines stream in; the best move gets an arrow.
		p.run(chromedp.SetValue("#multipv", "2", chromedp.ByID))
		p.settings("analysis", "0", "0")
		p.waitJS("analysis lines", `document.querySelectorAll('#pv-lines li[data-pv-move]').length >= 1 && !document.querySelector('#eval-bar').hidden`, 20*time.Second)
		p.waitJS("the best-move arrow", `document.querySelectorAll('.arrow.hint').length >= 1`, 10*time.Second)
		var best string
		p.eval(`document.querySelector('#pv-lines li[data-pv-move]').dataset.pvMove`, &best)
		p.run(chromedp.Click(`#pv-lines li[data-pv-move]`, chromedp.ByQuery))
		p.waitMove(3, "", 10*time.Second)
		if got := p.moveTexts(); len(got) != 3 || !strings.EqualFold(got[2], best) {
			t.Errorf("after a click on the line of %s the moves are %v", best, got)
		}

		// A move clicked while the analysis streams is shown as fast: the
		// page stays responsive. A plain move (R6) alone between its squares.
		p.waitJS("analysis of ply 3", `document.querySelectorAll('#pv-lines li[data-pv-move]').length >= 1`, 20*time.Second)
		st := p.serverState()
		var from, to string
		for _, m := range st.Legal {
			n := 0
			for _, o := range st.Legal {
				if o.From == m.From && o.To == m.To {
					n++
				}
			}
			if n == 1 && len(m.Legs) == 2 && m.Canters == 0 && len(m.Captured) == 0 {
				from, to = m.From, m.To
				break
			}
		}
		if from == "" {
			t.Fatalf("no plain move at ply 3 of %s", st.CFEN)
		}
		p.clickSquare(from)
		p.waitJS("marks for "+from, `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.timeNextMove(4)
		p.clickSquare(to)
		p.waitMove(4, "", 10*time.Second)
		t.Logf("click to move shown while analysing: %.1f ms", p.moveShownMS())

		// Flip: rank 1 goes to the top.
		_, y1 := p.centre("F1")
		p.run(chromedp.Click("#flip", chromedp.ByID))
		if _, y2 := p.centre("F1"); !(y2 < y1) {
			t.Errorf("F1 at y=%v before and %v after flipping", y1, y2)
		}

		// A record saved by the server loads into a new game.
		p.settings("human-human", "0", "0")
		rec := p.record()
		path := filepath.Join(t.TempDir(), "game.pgn")
		if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
			t.Fatal(err)
		}
		p.run(chromedp.Click("#new-game", chromedp.ByID))
		p.waitJS("a new game", `document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		p.run(chromedp.SetUploadFiles("#load-record", []string{path}, chromedp.ByID))
		p.waitMove(4, "", 10*time.Second)
		if got := p.moveTexts(); len(got) != 4 || got[0] != "F7-F8" {
			t.Errorf("the loaded record gives %v", got)
		}
		p.checkClean()
	})
}

// TestScreenshots writes the README's pictures of the page:
// CAMELOT_SCREENSHOTS=1 go test -run Screenshots ./gui/
func TestScreenshots(t *testing.T) {
	if os.Getenv("CAMELOT_SCREENSHOTS") != "1" {
		t.Skip("set CAMELOT_SCREENSHOTS=1 to write docs/gui-*.png")
	}
	p := newPage(t, serverBackend)
	p.open()
	shot := func(path string) {
		var png []byte
		p.run(chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
	}
	shot(filepath.Join("..", "docs", "gui-start.png"))
	p.settings("human-human", "0", "0")

	// F7-F8 F10-F9 leaves White a four-piece capture.
	for i, m := range []string{"F7-F8", "F10-F9", "F8xF10xH12xJ10xJ12"} {
		p.playText(m)
		p.waitMove(i+1, m, 10*time.Second)
	}
	// Let the leg-by-leg animation finish before the picture.
	p.run(chromedp.Sleep(1500 * time.Millisecond))
	shot(filepath.Join("..", "docs", "gui-capture.png"))
	p.checkClean()
}

// TestBrowserEngineEngine lets two engines play on a one-minute clock:
// the moves come, the clocks run down, and a change of mode stops them.
func TestBrowserEngineEngine(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.open()
		p.settings("engine-engine", "0", "1")
		p.waitMove(4, "", 60*time.Second)
		p.waitJS("clocks run down", `[...document.querySelectorAll('.clock-time')].every(e => e.textContent !== '' && e.textContent !== '1:00')`, 10*time.Second)
		t.Logf("clocks %q %q after %v", p.text("#clock-top .clock-time"), p.text("#clock-bottom .clock-time"), p.moveTexts())
		p.settings("human-human", "0", "0")
		n := len(p.moveTexts())
		time.Sleep(500 * time.Millisecond)
		if m := len(p.moveTexts()); m > n+1 {
			t.Errorf("the engines went on playing after human-human: %d moves, then %d", n, m)
		}
		p.checkClean()
	})
}
