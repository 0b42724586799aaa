package gui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	rules "github.com/camelot-engine/camelot/game"
)

// choiceCFEN: White's Man on E6 can capture its way to C10 by two routes
// that take different pieces, E6xE8xC10 and E6xC6xE8xC10: two moves (R4),
// so the text E6-C10 is ambiguous (R3). Only E6 can jump, and a capture
// is compulsory (R11).
const choiceCFEN = "2/8/10/11m/12/12/12/3m8/12/3mm7/3mM7/12/M11/10/8/2 w 0/0 0 1"

func TestBoard(t *testing.T) {
	s := newTestServer(t, noEngine...)
	code, data := do(t, s, "GET", "/api/board", "")
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, data)
	}
	var b boardInfo
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	// R1: 160 squares, from F1 and G1 (White's castle) to F16 and G16.
	if len(b.Squares) != 160 || b.Squares[0] != "F1" || b.Squares[159] != "G16" {
		t.Errorf("squares: %d, %v … %v", len(b.Squares), b.Squares[:2], b.Squares[len(b.Squares)-2:])
	}
	if !slices.Equal(b.Castles["white"], []string{"F1", "G1"}) || !slices.Equal(b.Castles["black"], []string{"F16", "G16"}) {
		t.Errorf("castles %v", b.Castles)
	}
}

// The start position lists exactly the moves the rules generate, each once
// (R4), with its canonical route (R3).
func TestStartLegalMoves(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	if st.CFEN != rules.StartCFEN || st.Side != "white" || st.Plies != 0 || st.Last != nil {
		t.Fatalf("new game: cfen %q side %q plies %d last %v", st.CFEN, st.Side, st.Plies, st.Last)
	}
	pos := boards.StartPosition(rules.Camelot)
	want := map[string]bool{}
	for _, m := range pos.Moves() {
		want[pos.MoveText(m)] = true
	}
	if len(st.Legal) != len(want) {
		t.Fatalf("%d legal moves, the rules have %d", len(st.Legal), len(want))
	}
	for _, l := range st.Legal {
		if !want[l.Text] {
			t.Errorf("%s is listed but not generated", l.Text)
		}
		delete(want, l.Text)
	}
	if len(want) > 0 {
		t.Errorf("not listed: %v", want)
	}
	// R7: the Man on E6 canters over F7 to G8: two legs, one canter.
	var canter *legalJSON
	for i, l := range st.Legal {
		if l.From == "E6" && l.To == "G8" {
			canter = &st.Legal[i]
		}
	}
	if canter == nil || canter.Text != "E6-G8" || !slices.Equal(canter.Legs, []string{"E6", "G8"}) || canter.Canters != 1 || len(canter.Captured) != 0 {
		t.Errorf("E6-G8: %+v", canter)
	}
	if len(st.Capturers) != 0 {
		t.Errorf("capturers at the start: %v", st.Capturers)
	}
	if len(st.Board) != 28 || st.Board["E6"] != "M" || st.Board["C6"] != "N" || st.Board["I11"] != "m" || st.Board["J11"] != "n" {
		t.Errorf("board: %v", st.Board)
	}
}

// A move read leniently (R3: case) is played, and the state after it is
// the position of R5's example.
func TestMoveAndState(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	after := doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "e6-g8"}`, http.StatusOK)
	const want = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1"
	if after.CFEN != want || after.Side != "black" || after.Plies != 1 || after.Ply != 1 {
		t.Fatalf("after E6-G8: cfen %q side %s plies %d ply %d", after.CFEN, after.Side, after.Plies, after.Ply)
	}
	if len(after.Moves) != 1 || after.Moves[0].Text != "E6-G8" || !slices.Equal(after.Moves[0].Legs, []string{"E6", "G8"}) {
		t.Errorf("moves %+v", after.Moves)
	}
	if after.Last == nil || !slices.Equal(after.Last.Legs, []string{"E6", "G8"}) {
		t.Errorf("last %+v", after.Last)
	}
	if after.Board["G8"] != "M" || after.Board["E6"] != "" {
		t.Errorf("board after: G8 %q E6 %q", after.Board["G8"], after.Board["E6"])
	}
	// Viewing ply 0 shows the start; the game is unchanged.
	view := doState(t, s, "GET", "/api/games/"+st.ID+"?ply=0", "", http.StatusOK)
	if view.CFEN != rules.StartCFEN || view.Ply != 0 || view.Plies != 1 || view.Last != nil {
		t.Errorf("view at 0: %q ply %d plies %d", view.CFEN, view.Ply, view.Plies)
	}
	// A move from ply 0 cuts the game there (analysis).
	cut := doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "F6-F8", "ply": 0}`, http.StatusOK)
	if cut.Plies != 1 || cut.Moves[0].Text != "F6-F8" {
		t.Errorf("cut: %+v", cut.Moves)
	}
	checkConsistent(t, s, st.ID)
}

