package gui

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/engineproc"
	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
)

// Modes of play (Settings.Mode).
const (
	modeHumanEngine  = "human-engine"
	modeEngineEngine = "engine-engine"
	modeHumanHuman   = "human-human"
	modeAnalysis     = "analysis"
)

// Bounds of the settings.
const (
	maxLevel    = 20
	maxMultiPV  = 8
	maxMoveTime = 3_600_000  // ms
	maxClock    = 86_400_000 // ms
	maxInc      = 3_600_000  // ms
	maxMoveText = 200        // bytes: longer texts are no move
	maxCFEN     = 1000       // bytes: longer texts are no position
)

// game is one game: its moves, settings, clock, engine and listeners.
// Every field below mu is guarded by it.
type game struct {
	id       string
	hub      *hub
	eng      *bridge
	lastSeen atomic.Int64  // unix nanoseconds of the last request
	solution engine.Oracle // exact values of solved positions; nil: none

	mu         sync.Mutex
	g          *rules.Game
	texts      []string // canonical text of each move (R3)
	settings   Settings
	clock      gameClock
	decided    *rules.Outcome // an end the rules do not see: a flag fall, a recorded result
	version    int            // bumped by every change of the moves: older engine answers are dropped
	thinking   bool           // the engine is searching for a move
	autoplay   bool           // engine-engine: keep asking for moves
	held       bool           // engine/stop or a failure: the engine waits for the next change
	analysing  bool           // the engine is analysing (go infinite)
	infoSerial int            // of the search whose info lines are shown
	stopJob    context.CancelFunc
	ended      bool
}

func newGame(id string, start rules.Position, engine engineproc.Config) *game {
	g := &game{id: id, hub: newHub(), g: rules.NewGame(start), settings: defaultSettings}
	g.eng = newBridge(engine, g)
	g.resetClock()
	g.touch()
	return g
}

// touch records that the game was asked for.
func (g *game) touch() { g.lastSeen.Store(time.Now().UnixNano()) }

// idleSince returns how long nobody has asked for the game or listened
// to it.
func (g *game) idleSince(now time.Time) time.Duration {
	if g.hub.listeners() > 0 {
		return 0
	}
	return now.Sub(time.Unix(0, g.lastSeen.Load()))
}

// end stops everything the game runs: the engine, the clock, whole-game
// analysis and the event streams.
func (g *game) end() {
	g.mu.Lock()
	g.ended = true
	g.version++
	g.pauseClock(time.Now())
	if g.stopJob != nil {
		g.stopJob()
	}
	g.mu.Unlock()
	g.hub.close()
	g.eng.close()
}

// outcome returns how the game stands: decided by the clock or the
// record, else by the rules (R14–R16).
func (g *game) outcome() rules.Outcome {
	if g.decided != nil {
		return *g.decided
	}
	return g.g.Outcome()
}

// gameAt returns the game cut after its first ply moves.
func (g *game) gameAt(ply int) *rules.Game {
	mg := rules.NewGame(g.g.Start())
	mg.DrawsAreClaims = g.g.DrawsAreClaims
	for _, m := range g.g.Moves()[:ply] {
		_ = mg.Play(m) // played before, so legal
	}
	return mg
}

// parsePly reads a ply of the game: 0 to its length.
func (g *game) parsePly(text string) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > len(g.texts) {
		return 0, fmt.Errorf("bad ply %q: want 0 to %d", clip(text), len(g.texts))
	}
	return n, nil
}

const fileLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// parseVariant reads a variant's name as a request gives it (V1): ""
// is dflt; a name the rules core does not play is refused with a message.
func parseVariant(name string, dflt rules.Variant) (rules.Variant, error) {
	if name == "" {
		return dflt, nil
	}
	v, err := rules.ParseVariant(name)
	if err != nil {
		return dflt, fmt.Errorf("variant: unknown variant %q (want %s)", clip(name), rules.Names())
	}
	if !playable(v) {
		return dflt, fmt.Errorf("variant: %s is not played yet: its %d-file board is wider than the rules core's; play %s", v.Title(), v.Files(), rules.Names())
	}
	return v, nil
}

// parseRules reads a rule set's name as a request gives it (V14), in any
// case: "" is dflt; a name that is no rule set is refused with a message.
func parseRules(name string, dflt rules.Rules) (rules.Rules, error) {
	if name == "" {
		return dflt, nil
	}
	r, err := rules.ParseRules(name)
	if err != nil {
		return dflt, fmt.Errorf("rules: unknown rules %q (want %s)", clip(name), rules.RulesNames())
	}
	return r, nil
}

