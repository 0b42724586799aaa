package gui

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/engineproc"
	rules "github.com/camelot-engine/camelot/game"
)

// moveRequest is what the engine needs to find a move: the game as it
// stood when asked.
type moveRequest struct {
	version  int
	variant  rules.Variant
	position string // the position command
	goCmd    string
	limit    time.Duration // the time it may take (0: none)
	level    int
	white    bool
	ply      int
}

// startEngineMoveLocked asks the engine for a move for the side to move.
func (g *game) startEngineMoveLocked() {
	g.thinking, g.analysing = true, false
	g.infoSerial++
	serial := g.infoSerial
	now := time.Now()
	g.syncClock(now)
	pos := g.g.Position()
	req := moveRequest{
		version: g.version, variant: pos.Variant(), position: g.positionCommand(len(g.texts)),
		level: g.settings.Level, white: pos.Side().String() == "white", ply: len(g.texts),
	}
	switch {
	case g.settings.MoveTime > 0:
		req.limit = time.Duration(g.settings.MoveTime) * time.Millisecond
		req.goCmd = fmt.Sprintf("go movetime %d", g.settings.MoveTime)
	case g.clockEnabled():
		wt, bt := g.clockLeft(0, now).Milliseconds(), g.clockLeft(1, now).Milliseconds()
		req.limit = g.clockLeft(pos.Side(), now) + time.Duration(g.settings.Inc)*time.Millisecond
		req.goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", wt, bt, g.settings.Inc, g.settings.Inc)
	default:
		req.limit = defaultMoveTime
		req.goCmd = fmt.Sprintf("go movetime %d", defaultMoveTime.Milliseconds())
	}
	b := g.eng
	b.submit(func(ctx context.Context, p *engineProc) error {
		if err := p.setVariant(req.variant); err != nil {
			return err
		}
		if err := p.setOptions(engineproc.Option{Name: "Skill Level", Value: strconv.Itoa(req.level)}, engineproc.Option{Name: "MultiPV", Value: "1"}); err != nil {
			return engineproc.ErrEOF
		}
		// Only the first line: a weakened level searches more in secret.
		lines := newCoalescer(1, func(ls []infoLine) { g.publishInfo(serial, req.ply, req.white, ls) })
		defer lines.stop()
		best, err := b.search(ctx, p, req.position, req.goCmd, req.limit, lines.add)
		if err != nil {
			return err
		}
		lines.flush()
		g.engineMoved(req.version, best)
		return nil
	}, func(err error) { g.engineFailed(req.version, err) })
}

// startAnalysisLocked has the engine analyse the position at ply with
// multipv lines until stopped (go infinite).
func (g *game) startAnalysisLocked(ply, multipv int) {
	g.analysing = true
	g.infoSerial++
	serial := g.infoSerial
	version, white := g.version, g.gameAt(ply).Position().Side().String() == "white"
	position, variant := g.positionCommand(ply), g.g.Start().Variant()
	b := g.eng
	b.submit(func(ctx context.Context, p *engineProc) error {
		if err := p.setVariant(variant); err != nil {
			return err
		}
		// Analysis is at full strength: a level weakens only play.
		if err := p.setOptions(engineproc.Option{Name: "Skill Level", Value: strconv.Itoa(maxLevel)}, engineproc.Option{Name: "MultiPV", Value: strconv.Itoa(multipv)}); err != nil {
			return engineproc.ErrEOF
		}
		lines := newCoalescer(multipv, func(ls []infoLine) { g.publishInfo(serial, ply, white, ls) })
		defer lines.stop()
		_, err := b.search(ctx, p, position, "go infinite", 0, lines.add)
		if err == nil {
			lines.flush()
		}
		return err
	}, func(err error) { g.engineFailed(version, err) })
}

// positionCommand is the protocol's position command for the game after
// its first ply moves.
func (g *game) positionCommand(ply int) string {
	start := g.g.Start()
	cmd := "position cfen " + start.CFEN()
	if ply > 0 {
		cmd += " moves " + strings.Join(g.texts[:ply], " ")
	}
	return cmd
}

// engineMoved plays the engine's bestmove if the game has not changed
// since it was asked. A move that is not legal is refused and reported.
func (g *game) engineMoved(version int, best string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended || version != g.version || !g.thinking {
		return
	}
	g.thinking = false
	if o := g.outcome(); o.IsOver() {
		g.settleLocked()
		g.publishStateLocked()
		return
	}
	pos := g.g.Position()
	m, err := pos.ParseMove(best)
	if err == nil && m.IsClaim() {
		err = claimError(g.g) // the claim (V14.3), where it is open
	}
	if err != nil {
		// Held: an engine that always answers so would be asked again at
		// once; the next change lets it try again.
		g.autoplay, g.held = false, true
		g.settleLocked()
		g.hub.publish("error", errorJSON{Error: oneLine(fmt.Sprintf("the engine's move %q was refused: %v", clip(best), err))})
		g.publishStateLocked()
		return
	}
	if err := g.playLocked(m); err != nil {
		g.publishStateLocked()
		return
	}
	g.changedLocked() // the engine goes on if it is to move again
	g.publishStateLocked()
}

// engineFailed reports an engine that could not search.
func (g *game) engineFailed(version int, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended || version != g.version {
		return
	}
	g.thinking, g.analysing, g.autoplay = false, false, false
	g.held = true // not asked again until something changes
	g.settleLocked()
	g.hub.publish("error", errorJSON{Error: oneLine(err.Error())})
	g.publishStateLocked()
}

// engineEvent reports that the engine process died and what became of it.
func (g *game) engineEvent(msg string) {
	g.hub.publish("engine", struct {
		Alive   bool   `json:"alive"`
		Message string `json:"message"`
	}{false, oneLine(msg)})
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.ended {
		g.publishStateLocked()
	}
}

// serveAnalysis answers POST /api/games/{id}/analysis.
func (g *game) serveAnalysis(w http.ResponseWriter, r *http.Request) {
	var req struct {
		On      *bool `json:"on"`
		MultiPV *int  `json:"multipv"`
		Ply     *int  `json:"ply"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	if req.On == nil {
		writeError(w, http.StatusBadRequest, "want on: true or false")
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !*req.On {
		if g.analysing {
			g.analysing = false
			g.infoSerial++
			g.eng.cancel()
		}
		writeJSON(w, http.StatusAccepted, struct{}{})
		return
	}
	multipv, ply := g.settings.MultiPV, len(g.texts)
	if req.MultiPV != nil {
		if *req.MultiPV < 1 || *req.MultiPV > maxMultiPV {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("multipv: %d is not in 1 to %d", *req.MultiPV, maxMultiPV))
			return
		}
		multipv = *req.MultiPV
	}
	if req.Ply != nil {
		if *req.Ply < 0 || *req.Ply > len(g.texts) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad ply %d: want 0 to %d", *req.Ply, len(g.texts)))
			return
		}
		ply = *req.Ply
	}
	if g.thinking {
		writeError(w, http.StatusConflict, "the engine is thinking about its move")
		return
	}
	g.startAnalysisLocked(ply, multipv)
	writeJSON(w, http.StatusAccepted, struct{}{})
}