// R11: when a capture is compulsory the capturers are listed and a move
// that does not capture is refused, the game unchanged.
func TestCompulsoryCapture(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, choiceCFEN)
	if !slices.Equal(st.Capturers, []string{"E6"}) {
		t.Errorf("capturers %v, want [E6]", st.Capturers)
	}
	for _, l := range st.Legal {
		if len(l.Captured) == 0 {
			t.Errorf("non-capture %s listed while a capture is compulsory", l.Text)
		}
	}
	wantError(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "A4-A5"}`, http.StatusBadRequest, "A4", "R11")
	if now := doState(t, s, "GET", "/api/games/"+st.ID, "", http.StatusOK); !sameGame(now, st) {
		t.Errorf("the refused move changed the game")
	}
}

// A Knight's Charge is never compulsory (R9, R11): with one on offer and
// no jump, no piece is marked as bound to capture and plain moves stay.
func TestChargeIsNoCompulsoryCapture(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "2/8/10/m11/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w 0/0 0 1")
	if len(st.Capturers) != 0 {
		t.Errorf("capturers %v, want none", st.Capturers)
	}
	charge, plain := false, false
	for _, l := range st.Legal {
		charge = charge || l.From == "D6" && l.To == "H10" && slices.Equal(l.Captured, []string{"G9"})
		plain = plain || len(l.Captured) == 0
	}
	if !charge || !plain {
		t.Errorf("the Charge D6-F8xH10 listed: %t, plain moves listed: %t", charge, plain)
	}
}

// R4: two moves with the same origin and destination but different
// captured sets are both listed; the text naming only the two squares is
// ambiguous and refused with the candidates (R3).
func TestSameSquaresDifferentCaptures(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, choiceCFEN)
	var both []legalJSON
	for _, l := range st.Legal {
		if l.From == "E6" && l.To == "C10" {
			both = append(both, l)
		}
	}
	if len(both) != 2 || slices.Equal(both[0].Captured, both[1].Captured) {
		t.Fatalf("moves E6 to C10: %+v", both)
	}
	msg := wantError(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-C10"}`, http.StatusBadRequest, "ambiguous")
	for _, l := range both {
		if !strings.Contains(msg, l.Text) {
			t.Errorf("error %q does not list %s", msg, l.Text)
		}
	}
	if now := doState(t, s, "GET", "/api/games/"+st.ID, "", http.StatusOK); !sameGame(now, st) {
		t.Errorf("the refused move changed the game")
	}
	// Each route's full text picks its own move.
	long := both[0]
	if len(both[1].Legs) > len(long.Legs) {
		long = both[1]
	}
	after := doState(t, s, "POST", "/api/games/"+st.ID+"/move", fmt.Sprintf(`{"move": %q}`, long.Text), http.StatusOK)
	if !slices.Equal(after.Last.Captured, long.Captured) {
		t.Errorf("played %s: captured %v, want %v", long.Text, after.Last.Captured, long.Captured)
	}
}

