package apbot

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// unitMoveBody is a move webhook of game id with the rounds given (JSON).
func unitMoveBody(id, variants, rounds string) string {
	return `{"verb":"move","metaGame":"camelot","variants":` + variants + `,"gameid":"` + id +
		`","clockCurr":48,"numPlayers":2,"moves":` + rounds + `}`
}

func unitPendingFiles(t *testing.T, dir string) []string {
	ents, err := os.ReadDir(filepath.Join(dir, pendingDir))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestStoreUnit(t *testing.T) {
	dir := t.TempDir()
	b, err := New(unitConfig(t, dir, "http://127.0.0.1:1/token", "http://127.0.0.1:1/botQuery"))
	if err != nil {
		t.Fatal(err)
	}
	h := b.Handler()
	now := time.Now()
	post := func(body string) (int, string) { return unitDo(h, unitSigned(unitPriv, body, now)) }

	// Stored, then acknowledged again without a second file.
	g1 := unitMoveBody("g1", `[]`, `[["e7-f8"]]`)
	for i := range 2 {
		if st, msg := post(g1); st != http.StatusAccepted {
			t.Fatalf("delivery %d: %d %s", i+1, st, msg)
		}
	}
	if fs := unitPendingFiles(t, dir); len(fs) != 1 {
		t.Fatalf("pending files %v, want one", fs)
	}
	// The bot plays seat 2 in g1: a turn of seat 1 is not its turn.
	if st, msg := post(unitMoveBody("g1", `[]`, `[["e7-f8","d11-d9"]]`)); st != http.StatusBadRequest || !strings.Contains(msg, "round 2, seat 1: not the bot's turn") {
		t.Errorf("the other seat: %d %s", st, msg)
	}
	g2 := unitMoveBody("g2", `["river"]`, `[]`)
	if st, msg := post(g2); st != http.StatusAccepted {
		t.Fatalf("g2: %d %s", st, msg)
	}
	if n := b.queue.len(); n != 2 {
		t.Errorf("%d turns queued, want 2", n)
	}

	// A new process on the same state finds both, in arrival order, and
	// still knows them.
	b2, err := New(unitConfig(t, dir, "http://127.0.0.1:1/token", "http://127.0.0.1:1/botQuery"))
	if err != nil {
		t.Fatal(err)
	}
	if n := b2.queue.len(); n != 2 || b2.queue.items[0].GameID != "g1" || b2.queue.items[1].GameID != "g2" {
		t.Fatalf("reloaded queue: %d turns", n)
	}
	if b2.queue.items[1].game == nil || !b2.queue.items[1].game.Position().InTreePhase() {
		t.Errorf("g2 not replayed on load")
	}
	h2 := b2.Handler()
	if st, _ := unitDo(h2, unitSigned(unitPriv, g1, now)); st != http.StatusAccepted || len(unitPendingFiles(t, dir)) != 2 {
		t.Errorf("a stored turn delivered to the new process: %d, files %v", st, unitPendingFiles(t, dir))
	}

	// Answered: the file goes, done.log remembers it, through a restart.
	t1 := b2.queue.items[0]
	b2.finish(t1, "sent", "d11-d9")
	if fs := unitPendingFiles(t, dir); len(fs) != 1 {
		t.Errorf("after the answer: pending %v", fs)
	}
	b3, err := New(unitConfig(t, dir, "http://127.0.0.1:1/token", "http://127.0.0.1:1/botQuery"))
	if err != nil {
		t.Fatal(err)
	}
	if n := b3.queue.len(); n != 1 {
		t.Errorf("after a restart: %d queued, want 1", n)
	}
	h3 := b3.Handler()
	if st, _ := unitDo(h3, unitSigned(unitPriv, g1, now)); st != http.StatusAccepted || b3.queue.len() != 1 {
		t.Errorf("an answered turn again: %d, %d queued", st, b3.queue.len())
	}
	if st, msg := unitDo(h3, unitSigned(unitPriv, unitMoveBody("g1", `[]`, `[["e7-f8","d11-d9"]]`), now)); st != http.StatusBadRequest {
		t.Errorf("the seat is remembered through restarts: %d %s", st, msg)
	}
	// A later turn of g1 is stored.
	if st, msg := unitDo(h3, unitSigned(unitPriv, unitMoveBody("g1", `[]`, `[["e7-f8","d11-d9"],["f8-f9"]]`), now)); st != http.StatusAccepted || b3.queue.len() != 2 {
		t.Errorf("g1's next turn: %d %s, %d queued", st, msg, b3.queue.len())
	}
	// A later turn of g2 supersedes the stored one.
	if st, msg := unitDo(h3, unitSigned(unitPriv, unitMoveBody("g2", `["river"]`, `[["c2,d2,i2","c15,d15,i15"]]`), now)); st != http.StatusAccepted {
		t.Errorf("g2's next turn: %d %s", st, msg)
	}
	if fs := unitPendingFiles(t, dir); len(fs) != 2 {
		t.Errorf("pending %v, want g1's and g2's latest", fs)
	}

	// Past MaxPending: 503.
	cfg := unitConfig(t, dir, "http://127.0.0.1:1/token", "http://127.0.0.1:1/botQuery")
	cfg.MaxPending = 2
	b4, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st, msg := unitDo(b4.Handler(), unitSigned(unitPriv, unitMoveBody("g3", `[]`, `[]`), now)); st != http.StatusServiceUnavailable {
		t.Errorf("past MaxPending: %d %s", st, msg)
	}
}

func TestConfigErrorsUnit(t *testing.T) {
	good := unitConfig(t, t.TempDir(), "http://t", "http://q")
	for field, change := range map[string]func(*Config){
		"StateDir": func(c *Config) { c.StateDir = "" }, "ClientID": func(c *Config) { c.ClientID = "" },
		"ClientSecret": func(c *Config) { c.ClientSecret = "" }, "TokenURL": func(c *Config) { c.TokenURL = "" },
		"Scope": func(c *Config) { c.Scope = "" }, "QueryURL": func(c *Config) { c.QueryURL = "" },
		"PublicKey": func(c *Config) { c.PublicKey = nil },
	} {
		c := good
		change(&c)
		if _, err := New(c); err == nil || !strings.Contains(err.Error(), "Config."+field) {
			t.Errorf("without %s: %v", field, err)
		}
	}
}
