package gui_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// phone is the viewport of a common phone held upright, in CSS pixels.
const phoneWidth, phoneHeight = 390, 844

// tap touches the middle of an element with one finger and lifts it,
// as a phone's touch screen reports it; the element is scrolled into
// view first.
func (p *page) tap(sel string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`document.querySelector(%s).scrollIntoView({block: 'nearest', inline: 'nearest'}), true`, jsString(sel)), nil)
	x, y := p.middle(sel)
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: x, Y: y}}).Do(ctx); err != nil {
			return err
		}
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	}))
}

func (p *page) tapSquare(square string) {
	p.t.Helper()
	p.tap(sq(square))
}

// phoneLayout is what the page looks like in the phone's viewport.
type phoneLayout struct {
	InnerWidth  float64  `json:"innerWidth"`
	ScrollWidth float64  `json:"scrollWidth"`
	Squares     int      `json:"squares"`
	Outside     []string `json:"outside"` // elements reaching past the viewport's sides
	Board       float64  `json:"board"`   // the board's width
	Square      float64  `json:"square"`  // a square's width
}

// phoneLayoutJS measures against the phone's own width: a mobile browser
// widens its layout viewport (innerWidth) to fit a page too wide for it.
var phoneLayoutJS = fmt.Sprintf(`(() => {
	const w = %d;
	const out = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.left < 0 || r.right > w); };
	const named = [...document.querySelectorAll('[data-square], #clock-top, #clock-bottom, header, #move-form, .side-panel, .side-panel button, .side-panel input, .side-panel select, #choice:not([hidden]), #choice button')];
	return {
		innerWidth: window.innerWidth,
		scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
		squares: document.querySelectorAll('[data-square]').length,
		outside: named.filter(out).map(e => e.dataset.square || e.id || e.className || e.tagName),
		board: document.querySelector('#board').getBoundingClientRect().width,
		square: document.querySelector('[data-square] .cell').getBoundingClientRect().width,
	};
})()`, phoneWidth)

// checkPhoneLayout fails the test when the page scrolls sideways or any
// square, clock or control reaches past the viewport's sides, or the
// board has not Camelot's 160 squares.
func (p *page) checkPhoneLayout(when string) phoneLayout {
	p.t.Helper()
	return p.checkPhoneBoard(when, 160)
}

// checkPhoneBoard is checkPhoneLayout for a board of that many squares.
func (p *page) checkPhoneBoard(when string, squares int) phoneLayout {
	p.t.Helper()
	var l phoneLayout
	p.eval(phoneLayoutJS, &l)
	if l.InnerWidth != phoneWidth {
		p.t.Errorf("%s: the page is too wide for the phone: the browser widened its viewport to %v CSS px", when, l.InnerWidth)
	}
	if l.ScrollWidth > phoneWidth {
		p.t.Errorf("%s: the page scrolls sideways: %v wide on a %d px phone", when, l.ScrollWidth, phoneWidth)
	}
	if l.Squares != squares {
		p.t.Errorf("%s: %d squares on the board", when, l.Squares)
	}
	if len(l.Outside) > 0 {
		p.t.Errorf("%s: past the viewport's sides: %v", when, l.Outside)
	}
	return l
}

