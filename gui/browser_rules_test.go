package gui_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startAt49PliesCFEN is Camelot's start with 49 plies without progress
// (CFEN field 4): one more and the claim is open under abstractplay
// (V14.3).
const startAt49PliesCFEN = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 w 0/0 49 30"

// TestBrowserRules opens the page under AbstractPlay's rules from the
// address (?rules=abstractplay) on each back end: the label and the
// new-game control say so; after the fiftieth ply without progress the
// page offers the claim, whose click ends the game drawn (V14.3) with
// `draw` in the move list; a new game under WCF from the control drops
// the rules from the address. An address naming no rule set plays the
// WCF's with a message.
func TestBrowserRules(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.openAt("?rules=chess", 160)
		p.waitJS("the message", `document.querySelector('#message').textContent.includes('unknown rules "chess"')`, 5*time.Second)
		p.waitJS("the WCF label", `document.querySelector('#rules-label').textContent === 'WCF rules'`, 5*time.Second)

		p.openAt("?rules=abstractplay", 160)
		p.waitJS("the AbstractPlay label", `document.querySelector('#rules-label').textContent === 'AbstractPlay rules'`, 5*time.Second)
		var got struct {
			Select, Rules, Search string
			Offered               []string
		}
		p.eval(`({select: document.querySelector('#rules').value, rules: document.querySelector('#rules-label').dataset.rules,
			search: window.location.search, offered: [...document.querySelectorAll('#rules option')].map(o => o.textContent)})`, &got)
		if got.Select != "abstractplay" || got.Rules != "abstractplay" || got.Search != "?rules=abstractplay" || strings.Join(got.Offered, " ") != "WCF AbstractPlay" {
			t.Errorf("page under abstractplay: %+v", got)
		}
		p.settings("human-human", "0", "0")
		p.setup(startAt49PliesCFEN)
		p.waitJS("the set-up position", `document.querySelector('#cfen').value.endsWith(' 49 30')`, 10*time.Second)
		if p.visible("#claim-draw") {
			t.Error("the claim is offered after 49 plies")
		}
		p.playText("e6-g8")
		p.waitMove(1, "E6-G8", 10*time.Second)
		p.waitJS("the claim offered", `!document.querySelector('#claim-draw').hidden`, 5*time.Second)
		p.run(chromedp.Click("#claim-draw", chromedp.ByID))
		p.waitMove(2, "draw", 10*time.Second)
		p.waitJS("game over", `document.querySelector('#status').textContent.startsWith('game over: ')`, 10*time.Second)
		if s := p.status(); !strings.Contains(s, "V14: draw claimed") || !strings.Contains(s, "1/2-1/2") {
			t.Errorf("#status %q, want a draw claimed by V14", s)
		}
		if p.visible("#claim-draw") {
			t.Error("the claim is still offered after the game ended")
		}

		// A new game under the WCF's rules from the control.
		p.run(chromedp.SetValue("#rules", "wcf", chromedp.ByID), chromedp.Click("#new-game", chromedp.ByID))
		p.waitJS("a new game under WCF", `document.querySelector('#rules-label').textContent === 'WCF rules' && document.querySelectorAll('[data-ply]').length === 0`, 10*time.Second)
		var search string
		p.eval(`window.location.search`, &search)
		if search != "" {
			t.Errorf("the address's query is %q under WCF", search)
		}
		p.checkClean()
	})
}

// visible reports whether the element is shown.
func (p *page) visible(sel string) bool {
	p.t.Helper()
	var shown bool
	p.eval(`(e => !!e && !e.hidden && e.getClientRects().length > 0)(document.querySelector(`+jsString(sel)+`))`, &shown)
	return shown
}