func TestUndo(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	id := st.ID
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "I11-G9"}`, http.StatusOK)
	one := doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 1}`, http.StatusOK)
	if one.Plies != 1 || one.Side != "black" || one.Moves[0].Text != "E6-G8" {
		t.Errorf("after undo 1: plies %d side %s", one.Plies, one.Side)
	}
	wantError(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 2}`, http.StatusBadRequest, "undo 2")
	wantError(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 3}`, http.StatusBadRequest, "1 or 2")
	doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "I11-G9"}`, http.StatusOK)
	zero := doState(t, s, "POST", "/api/games/"+id+"/undo", `{"plies": 2}`, http.StatusOK)
	if zero.Plies != 0 || zero.CFEN != rules.StartCFEN {
		t.Errorf("after undo 2: plies %d cfen %q", zero.Plies, zero.CFEN)
	}
}

func TestSetup(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	id := st.ID
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	for _, bad := range []string{
		`{"cfen": "2/8/10/12 w"}`,
		`{"cfen": "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/12/3NMMMMN3/2NMMMMMMN2/12/12/10/8/2 x"}`,
		`{"cfen": ""}`,
		`{}`,
	} {
		wantError(t, s, "POST", "/api/games/"+id+"/setup", bad, http.StatusBadRequest)
		if now := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK); !sameGame(now, st) {
			t.Fatalf("setup %s changed the game", bad)
		}
	}
	set := doState(t, s, "POST", "/api/games/"+id+"/setup", `{"cfen": "`+choiceCFEN+`"}`, http.StatusOK)
	if set.CFEN != choiceCFEN || set.Plies != 0 {
		t.Errorf("setup: %q, %d plies", set.CFEN, set.Plies)
	}
	wantError(t, s, "POST", "/api/games", `{"cfen": "nonsense"}`, http.StatusBadRequest, "CFEN")
}

// A bad CFEN is refused with the CFEN reader's message, which names the
// CFEN and its field once.
func TestSetupBadCFENMessage(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	for _, cfen := range []string{"nonsense", "2/8/10/12 w", rules.StartCFEN + " 1 2"} {
		_, perr := boards.ParseCFEN(rules.Camelot, cfen)
		if perr == nil {
			t.Fatalf("%q is a good CFEN", cfen)
		}
		body := fmt.Sprintf(`{"cfen": %q}`, cfen)
		for _, path := range []string{"/api/games/" + st.ID + "/setup", "/api/games"} {
			if msg := wantError(t, s, "POST", path, body, http.StatusBadRequest); msg != perr.Error() {
				t.Errorf("POST %s %s: error %q, want %q", path, body, msg, perr.Error())
			}
		}
	}
	long := fmt.Sprintf(`{"cfen": %q}`, strings.Repeat("1", 1001))
	if msg := wantError(t, s, "POST", "/api/games/"+st.ID+"/setup", long, http.StatusBadRequest); msg != "CFEN: too long (over 1000 bytes)" {
		t.Errorf("a long CFEN: error %q", msg)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	id := st.ID
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "I11-G9"}`, http.StatusOK)
	for range 6 {
		st = doState(t, s, "POST", "/api/games/"+id+"/move", fmt.Sprintf(`{"move": %q}`, st.Legal[len(st.Legal)/2].Text), http.StatusOK)
	}
	code, data := do(t, s, "GET", "/api/games/"+id+"/record", "")
	if code != http.StatusOK || !strings.Contains(string(data), "1. E6-G8 I11-G9") {
		t.Fatalf("record: %d\n%s", code, data)
	}
	other := newHumanGame(t, s, choiceCFEN)
	loaded := doState(t, s, "POST", "/api/games/"+other.ID+"/record", string(data), http.StatusOK)
	if !sameGame(loaded, st) {
		t.Errorf("loaded %q %d plies, saved %q %d plies", loaded.CFEN, loaded.Plies, st.CFEN, st.Plies)
	}
	// A set-up position travels in the CFEN tag.
	setup := newHumanGame(t, s, choiceCFEN)
	doState(t, s, "POST", "/api/games/"+setup.ID+"/move", `{"move": "E6xE8xC10"}`, http.StatusOK)
	_, data = do(t, s, "GET", "/api/games/"+setup.ID+"/record", "")
	back := doState(t, s, "POST", "/api/games/"+other.ID+"/record", string(data), http.StatusOK)
	if back.Plies != 1 || back.Moves[0].Text != "E6xE8xC10" {
		t.Errorf("set-up game loaded as %+v", back.Moves)
	}
	// A bad record is refused naming its line; the game stays.
	bad := "[Event \"x\"]\n\n1. E6-G8 I11-G9\n2. A1-A2 *\n"
	wantError(t, s, "POST", "/api/games/"+other.ID+"/record", bad, http.StatusBadRequest, "line 4")
	if now := doState(t, s, "GET", "/api/games/"+other.ID, "", http.StatusOK); !sameGame(now, back) {
		t.Errorf("a bad record changed the game")
	}
	wantError(t, s, "POST", "/api/games/"+other.ID+"/record", "", http.StatusBadRequest, "no game")
}

