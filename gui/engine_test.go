package gui

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	rules "github.com/camelot-engine/camelot/game"
)

// fakeEngineEnv makes the test binary a tiny engine instead of running
// the tests (see TestFakeEngineProcess): "first" plays the first legal
// move, "illegal" a move that is never legal, "crash-once" exits at its
// first go unless the file named by fakeMarkEnv exists (it creates it),
// "wait" sends an info line at each go and its move only when stopped,
// "wait-first" does so at its first go and answers later ones at once,
// "book" answers as the engine answers from its opening book: a full
// info line with no nodes and no time, an info string, the bestmove;
// "camelot-only" has no UCI_Variant option and no Rules option; "claim"
// claims the draw (V14.3) where it is open, else plays as "first". The
// others play every variant of UCI_Variant (V7) under either rule set of
// Rules (V14). When fakeLogEnv names a file, every setoption line is
// added to it.
const (
	fakeEngineEnv = "CAMELOT_GUI_FAKE_ENGINE"
	fakeMarkEnv   = "CAMELOT_GUI_FAKE_MARK"
	fakeLogEnv    = "CAMELOT_GUI_FAKE_LOG"
)

// fakeEngine is the command that runs the test binary as a fake engine.
func fakeEngine(t *testing.T, mode string) []string {
	t.Setenv(fakeEngineEnv, mode)
	return []string{os.Args[0], "-test.run=^TestFakeEngineProcess$"}
}

// TestFakeEngineProcess is the fake engine when fakeEngineEnv is set;
// otherwise it does nothing.
func TestFakeEngineProcess(t *testing.T) {
	mode := os.Getenv(fakeEngineEnv)
	if mode == "" {
		return
	}
	os.Exit(runFakeEngine(mode, os.Stdin, os.Stdout))
}

func runFakeEngine(mode string, in io.Reader, out io.Writer) int {
	say := func(format string, a ...any) { fmt.Fprintf(out, format+"\n", a...) }
	g := rules.NewGame(boards.StartPosition(rules.Camelot))
	variant := rules.Camelot
	waiting := "" // the move held back until stop
	gos := 0
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake %s", mode)
			say("option name Skill Level type spin default 20 min 0 max 20")
			say("option name MultiPV type spin default 1 min 1 max 64")
			if mode != "camelot-only" {
				say("option name UCI_Variant type combo default camelot var camelot var cam var camette var chivalry")
				say("option name Rules type combo default wcf var wcf var abstractplay")
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "setoption":
			if name := os.Getenv(fakeLogEnv); name != "" {
				if lf, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
					fmt.Fprintln(lf, sc.Text())
					lf.Close()
				}
			}
			if len(f) == 5 && f[2] == "UCI_Variant" && mode != "camelot-only" {
				if v, err := rules.ParseVariant(f[4]); err == nil && v.Valid() {
					variant = v.WithRules(variant.Rules())
					v = variant
					g = rules.NewGame(boards.StartPosition(v))
					say("info string variant %s files %d ranks %d startpos %s", v, v.Files(), v.Ranks(), v.StartCFEN())
				}
			}
			if len(f) == 5 && f[2] == "Rules" && mode != "camelot-only" {
				if r, err := rules.ParseRules(f[4]); err == nil {
					variant = variant.WithRules(r)
					g = rules.NewGame(boards.StartPosition(variant))
					say("info string rules %s", r)
				}
			}
		case "position":
			g = fakePosition(variant, f[1:])
		case "go":
			if mode == "crash-once" {
				mark := os.Getenv(fakeMarkEnv)
				if _, err := os.Stat(mark); err != nil {
					_ = os.WriteFile(mark, nil, 0o644)
					return 1
				}
			}
			pos := g.Position()
			moves := pos.Moves()
			if mode == "claim" && g.ClaimOpen() {
				say("bestmove %s", rules.ClaimText)
				continue
			}
			if len(moves) == 0 {
				say("bestmove (none)")
				continue
			}
			text := pos.MoveText(moves[0])
			gos++
			if mode == "book" {
				say("info depth 13 seldepth 13 multipv 1 score cp -4 nodes 0 nps 0 hashfull 0 time 0 pv %s", text)
				say("info string book move %s score cp -4 depth 13 weight 10.3%%", text)
				say("bestmove %s", text)
				continue
			}
			say("info depth 1 multipv 1 score cp 12 nodes 10 nps 1000 pv %s", text)
			if mode == "wait" || mode == "wait-first" && gos == 1 {
				waiting = text
				continue
			}
			if mode == "illegal" {
				text = "A4-A9"
			}
			say("bestmove %s", text)
		case "stop":
			if waiting != "" {
				say("bestmove %s", waiting)
				waiting = ""
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// fakePosition reads `cfen … [moves …]`.
func fakePosition(variant rules.Variant, args []string) *rules.Game {
	end := len(args)
	for i, a := range args {
		if a == "moves" {
			end = i
			break
		}
	}
	pos, err := boards.ParseCFEN(variant, strings.Join(args[1:end], " "))
	if err != nil {
		pos = boards.StartPosition(variant)
	}
	g := rules.NewGame(pos)
	if end < len(args) {
		for _, m := range args[end+1:] {
			_, _ = g.PlayText(m)
		}
	}
	return g
}

// After the human's move the engine answers at once (human-engine).
func TestEngineRepliesToHumanMove(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	ev := openEvents(t, s, st.ID)
	after := doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	if !after.Thinking || after.Clock.Running != "black" {
		t.Errorf("after the human's move: thinking %v, clock %+v", after.Thinking, after.Clock)
	}
	ev.waitFor(t, 20*time.Second, "the engine's reply", stateEvent(func(s State) bool { return s.Plies == 2 && !s.Thinking }))
	end := checkConsistent(t, s, st.ID)
	if end.Engine.Name != "Fake first" || !end.Engine.Alive || end.Side != "white" {
		t.Errorf("engine %+v, side %s", end.Engine, end.Side)
	}
	if end.Clock.Running != "white" || end.Clock.Black > 302000 || end.Clock.Black < 290000 {
		t.Errorf("clock %+v", end.Clock)
	}
}

// An illegal engine move is refused and reported; the game is unchanged.
func TestIllegalEngineMoveRefused(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "illegal")...)
	st := newHumanGame(t, s, "")
	ev := openEvents(t, s, st.ID)
	if code, data := do(t, s, "POST", "/api/games/"+st.ID+"/engine/go", `{}`); code != http.StatusAccepted {
		t.Fatalf("engine/go: %d %s", code, data)
	}
	e := ev.waitFor(t, 20*time.Second, "an error event", func(e event) bool { return e.name == "error" })
	if !strings.Contains(e.data, "A4-A9") {
		t.Errorf("error %s does not name the move", e.data)
	}
	ev.waitFor(t, 5*time.Second, "the state after it", stateEvent(func(s State) bool { return !s.Thinking }))
	if now := checkConsistent(t, s, st.ID); now.Plies != 0 {
		t.Errorf("the illegal move was played: %d plies", now.Plies)
	}
}

