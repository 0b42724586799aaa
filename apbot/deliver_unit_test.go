package apbot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// unitFakeAP is a token endpoint and a botQuery answering from a script.
type unitFakeAP struct {
	mu      sync.Mutex
	tokens  int
	script  []int // botQuery's statuses in turn; 200 past its end
	calls   []map[string]string
	auths   []string
	answers chan map[string]string // the moves accepted
}

func (f *unitFakeAP) server() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.tokens++
		n := f.tokens
		f.mu.Unlock()
		fmt.Fprintf(w, `{"access_token":"tok%d","expires_in":3600,"token_type":"Bearer"}`, n)
	})
	mux.HandleFunc("/botQuery", func(w http.ResponseWriter, r *http.Request) {
		var m map[string]string
		if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
			http.Error(w, `{"message":"bad json"}`, 400)
			return
		}
		f.mu.Lock()
		f.calls = append(f.calls, m)
		f.auths = append(f.auths, r.Header.Get("Authorization"))
		status := 200
		if len(f.script) > 0 {
			status, f.script = f.script[0], f.script[1:]
		}
		f.mu.Unlock()
		switch status {
		case 200:
			f.answers <- m
			fmt.Fprint(w, `{"game":"json"}`)
		case 500:
			w.WriteHeader(500)
			fmt.Fprint(w, `{"message":"Unable to process move: not legal"}`)
		default:
			w.WriteHeader(status)
		}
	})
	return httptest.NewServer(mux)
}

func TestDeliverUnit(t *testing.T) {
	f := &unitFakeAP{script: []int{401, 503, 500}, answers: make(chan map[string]string, 4)}
	srv := f.server()
	defer srv.Close()
	dir := t.TempDir()
	b, err := New(unitConfig(t, dir, srv.URL+"/token", srv.URL+"/botQuery"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error)
	go func() { ran <- b.Run(ctx) }()
	defer func() { cancel(); <-ran }()

	rounds := `[["e7-f8","d11-d9"]]`
	if st, msg := unitDo(b.Handler(), unitSigned(unitPriv, unitMoveBody("g1", `[]`, rounds), time.Now())); st != 202 {
		t.Fatalf("%d %s", st, msg)
	}
	var got map[string]string
	select {
	case got = <-f.answers:
	case <-time.After(time.Minute):
		t.Fatal("no move accepted")
	}
	unitWaitFor(t, func() bool { return len(unitPendingFiles(t, dir)) == 0 })

	f.mu.Lock()
	calls, auths, tokens := f.calls, f.auths, f.tokens
	f.mu.Unlock()
	if len(calls) != 4 {
		t.Fatalf("%d botQuery calls, want 4: %v", len(calls), calls)
	}
	first := calls[0]["move"]
	if calls[1]["move"] != first || calls[2]["move"] != first || got["move"] == first {
		t.Errorf("moves sent %v: the first three should be one move (401, 503, refused) and the last another", calls)
	}
	if auths[0] != "Bearer tok1" || auths[1] != "Bearer tok2" || tokens != 2 {
		t.Errorf("authorizations %v with %d tokens: a 401 renews the token once", auths, tokens)
	}
	if got["verb"] != "move" || got["gameid"] != "g1" || got["metaGame"] != "camelot" {
		t.Errorf("the move sent: %v", got)
	}
	g := boards.NewGame(game.Camelot.WithRules(game.AbstractPlay))
	for _, m := range []string{"e7-f8", "d11-d9"} {
		g.PlayText(m)
	}
	if _, err := g.PlayText(got["move"]); err != nil || strings.ToLower(got["move"]) != got["move"] {
		t.Errorf("the move sent %q: %v", got["move"], err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, doneLog))
	if !strings.Contains(string(data), `"how":"sent"`) || !strings.Contains(string(data), got["move"]) {
		t.Errorf("done.log: %s", data)
	}
	// Delivered again: acknowledged, nothing sent.
	if st, _ := unitDo(b.Handler(), unitSigned(unitPriv, unitMoveBody("g1", `[]`, rounds), time.Now())); st != 202 {
		t.Errorf("again: %d", st)
	}
	f.mu.Lock()
	n := len(f.calls)
	f.mu.Unlock()
	if n != 4 || b.queue.len() != 0 {
		t.Errorf("a second delivery: %d calls, %d queued", n, b.queue.len())
	}
}

func TestDeliverRefusedThriceUnit(t *testing.T) {
	f := &unitFakeAP{script: []int{500, 400, 500, 500}, answers: make(chan map[string]string, 4)}
	srv := f.server()
	defer srv.Close()
	dir := t.TempDir()
	b, err := New(unitConfig(t, dir, srv.URL+"/token", srv.URL+"/botQuery"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error)
	go func() { ran <- b.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	if st, msg := unitDo(b.Handler(), unitSigned(unitPriv, unitMoveBody("g1", `["camette"]`, `[]`), time.Now())); st != 202 {
		t.Fatalf("%d %s", st, msg)
	}
	unitWaitFor(t, func() bool { return len(unitPendingFiles(t, dir)) == 0 })
	f.mu.Lock()
	defer f.mu.Unlock()
	seen := map[string]bool{}
	for _, c := range f.calls {
		seen[c["move"]] = true
	}
	if len(f.calls) != 3 || len(seen) != 3 {
		t.Errorf("calls %v: want three different moves, then none", f.calls)
	}
}

// unitWaitFor waits for cond, checking it often, for a minute at most.
func unitWaitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
