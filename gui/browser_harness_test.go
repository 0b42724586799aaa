package gui_test

// End-to-end tests of the page in a real headless browser (Debian's
// chromium driven over the DevTools protocol). They start the server with
// the camelot binary as its engine, click through the page and read the
// DOM contract of gui/web (data-square, data-piece, data-ply, #status).

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/gui"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Positions set up by the tests (CFEN, R5).
const (
	// White's Man on D12 can reach F16 by two jump routes that capture
	// different pieces: D12xD14xF16 takes D13 and E15, D12xF14xF16 takes
	// E13 and F15. Landing in Black's castle ends each at once (R8).
	choiceCFEN = "2/2mm4/10/3mm7/3M8/12/12/12/12/12/12/12/10n1/4N5/8/2 w"
	// White has a Man on G16; F15-F16 puts a second one in Black's castle
	// and wins (R14).
	castleWinCFEN = "1M/3M4/10/12/12/12/12/12/m11/12/12/12/12/10/N7/2 w"
)

var (
	buildOnce sync.Once
	buildDir  string
	engineBin string
	buildErr  error
)

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// engineBinary builds the camelot binary once for all browser tests; the
// build is skipped when no browser test runs.
func engineBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "camelot-gui-test-")
		if buildErr != nil {
			return
		}
		engineBin = filepath.Join(buildDir, "camelot")
		out, err := exec.Command("go", "build", "-o", engineBin, "..").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return engineBin
}

// findChromium returns the browser's path, or "" when none is installed.
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Back ends of the page (gui/web/api.js).
const (
	serverBackend = "server" // camelot gui
	staticBackend = "static" // the static build (web/build) on a plain file server: the Web Worker
)

// page is one browser tab on a fresh server, with what the tab logged.
type page struct {
	t       *testing.T
	ctx     context.Context // the tab, with the test's time limit
	tab     context.Context // the tab without a limit, for the failure screenshot
	backend string
	url     string // the page's address
	origin  string

	mu       sync.Mutex
	console  []string          // every console line, exception and log entry
	errors   []string          // console errors and uncaught exceptions
	requests []string          // URLs of requests to anything but the server
	sent     map[string]string // URL of every request the browser sent, by request id
	failed   []string          // responses with status >= 400 and requests that failed
	expected []string          // paths whose 4xx answers a test asked for
	served   *servedLog        // the static host's own log of what it answered
}

// servedLog is what the static page's file server answered, in order.
type servedLog struct {
	mu   sync.Mutex
	reqs []string // "STATUS PATH"
}

func (l *servedLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.reqs...)
}

// statusRecorder keeps the status a handler answered.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// eachBackend runs test as a subtest on each back end: the page served
// by camelot gui, and the same page from the static build.
func eachBackend(t *testing.T, test func(t *testing.T, p *page)) {
	for _, b := range []string{serverBackend, staticBackend} {
		t.Run(b, func(t *testing.T) { test(t, newPage(t, b)) })
	}
}

// newPage opens a tab on a fresh server of the back end.
func newPage(t *testing.T, backend string) *page {
	t.Helper()
	return newPageWith(t, backend, gui.Config{})
}