// Requests naming another host (DNS rebinding) or coming from another
// site are refused.
func TestHostAndOriginRefused(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, tc := range []struct {
		host, origin string
		want         int
	}{
		{s.host(), "", http.StatusOK},
		{s.host(), "http://" + s.host(), http.StatusOK},
		{strings.Replace(s.host(), "127.0.0.1", "localhost", 1), "", http.StatusOK},
		{"evil.example:80", "", http.StatusForbidden},
		{"127.0.0.1:1", "", http.StatusForbidden},
		{s.host(), "http://evil.example", http.StatusForbidden},
		{s.host(), "https://" + s.host(), http.StatusForbidden},
		{s.host(), "null", http.StatusForbidden},
	} {
		for _, path := range []string{"/api/board", "/"} {
			req, _ := http.NewRequest("GET", s.URL()+strings.TrimPrefix(path, "/"), nil)
			req.Host = tc.host
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body := readAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("GET %s Host %q Origin %q: %d, want %d", path, tc.host, tc.origin, resp.StatusCode, tc.want)
			}
			if tc.want == http.StatusForbidden && !strings.Contains(body, `"error"`) {
				t.Errorf("403 body %q is not an error", body)
			}
		}
	}
}

func TestStaticFiles(t *testing.T) {
	s := newTestServer(t, noEngine...)
	req, _ := http.NewRequest("GET", s.URL(), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(strings.ToLower(body), "<html") {
		t.Errorf("GET /: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if code, _ := do(t, s, "GET", "/no-such-file.js", ""); code != http.StatusNotFound {
		t.Errorf("missing file: %d", code)
	}
	if code, _ := do(t, s, "GET", "/../server.go", ""); code != http.StatusNotFound {
		t.Errorf("file outside the page: %d", code)
	}
}

func TestUnknownGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	for _, path := range []string{"/api/games/nope", "/api/games/g99/move", "/api/games/g1/events"} {
		method := "GET"
		if strings.HasSuffix(path, "move") {
			method = "POST"
		}
		wantError(t, s, method, path, `{"move": "E6-G8"}`, http.StatusNotFound, "no game")
	}
	wantError(t, s, "GET", "/api/nothing", "", http.StatusNotFound)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	wantError(t, s, "GET", "/api/games/"+st.ID+"/frobnicate", "", http.StatusNotFound)
	wantError(t, s, "PUT", "/api/games/"+st.ID+"/move", "", http.StatusMethodNotAllowed)
	if code, _ := do(t, s, "DELETE", "/api/games/"+st.ID, ""); code != http.StatusNoContent {
		t.Errorf("DELETE: %d", code)
	}
	wantError(t, s, "GET", "/api/games/"+st.ID, "", http.StatusNotFound)
}

func TestGamesIndependent(t *testing.T) {
	s := newTestServer(t, noEngine...)
	a := newHumanGame(t, s, "")
	b := newHumanGame(t, s, "")
	if a.ID == b.ID {
		t.Fatalf("two games share id %s", a.ID)
	}
	doState(t, s, "POST", "/api/games/"+a.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	doState(t, s, "POST", "/api/games/"+a.ID+"/settings", `{"level": 3}`, http.StatusOK)
	nb := doState(t, s, "GET", "/api/games/"+b.ID, "", http.StatusOK)
	if !sameGame(nb, b) || nb.Settings.Level != b.Settings.Level {
		t.Errorf("a move in game %s changed game %s", a.ID, b.ID)
	}
}

// Bad input of every kind is refused with a one-line error, and the game
// is left as it was.
func TestBadRequestsLeaveGame(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	id := st.ID
	st = doState(t, s, "POST", "/api/games/"+id+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	for _, tc := range []struct {
		method, path, body string
		want               int
	}{
		{"POST", "/move", `{"move": "E6-G8"`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "I11-G9", "extra": 1}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "I11-G9"} {}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": 7}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": ""}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "Z99-A1"}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "E7-E8"}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "I11-G9", "ply": 5}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "I11-G9", "ply": -1}`, http.StatusBadRequest},
		{"POST", "/move", `{"move": "` + strings.Repeat("E6-", 100) + `G8"}`, http.StatusBadRequest},
		{"POST", "/settings", `{"level": 21}`, http.StatusBadRequest},
		{"POST", "/settings", `{"mode": "chess"}`, http.StatusBadRequest},
		{"POST", "/settings", `{"engineColor": "red"}`, http.StatusBadRequest},
		{"POST", "/settings", `{"multipv": 0}`, http.StatusBadRequest},
		{"POST", "/settings", `{"time": -1}`, http.StatusBadRequest},
		{"POST", "/settings", `{"level": 5, "movetime": -3}`, http.StatusBadRequest},
		{"POST", "/analysis", `{"on": true, "multipv": 9}`, http.StatusBadRequest},
		{"POST", "/analysis", `{"on": true, "ply": 2}`, http.StatusBadRequest},
		{"POST", "/analysis", `{}`, http.StatusBadRequest},
		{"POST", "/analyse-game", `{"movetime": 0}`, http.StatusBadRequest},
		{"GET", "?ply=2", ``, http.StatusBadRequest},
		{"GET", "?ply=x", ``, http.StatusBadRequest},
		{"POST", "/undo", `{"plies": "1"}`, http.StatusBadRequest},
	} {
		msg := wantError(t, s, tc.method, "/api/games/"+id+tc.path, tc.body, tc.want)
		if strings.ContainsAny(msg, "\n\r") {
			t.Errorf("error %q has more than one line", msg)
		}
		now := doState(t, s, "GET", "/api/games/"+id, "", http.StatusOK)
		if !sameGame(now, st) || now.Settings != st.Settings {
			t.Fatalf("%s %s %s changed the game", tc.method, tc.path, tc.body)
		}
	}
	// An over-long body is refused.
	big := `{"move": "` + strings.Repeat(" ", maxBody) + `"}`
	wantError(t, s, "POST", "/api/games/"+id+"/move", big, http.StatusRequestEntityTooLarge)
	// So is a form post (cross-site requests cannot send JSON).
	req, _ := http.NewRequest("POST", s.URL()+"api/games/"+id+"/move", strings.NewReader("move=E6-G8"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("form post: %d", resp.StatusCode)
	}
}

func TestSettings(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	if st.Settings != defaultSettings {
		t.Errorf("default settings %+v", st.Settings)
	}
	got := doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "analysis", "level": 7, "multipv": 5, "time": 60000, "inc": 0}`, http.StatusOK)
	want := Settings{Mode: "analysis", EngineColor: "black", Level: 7, MultiPV: 5, Time: 60000}
	if got.Settings != want {
		t.Errorf("settings %+v, want %+v", got.Settings, want)
	}
	if got.Clock.White != 60000 || got.Clock.Black != 60000 || got.Clock.Running != "" {
		t.Errorf("clock %+v", got.Clock)
	}
}

