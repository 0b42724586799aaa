package apbot

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHandlerUnit(t *testing.T) {
	b, err := New(unitConfig(t, t.TempDir(), "http://127.0.0.1:1/token", "http://127.0.0.1:1/botQuery"))
	if err != nil {
		t.Fatal(err)
	}
	h := b.Handler()
	if st, body := unitDo(h, httptest.NewRequest(http.MethodGet, "/", nil)); st != 200 || !strings.Contains(body, `"operational":true`) {
		t.Errorf("ping: %d %s", st, body)
	}
	if st, _ := unitDo(h, httptest.NewRequest(http.MethodPut, "/", nil)); st != http.StatusMethodNotAllowed {
		t.Errorf("PUT: %d", st)
	}
	now := time.Now()
	for _, c := range []struct {
		body   string
		status int
		reason string
	}{
		{`{"verb":"challenge","metaGame":"camelot","variants":[],"clockStart":72,"clockInc":24,"clockMax":168,"challengers":["p"]}`, 200, "accepted"},
		{`{"verb":"challenge","metaGame":"camelot","variants":["river","anti"]}`, 200, "accepted"},
		{`{"verb":"challenge","metaGame":"chess","variants":[]}`, 400, `not "chess"`},
		{`{"verb":"challenge","metaGame":"camelot","variants":["mini"]}`, 400, `variant "mini"`},
		{`{"verb":"challenge","metaGame":"camelot","variants":["cam","river"]}`, 400, "two boards"},
		{`{"verb":"challenge","metaGame":"camelot","variants":"cam"}`, 400, "field variants has the wrong type"},
		{`{"verb":"resign","metaGame":"camelot"}`, 400, `unknown verb "resign"`},
		{`{"metaGame":"camelot"}`, 400, "field verb is missing"},
		{`not json`, 400, "not a JSON object"},
		{`{"verb":"move",`, 400, "not JSON"},
		{`{"verb":"move"} {}`, 400, "data after it"},
		{`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"g","moves":"e7-f8"}`, 400, "field moves has the wrong type"},
		{`{"verb":"move","metaGame":"camelot","variants":[],"gameid":7,"moves":[]}`, 400, "field gameid has the wrong type"},
		{`{"verb":"move","metaGame":"camelot","variants":[],"moves":[]}`, 400, "field gameid is missing"},
		{`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"g","clockCurr":"1","moves":[]}`, 400, "field clockCurr has the wrong type"},
		{`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"g"}`, 400, "field moves is missing"},
		{unitMoveBody("g", `[]`, `[["e7-f8","d11-d9"],["x1-y2"]]`), 400, `game "g": round 2, seat 1: move "x1-y2" is not legal`},
		{unitMoveBody("g", `["anti","cam","camette"]`, `[]`), 400, `game "g": round 1, seat 1: variants cam and camette`},
		{strings.Replace(unitMoveBody("g", `[]`, `[]`), "camelot", "chess", 1), 400, `game "g": round 1, seat 1: the bot plays metaGame camelot`},
		{unitMoveBody("g", `[]`, `[]`), 202, "queued"},
	} {
		st, body := unitDo(h, unitSigned(unitPriv, c.body, now))
		if st != c.status || !strings.Contains(body, c.reason) {
			t.Errorf("%s: %d %q, want %d with %q", c.body, st, body, c.status, c.reason)
		}
	}
	big := `{"verb":"challenge","metaGame":"camelot","pad":"` + strings.Repeat("x", MaxBody) + `"}`
	if st, body := unitDo(h, unitSigned(unitPriv, big, now)); st != 400 || !strings.Contains(body, "1 MiB") {
		t.Errorf("a body over 1 MiB: %d %s", st, body)
	}
	r := unitSigned(unitPriv, unitMoveBody("g9", `[]`, `[]`), now)
	r.Header.Del(headerSignature)
	if st, body := unitDo(h, r); st != 401 || strings.Count(body, "\n") != 1 {
		t.Errorf("unsigned: %d %q", st, body)
	}
	if b.queue.len() != 1 {
		t.Errorf("%d turns queued, want 1", b.queue.len())
	}
}

func TestThinkTimeUnit(t *testing.T) {
	for _, c := range []struct {
		move  time.Duration
		clock float64
		want  time.Duration
	}{
		{10 * time.Second, 48, 10 * time.Second},
		{10 * time.Minute, 1, 3 * time.Minute},
		{10 * time.Second, 0, minThink},
		{50 * time.Millisecond, 0, 50 * time.Millisecond},
		{10 * time.Second, -1, minThink},
	} {
		if got := thinkTime(c.move, c.clock); got != c.want {
			t.Errorf("thinkTime(%v, %v) = %v, want %v", c.move, c.clock, got, c.want)
		}
	}
}