// newPageWith is newPage whose server (of the server back end) has cfg,
// but for its address and engine, which are the tests'.
func newPageWith(t *testing.T, backend string, cfg gui.Config) *page {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are skipped under -short")
	}
	exe := findChromium()
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed; CI must run the browser tests (apt-get install -y chromium)")
		}
		t.Skip("NOTICE: chromium is not installed; browser tests skipped (apt-get install -y chromium)")
	}
	p := &page{t: t, backend: backend, sent: map[string]string{}}
	var closeServer func()
	if backend == staticBackend {
		files := http.FileServer(http.Dir(staticSite(t)))
		p.served = &servedLog{}
		site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			files.ServeHTTP(rec, r)
			p.served.mu.Lock()
			p.served.reqs = append(p.served.reqs, fmt.Sprintf("%d %s", rec.status, r.URL.Path))
			p.served.mu.Unlock()
		}))
		p.url, closeServer = site.URL+"/", site.Close
	} else {
		cfg.Addr, cfg.Engine = "127.0.0.1:0", []string{engineBinary(t)}
		srv, err := gui.Listen(cfg)
		if err != nil {
			t.Fatal(err)
		}
		go srv.Serve()
		p.url, closeServer = srv.URL(), func() { srv.Close() }
	}
	p.origin = strings.TrimSuffix(p.url, "/")

	// A fresh profile; not t.TempDir, whose strict removal can race with
	// the browser's helper processes still writing while they exit.
	profile, err := os.MkdirTemp("", "camelot-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox, // tests run as root in CI
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1000),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	ctx, cancelTimeout := context.WithTimeout(tabCtx, 60*time.Second)
	p.ctx, p.tab = ctx, tabCtx

	chromedp.ListenTarget(ctx, p.onEvent)
	t.Cleanup(func() {
		if t.Failed() {
			p.saveFailure()
		}
		cancelTimeout()
		cancelTab()
		cancelAlloc()
		closeServer()
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	p.run(network.Enable(), runtime.Enable(), cdplog.Enable())
	return p
}

// onEvent keeps console output, errors and requests leaving the origin.
func (p *page) onEvent(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		var parts []string
		for _, a := range e.Args {
			if a.Value != nil {
				parts = append(parts, string(a.Value))
			} else {
				parts = append(parts, a.Description)
			}
		}
		line := fmt.Sprintf("console.%s: %s", e.Type, strings.Join(parts, " "))
		p.console = append(p.console, line)
		if e.Type == runtime.APITypeError || e.Type == runtime.APITypeAssert {
			p.errors = append(p.errors, line)
		}
	case *runtime.EventExceptionThrown:
		line := "exception: " + e.ExceptionDetails.Text
		if e.ExceptionDetails.Exception != nil {
			line += " " + e.ExceptionDetails.Exception.Description
		}
		p.console = append(p.console, line)
		p.errors = append(p.errors, line)
	case *cdplog.EventEntryAdded:
		line := fmt.Sprintf("log %s/%s: %s %s", e.Entry.Source, e.Entry.Level, e.Entry.Text, e.Entry.URL)
		p.console = append(p.console, line)
		// Network errors (a refused request) are checked by the tests
		// themselves; anything else logged as an error is a fault.
		if e.Entry.Level == cdplog.LevelError && e.Entry.Source != cdplog.SourceNetwork {
			p.errors = append(p.errors, line)
		}
	case *network.EventResponseReceived:
		if e.Response.Status >= 400 && !p.expectedFailure(e.Response.URL) {
			p.failed = append(p.failed, fmt.Sprintf("%d %s", e.Response.Status, e.Response.URL))
		}
	case *network.EventLoadingFailed:
		// A request cut off on purpose (an event stream closed when the
		// tab goes) is no failure.
		if !e.Canceled {
			p.failed = append(p.failed, fmt.Sprintf("%s %s", e.ErrorText, p.sent[string(e.RequestID)]))
		}
	case *network.EventRequestWillBeSent:
		u := e.Request.URL
		p.sent[string(e.RequestID)] = u
		if u != p.origin && !strings.HasPrefix(u, p.origin+"/") &&
			!strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
			p.requests = append(p.requests, u)
		}
	}
}

// expectFailure lets the server answer 4xx to requests whose path ends
// with suffix: a test sends bad input on purpose.
func (p *page) expectFailure(suffix string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.expected = append(p.expected, suffix)
}

func (p *page) expectedFailure(url string) bool {
	for _, s := range p.expected {
		if strings.HasSuffix(url, s) {
			return true
		}
	}
	return false
}

// sentURLs lists the URLs of the requests the browser sent.
func (p *page) sentURLs() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var urls []string
	for _, u := range p.sent {
		urls = append(urls, u)
	}
	return urls
}

// saveFailure writes a screenshot and the console log where a developer
// can look at them after the test has gone.
func (p *page) saveFailure() {
	dir := filepath.Join("testdata", "failures")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Log(err)
		return
	}
	base := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(p.t.Name()))
	p.mu.Lock()
	log := strings.Join(p.console, "\n") + "\n"
	p.mu.Unlock()
	if err := os.WriteFile(base+".console.txt", []byte(log), 0o644); err == nil {
		p.t.Logf("console log: %s", base+".console.txt")
	}
	ctx, cancel := context.WithTimeout(p.tab, 5*time.Second)
	defer cancel()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		p.t.Logf("no screenshot: %v", err)
		return
	}
	if err := os.WriteFile(base+".png", png, 0o644); err == nil {
		p.t.Logf("screenshot: %s", base+".png")
	}
}