// startPosition reads an optional CFEN (R5, V6) on variant v's board;
// nil is the variant's start (R2, V3).
func startPosition(v rules.Variant, cfen *string) (rules.Position, error) {
	if cfen == nil {
		return boards.StartPosition(v), nil
	}
	if len(*cfen) > maxCFEN {
		return rules.Position{}, fmt.Errorf("CFEN: too long (over %d bytes)", maxCFEN)
	}
	// The reader's errors name the CFEN and the field that is wrong.
	p, err := boards.ParseCFEN(v, *cfen)
	if err != nil && v.WithRules(rules.WCF) != rules.Camelot {
		err = fmt.Errorf("%s: %w", v.Title(), err)
	}
	return p, err
}

// publishStateLocked sends the state at the end to every listener.
func (g *game) publishStateLocked() {
	g.hub.publish("state", g.stateLocked(-1))
}

// serveState answers GET /api/games/{id}[?ply=K].
func (g *game) serveState(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	defer g.mu.Unlock()
	ply := -1
	if q := r.URL.Query(); q.Has("ply") {
		n, err := g.parsePly(q.Get("ply"))
		if err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
		ply = n
	}
	writeJSON(w, http.StatusOK, g.stateLocked(ply))
}

// engineToMove reports whether the engine plays the side to move of mg
// in this game's mode.
func (g *game) engineToMove(mg *rules.Game) bool {
	side := mg.Position().Side().String()
	switch g.settings.Mode {
	case modeHumanEngine:
		return side == g.settings.EngineColor
	case modeEngineEngine:
		return true
	}
	return false
}

// serveMove answers POST /api/games/{id}/move.
func (g *game) serveMove(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Move string `json:"move"`
		Ply  *int   `json:"ply"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	if req.Move == "" || len(req.Move) > maxMoveText {
		writeError(w, http.StatusBadRequest, "want a move text of 1 to 200 bytes")
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	ply := len(g.texts)
	if req.Ply != nil {
		if *req.Ply < 0 || *req.Ply > len(g.texts) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad ply %d: want 0 to %d", *req.Ply, len(g.texts)))
			return
		}
		ply = *req.Ply
	}
	mg := g.g
	if ply < len(g.texts) {
		mg = g.gameAt(ply) // analysis: the game is cut there if the move is good
	} else if g.decided != nil {
		writeError(w, http.StatusConflict, "the game is over: "+g.decided.Reason)
		return
	}
	if o := mg.Outcome(); o.IsOver() {
		writeError(w, http.StatusConflict, "the game is over: "+o.Rule+": "+o.Reason)
		return
	}
	if g.thinking {
		writeError(w, http.StatusConflict, "the engine is thinking; stop it first")
		return
	}
	if g.engineToMove(mg) {
		writeError(w, http.StatusConflict, "the engine is to move, not you")
		return
	}
	pos := mg.Position()
	m, err := pos.ParseMove(req.Move)
	if err == nil && m.IsClaim() {
		err = claimError(mg)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if ply < len(g.texts) {
		g.g, g.texts, g.decided = mg, g.texts[:ply:ply], nil
	}
	if err := g.playLocked(m); err != nil {
		g.publishStateLocked() // lost on time
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	g.changedLocked()
	st := g.stateLocked(-1)
	g.hub.publish("state", st)
	writeJSON(w, http.StatusOK, st)
}

// claimError is why the draw claim (V14.3) may not be played in mg, or
// nil where it is open.
func claimError(mg *rules.Game) error {
	if mg.ClaimOpen() {
		return nil
	}
	return mg.Clone().Play(rules.ClaimDraw) // the game's own reason
}

// playLocked plays the legal move m at the end of the game and charges
// the mover's clock.
func (g *game) playLocked(m rules.Move) error {
	pos := g.g.Position()
	text := pos.MoveText(m)
	if !g.chargeClock(pos.Side(), time.Now()) {
		return fmt.Errorf("the game is over: %s", g.decided.Reason)
	}
	if err := g.g.Play(m); err != nil {
		return err
	}
	g.texts = append(g.texts, text)
	return nil
}

// changedLocked follows a change of the moves: the engine's work on the
// old position is dropped, a hold on the engine ends, and the engine and
// the clock are settled for the new position.
func (g *game) changedLocked() {
	g.version++
	g.infoSerial++
	g.thinking, g.analysing, g.held = false, false, false
	g.eng.cancel()
	if g.outcome().IsOver() {
		g.autoplay = false
	}
	g.settleLocked()
}

// engineShouldSearchLocked reports whether the engine should be searching
// for a move now: the game goes on, the engine plays the side to move,
// and it is not held (engine/stop, a failure) since the last change.
// Engine-engine play runs only once started (autoplay).
func (g *game) engineShouldSearchLocked() bool {
	if g.ended || g.held || g.outcome().IsOver() || !g.engineToMove(g.g) {
		return false
	}
	return g.settings.Mode != modeEngineEngine || g.autoplay
}

// settleLocked brings the engine and the clock in line with the game and
// its settings. Every change of either ends here, so that this is the one
// place where the engine starts on its own, whatever made it its turn: a
// move, undo, a set-up, a record, a change of settings.
func (g *game) settleLocked() {
	if !g.thinking && g.engineShouldSearchLocked() {
		g.startEngineMoveLocked()
	}
	g.syncClock(time.Now())
}

// serveUndo answers POST /api/games/{id}/undo.
func (g *game) serveUndo(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Plies *int `json:"plies"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	n := 1
	if req.Plies != nil {
		n = *req.Plies
	}
	if n != 1 && n != 2 {
		writeError(w, http.StatusBadRequest, "plies: want 1 or 2")
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if n > len(g.texts) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("cannot undo %s of a game of %d", plural.Of(n, "ply", "plies"), len(g.texts)))
		return
	}
	for range n {
		g.g.Undo()
	}
	g.texts = g.texts[:len(g.texts)-n]
	g.decided, g.autoplay = nil, false
	g.pauseClock(time.Now()) // charged up to now; the clock then runs for the new side to move
	g.changedLocked()        // in human-engine mode the engine moves again if it is to move
	st := g.stateLocked(-1)
	g.hub.publish("state", st)
	writeJSON(w, http.StatusOK, st)
}