// An engine that dies while searching is reported and restarted, and the
// move it owed is asked for once more.
func TestEngineCrashRetried(t *testing.T) {
	t.Setenv(fakeMarkEnv, filepath.Join(t.TempDir(), "crashed"))
	s := newTestServer(t, fakeEngine(t, "crash-once")...)
	st := newHumanGame(t, s, "")
	ev := openEvents(t, s, st.ID)
	if code, data := do(t, s, "POST", "/api/games/"+st.ID+"/engine/go", `{}`); code != http.StatusAccepted {
		t.Fatalf("engine/go: %d %s", code, data)
	}
	e := ev.waitFor(t, 20*time.Second, "the engine event", func(e event) bool { return e.name == "engine" })
	if !strings.Contains(e.data, "exit status 1") || !strings.Contains(e.data, "restarted") {
		t.Errorf("engine event %s", e.data)
	}
	ev.waitFor(t, 20*time.Second, "the move of the restarted engine", stateEvent(func(s State) bool { return s.Plies == 1 && !s.Thinking }))
	checkConsistent(t, s, st.ID)
}

// Engine-engine play goes on until stopped; stop ends it after the move
// in hand.
func TestEngineEngineStops(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := newHumanGame(t, s, "")
	ev := openEvents(t, s, st.ID)
	doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "engine-engine"}`, http.StatusOK)
	ev.waitFor(t, 20*time.Second, "four engine moves", stateEvent(func(s State) bool { return s.Plies >= 4 }))
	if code, _ := do(t, s, "POST", "/api/games/"+st.ID+"/engine/stop", `{}`); code != http.StatusAccepted {
		t.Fatalf("stop: %d", code)
	}
	ev.waitFor(t, 20*time.Second, "the engine at rest", stateEvent(func(s State) bool { return !s.Thinking }))
	a := checkConsistent(t, s, st.ID)
	time.Sleep(300 * time.Millisecond)
	if b := checkConsistent(t, s, st.ID); b.Plies != a.Plies || b.Thinking {
		t.Errorf("play went on after stop: %d then %d plies", a.Plies, b.Plies)
	}
}

// Analysis reports the engine's lines as info events.
func TestAnalysisInfo(t *testing.T) {
	s := newTestServer(t, fakeEngine(t, "first")...)
	st := newHumanGame(t, s, "")
	ev := openEvents(t, s, st.ID)
	if code, data := do(t, s, "POST", "/api/games/"+st.ID+"/analysis", `{"on": true, "multipv": 2, "ply": 0}`); code != http.StatusAccepted {
		t.Fatalf("analysis: %d %s", code, data)
	}
	e := ev.waitFor(t, 20*time.Second, "an info event", func(e event) bool { return e.name == "info" })
	var info struct {
		Lines []infoLine `json:"lines"`
		White bool       `json:"white"`
	}
	if err := json.Unmarshal([]byte(e.data), &info); err != nil {
		t.Fatal(err)
	}
	if len(info.Lines) != 1 || !info.White || info.Lines[0].Score.CP == nil || *info.Lines[0].Score.CP != 12 || len(info.Lines[0].PV) != 1 {
		t.Errorf("info %s", e.data)
	}
}

func TestParseInfo(t *testing.T) {
	in, ok := parseInfo("info depth 14 seldepth 20 multipv 2 score mate -3 nodes 123456 nps 1200000 hashfull 5 time 100 pv E6-G8 I11-G9")
	if !ok || in.Depth != 14 || in.MultiPV != 2 || in.Score.Mate == nil || *in.Score.Mate != -3 || in.Score.CP != nil ||
		in.Nodes != 123456 || in.NPS != 1200000 || len(in.PV) != 2 || in.PV[1] != "I11-G9" {
		t.Errorf("parsed %+v", in)
	}
	// A book move's line: depth and score as a search's, no nodes, no time.
	in, ok = parseInfo("info depth 13 seldepth 13 multipv 1 score cp -4 nodes 0 nps 0 hashfull 0 time 0 pv E6-G8")
	if !ok || in.Depth != 13 || in.MultiPV != 1 || in.Score.CP == nil || *in.Score.CP != -4 || in.Score.Mate != nil ||
		in.Nodes != 0 || len(in.PV) != 1 || in.PV[0] != "E6-G8" {
		t.Errorf("book line parsed %+v", in)
	}
	if _, ok := parseInfo("info string book move E6-G8 score cp -4 depth 13 weight 10.3%"); ok {
		t.Error("the book's info string read as a line")
	}
	if _, ok := parseInfo("info string book move"); ok {
		t.Error("info string read as a line")
	}
	if _, ok := parseInfo("info depth 3 score cp"); ok {
		t.Error("score without value read")
	}
}

// With the real engine: a move in a tiny time is legal; a killed engine
// is reported, restarted, and the game kept.
func TestRealEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the camelot binary")
	}
	bin := buildEngine(t)
	s := newTestServer(t, bin)
	st := newHumanGame(t, s, "")
	id := st.ID
	ev := openEvents(t, s, id)
	doState(t, s, "POST", "/api/games/"+id+"/settings", `{"movetime": 20, "level": 20}`, http.StatusOK)

	t.Run("move", func(t *testing.T) {
		if code, data := do(t, s, "POST", "/api/games/"+id+"/engine/go", `{}`); code != http.StatusAccepted {
			t.Fatalf("engine/go: %d %s", code, data)
		}
		ev.waitFor(t, 30*time.Second, "the engine's move", stateEvent(func(s State) bool { return s.Plies == 1 && !s.Thinking }))
		end := checkConsistent(t, s, id)
		if !strings.HasPrefix(end.Engine.Name, "Camelot") {
			t.Errorf("engine name %q", end.Engine.Name)
		}
	})

	t.Run("restart", func(t *testing.T) {
		g := s.game(id)
		p := g.eng.cur.Load()
		if p == nil {
			t.Fatal("no engine process")
		}
		proc, err := os.FindProcess(p.Pid())
		if err != nil {
			t.Fatal(err)
		}
		if err := proc.Kill(); err != nil {
			t.Fatal(err)
		}
		e := ev.waitFor(t, 30*time.Second, "the engine event", func(e event) bool { return e.name == "engine" })
		if !strings.Contains(e.data, "restarted") || !strings.Contains(e.data, `"alive":false`) {
			t.Errorf("engine event %s", e.data)
		}
		if now := checkConsistent(t, s, id); now.Plies != 1 || !now.Engine.Alive {
			t.Errorf("after the restart: %d plies, engine %+v", now.Plies, now.Engine)
		}
		if q := g.eng.cur.Load(); q == nil || q.Pid() == p.Pid() || !q.Alive() {
			t.Errorf("the engine was not restarted")
		}
		if code, _ := do(t, s, "POST", "/api/games/"+id+"/engine/go", `{}`); code != http.StatusAccepted {
			t.Fatalf("engine/go: %d", code)
		}
		ev.waitFor(t, 30*time.Second, "a move by the new engine", stateEvent(func(s State) bool { return s.Plies == 2 && !s.Thinking }))
	})

	t.Run("analyse-game", func(t *testing.T) {
		if code, data := do(t, s, "POST", "/api/games/"+id+"/analyse-game", `{"movetime": 10}`); code != http.StatusAccepted {
			t.Fatalf("analyse-game: %d %s", code, data)
		}
		e := ev.waitFor(t, 60*time.Second, "the analysis result", func(e event) bool {
			return e.name == "analysis" && strings.Contains(e.data, `"moves"`)
		})
		var res analysisEvent
		if err := json.Unmarshal([]byte(e.data), &res); err != nil {
			t.Fatal(err)
		}
		if res.Done != res.Total || res.Total != 3 || len(res.Moves) != 2 || len(res.Summary) != 2 {
			t.Errorf("analysis %s", e.data)
		}
	})
}