// checkClean fails the test on console errors, foreign requests, and
// responses with status >= 400 or failed requests that the test did not
// ask for (on the static page, a probe for an API it has not got).
func (p *page) checkClean() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("browser console error: %s", e)
	}
	for _, f := range p.failed {
		p.t.Errorf("failed request: %s", f)
	}
	if p.served != nil {
		for _, r := range p.served.list() {
			if !strings.HasPrefix(r, "2") && !strings.HasPrefix(r, "3") {
				p.t.Errorf("the static host answered %s", r)
			}
		}
	}
	for _, u := range p.requests {
		p.t.Errorf("request to another origin: %s", u)
	}
}

func (p *page) run(actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// waitJS waits until a JavaScript expression is true.
func (p *page) waitJS(what, expr string, timeout time.Duration) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(timeout))); err != nil {
		var status string
		_ = chromedp.Run(p.ctx, chromedp.Text("#status", &status, chromedp.ByQuery))
		p.t.Fatalf("waiting for %s (%s): %v; #status is %q", what, expr, err, status)
	}
}

func (p *page) eval(expr string, res any) {
	p.t.Helper()
	p.run(chromedp.Evaluate(expr, res))
}

func sq(name string) string { return fmt.Sprintf(`[data-square="%s"]`, name) }

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// open loads the page and waits for the start of its game.
func (p *page) open() {
	p.t.Helper()
	start := time.Now()
	p.run(chromedp.Navigate(p.url))
	p.waitJS("the board", `document.querySelectorAll('[data-square]').length === 160`, 30*time.Second)
	p.waitJS("a game", `document.body.dataset.game !== undefined && /to move/.test(document.querySelector('#status').textContent)`, 15*time.Second)
	var kind string
	p.evalAsync(`import('./api.js').then(m => m.backendKind())`, &kind)
	if want := map[string]string{serverBackend: "server", staticBackend: "worker"}[p.backend]; kind != want {
		p.t.Fatalf("the page talks to its %s back end, want %s", kind, want)
	}
	p.t.Logf("page open to board playable: %v (%s back end)", time.Since(start).Round(time.Millisecond), kind)
}

func (p *page) status() string {
	var s string
	p.run(chromedp.Text("#status", &s, chromedp.ByQuery))
	return s
}

// piece is the data-piece of a square ("" when empty).
func (p *page) piece(square string) string {
	var s string
	p.eval(fmt.Sprintf(`document.querySelector(%s).getAttribute('data-piece') || ''`, jsString(sq(square))), &s)
	return s
}

// moveTexts lists the move list's entries in ply order.
func (p *page) moveTexts() []string {
	var s []string
	p.eval(`[...document.querySelectorAll('#move-list [data-ply]')].sort((a, b) => a.dataset.ply - b.dataset.ply).map(e => e.textContent)`, &s)
	return s
}

func (p *page) waitMove(ply int, text string, timeout time.Duration) {
	p.t.Helper()
	sel := fmt.Sprintf(`[data-ply="%d"]`, ply)
	expr := fmt.Sprintf(`(e => e !== null && (%s === '' || e.textContent === %s))(document.querySelector(%s))`, jsString(text), jsString(text), jsString(sel))
	p.waitJS(fmt.Sprintf("move %d %s", ply, text), expr, timeout)
}

// settings applies the page's settings form.
func (p *page) settings(mode, movetime, clockMinutes string) {
	p.t.Helper()
	p.run(
		chromedp.SetValue("#mode", mode, chromedp.ByID),
		chromedp.SetValue("#movetime", movetime, chromedp.ByID),
		chromedp.SetValue("#time", clockMinutes, chromedp.ByID),
		chromedp.Click("#apply-settings", chromedp.ByID),
	)
	p.waitJS("settings "+mode, fmt.Sprintf(`document.querySelector('#mode').value === %s`, jsString(mode)), 5*time.Second)
	want := fmt.Sprintf("%s %s %s", mode, movetime, clockMinutes)
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		st := p.serverState().Settings
		got := fmt.Sprintf("%s %d %d", st.Mode, st.MoveTime, st.Time/60000)
		if got == want {
			break
		}
		if time.Since(start) > 5*time.Second {
			p.t.Fatalf("the server's settings are %q, want %q", got, want)
		}
	}
	// The page has its answer once its own form shows the server's values.
	p.waitJS("the page's settings", fmt.Sprintf(`document.querySelector('#clock-top').classList.contains('off') === %v`, clockMinutes == "0"), 5*time.Second)
}

// setup sets a position up from the page's CFEN box.
func (p *page) setup(cfen string) {
	p.t.Helper()
	p.run(
		chromedp.SetValue("#cfen", cfen, chromedp.ByID),
		chromedp.Click("#setup", chromedp.ByID),
	)
}

