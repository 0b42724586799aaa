package apbot_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/apbot/apfake"
)

// The measured goals of the bot (issue 52), against the fake AbstractPlay:
//
//	CAMELOT_APBOT_MEASURE=1 go test -run TestMeasure -v -timeout 60m ./apbot/
//
// CAMELOT_APBOT_SEARCHES sets the searches at once (default 2).
// Each figure is one line starting "measure:".
const measureEnv = "CAMELOT_APBOT_MEASURE"

// opponentDelay is the opponent's time a move: AbstractPlay's queue
// never sends the next turn within milliseconds of botQuery's answer.
const opponentDelay = 20 * time.Millisecond

func measureSearches() int {
	n := 2
	if s := os.Getenv("CAMELOT_APBOT_SEARCHES"); s != "" {
		fmt.Sscan(s, &n)
	}
	return n
}

func skipUnlessMeasuring(t *testing.T) {
	if os.Getenv(measureEnv) == "" {
		t.Skipf("set %s=1 to measure", measureEnv)
	}
}

func report(t *testing.T, format string, args ...any) {
	fmt.Println("measure: " + fmt.Sprintf(format, args...))
}

// thinkTimes reads the bot's "move sent" lines: each move's think time
// by "game ply".
func thinkTimes(logs *syncBuffer) map[string]time.Duration {
	out := map[string]time.Duration{}
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line struct {
			Event   string `json:"event"`
			Game    string `json:"game"`
			Ply     int    `json:"ply"`
			ThinkMS int64  `json:"think_ms"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Event == "move sent" {
			out[fmt.Sprintf("%s %d", line.Game, line.Ply)] = time.Duration(line.ThinkMS) * time.Millisecond
		}
	}
	return out
}

// waitProgress waits until every game is over, or nothing has happened
// at the fake for idle (a turn lost stalls its game for good).
func waitProgress(t *testing.T, f *apfake.Fake, idle, limit time.Duration) bool {
	t.Helper()
	end := time.Now().Add(limit)
	for time.Now().Before(end) {
		n := len(f.Events())
		ctx := deadline(t, idle)
		if f.WaitGames(ctx) == nil {
			return true
		}
		if len(f.Events()) == n {
			return false // no event for idle: stalled
		}
	}
	return false
}

// reportRun prints a run's figures.
func reportRun(t *testing.T, name string, f *apfake.Fake, logs *syncBuffer, moveTime time.Duration) {
	s := f.Stats()
	report(t, "%s: games finished %d of %d (failed %d)", name, s.Finished, s.Games, s.Failed)
	report(t, "%s: bot turns %d, moves sent %d (accepted %d, refused %d, not AbstractPlay-legal %d, for a turn already answered %d)",
		name, s.BotTurns, s.MovesSent, s.MovesAccepted, s.MovesRefused, s.Illegal, s.Strays)
	report(t, "%s: turns lost %d, maybe answered twice %d, sent again and refused as not the bot's turn %d (goal 0)",
		name, s.Pending, s.Doubled, s.Late)
	report(t, "%s: botQuery faults %d, 401s %d, tokens %d; webhooks %d, of which failed and delivered again %d",
		name, s.Faults, s.Unauthorized, s.Tokens, s.Webhooks, s.WebhookErrors)
	report(t, "%s: webhook→202 median %v, p99 %v, max %v (n=%d)", name,
		apfake.Percentile(s.AckTimes, 50).Round(10*time.Microsecond), apfake.Percentile(s.AckTimes, 99).Round(10*time.Microsecond),
		apfake.Percentile(s.AckTimes, 100).Round(10*time.Microsecond), len(s.AckTimes))
	think := thinkTimes(logs)
	var beyond, beyondMove []time.Duration
	for _, g := range f.Games() {
		for _, tn := range g.Turns() {
			if tn.Moved.IsZero() {
				continue
			}
			total := tn.Moved.Sub(tn.Sent)
			beyondMove = append(beyondMove, total-moveTime)
			if th, ok := think[fmt.Sprintf("%s %d", g.ID, tn.Ply)]; ok {
				beyond = append(beyond, total-th)
			}
		}
	}
	report(t, "%s: webhook→move sent beyond the search's own think time median %v, p99 %v (n=%d; waiting for a search slot included)", name,
		apfake.Percentile(beyond, 50).Round(time.Millisecond), apfake.Percentile(beyond, 99).Round(time.Millisecond), len(beyond))
	report(t, "%s: webhook→move sent beyond -movetime %v median %v, p99 %v (book moves and mates end early)", name, moveTime,
		apfake.Percentile(beyondMove, 50).Round(time.Millisecond), apfake.Percentile(beyondMove, 99).Round(time.Millisecond))
	if err := f.CheckOnce(); err != nil {
		t.Logf("%s: turns not answered exactly once:\n%v", name, err)
	}
}

// TestMeasure20Games: 20 games at once of mixed boards at -movetime
// 200ms, the bot in process.
func TestMeasure20Games(t *testing.T) {
	skipUnlessMeasuring(t)
	const moveTime = 200 * time.Millisecond
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 20, OpponentDelay: opponentDelay})
	cfg := config(t, f, "", logs)
	cfg.MoveTime, cfg.Searches = moveTime, measureSearches()
	startBot(t, f, cfg)
	start := time.Now()
	if _, err := f.StartGames(20, apfake.Boards, 0); err != nil {
		t.Fatal(err)
	}
	done := waitProgress(t, f, 60*time.Second, 60*time.Minute)
	name := fmt.Sprintf("20 games, movetime %v, %d searches", moveTime, cfg.Searches)
	report(t, "%s: all over %v, in %v", name, done, time.Since(start).Round(time.Second))
	reportRun(t, name, f, logs, moveTime)
}

// TestMeasureKills: the same run with the bot a child process killed
// (SIGKILL) three times and restarted on the same state, and botQuery
// failing a fifth of its calls.
func TestMeasureKills(t *testing.T) {
	skipUnlessMeasuring(t)
	const moveTime = 200 * time.Millisecond
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 21, OpponentDelay: opponentDelay})
	dir := t.TempDir()
	c := startChild(t, f, dir, moveTime, logs)
	f.SetBot(c.url)
	f.SetFailRate(0.2)
	start := time.Now()
	if _, err := f.StartGames(20, apfake.Boards, 0); err != nil {
		t.Fatal(err)
	}
	ctx := deadline(t, 60*time.Minute)
	for i, at := range []int{60, 160, 260} {
		if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= at || f.Stats().Finished == 20 }); err != nil {
			t.Fatal(err)
		}
		c.kill()
		report(t, "kills: kill %d after %d moves accepted, %d turns waiting", i+1, f.Count(apfake.EvMove), searching(f.Games()))
		c = startChild(t, f, dir, moveTime, logs)
		f.SetBot(c.url)
	}
	done := waitProgress(t, f, 60*time.Second, 60*time.Minute)
	name := "20 games, 3 kills, botQuery failing 1/5"
	report(t, "%s: all over %v, in %v", name, done, time.Since(start).Round(time.Second))
	reportRun(t, name, f, logs, moveTime)
}

// TestMeasureMemory: the bot's heap after 200 games (20 at a time,
// -movetime 50ms), in process, with the fake's records dropped after
// each batch and idle connections closed before each reading; read after
// a first round of one game of each board (their searches' tables), after
// 100 games and after 200, so that what grows with the games shows.
func TestMeasureMemory(t *testing.T) {
	skipUnlessMeasuring(t)
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 22, OpponentDelay: opponentDelay})
	dir := t.TempDir()
	tr := &http.Transport{}
	cfg := config(t, f, dir, logs)
	cfg.MoveTime, cfg.Searches = 50*time.Millisecond, measureSearches()
	cfg.Client = &http.Client{Timeout: 30 * time.Second, Transport: tr}
	heap := func() (float64, int) {
		f.CloseIdleConnections()
		tr.CloseIdleConnections()
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return mb(m.HeapAlloc), runtime.NumGoroutine()
	}
	h0, g0 := heap()
	startBot(t, f, cfg)
	report(t, "memory: heap before the bot %.1f MB, %d goroutines", h0, g0)
	games, turns, lost, twice := 0, 0, 0, 0
	start := time.Now()
	for _, upTo := range []int{len(apfake.Boards), 100, 200} {
		for games < upTo {
			n := min(20, upTo-games)
			if _, err := f.StartGames(n, apfake.Boards, 0); err != nil {
				t.Fatal(err)
			}
			if !waitProgress(t, f, 60*time.Second, 30*time.Minute) {
				t.Error("a batch stalled")
			}
			s := f.Stats()
			games += n
			turns += s.BotTurns
			lost += s.Pending
			twice += s.Doubled + s.Late
			f.Reset()
			logs.reset()
		}
		h, g := heap()
		files, size := dirSize(dir)
		report(t, "memory: after %d games (%d turns, lost %d, answered twice %d, in %v): heap %.1f MB, %d goroutines; state folder %d files, %.0f KB",
			games, turns, lost, twice, time.Since(start).Round(time.Second), h, g, files, float64(size)/1024)
	}
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }

func dirSize(dir string) (int, int64) {
	n, size := 0, int64(0)
	_ = filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n++
			size += info.Size()
		}
		return nil
	})
	return n, size
}
