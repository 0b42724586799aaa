package apbot_test

import (
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/apbot/apfake"
	"github.com/camelot-engine/camelot/game"
)

// marker is in the bodies of forged requests: the bot logs no body, so
// it must never appear in its log.
const marker = "forged-7f3a9c"

// checkReason checks a refusal: its status and a one-line reason.
func checkReason(t *testing.T, name string, status int, body string, err error, want int) {
	t.Helper()
	reason := strings.TrimSpace(body)
	switch {
	case err != nil:
		t.Errorf("%s: %v", name, err)
	case status != want:
		t.Errorf("%s: %d %q, want %d", name, status, reason, want)
	case reason == "" || strings.Contains(reason, "\n"):
		t.Errorf("%s: %d with reason %q, want a one-line reason", name, status, reason)
	}
}

// sentinel plays one turn of a new game to its end: turns are searched
// in arrival order, so once it is answered the bot has handled every
// request that came before.
func sentinel(t *testing.T, f *apfake.Fake) {
	t.Helper()
	startGames(t, f, apfake.GameSpec{ID: "sentinel", Variant: game.Camelot, BotSide: game.White, MaxPlies: 1})
	waitGames(t, f, 60*time.Second)
}

// TestForged sends webhooks that are not AbstractPlay's: each gets 401
// with a reason, its body is not logged, and no move is sent.
func TestForged(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	body := apfake.MoveBody(apfake.MetaGame, nil, marker, 72, nil)
	_, otherKey := apfake.NewKey()
	now := time.Now()

	changed := bytes.Replace(body, []byte(marker), []byte(strings.ToUpper(marker)), 1)
	without := func(names ...string) http.Header {
		h := f.Sign(body)
		for _, n := range names {
			h.Del(n)
		}
		return h
	}
	withSig := func(sig string) http.Header {
		h := f.Sign(body)
		h.Set(apfake.HeaderSignature, sig)
		return h
	}
	withTS := func(ts string) http.Header {
		h := f.Sign(body)
		h.Set(apfake.HeaderTimestamp, ts)
		return h
	}
	// Signed over TIMESTAMP.BODY, the nonce left out of the message.
	noNonce := f.Sign(body)
	noNonce.Set(apfake.HeaderSignature, f.SignBytes([]byte(noNonce.Get(apfake.HeaderTimestamp)+"."+string(body))))
	nonceChanged := f.Sign(body)
	nonceChanged.Set(apfake.HeaderNonce, apfake.NewNonce())
	cases := []struct {
		name string
		body []byte
		h    http.Header
	}{
		{"wrong key", body, f.SignWith(body, apfake.SignOptions{Key: otherKey})},
		{"changed body", changed, f.Sign(body)},
		{"body with a space added", append(append([]byte{}, body...), ' '), f.Sign(body)},
		{"timestamp 6 minutes old", body, f.SignWith(body, apfake.SignOptions{Time: now.Add(-6 * time.Minute)})},
		{"timestamp an hour old", body, f.SignWith(body, apfake.SignOptions{Time: now.Add(-time.Hour)})},
		{"timestamp 6 minutes ahead", body, f.SignWith(body, apfake.SignOptions{Time: now.Add(6 * time.Minute)})},
		{"timestamp changed after signing", body, withTS(strconv.FormatInt(now.Unix()-1, 10))},
		{"timestamp not a number", body, withTS("yesterday")},
		{"no signature", body, without(apfake.HeaderSignature)},
		{"no timestamp", body, without(apfake.HeaderTimestamp)},
		{"no nonce", body, without(apfake.HeaderNonce)},
		{"no headers", body, without(apfake.HeaderSignature, apfake.HeaderTimestamp, apfake.HeaderNonce)},
		{"signature not base64", body, withSig("%%%not-base64%%%")},
		{"signature empty", body, withSig("")},
		{"signature too short", body, withSig(base64.StdEncoding.EncodeToString([]byte("short")))},
		{"signature of another body", body, withSig(f.Sign(changed).Get(apfake.HeaderSignature))},
		{"signed without the nonce", body, noNonce},
		{"nonce changed after signing", body, nonceChanged},
		{"oversized and unsigned", append(append([]byte{}, body[:len(body)-1]...), []byte(`,"pad":"`+strings.Repeat("x", 1<<20)+`"}`)...), http.Header{}},
	}
	for _, c := range cases {
		status, reason, err := f.Post(c.body, c.h)
		want := http.StatusUnauthorized
		if strings.HasPrefix(c.name, "oversized") && status == http.StatusBadRequest {
			want = http.StatusBadRequest // refused for its size before its signature: as good
		}
		checkReason(t, c.name, status, reason, err, want)
	}

	// A replay: the same request twice, and the nonce again on another
	// body.
	ch := apfake.ChallengeBody(apfake.MetaGame, nil)
	h := f.Sign(ch)
	status, reason, err := f.Post(ch, h)
	if err != nil || status != http.StatusOK {
		t.Fatalf("the challenge: %d %q %v", status, reason, err)
	}
	status, reason, err = f.Post(ch, h)
	checkReason(t, "the same challenge again", status, reason, err, http.StatusUnauthorized)
	status, reason, err = f.Post(body, f.SignWith(body, apfake.SignOptions{Nonce: h.Get(apfake.HeaderNonce)}))
	checkReason(t, "a move with the challenge's nonce", status, reason, err, http.StatusUnauthorized)

	// Within the window: 4 minutes either way is fine.
	for _, d := range []time.Duration{-4 * time.Minute, 4 * time.Minute} {
		status, reason, err := f.Post(ch, f.SignWith(ch, apfake.SignOptions{Time: time.Now().Add(d)}))
		if err != nil || status != http.StatusOK {
			t.Errorf("a challenge signed %v from now: %d %q %v, want 200", d, status, strings.TrimSpace(reason), err)
		}
	}

	sentinel(t, f)
	if s := f.Stats(); s.MovesSent != 1 || s.UnknownGames != 0 {
		t.Errorf("moves sent: %v; want only the sentinel's", s)
	}
	if strings.Contains(logs.String(), marker) || strings.Contains(logs.String(), strings.ToUpper(marker)) {
		t.Error("the body of a forged request is in the bot's log")
	}
	checkLogs(t, f, logs)
}

