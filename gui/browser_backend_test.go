package gui_test

import (
	"strings"
	"testing"
	"time"
)

// The page knows its back end from index.html (web/build marks the static
// one): the static page sends nothing to an API its host has not got, and
// the page of camelot gui never starts the Worker. Each opens, takes a
// move by clicks and shows the engine's reply with no failed request and
// no console error; the requests it took are logged:
//
//	CI=true go test -count=1 -run 'BrowserBackendRequests' -v ./gui/
func TestBrowserBackendRequests(t *testing.T) {
	eachBackend(t, func(t *testing.T, p *page) {
		p.open()
		p.clickSquare("E7")
		p.waitJS("marks for E7", `document.querySelectorAll('.mark-dot').length > 0`, 5*time.Second)
		p.clickSquare("E8")
		p.waitMove(1, "E7-E8", 10*time.Second)
		p.waitMove(2, "", 60*time.Second)
		p.waitJS("white to move", `document.querySelector('#status').textContent === 'white to move'`, 10*time.Second)

		urls := p.sentURLs()
		has := func(name string) bool {
			for _, u := range urls {
				if strings.HasSuffix(strings.SplitN(u, "?", 2)[0], "/"+name) {
					return true
				}
			}
			return false
		}
		api := 0
		for _, u := range urls {
			if strings.HasPrefix(u, p.origin+"/api/") {
				api++
			}
		}
		switch p.backend {
		case staticBackend:
			if api != 0 {
				t.Errorf("the static page sent %d requests to /api/", api)
			}
			served := p.served.list()
			for _, name := range []string{"worker.js", "wasm_exec.js", "camelot.wasm.gz"} {
				if !strings.Contains(strings.Join(served, "\n")+"\n", "/"+name+"\n") {
					t.Errorf("the static page never loaded %s; the host served %q", name, served)
				}
			}
			failed := 0
			for _, r := range served {
				if !strings.HasPrefix(r, "2") && !strings.HasPrefix(r, "3") {
					failed++
				}
			}
			t.Logf("static page, open to the engine's reply: %d requests, %d failed: %s", len(served), failed, strings.Join(served, ", "))
		case serverBackend:
			for _, name := range []string{"worker.js", "wasm_exec.js", "camelot.wasm.gz"} {
				if has(name) {
					t.Errorf("the server's page loaded %s", name)
				}
			}
			t.Logf("server page, open to the engine's reply: %d requests (%d to /api/)", len(urls), api)
		}
		p.checkClean()
	})
}
