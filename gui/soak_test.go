package gui

import (
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSoakEngineGames plays 100 fast engine-vs-engine games through the
// HTTP API and checks that the server's memory does not keep growing.
// It runs only with CAMELOT_SOAK=1.
func TestSoakEngineGames(t *testing.T) {
	if os.Getenv("CAMELOT_SOAK") != "1" {
		t.Skip("set CAMELOT_SOAK=1 to run")
	}
	const games = 100
	s := newTestServer(t, buildEngine(t))
	var rss10 int64
	for n := 1; n <= games; n++ {
		st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
		ev := openEvents(t, s, st.ID)
		doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"movetime": 5, "time": 0, "mode": "engine-engine"}`, http.StatusOK)
		ev.waitFor(t, 10*time.Minute, "the end of the game", stateEvent(func(s State) bool { return s.Outcome.Over }))
		end := checkConsistent(t, s, st.ID)
		if code, _ := do(t, s, "DELETE", "/api/games/"+st.ID, ""); code != http.StatusNoContent {
			t.Fatalf("DELETE: %d", code)
		}
		ev.resp.Body.Close()
		switch n {
		case 10:
			rss10 = residentKB(t)
			t.Logf("game %d (%s, %d plies): RSS %d kB", n, end.Outcome.Result, end.Plies, rss10)
		case games:
			rss := residentKB(t)
			t.Logf("game %d (%s, %d plies): RSS %d kB", n, end.Outcome.Result, end.Plies, rss)
			if rss10 > 0 && float64(rss) > 1.5*float64(rss10) {
				t.Errorf("RSS grew from %d kB at game 10 to %d kB at game %d", rss10, rss, games)
			}
		}
	}
}

// residentKB reads this process's resident set size (VmRSS) in kB.
func residentKB(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err == nil {
				return n
			}
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}
