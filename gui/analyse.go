package gui

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/camelot-engine/camelot/analysis"
)

// Whole-game analysis settings: the search runs in this process, on one
// thread, beside the game's engine process.
const (
	defaultAnalyseTime = 300    // ms a position
	maxAnalyseTime     = 60_000 // ms a position
	analyseHash        = 16     // MB
)

// analysisEvent is an `analysis` event: progress, then the result.
type analysisEvent struct {
	Done      int                             `json:"done"`
	Total     int                             `json:"total"`
	Moves     []analysis.JSONMove             `json:"moves,omitempty"`
	Summary   map[string]analysis.JSONSummary `json:"summary,omitempty"`
	Cancelled bool                            `json:"cancelled,omitempty"`
}

// serveAnalyseGame answers POST /api/games/{id}/analyse-game: every move
// of the game judged as `camelot analyse` does, in the background.
func (g *game) serveAnalyseGame(w http.ResponseWriter, r *http.Request) {
	var req struct {
		MoveTime *int `json:"movetime"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	movetime := defaultAnalyseTime
	if req.MoveTime != nil {
		if *req.MoveTime < 1 || *req.MoveTime > maxAnalyseTime {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("movetime: %d is not in 1 to %d", *req.MoveTime, maxAnalyseTime))
			return
		}
		movetime = *req.MoveTime
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	rec := g.recordLocked()
	if n := len(rec.Moves); n > 0 && rec.Moves[n-1].Move.IsClaim() {
		// A claimed draw (V14.3) ends the game and moves nothing: there is
		// no move of it to judge.
		rec.Moves = rec.Moves[:n-1]
	}
	if len(rec.Moves) == 0 {
		writeError(w, http.StatusConflict, "the game has no moves to analyse")
		return
	}
	if g.stopJob != nil {
		g.stopJob()
	}
	ctx, cancel := context.WithCancel(context.Background())
	g.stopJob = cancel
	cfg := analysis.Config{MoveTime: time.Duration(movetime) * time.Millisecond, Threads: 1, Hash: analyseHash, Oracle: g.solution}
	total := cfg.Positions(rec)
	a, err := analysis.New(cfg, io.Discard, total)
	if err != nil {
		cancel()
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	done := 0
	a.OnProgress(func(n int) {
		done = n
		if ctx.Err() == nil {
			g.hub.publish("analysis", analysisEvent{Done: n, Total: total})
		}
	})
	go func() {
		defer cancel()
		rep, err := a.Analyse(ctx, rec)
		switch {
		case ctx.Err() != nil:
			g.hub.publish("analysis", analysisEvent{Done: done, Total: total, Cancelled: true})
		case err != nil:
			g.hub.publish("error", errorJSON{Error: oneLine("analysis: " + err.Error())})
		default:
			js := rep.JSON(1)
			g.hub.publish("analysis", analysisEvent{Done: total, Total: total, Moves: js.Moves, Summary: js.Summary})
		}
	}()
	writeJSON(w, http.StatusAccepted, struct{}{})
}
