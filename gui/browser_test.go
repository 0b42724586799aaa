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
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/camelot-engine/camelot/gui"
	"github.com/camelot-engine/camelot/movegen"
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

// page is one browser tab on a fresh server, with what the tab logged.
type page struct {
	t      *testing.T
	ctx    context.Context // the tab, with the test's time limit
	tab    context.Context // the tab without a limit, for the failure screenshot
	srv    *gui.Server
	origin string

	mu       sync.Mutex
	console  []string // every console line, exception and log entry
	errors   []string // console errors and uncaught exceptions
	requests []string // URLs of requests to anything but the server
}

func newPage(t *testing.T) *page {
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
	bin := engineBinary(t)

	srv, err := gui.Listen(gui.Config{Addr: "127.0.0.1:0", Engine: []string{bin}})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	p := &page{t: t, srv: srv, origin: strings.TrimSuffix(srv.URL(), "/")}

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
		srv.Close()
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
	case *network.EventRequestWillBeSent:
		u := e.Request.URL
		if u != p.origin && !strings.HasPrefix(u, p.origin+"/") &&
			!strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
			p.requests = append(p.requests, u)
		}
	}
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

// checkClean fails the test on console errors or foreign requests.
func (p *page) checkClean() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("browser console error: %s", e)
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
	p.run(chromedp.Navigate(p.srv.URL()))
	p.waitJS("the board", `document.querySelectorAll('[data-square]').length === 160`, 15*time.Second)
	p.waitJS("a game", `document.body.dataset.game !== undefined && /to move/.test(document.querySelector('#status').textContent)`, 15*time.Second)
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

// serverState asks the server directly for the page's game.
func (p *page) serverState() serverState {
	p.t.Helper()
	var id string
	p.eval(`document.body.dataset.game`, &id)
	res, err := http.Get(p.srv.URL() + "api/games/" + id)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	var st serverState
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		p.t.Fatal(err)
	}
	return st
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

// record is the server's record of the page's game.
func (p *page) record() string {
	p.t.Helper()
	var id string
	p.eval(`document.body.dataset.game`, &id)
	res, err := http.Get(p.srv.URL() + "api/games/" + id + "/record")
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		p.t.Fatalf("record: %v %s", err, res.Status)
	}
	return string(b)
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

// TestBrowserPlayAgainstEngine clicks a move, sees it and the engine's
// answer in the move list, then takes both back.
func TestBrowserPlayAgainstEngine(t *testing.T) {
	p := newPage(t)
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
	if !killEngine(t) {
		t.Log("no engine process found to end; restart not checked")
	} else {
		p.waitJS("the engine's restart reported", `document.querySelector('#engine-log').textContent.includes('restarted')`, 20*time.Second)
		p.clickSquare("E7")
		p.clickSquare("E8")
		p.waitMove(1, "E7-E8", 10*time.Second)
		p.waitMove(2, "", 30*time.Second)
	}
	p.checkClean()
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
	pos, err := movegen.ParseCFEN(choiceCFEN)
	if err != nil {
		t.Fatal(err)
	}
	var ml movegen.MoveList
	pos.GenerateMoves(&ml)
	sets := map[string]bool{}
	for _, m := range ml.Slice() {
		if m.From.String() == "D12" && m.To.String() == "F16" {
			sets[fmt.Sprint(m.Captured.Squares())] = true
		}
	}
	if len(sets) != 2 {
		t.Fatalf("D12 to F16 has %d captured sets in %s, want 2", len(sets), choiceCFEN)
	}

	p := newPage(t)
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
}

// TestBrowserGameOver plays a castle win (R14) typed in the text box and
// expects #status to say the game is over.
func TestBrowserGameOver(t *testing.T) {
	p := newPage(t)
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
}

// TestBrowserAnalysis covers a canter's stop-or-go-on choice, "Analyse
// game" (eval graph, marks), stepping
// through the game with the keys, analysis mode (lines, eval bar, best-move
// arrow; a click on a line plays it), flipping, and loading a record.
func TestBrowserAnalysis(t *testing.T) {
	p := newPage(t)
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
}

// TestScreenshots writes the README's pictures of the page:
// CAMELOT_SCREENSHOTS=1 go test -run Screenshots ./gui/
func TestScreenshots(t *testing.T) {
	if os.Getenv("CAMELOT_SCREENSHOTS") != "1" {
		t.Skip("set CAMELOT_SCREENSHOTS=1 to write docs/gui-*.png")
	}
	p := newPage(t)
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