// In a game against the engine, the human may not move for it.
func TestMoveRefusedWhenEngineToMove(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := doState(t, s, "POST", "/api/games", "", http.StatusCreated)
	doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-human", "engineColor": "white"}`, http.StatusOK)
	code, _ := do(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"mode": "human-engine"}`)
	if code != http.StatusOK {
		t.Fatalf("settings: %d", code)
	}
	// The engine (which cannot start here) is to move as White.
	wantError(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-G8"}`, http.StatusConflict)
}

// The clock: the side to move loses when its time runs out, and may not
// move after that.
func TestFlagFall(t *testing.T) {
	s := newTestServer(t, noEngine...)
	st := newHumanGame(t, s, "")
	doState(t, s, "POST", "/api/games/"+st.ID+"/settings", `{"time": 100, "inc": 0}`, http.StatusOK)
	ev := openEvents(t, s, st.ID)
	after := doState(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "E6-G8"}`, http.StatusOK)
	if after.Clock.Running != "black" || after.Clock.White != 100 {
		t.Errorf("clock after the first move: %+v", after.Clock)
	}
	e := ev.waitFor(t, 10*time.Second, "the flag fall", stateEvent(func(s State) bool { return s.Outcome.Over }))
	var end State
	_ = json.Unmarshal([]byte(e.data), &end)
	if end.Outcome.Result != "1-0" || end.Outcome.Reason != "clock: black ran out of time" || end.Clock.Black != 0 || end.Clock.Running != "" {
		t.Errorf("after the flag fall: %+v, clock %+v", end.Outcome, end.Clock)
	}
	wantError(t, s, "POST", "/api/games/"+st.ID+"/move", `{"move": "I11-G9"}`, http.StatusConflict, "ran out of time")
	// Taking the move back goes on with the time left.
	back := doState(t, s, "POST", "/api/games/"+st.ID+"/undo", `{"plies": 1}`, http.StatusOK)
	if back.Outcome.Over || back.Plies != 0 {
		t.Errorf("after undo: %+v", back.Outcome)
	}
}
