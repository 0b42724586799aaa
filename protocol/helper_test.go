package protocol

import (
	"bufio"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/search"
)

// waitTimeout bounds every wait for an answer: a hang fails the test.
const waitTimeout = 10 * time.Second

// client drives a real Run loop through in-process pipes, as a GUI would.
type client struct {
	t       *testing.T
	in      *io.PipeWriter
	outR    *io.PipeReader
	runDone chan struct{} // closed when Run has returned
	runErr  error

	mu    sync.Mutex
	lines []string      // everything the engine printed
	next  int           // first line not yet consumed by expect
	wake  chan struct{} // closed when lines grows or the output ends
	eof   bool
}

// newClient starts Run with a small single-threaded engine.
func newClient(t *testing.T) *client {
	t.Helper()
	return newClientSession(t, NewSession(boards.NewEngine(search.Options{Hash: 4, Threads: 1})))
}

func newClientSession(t *testing.T, s *Session) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, outR: outR, runDone: make(chan struct{}), wake: make(chan struct{})}
	go func() {
		c.runErr = s.Run(inR, outW)
		inR.Close()
		outW.Close()
		close(c.runDone)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			c.mu.Lock()
			c.lines = append(c.lines, sc.Text())
			close(c.wake)
			c.wake = make(chan struct{})
			c.mu.Unlock()
		}
		c.mu.Lock()
		c.eof = true
		close(c.wake)
		c.wake = make(chan struct{})
		c.mu.Unlock()
	}()
	if got := c.until("the banner", func(string) bool { return true }); got[0] != Banner() {
		t.Fatalf("first line %q, want the banner %q", got[0], Banner())
	}
	t.Cleanup(func() {
		// Make sure nothing is left running: quit, then drain.
		go func() { _, _ = io.WriteString(inW, "quit\n"); inW.Close() }()
		if !c.waitRun() {
			t.Errorf("Run did not return after quit")
		}
		outR.Close()
	})
	return c
}

// waitRun waits for Run to return and reports whether it did in time.
func (c *client) waitRun() bool {
	select {
	case <-c.runDone:
		return true
	case <-time.After(waitTimeout):
		return false
	}
}

// send writes one command line.
func (c *client) send(line string) {
	c.t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := io.WriteString(c.in, line+"\n")
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			c.t.Fatalf("send %q: %v", line, err)
		}
	case <-time.After(waitTimeout):
		c.t.Fatalf("send %q: the engine does not read its input", line)
	}
}

// until waits for the first unconsumed line that match accepts and returns
// every line up to and including it, consuming them.
func (c *client) until(what string, match func(string) bool) []string {
	c.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		c.mu.Lock()
		for i := c.next; i < len(c.lines); i++ {
			if match(c.lines[i]) {
				got := append([]string(nil), c.lines[c.next:i+1]...)
				c.next = i + 1
				c.mu.Unlock()
				return got
			}
		}
		wake, eof := c.wake, c.eof
		transcript := strings.Join(c.lines[c.next:], "\n")
		c.mu.Unlock()
		if eof {
			c.t.Fatalf("output ended while waiting for %s; unread output:\n%s", what, transcript)
		}
		select {
		case <-wake:
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s; unread output:\n%s", what, transcript)
		}
	}
}

// rest waits for the end of the output and returns the unread lines.
func (c *client) rest() []string {
	c.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		c.mu.Lock()
		wake, eof, got := c.wake, c.eof, append([]string(nil), c.lines[c.next:]...)
		c.mu.Unlock()
		if eof {
			return got
		}
		select {
		case <-wake:
		case <-deadline:
			c.t.Fatalf("timed out waiting for the end of the output")
		}
	}
}

// expect waits for the exact line want.
func (c *client) expect(want string) []string {
	c.t.Helper()
	return c.until(strconvQuote(want), func(l string) bool { return l == want })
}

// expectPrefix waits for a line starting with prefix and returns the lines
// up to it.
func (c *client) expectPrefix(prefix string) []string {
	c.t.Helper()
	return c.until("a line starting with "+strconvQuote(prefix), func(l string) bool { return strings.HasPrefix(l, prefix) })
}

// roundTrip sends line, then isready, and returns what came before readyok:
// everything a synchronous command printed.
func (c *client) roundTrip(line string) []string {
	c.t.Helper()
	c.send(line)
	c.send("isready")
	got := c.expect("readyok")
	return got[:len(got)-1]
}

// errorLine sends line and checks that it printed exactly one error line
// containing every fragment.
func (c *client) errorLine(line string, fragments ...string) string {
	c.t.Helper()
	got := withoutProgress(c.roundTrip(line))
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") {
		c.t.Fatalf("%q: got %q, want one info string error line", line, got)
	}
	for _, f := range fragments {
		if !strings.Contains(got[0], f) {
			c.t.Errorf("%q: error %q does not mention %q", line, got[0], f)
		}
	}
	return got[0]
}

// withoutProgress drops the `info depth` lines a running search may print
// at any moment.
func withoutProgress(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "info depth ") {
			out = append(out, l)
		}
	}
	return out
}

// quiet sends line and checks it printed nothing (but search progress).
func (c *client) quiet(line string) {
	c.t.Helper()
	if got := withoutProgress(c.roundTrip(line)); len(got) != 0 {
		c.t.Fatalf("%q printed %q, want nothing", line, got)
	}
}

// cfen returns the CFEN line of `d`.
func (c *client) cfen() string {
	c.t.Helper()
	c.send("d")
	got := c.expectPrefix("Result: ")
	for _, l := range got {
		if cfen, ok := strings.CutPrefix(l, "CFEN: "); ok {
			return cfen
		}
	}
	c.t.Fatalf("no CFEN line in %q", got)
	return ""
}

func strconvQuote(s string) string { return "\"" + s + "\"" }

// infoRE is the exact shape of a search report.
var infoRE = regexp.MustCompile(`^info depth \d+ seldepth \d+ multipv \d+ score (cp|mate) -?\d+( lowerbound| upperbound)? nodes \d+ nps \d+ hashfull \d+ time \d+( pv [A-N]\d{1,2}([-x][A-N]\d{1,2})+( [A-N]\d{1,2}([-x][A-N]\d{1,2})+)*)?$`)

// bestRE is the shape of a bestmove line with a move.
var bestRE = regexp.MustCompile(`^bestmove [A-N]\d{1,2}([-x][A-N]\d{1,2})+( ponder [A-N]\d{1,2}([-x][A-N]\d{1,2})+)?$`)

// checkSearch checks the lines of a search ending in bestmove: reports of
// the right shape, and a bestmove.
func checkSearch(t *testing.T, lines []string) (infos []string, best string) {
	t.Helper()
	for _, l := range lines[:len(lines)-1] {
		if !infoRE.MatchString(l) {
			t.Errorf("bad info line %q", l)
		}
		infos = append(infos, l)
	}
	best = lines[len(lines)-1]
	if !bestRE.MatchString(best) {
		t.Errorf("bad bestmove line %q", best)
	}
	return infos, best
}