// TestBrowserPhone opens the page in a phone's viewport (390 × 844 CSS
// pixels, mobile, touch) on each back end: the whole board, the clocks
// and the buttons fit its width with no sideways scrolling, a move is
// entered by taps, the engine answers, and the buttons answer taps. The
// board's size and the time from the tap on the last square to the move
// shown are logged. CAMELOT_PHONE_SCREENSHOTS=DIR writes the phone's view
// there:
//
//	CI=true go test -count=1 -run 'BrowserPhone' -v ./gui/
func TestBrowserPhone(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.run(chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch))
		p.open()
		l := p.checkPhoneLayout("at the start")
		t.Logf("phone %dx%d: board %.1f CSS px wide, a square %.1f px", phoneWidth, phoneHeight, l.Board, l.Square)
		p.settings("human-engine", "200", "5")

		// A canter by taps along its route: the piece, the square it may
		// stop on (a menu asks: stop or go on), "go on", the last square.
		p.tapSquare("G7")
		p.waitJS("marks for G7", `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.tapSquare("E5")
		p.waitJS("stop or go on", `document.querySelector('#choice .choice-go-on') !== null`, 5*time.Second)
		p.checkPhoneLayout("with the menu open")
		p.tap("#choice .choice-go-on")
		p.waitJS("the menu gone", `document.querySelector('#choice').hidden`, 5*time.Second)
		p.timeNextMove(1)
		p.tapSquare("C5")
		p.waitMove(1, "G7-E5-C7-C5", 10*time.Second)
		t.Logf("phone: tap on the last square to the move shown: %.1f ms", p.moveShownMS())
		p.waitMove(2, "", 60*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)
		p.waitJS("the clocks", `[...document.querySelectorAll('.clock-time')].every(e => /^\d+:\d\d/.test(e.textContent))`, 5*time.Second)
		p.checkPhoneLayout("after two moves")
		shots := os.Getenv("CAMELOT_PHONE_SCREENSHOTS")
		if shots != "" {
			p.phoneShots(filepath.Join(shots, "phone-"+p.backend))
		}

		// The buttons answer taps: take back both moves, flip the board.
		p.tap("#take-back")
		p.waitJS("an empty move list", `document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		_, y1 := p.centre("F1")
		p.tap("#flip")
		p.waitJS("the board flipped", fmt.Sprintf(`document.querySelector('[data-square="F1"]').getBoundingClientRect().top + window.scrollY < %v + window.scrollY - 100`, y1), 5*time.Second)
		p.checkPhoneLayout("flipped")

		// Analysis adds the evaluation bar beside the board and the lines
		// below: still nothing past the sides.
		p.settings("analysis", "0", "0")
		p.waitJS("analysis lines", `document.querySelectorAll('#pv-lines li[data-pv-move]').length >= 1 && !document.querySelector('#eval-bar').hidden`, 20*time.Second)
		p.checkPhoneLayout("analysing")
		if shots != "" {
			p.phoneShots(filepath.Join(shots, "phone-"+p.backend+"-analysis"))
		}
		p.checkClean()
	})
}

// phoneShots writes the page a screen at a time, top to bottom, as PNG
// files base-1.png, base-2.png, ….
func (p *page) phoneShots(base string) {
	p.t.Helper()
	var height float64
	p.eval(`document.documentElement.scrollHeight`, &height)
	for i := 0; float64(i*phoneHeight) < height; i++ {
		p.eval(fmt.Sprintf(`window.scrollTo(0, %d), true`, i*phoneHeight), nil)
		var png []byte
		p.run(chromedp.Sleep(100*time.Millisecond), chromedp.CaptureScreenshot(&png))
		name := fmt.Sprintf("%s-%d.png", base, i+1)
		if err := os.WriteFile(name, png, 0o644); err != nil {
			p.t.Fatal(err)
		}
		p.t.Logf("wrote %s", name)
	}
	p.eval(`window.scrollTo(0, 0), true`, nil)
}

// TestBrowserPhoneCam opens a game of Cam in the phone's viewport: its
// narrower, taller board fits the width too, and a move by taps is
// answered by the engine. CAMELOT_PHONE_SCREENSHOTS=DIR writes the view.
func TestBrowserPhoneCam(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.run(chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch))
		p.openAt("?variant=cam", 67)
		l := p.checkPhoneBoard("Cam at the start", 67)
		t.Logf("phone %dx%d: Cam board %.1f CSS px wide, a square %.1f px", phoneWidth, phoneHeight, l.Board, l.Square)
		p.settings("human-engine", "100", "5")
		p.tapSquare("C5")
		p.waitJS("marks for C5", `document.querySelectorAll('.mark-dot').length > 0`, 5*time.Second)
		p.tapSquare("C6")
		p.waitMove(1, "C5-C6", 10*time.Second)
		p.waitMove(2, "", 60*time.Second)
		p.checkPhoneBoard("Cam after two moves", 67)
		if shots := os.Getenv("CAMELOT_PHONE_SCREENSHOTS"); shots != "" {
			p.phoneShots(filepath.Join(shots, "phone-cam-"+p.backend))
		}
		p.checkClean()
	})
}
