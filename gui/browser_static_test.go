package gui_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/bench"
)

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// staticSite builds the static web page once for all browser tests, with
// the same tool as `make web` (web/build).
func staticSite(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		var dir string
		if dir, siteErr = os.MkdirTemp("", "camelot-web-test-"); siteErr != nil {
			return
		}
		siteDir = filepath.Join(dir, "web")
		if out, err := exec.Command("go", "run", "../web/build", "-out", siteDir).CombinedOutput(); err != nil {
			siteErr = err
			t.Logf("%s", out)
		}
	})
	if siteErr != nil {
		t.Fatalf("building the static page: %v", siteErr)
	}
	return siteDir
}

// uciWorker starts a second Worker of the static page and keeps what its
// raw protocol channel says, with the time each line arrived.
const uciWorker = `window.uci = (() => {
	const w = new Worker('worker.js');
	const lines = [];
	w.onmessage = (e) => { if (e.data.type === 'uci') lines.push({ line: e.data.line, t: performance.now() }); };
	return { send: (line) => { w.postMessage({ type: 'uci', line }); return performance.now(); }, lines };
})(); true`

// The Worker of the static page speaks the engine's protocol too: its
// bench gives the native build's node count, and a stop during go
// infinite ends the search (the engine yields to the host, engine/
// yield_js.go; without that a Worker never reads the stop and the search
// runs on). The times are logged. CAMELOT_WEB_BENCH=1 also runs the full
// bench in the Worker and natively, for the README's speed figures.
func TestBrowserWorkerProtocol(t *testing.T) {
	p := newPage(t, staticBackend)
	p.open()
	p.eval(uciWorker, nil)
	line := func(prefix string, timeout time.Duration) (string, float64) {
		t.Helper()
		p.waitJS(prefix, fmt.Sprintf(`uci.lines.some(l => l.line.startsWith(%s))`, jsString(prefix)), timeout)
		var got struct {
			Line string  `json:"line"`
			T    float64 `json:"t"`
		}
		p.eval(fmt.Sprintf(`uci.lines.find(l => l.line.startsWith(%s))`, jsString(prefix)), &got)
		return got.Line, got.T
	}
	p.eval(`uci.send('bench 6')`, nil)
	got, _ := line("Nodes searched:", 60*time.Second)
	var native bytes.Buffer
	if err := bench.Command(&native, []string{"6"}); err != nil {
		t.Fatal(err)
	}
	if want := nativeLine(native.String(), "Nodes searched:"); got != want {
		t.Errorf("bench 6 in the Worker: %q; natively: %q", got, want)
	}
	nps, _ := line("Nodes/second:", time.Second)
	t.Logf("bench 6 in Chromium's Worker: %s, %s", got, nps)

	p.eval(`uci.lines.length = 0; uci.send('position startpos'); uci.send('go infinite')`, nil)
	line("info depth 8 ", 60*time.Second)
	var stopAt float64
	p.eval(`uci.send('stop')`, &stopAt)
	_, at := line("bestmove ", 10*time.Second)
	t.Logf("stop to bestmove in Chromium's Worker: %.1f ms", at-stopAt)

	if os.Getenv("CAMELOT_WEB_BENCH") == "1" {
		p.eval(`uci.lines.length = 0; uci.send('bench')`, nil)
		got, _ := line("Nodes/second:", 10*time.Minute)
		native.Reset()
		if err := bench.Command(&native, nil); err != nil {
			t.Fatal(err)
		}
		t.Logf("bench: Worker %s; native %s", got, nativeLine(native.String(), "Nodes/second:"))
	}
	p.checkClean()
}

func nativeLine(out, prefix string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}