// endedGame plays random moves of v until the game ends under V14, and
// returns its texts.
func endedGame(t *testing.T, v game.Variant) []string {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		g := apfake.NewGame(v)
		var texts []string
		for len(texts) < 400 && !g.Outcome().IsOver() {
			m, ok := apfake.RandomMove(g, rng)
			if !ok {
				break
			}
			texts = append(texts, g.Position().AbstractPlayText(m))
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().IsOver() && !strings.Contains(g.Outcome().String(), "draw") {
			return texts
		}
	}
	t.Fatal("no random game ended")
	return nil
}

// TestBadInput sends signed webhooks the bot cannot play: each gets 400
// with a reason (for a history, naming the game, round and seat), and no
// move is sent.
func TestBadInput(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	mv := func(variants []string, id string, moves [][]string) []byte {
		return apfake.MoveBody(apfake.MetaGame, variants, id, 72, moves)
	}
	js := func(s string) []byte { return []byte(s) }
	over := endedGame(t, game.Camette)
	illegal := [][]string{{"e7-f8", "d11-d9"}, {"a1-a2"}}
	cases := []struct {
		name   string
		body   []byte
		reason []string // words the reason must have, any case
	}{
		{"oversized", append(mv(nil, "big", nil)[:len(mv(nil, "big", nil))-1], []byte(`,"pad":"`+strings.Repeat(" ", 1<<20)+`"}`)...), nil},
		{"not JSON", js(`verb=move`), nil},
		{"JSON cut short", js(`{"verb":"move","metaGame":"camelot",`), nil},
		{"empty body", js(``), nil},
		{"a JSON array", js(`[{"verb":"move"}]`), nil},
		{"JSON null", js(`null`), nil},
		{"two JSON objects", js(`{"verb":"challenge","metaGame":"camelot","variants":[]}{"verb":"challenge"}`), nil},
		{"unknown verb", js(`{"verb":"resign","metaGame":"camelot","variants":[],"gameid":"v1","moves":[]}`), []string{"verb"}},
		{"no verb", js(`{"metaGame":"camelot","variants":[],"gameid":"v2","moves":[]}`), []string{"verb"}},
		{"verb a number", js(`{"verb":1,"metaGame":"camelot","variants":[]}`), []string{"verb"}},
		{"gameid a number", js(`{"verb":"move","metaGame":"camelot","variants":[],"gameid":5,"clockCurr":72,"numPlayers":2,"moves":[]}`), []string{"gameid"}},
		{"moves a string", js(`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"t1","clockCurr":72,"numPlayers":2,"moves":"e7-f8"}`), []string{"moves"}},
		{"a move a number", js(`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"t2","clockCurr":72,"numPlayers":2,"moves":[["e7-f8",3]]}`), []string{"moves"}},
		{"variants a string", js(`{"verb":"move","metaGame":"camelot","variants":"cam","gameid":"t3","clockCurr":72,"numPlayers":2,"moves":[]}`), []string{"variants"}},
		{"clockCurr a string", js(`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"t4","clockCurr":"72","numPlayers":2,"moves":[]}`), []string{"clockCurr"}},
		{"metaGame a number", js(`{"verb":"challenge","metaGame":7,"variants":[]}`), []string{"metaGame"}},
		{"challenge variants numbers", js(`{"verb":"challenge","metaGame":"camelot","variants":[1]}`), []string{"variants"}},
		{"no gameid", js(`{"verb":"move","metaGame":"camelot","variants":[],"clockCurr":72,"numPlayers":2,"moves":[]}`), []string{"gameid"}},
		{"no moves", js(`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"t5","clockCurr":72,"numPlayers":2}`), []string{"moves"}},
		{"challenge of chess", apfake.ChallengeBody("chess", nil), []string{"chess"}},
		{"challenge of size-5", apfake.ChallengeBody(apfake.MetaGame, []string{"size-5"}), []string{"size-5"}},
		{"challenge of two boards", apfake.ChallengeBody(apfake.MetaGame, []string{"cam", "river"}), nil},
		{"move of chess", apfake.MoveBody("chess", nil, "m1", 72, nil), []string{"m1", "chess"}},
		{"move of size-5", mv([]string{"size-5"}, "m2", nil), []string{"m2", "size-5"}},
		{"three players", js(`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"m3","clockCurr":72,"numPlayers":3,"moves":[]}`), []string{"m3"}},
		{"an illegal move", mv(nil, "h1", illegal), []string{"h1", "round 2", "a1-a2"}},
		{"a move of nonsense", mv([]string{"cam"}, "h2", [][]string{{"e7-f8"}, {}, {"zz"}}), []string{"h2"}},
		{"a round of three", mv(nil, "h3", [][]string{{"e7-f8", "d11-d9", "f8-f9"}}), []string{"h3"}},
		{"a placement outside River", mv(nil, "h4", [][]string{{"c2,d2,i2"}}), []string{"h4", "round 1"}},
		{"a piece move before River's placements", mv([]string{"river"}, "h5", [][]string{{"e7-f8"}}), []string{"h5", "round 1"}},
		{"a game over", mv([]string{"camette"}, "h6", apfake.Rounds(over)), []string{"h6"}},
		{"a move after the game is over", mv([]string{"camette"}, "h7", apfake.Rounds(append(over, "draw"))), []string{"h7"}},
	}
	for _, c := range cases {
		status, reason, err := f.Post(c.body, f.Sign(c.body))
		checkReason(t, c.name, status, reason, err, http.StatusBadRequest)
		t.Logf("%s: %d %s", c.name, status, strings.TrimSpace(reason))
		for _, w := range c.reason {
			if status == http.StatusBadRequest && !strings.Contains(strings.ToLower(reason), strings.ToLower(w)) {
				t.Errorf("%s: reason %q does not name %q", c.name, strings.TrimSpace(reason), w)
			}
		}
	}
	// The illegal move's seat: White's.
	status, reason, _ := f.Post(mv(nil, "h8", illegal), f.Sign(mv(nil, "h8", illegal)))
	if r := strings.ToLower(reason); status == http.StatusBadRequest && !strings.Contains(r, "white") && !strings.Contains(r, "seat 1") {
		t.Errorf("the illegal move's reason %q does not name its seat", strings.TrimSpace(reason))
	}

	// Not the bot's turn: it played White in this game, and a webhook
	// comes with Black to move.
	sentinel(t, f)
	first := f.Game("sentinel").Texts()
	b := mv(nil, "sentinel", apfake.Rounds(first))
	status, reason, err := f.Post(b, f.Sign(b))
	checkReason(t, "not the bot's turn", status, reason, err, http.StatusBadRequest)

	// Well-formed webhooks with fields the bot does not know are fine.
	ext := js(`{"verb":"challenge","metaGame":"camelot","variants":["river","anti"],"clockStart":72,"clockInc":24,"clockMax":168,"challengers":["a","b"],"standing":true}`)
	if status, reason, err := f.Post(ext, f.Sign(ext)); err != nil || status != http.StatusOK {
		t.Errorf("a challenge with an extra field: %d %q %v, want 200", status, reason, err)
	}

	startGames(t, f, apfake.GameSpec{ID: "sentinel-2", Variant: game.Cam, BotSide: game.White, MaxPlies: 1})
	waitGames(t, f, 60*time.Second)
	if s := f.Stats(); s.MovesSent != 2 || s.UnknownGames != 0 || s.Strays != 0 {
		t.Errorf("moves sent: %v; want only the sentinels'", s)
	}
	checkOnce(t, f)
}