// serveSetup answers POST /api/games/{id}/setup.
func (g *game) serveSetup(w http.ResponseWriter, r *http.Request) {
	var req struct {
		CFEN    *string `json:"cfen"`
		Variant string  `json:"variant"`
		Rules   string  `json:"rules"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	if req.CFEN == nil {
		writeError(w, http.StatusBadRequest, "want a cfen")
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	own := g.g.Start().Variant()
	v, err := parseVariant(req.Variant, own)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	rs, err := parseRules(req.Rules, own.Rules())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	v = v.WithRules(rs)
	start, err := startPosition(v, req.CFEN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	g.restartLocked(rules.NewGame(start), nil, nil)
	st := g.stateLocked(-1)
	g.hub.publish("state", st)
	writeJSON(w, http.StatusOK, st)
}

// restartLocked replaces the game by mg (whose moves have the texts),
// with decided as its end if the rules do not decide it.
func (g *game) restartLocked(mg *rules.Game, texts []string, decided *rules.Outcome) {
	g.g, g.texts, g.decided, g.autoplay = mg, texts, decided, false
	g.resetClock()
	g.eng.newGame() // before changedLocked may start a search
	g.changedLocked()
}

// serveEngineGo answers POST /api/games/{id}/engine/go: the engine moves
// for the side to move; in engine-engine mode it goes on until the game
// ends or is stopped.
func (g *game) serveEngineGo(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if !decodeJSON(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if o := g.outcome(); o.IsOver() {
		writeError(w, http.StatusConflict, "the game is over: "+o.Rule+": "+o.Reason)
		return
	}
	if g.settings.Mode == modeEngineEngine {
		g.autoplay = true
	}
	g.held = false
	if !g.thinking {
		g.startEngineMoveLocked() // for the side to move, whoever plays it
		g.publishStateLocked()
	}
	writeJSON(w, http.StatusAccepted, struct{}{})
}

// serveEngineStop answers POST /api/games/{id}/engine/stop: a search for
// a move is abandoned (its move is not played), analysis and whole-game
// analysis end, and engine-engine play stops.
func (g *game) serveEngineStop(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if !decodeJSON(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.autoplay, g.held = false, true
	if g.thinking || g.analysing {
		g.version++ // an answer already on its way is dropped
		g.infoSerial++
		g.thinking, g.analysing = false, false
		g.eng.cancel()
		g.settleLocked() // the held engine's clock stops
		g.publishStateLocked()
	}
	if g.stopJob != nil {
		g.stopJob()
		g.stopJob = nil
	}
	writeJSON(w, http.StatusAccepted, struct{}{})
}