// serverState is the part of the server's State the tests read.
type serverState struct {
	CFEN  string `json:"cfen"`
	Plies int    `json:"plies"`
	Legal []struct {
		Text     string   `json:"text"`
		From     string   `json:"from"`
		To       string   `json:"to"`
		Legs     []string `json:"legs"`
		Canters  int      `json:"canters"`
		Captured []string `json:"captured"`
	} `json:"legal"`
	Capturers []string `json:"capturers"`
	Settings  struct {
		Mode     string `json:"mode"`
		MoveTime int    `json:"movetime"`
		Time     int    `json:"time"`
	} `json:"settings"`
}

// serverState asks the page's back end for the page's game, through the
// page's own api.js (the same module instance the page uses).
func (p *page) serverState() serverState {
	p.t.Helper()
	var text string
	p.evalAsync(`import('./api.js').then(m => new m.GameClient(document.body.dataset.game).get()).then(s => JSON.stringify(s))`, &text)
	var st serverState
	if err := json.Unmarshal([]byte(text), &st); err != nil {
		p.t.Fatal(err)
	}
	return st
}

// evalAsync evaluates an expression that yields a promise, and its value.
func (p *page) evalAsync(expr string, res any) {
	p.t.Helper()
	p.run(chromedp.Evaluate(expr, res, func(ep *runtime.EvaluateParams) *runtime.EvaluateParams {
		return ep.WithAwaitPromise(true)
	}))
}

// timeNextMove makes the page time the next click: from the button's
// release, where a click completes and the board takes the move, to the
// entry of ply in the move list, measured in the page so that the test's
// polling and the driver's gap between press and release add nothing.
// moveShownMS reads the time.
func (p *page) timeNextMove(ply int) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`(() => {
		window.clickTimes = {};
		document.addEventListener('pointerup', () => { window.clickTimes.down = performance.now(); }, {capture: true, once: true});
		new MutationObserver((_, obs) => {
			if (document.querySelector('#move-list [data-ply="%d"]')) { window.clickTimes.shown = performance.now(); obs.disconnect(); }
		}).observe(document.querySelector('#move-list'), {childList: true, subtree: true});
		return true;
	})()`, ply), nil)
}

func (p *page) moveShownMS() float64 {
	p.t.Helper()
	var ms float64
	p.eval(`window.clickTimes.shown - window.clickTimes.down`, &ms)
	return ms
}

// playText plays a move typed into the page's text box.
func (p *page) playText(move string) {
	p.t.Helper()
	p.run(
		chromedp.SetValue("#move-text", move, chromedp.ByID),
		chromedp.Click("#play-move", chromedp.ByID),
	)
}

func (p *page) text(sel string) string {
	var s string
	p.run(chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

// record is the back end's record of the page's game.
func (p *page) record() string {
	p.t.Helper()
	var text string
	p.evalAsync(`import('./api.js').then(m => new m.GameClient(document.body.dataset.game).record())`, &text)
	if !strings.HasPrefix(text, "[") {
		p.t.Fatalf("record: %q", text)
	}
	return text
}

// centre is a square's centre in the page's CSS pixels.
func (p *page) centre(square string) (float64, float64) {
	p.t.Helper()
	return p.middle(sq(square))
}

// middle is the centre of an element's box in CSS pixels.
func (p *page) middle(sel string) (float64, float64) {
	p.t.Helper()
	var xy []float64
	p.eval(fmt.Sprintf(`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.querySelector(%s).getBoundingClientRect())`, jsString(sel)), &xy)
	if len(xy) != 2 || math.IsNaN(xy[0]) {
		p.t.Fatalf("no box for %s", sel)
	}
	return xy[0], xy[1]
}

// clickAt clicks the middle of an element; chromedp.Click waits for a
// visibility SVG elements do not report.
func (p *page) clickAt(sel string) {
	p.t.Helper()
	x, y := p.middle(sel)
	p.run(chromedp.MouseClickXY(x, y))
}

func (p *page) clickSquare(square string) {
	p.t.Helper()
	p.clickAt(sq(square))
}

// drag presses on one square, moves in steps and releases on another.
func (p *page) drag(from, to string) {
	p.t.Helper()
	x0, y0 := p.centre(from)
	x1, y1 := p.centre(to)
	actions := []chromedp.Action{
		chromedp.MouseEvent(input.MouseMoved, x0, y0),
		chromedp.MouseEvent(input.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		actions = append(actions, chromedp.MouseEvent(input.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft))
	}
	actions = append(actions, chromedp.MouseEvent(input.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.run(actions...)
}