// TestBotClock: signatures are checked against the bot's clock
// (Config.Now), not the sender's.
func TestBotClock(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{})
	dumpOnFailure(t, f, logs)
	cfg := config(t, f, "", logs)
	cfg.Now = func() time.Time { return time.Now().Add(-time.Hour) }
	startBot(t, f, cfg)
	ch := apfake.ChallengeBody(apfake.MetaGame, nil)
	status, reason, err := f.Post(ch, f.Sign(ch))
	checkReason(t, "signed an hour ahead of the bot's clock", status, reason, err, http.StatusUnauthorized)
	status, reason, err = f.Post(ch, f.SignWith(ch, apfake.SignOptions{Time: time.Now().Add(-time.Hour)}))
	if err != nil || status != http.StatusOK {
		t.Errorf("signed at the bot's clock: %d %q %v, want 200", status, strings.TrimSpace(reason), err)
	}
}

// FuzzSignedWebhook posts signed bodies of every shape to the handler:
// it never fails (no 500, no panic), a body it refuses gets 400 with a
// reason, and it accepts only challenges (200) and turns (202).
func FuzzSignedWebhook(f *testing.F) {
	fake := apfake.New(apfake.Options{})
	defer fake.Close()
	logs := &syncBuffer{}
	cfg := config(f, fake, "", logs)
	bot, err := apbotNew(cfg)
	if err != nil {
		f.Fatal(err)
	}
	h := bot.Handler()
	for _, s := range []string{
		string(apfake.ChallengeBody(apfake.MetaGame, []string{"river", "anti"})),
		string(apfake.MoveBody(apfake.MetaGame, nil, "g", 72, [][]string{{"e7-f8", "d11-d9"}, {"c6^e8"}})),
		string(apfake.MoveBody(apfake.MetaGame, []string{"river"}, "r", 72, [][]string{{"c2,d2,i2", "c15,d15,i15"}})),
		string(apfake.MoveBody(apfake.MetaGame, []string{"chivalry"}, "c", 1, [][]string{{"draw"}})),
		`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"x","moves":[[null]]}`,
		`{"verb":"move","metaGame":"camelot","variants":[],"gameid":"x","moves":[[]],"clockCurr":-1}`,
		`{"verb":"challenge","metaGame":"camelot","variants":null}`,
		`{"verb":"move","metaGame":"camelot","variants":["anti","anti"],"gameid":"\u0000","moves":[]}`,
		`{}`, `[]`, `"move"`, `{"verb":"move"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
		req.Header = fake.Sign(body)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		reason := strings.TrimSpace(rec.Body.String())
		switch rec.Code {
		case http.StatusOK, http.StatusAccepted:
		case http.StatusServiceUnavailable:
			// Shedding load: the fuzzer sends far more in five minutes
			// than AbstractPlay, and the nonces of the window are kept.
		case http.StatusBadRequest:
			if reason == "" {
				t.Errorf("400 without a reason for %q", body)
			}
		default:
			t.Errorf("%d %q for %q", rec.Code, reason, body)
		}
	})
}
