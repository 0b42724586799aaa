package gui

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	rules "github.com/camelot-engine/camelot/game"
)

// newTestServer starts a server on a free loopback port with engine as
// its engine command.
func newTestServer(t testing.TB, engine ...string) *Server {
	t.Helper()
	srv, err := Listen(Config{Addr: "127.0.0.1:0", Engine: engine})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve() }()
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

// noEngine is an engine command that cannot start: tests of the rules
// need no engine.
var noEngine = []string{filepath.Join(os.TempDir(), "camelot-no-such-engine")}

// host is the server's own Host value.
func (s *Server) host() string {
	return strings.TrimSuffix(strings.TrimPrefix(s.url, "http://"), "/")
}

// do sends a request through the server's handler and returns the status
// and body. A body starting with "{" is sent as JSON.
func do(t testing.TB, s *Server, method, path, body string) (int, []byte) {
	t.Helper()
	return doWithin(t, s, method, path, body, time.Minute)
}

// doWithin is do with the request cancelled after timeout (an event
// stream ends only when its client goes).
func doWithin(t testing.TB, s *Server, method, path, body string, timeout time.Duration) (int, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, "http://"+s.host()+path, strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	req.Host = s.host()
	if strings.HasPrefix(body, "{") {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

// doState sends a request that must answer want with a State.
func doState(t testing.TB, s *Server, method, path, body string, want int) State {
	t.Helper()
	code, data := do(t, s, method, path, body)
	if code != want {
		t.Fatalf("%s %s %s: status %d, want %d: %s", method, path, body, code, want, data)
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatalf("%s %s: %v: %s", method, path, err, data)
	}
	return st
}

// wantError checks a refused request: the status and an error body whose
// text contains each of parts.
func wantError(t testing.TB, s *Server, method, path, body string, want int, parts ...string) string {
	t.Helper()
	code, data := do(t, s, method, path, body)
	var e errorJSON
	if err := json.Unmarshal(data, &e); err != nil || e.Error == "" {
		t.Fatalf("%s %s %s: body %q is not an error", method, path, body, data)
	}
	if code != want {
		t.Fatalf("%s %s %s: status %d, want %d: %s", method, path, body, code, want, e.Error)
	}
	for _, p := range parts {
		if !strings.Contains(e.Error, p) {
			t.Errorf("%s %s %s: error %q lacks %q", method, path, body, e.Error, p)
		}
	}
	return e.Error
}

// newHumanGame creates a game in which nobody is the engine.
func newHumanGame(t testing.TB, s *Server, cfen string) State {
	t.Helper()
	body := "{}"
	if cfen != "" {
		body = fmt.Sprintf(`{"cfen": %q}`, cfen)
	}
	st := doState(t, s, "POST", "/api/games", body, http.StatusCreated)
	return doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-human", "time": 0}`, http.StatusOK)
}

// sameGame reports whether two states show the same game.
func sameGame(a, b State) bool {
	if a.Variant != b.Variant || a.CFEN != b.CFEN || a.Plies != b.Plies || len(a.Moves) != len(b.Moves) || a.Outcome != b.Outcome {
		return false
	}
	for i := range a.Moves {
		if a.Moves[i].Text != b.Moves[i].Text {
			return false
		}
	}
	return true
}

// checkConsistent checks a state against the rules: its moves replay
// from its start and its legal list is the rules'.
func checkConsistent(t testing.TB, s *Server, id string) State {
	t.Helper()
	st := doState(t, s, "GET", "/api/games/"+id+"?ply=0", "", http.StatusOK)
	v, err := rules.ParseVariant(st.Variant)
	if err != nil {
		t.Fatalf("state's variant %q: %v", st.Variant, err)
	}
	rs, err := rules.ParseRules(st.Rules)
	if err != nil {
		t.Fatalf("state's rules %q: %v", st.Rules, err)
	}
	v = v.WithRules(rs)
	pos, err := boards.ParseCFEN(v, st.CFEN)
	if err != nil {
		t.Fatalf("state's start CFEN %q: %v", st.CFEN, err)
	}
	mg := rules.NewGame(pos)
	for _, m := range st.Moves {
		if _, err := mg.PlayText(m.Text); err != nil {
			t.Fatalf("move %d %s does not replay: %v", m.Ply, m.Text, err)
		}
	}
	end := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
	p := mg.Position()
	if end.CFEN != p.CFEN() || end.Plies != len(st.Moves) {
		t.Fatalf("state at the end %q (%d plies) is not the replay %q", end.CFEN, end.Plies, p.CFEN())
	}
	n := len(p.Moves())
	switch {
	case end.Outcome.Over:
	case end.TreesToPlace > 0:
		// The tree phase (V10): no list, the free tree squares instead,
		// whose threes are the rules' placements.
		k := len(end.TreeChoices)
		if end.TreesToPlace != rules.TreesPerSide || len(end.Legal) != 0 || k*(k-1)*(k-2)/6 != n {
			t.Fatalf("tree phase: %d to place on %d squares, %d legal moves listed; the rules have %d placements", end.TreesToPlace, k, len(end.Legal), n)
		}
	case len(end.Legal) != n || len(end.TreeChoices) != 0:
		t.Fatalf("%d legal moves listed (and %d tree squares), the rules have %d", len(end.Legal), len(end.TreeChoices), n)
	}
	return end
}

// stream is an open event stream.
type stream struct {
	events chan event
	resp   *http.Response
}

type event struct {
	name string
	data string
}

// openEvents subscribes to a game's events over a real connection.
func openEvents(t testing.TB, s *Server, id string) *stream {
	t.Helper()
	req, err := http.NewRequest("GET", s.URL()+"api/games/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	st := &stream{events: make(chan event, 1024), resp: resp}
	go func() {
		defer close(st.events)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[len("data: "):]
			case line == "" && ev.name != "":
				st.events <- ev
				ev = event{}
			}
		}
	}()
	t.Cleanup(func() { resp.Body.Close() })
	return st
}

// waitFor returns the first event for which match is true, failing after
// timeout.
func (st *stream) waitFor(t testing.TB, timeout time.Duration, what string, match func(event) bool) event {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ev, ok := <-st.events:
			if !ok {
				t.Fatalf("event stream ended while waiting for %s", what)
			}
			if match(ev) {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %s within %v", what, timeout)
		}
	}
}

// stateEvent matches a state event with pred true.
func stateEvent(pred func(State) bool) func(event) bool {
	return func(ev event) bool {
		if ev.name != "state" {
			return false
		}
		var st State
		return json.Unmarshal([]byte(ev.data), &st) == nil && pred(st)
	}
}

// buildEngine builds the camelot binary into dir.
func buildEngine(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "camelot")
	out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// readAll drains r for a message.
func readAll(r io.Reader) string {
	b, _ := io.ReadAll(r)
	return string(b)
}
