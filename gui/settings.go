package gui

import (
	"fmt"
	"net/http"
)

// Settings are a game's options (API.md "Settings").
type Settings struct {
	Mode        string `json:"mode"`
	EngineColor string `json:"engineColor"`
	Level       int    `json:"level"`
	MoveTime    int    `json:"movetime"`
	Time        int    `json:"time"`
	Inc         int    `json:"inc"`
	MultiPV     int    `json:"multipv"`
}

// defaultSettings are a new game's: the engine at full strength plays
// Black, five minutes and two seconds a move for each side.
var defaultSettings = Settings{
	Mode: modeHumanEngine, EngineColor: "black", Level: maxLevel,
	Time: 300_000, Inc: 2_000, MultiPV: 3,
}

// settingsPatch is a Settings request: any subset.
type settingsPatch struct {
	Mode        *string `json:"mode"`
	EngineColor *string `json:"engineColor"`
	Level       *int    `json:"level"`
	MoveTime    *int    `json:"movetime"`
	Time        *int    `json:"time"`
	Inc         *int    `json:"inc"`
	MultiPV     *int    `json:"multipv"`
}

// apply returns s changed by the patch, or the first bad value.
func (p settingsPatch) apply(s Settings) (Settings, error) {
	if p.Mode != nil {
		switch *p.Mode {
		case modeHumanEngine, modeEngineEngine, modeHumanHuman, modeAnalysis:
			s.Mode = *p.Mode
		default:
			return s, fmt.Errorf("mode: %q is not human-engine, engine-engine, human-human or analysis", clip(*p.Mode))
		}
	}
	if p.EngineColor != nil {
		if *p.EngineColor != "white" && *p.EngineColor != "black" {
			return s, fmt.Errorf("engineColor: %q is not white or black", clip(*p.EngineColor))
		}
		s.EngineColor = *p.EngineColor
	}
	for _, f := range []struct {
		name   string
		v      *int
		lo, hi int
		dst    *int
	}{
		{"level", p.Level, 0, maxLevel, &s.Level},
		{"movetime", p.MoveTime, 0, maxMoveTime, &s.MoveTime},
		{"time", p.Time, 0, maxClock, &s.Time},
		{"inc", p.Inc, 0, maxInc, &s.Inc},
		{"multipv", p.MultiPV, 1, maxMultiPV, &s.MultiPV},
	} {
		if f.v == nil {
			continue
		}
		if *f.v < f.lo || *f.v > f.hi {
			return s, fmt.Errorf("%s: %d is not in %d to %d", f.name, *f.v, f.lo, f.hi)
		}
		*f.dst = *f.v
	}
	return s, nil
}

// serveSettings answers POST /api/games/{id}/settings.
func (g *game) serveSettings(w http.ResponseWriter, r *http.Request) {
	var req settingsPatch
	if !decodeJSON(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	next, err := req.apply(g.settings)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	prev := g.settings
	g.settings = next
	g.held = false // new settings: the engine may try again
	if next.Time != prev.Time || next.Inc != prev.Inc || (next.Mode == modeAnalysis) != (prev.Mode == modeAnalysis) {
		g.resetClock()
		if g.decided != nil && g.decided.Rule == ruleClock {
			g.decided = nil
		}
	}
	if next.Mode != prev.Mode || next.EngineColor != prev.EngineColor {
		if g.thinking && !g.engineToMove(g.g) {
			g.version++ // the engine no longer plays this side: its move is dropped
			g.infoSerial++
			g.thinking = false
			g.eng.cancel()
		}
		g.autoplay = next.Mode == modeEngineEngine
	}
	g.settleLocked()
	st := g.stateLocked(-1)
	g.hub.publish("state", st)
	writeJSON(w, http.StatusOK, st)
}
