package gui_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// antiCastleCFEN is a Camette position (V6) where White's Man on C6 may
// step into Black's castle, C7: in Anti-Camette that loses (V11).
const antiCastleCFEN = "1/3/1M3/5/m4/3/1 w 0/0 0 1"

// TestBrowserAnti plays Anti-Camette from the address (?variant=anti-camette)
// on each back end: the board is Camette's, the new-game control offers
// every Anti form, and a step into the opponent's castle loses (V11); the
// record carries its Variant tag. Then the same on a phone's viewport,
// with taps.
func TestBrowserAnti(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?variant=anti-camette", 23)
		p.checkShape("anti-camette", "Anti-Camette", 23, "ABCDE", []string{"C1"}, []string{"C7"})
		var offered string
		p.eval(`[...document.querySelectorAll('#variant option')].map(o => o.value).join(' ')`, &offered)
		for _, v := range []string{"anti-camelot", "anti-cam", "anti-camette", "anti-chivalry"} {
			if !strings.Contains(offered, v) {
				t.Errorf("the new-game control offers %q, not %s", offered, v)
			}
		}
		p.settings("human-human", "0", "0")
		p.setup(antiCastleCFEN)
		p.waitJS("the set-up position", `document.querySelector('[data-square="B5"]').getAttribute('data-piece') === 'M'`, 10*time.Second)
		p.playText("b5-c6")
		p.waitMove(1, "B5-C6", 10*time.Second)
		p.playText("a3-a4")
		p.waitMove(2, "A3-A4", 10*time.Second)
		p.clickSquare("C6")
		p.waitJS("marks for C6", `document.querySelectorAll('.mark-dot, .mark-ring').length > 0`, 5*time.Second)
		p.clickSquare("C7")
		p.waitMove(3, "C6-C7", 10*time.Second)
		p.waitJS("game over", `document.querySelector('#status').textContent.startsWith('game over: ')`, 10*time.Second)
		if s := p.status(); !strings.Contains(s, "V11") || !strings.Contains(s, "0-1") {
			t.Errorf("#status %q, want Black's win by V11", s)
		}
		if rec := p.record(); !strings.Contains(rec, `[Variant "Anti-Camette"]`) || !strings.Contains(rec, "0-1") {
			t.Errorf("record:\n%s", rec)
		}
		p.checkClean()
	})
}

// TestBrowserPhoneAnti plays a move of Anti-Cam by taps on a phone's
// viewport, against the engine, on each back end.
func TestBrowserPhoneAnti(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.run(chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch))
		p.openAt("?variant=anti-cam", 67)
		p.checkPhoneBoard("Anti-Cam at the start", 67)
		p.settings("human-engine", "100", "5")
		p.tapSquare("C5")
		p.waitJS("marks for C5", `document.querySelectorAll('.mark-dot').length > 0`, 5*time.Second)
		p.tapSquare("C6")
		p.waitMove(1, "C5-C6", 10*time.Second)
		p.waitMove(2, "", 60*time.Second)
		p.checkPhoneBoard("Anti-Cam after two moves", 67)
		p.checkClean()
	})
}
