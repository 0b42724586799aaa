package gui

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/engineproc"
	rules "github.com/camelot-engine/camelot/game"
)

// API is the interface of API.md without a listener: the games and the
// requests on them. The Server serves it over HTTP; the static web page
// serves it from a Web Worker (package web), so that both pages drive
// the same game logic.
type API struct {
	engine   engineproc.Config
	solution engine.Oracle // SetSolution; nil: none
	puzzles  *puzzleSet    // SetPuzzles; nil: the built-in set

	mu      sync.Mutex
	games   map[string]*game
	nextID  int
	closed  bool
	stopped chan struct{} // closed by Close: ends the reaper
	ending  sync.WaitGroup
}

// NewAPI returns an API whose games run their engines as engine says.
func NewAPI(engine engineproc.Config) *API {
	a := &API{engine: engine, games: map[string]*game{}, stopped: make(chan struct{})}
	go a.reap()
	return a
}

// SetSolution gives the exact values of solved positions (Camette's
// table, camelot gui -solution) to the games created from now on: a State
// of a position the oracle knows carries its value, and whole-game
// analysis plays and annotates by it. Call it before the first game.
func (a *API) SetSolution(o engine.Oracle) {
	a.mu.Lock()
	a.solution = o
	a.mu.Unlock()
}

// Close ends every game and its engine, and waits for them.
func (a *API) Close() {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return
	}
	a.closed = true
	close(a.stopped)
	games := a.games
	a.games = map[string]*game{}
	a.mu.Unlock()
	for _, g := range games {
		a.endGame(g)
	}
	a.ending.Wait()
}

// endGame ends g and its engine in the background; Close waits for it.
func (a *API) endGame(g *game) {
	a.ending.Add(1)
	go func() {
		defer a.ending.Done()
		g.end()
	}()
}

// reap ends games nobody has looked at for idleTimeout (a tab closed
// without DELETE), so that their engines do not run for ever.
func (a *API) reap() {
	t := time.NewTicker(reapEvery)
	defer t.Stop()
	for {
		select {
		case <-a.stopped:
			return
		case <-t.C:
		}
		a.mu.Lock()
		for id, g := range a.games {
			if g.idleSince(time.Now()) > idleTimeout {
				delete(a.games, id)
				a.endGame(g)
			}
		}
		a.mu.Unlock()
	}
}

// ServeHTTP answers a request of API.md: a path under /api/. It does
// not check where the request comes from; its transport does.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")[1:]
	switch {
	case len(parts) == 1 && parts[0] == "board":
		if allow(w, r, http.MethodGet) {
			q := r.URL.Query()
			v, err := parseVariant(q.Get("variant"), rules.Camelot)
			if err == nil {
				// The board is the same under either rule set (V14); a
				// name that is none is still refused.
				_, err = parseRules(q.Get("rules"), rules.WCF)
			}
			if err != nil {
				writeError(w, http.StatusBadRequest, err.Error())
				return
			}
			writeJSON(w, http.StatusOK, boardJSON(v))
		}
		return
	case len(parts) >= 1 && parts[0] == "puzzles":
		a.servePuzzles(w, r, parts[1:])
		return
	case len(parts) == 1 && parts[0] == "games":
		if allow(w, r, http.MethodPost) {
			a.createGame(w, r)
		}
		return
	case len(parts) >= 2 && parts[0] == "games":
	default:
		writeError(w, http.StatusNotFound, "no such API path "+clip(r.URL.Path))
		return
	}
	g := a.game(parts[1])
	if g == nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no game %q", clip(parts[1])))
		return
	}
	g.touch()
	action := strings.Join(parts[2:], "/")
	switch action {
	case "":
		switch r.Method {
		case http.MethodGet:
			g.serveState(w, r)
		case http.MethodDelete:
			a.deleteGame(w, g)
		default:
			methodNotAllowed(w, r, "GET, DELETE")
		}
	case "move":
		post(w, r, g.serveMove)
	case "undo":
		post(w, r, g.serveUndo)
	case "setup":
		post(w, r, g.serveSetup)
	case "settings":
		post(w, r, g.serveSettings)
	case "engine/go":
		post(w, r, g.serveEngineGo)
	case "engine/stop":
		post(w, r, g.serveEngineStop)
	case "analysis":
		post(w, r, g.serveAnalysis)
	case "analyse-game":
		post(w, r, g.serveAnalyseGame)
	case "record":
		switch r.Method {
		case http.MethodGet:
			g.serveRecord(w, r)
		case http.MethodPost:
			g.serveLoadRecord(w, r)
		default:
			methodNotAllowed(w, r, "GET, POST")
		}
	case "events":
		if allow(w, r, http.MethodGet) {
			g.serveEvents(w, r)
		}
	default:
		writeError(w, http.StatusNotFound, "no such API path "+clip(r.URL.Path))
	}
}

// game returns the game with the id, or nil.
func (a *API) game(id string) *game {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.games[id]
}

// createGame answers POST /api/games.
func (a *API) createGame(w http.ResponseWriter, r *http.Request) {
	var req struct {
		CFEN    *string `json:"cfen"`
		Variant string  `json:"variant"`
		Rules   string  `json:"rules"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	v, err := parseVariant(req.Variant, rules.Camelot)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	rs, err := parseRules(req.Rules, rules.WCF)
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
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	}
	if len(a.games) >= maxGames {
		a.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("too many games (%d); close some", maxGames))
		return
	}
	a.nextID++
	id := fmt.Sprintf("g%d", a.nextID)
	g := newGame(id, start, a.engine)
	g.solution = a.solution
	a.games[id] = g
	a.mu.Unlock()
	g.mu.Lock()
	st := g.stateLocked(-1)
	g.mu.Unlock()
	writeJSON(w, http.StatusCreated, st)
}

// deleteGame answers DELETE /api/games/{id}.
func (a *API) deleteGame(w http.ResponseWriter, g *game) {
	a.mu.Lock()
	if a.games[g.id] == g {
		delete(a.games, g.id)
	}
	a.mu.Unlock()
	a.endGame(g)
	w.WriteHeader(http.StatusNoContent)
}
