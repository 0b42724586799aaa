package gui

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// FuzzHandlers sends arbitrary requests to a game: the server never
// panics, always answers JSON errors for bad input, and the game always
// stays one that the rules allow (its moves replay, its legal list is
// the rules'). A refused request leaves the game exactly as it was.
// "{id}" in the path stands for the game's id.
func FuzzHandlers(f *testing.F) {
	for _, seed := range [][3]string{
		{"POST", "/api/games/{id}/move", `{"move": "E6-G8"}`},
		{"POST", "/api/games/{id}/move", `{"move": "e6-g8", "ply": 0}`},
		{"POST", "/api/games/{id}/undo", `{"plies": 2}`},
		{"POST", "/api/games/{id}/setup", `{"cfen": "2/8/10/11m/12/12/12/3m8/12/3mm7/3mM7/12/M11/10/8/2 w"}`},
		{"POST", "/api/games/{id}/settings", `{"mode": "analysis", "level": 3}`},
		{"POST", "/api/games/{id}/record", "1. E6-G8 I11-G9 *\n"},
		{"GET", "/api/games/{id}?ply=1", ""},
		{"POST", "/api/games", `{"cfen": "2/8/10/12 w"}`},
		{"POST", "/api/games", `{"variant": "cam"}`},
		{"POST", "/api/games", `{"variant": "Camette", "cfen": "1/1M1/5/5/m4/3/1 w 0/0 0 1"}`},
		{"POST", "/api/games", `{"variant": "chivalry"}`},
		{"POST", "/api/games", `{"variant": "xyz", "cfen": "1/3/5 w"}`},
		{"POST", "/api/games/{id}/setup", `{"variant": "cam", "cfen": "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w 0/0 0 1"}`},
		{"POST", "/api/games/{id}/setup", `{"variant": "CAMETTE", "cfen": "1/3/1m3/1M3/5/3/1 w"}`},
		{"POST", "/api/games/{id}/setup", `{"variant": "chivalry", "cfen": "2/8 w"}`},
		{"POST", "/api/games/{id}/record", "[Variant \"Cam\"]\n\n1. D5-D6 D9-D8 *\n"},
		{"POST", "/api/games/{id}/record", "[Variant \"Chivalry\"]\n\n*\n"},
		{"GET", "/api/board?variant=cAm", ""},
		{"GET", "/api/board?variant=chivalry", ""},
		{"GET", "/api/board?variant=%00", ""},
		{"GET", "/api/board?variant=river", ""},
		{"POST", "/api/games", `{"variant": "river"}`},
		{"POST", "/api/games/{id}/move", `{"move": "c2,d2,i2"}`},
		{"POST", "/api/games/{id}/setup", `{"variant": "river", "cfen": "2/8/10/2nmmmmmmn2/3nmmmmn3/12/12/12/12/12/12/3NMMMMN3/2NMMMMMMN2/10/8/2 w 0/0 0 1"}`},
		{"POST", "/api/games/{id}/setup", `{"variant": "anti-river", "cfen": "2/8/10/4mm6/12/12/12/t2M8/tt10/3M8/3N8/12/12/10/tt4t1/2 w 0/0 0 2"}`},
		{"POST", "/api/games/{id}/record", "[Variant \"River Camelot\"]\n\n1. C2,D2,I2 A8,A9,B8 *\n"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	s := newTestServer(f, noEngine...)
	f.Fuzz(func(t *testing.T, method, path, body string) {
		st := newHumanGame(t, s, "")
		id := st.ID
		defer endAllGames(s)
		st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
		path = strings.ReplaceAll(path, "{id}", id)
		if _, err := http.NewRequest(method, "http://"+s.host()+path, nil); err != nil || !strings.HasPrefix(path, "/") || !validMethod(method) {
			return // not a request a client can send
		}
		code, data := doWithin(t, s, method, path, body, 100*time.Millisecond)
		if code >= 400 && strings.HasPrefix(path, "/api/") && !strings.Contains(string(data), `"error"`) {
			t.Fatalf("%s %s: %d without an error body: %q", method, path, code, data)
		}
		if code >= 500 {
			t.Fatalf("%s %s %q: server fault %d: %s", method, path, body, code, data)
		}
		if s.game(id) == nil {
			return // deleted
		}
		now := checkConsistent(t, s, id)
		if code >= 400 && !sameGame(now, st) {
			t.Fatalf("refused %s %s %q changed the game", method, path, body)
		}
	})
}

func validMethod(m string) bool {
	switch m {
	case "GET", "POST", "DELETE", "PUT", "HEAD":
		return true
	}
	return false
}

// endAllGames ends every game, those the input made too.
func endAllGames(s *Server) {
	s.mu.Lock()
	games := s.games
	s.games = map[string]*game{}
	s.mu.Unlock()
	for _, g := range games {
		s.endGame(g)
	}
}
