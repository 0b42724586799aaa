package gui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// ruleRecord is the Outcome.Rule of a game loaded with a result the
// rules had not reached (a resignation, a loss on time).
const ruleRecord = "record"

// recordLocked returns the game as a record.Game.
func (g *game) recordLocked() *record.Game {
	start := g.g.Start()
	rec := &record.Game{Variant: start.Variant(), Start: start}
	rec.SetTag("Event", "Camelot GUI game")
	rec.SetTag("Site", "camelot gui")
	rec.SetTag("Date", time.Now().Format("2006.01.02"))
	white, black := g.playerNames()
	rec.SetTag("White", white)
	rec.SetTag("Black", black)
	for i, m := range g.g.Moves() {
		rec.Moves = append(rec.Moves, record.Move{Move: m, Text: g.texts[i]})
	}
	o := g.outcome()
	rec.Result = o.Result.String()
	if o.IsOver() {
		rec.SetTag("Termination", o.Rule+": "+o.Reason)
	}
	return rec
}

// playerNames names the players by the mode.
func (g *game) playerNames() (white, black string) {
	engine := g.eng.status().Name
	if engine == "" {
		engine = "Camelot"
	}
	switch g.settings.Mode {
	case modeEngineEngine:
		return engine, engine
	case modeHumanEngine:
		if g.settings.EngineColor == "white" {
			return engine, "Human"
		}
		return "Human", engine
	}
	return "?", "?"
}

// serveRecord answers GET /api/games/{id}/record: the game as a
// PGN-style record.
func (g *game) serveRecord(w http.ResponseWriter, _ *http.Request) {
	g.mu.Lock()
	rec := g.recordLocked()
	g.mu.Unlock()
	var b bytes.Buffer
	if err := record.Write(&b, rec); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "camelot-"+g.id+".pgn"))
	_, _ = w.Write(b.Bytes())
}

// serveLoadRecord answers POST /api/games/{id}/record: the first game of
// the record text replaces the game.
func (g *game) serveLoadRecord(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxBody))
			return
		}
		writeError(w, http.StatusBadRequest, "cannot read the record: "+err.Error())
		return
	}
	games, err := record.Read(bytes.NewReader(data))
	if len(games) == 0 {
		if err == nil {
			err = errors.New("the record holds no game")
		}
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	rec := games[0]
	mg, err := rec.Replay()
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	texts := make([]string, len(rec.Moves))
	replay := rules.NewGame(mg.Start())
	replay.DrawsAreClaims = rec.DrawsAreClaims
	for i, m := range rec.Moves {
		pos := replay.Position()
		texts[i] = pos.MoveText(m.Move)
		_ = replay.Play(m.Move) // Replay has played it
	}
	var decided *rules.Outcome
	if !mg.Outcome().IsOver() && rec.Result != rules.Ongoing.String() {
		reason := rec.Tag("Termination")
		if reason == "" {
			reason = "the result the record gives"
		}
		o := rules.Outcome{Rule: ruleRecord, Reason: oneLine(clip(reason))}
		switch rec.Result {
		case rules.WhiteWins.String():
			o.Result = rules.WhiteWins
		case rules.BlackWins.String():
			o.Result = rules.BlackWins
		default:
			o.Result = rules.Draw
		}
		decided = &o
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.restartLocked(mg, texts, decided)
	st := g.stateLocked(-1)
	g.hub.publish("state", st)
	writeJSON(w, http.StatusOK, st)
}
