package apbot_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/apbot"
	"github.com/camelot-engine/camelot/apbot/apfake"
	"github.com/camelot-engine/camelot/game"
)

// ssh2Block writes an OpenSSH key line as an SSH2 (RFC 4716) block.
func ssh2Block(line string) string {
	b64 := strings.Fields(line)[1]
	var b strings.Builder
	b.WriteString("---- BEGIN SSH2 PUBLIC KEY ----\n")
	b.WriteString("Comment: \"ed25519 key of the fake AbstractPlay\"\n")
	for len(b64) > 70 {
		b.WriteString(b64[:70] + "\n")
		b64 = b64[70:]
	}
	b.WriteString(b64 + "\n---- END SSH2 PUBLIC KEY ----\n")
	return b.String()
}

// TestParsePublicKey reads AbstractPlay's key in each form it publishes.
func TestPublicKeyForms(t *testing.T) {
	if k, err := apbot.ParsePublicKey(apbot.DefaultPublicKey); err != nil || len(k) != ed25519.PublicKeySize {
		t.Fatalf("DefaultPublicKey: %v", err)
	}
	pub, _ := apfake.NewKey()
	line := apfake.AuthorizedKey(pub, "ap@abstractplay")
	block := ssh2Block(line)
	for name, text := range map[string]string{
		"openssh line":          line,
		"openssh line, no note": apfake.AuthorizedKey(pub, ""),
		"openssh line, spaces":  "  " + line + "\r\n",
		"ssh2 block":            block,
		"ssh2 block, CRLF":      strings.ReplaceAll(block, "\n", "\r\n"),
		"base64 openssh line":   base64.StdEncoding.EncodeToString([]byte(line)),
		"base64 ssh2 block":     base64.StdEncoding.EncodeToString([]byte(block)),
	} {
		k, err := apbot.ParsePublicKey(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(k, pub) {
			t.Errorf("%s: read another key", name)
		}
	}
	rsa := "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 user@host"
	for name, text := range map[string]string{
		"empty": "", "garbage": "not a key", "rsa": rsa,
		"truncated": line[:40], "wrong kind": strings.Replace(line, "ssh-ed25519", "ssh-rsa", 1),
	} {
		if _, err := apbot.ParsePublicKey(text); err == nil {
			t.Errorf("%s: read as a key", name)
		}
	}
}

// TestPingAndChallenges: the ping, and every game AbstractPlay offers
// accepted at once.
func TestPingAndChallenges(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	status, body, err := f.Ping()
	if err != nil {
		t.Fatal(err)
	}
	var ping struct {
		Operational *bool `json:"operational"`
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &ping) != nil || ping.Operational == nil || !*ping.Operational {
		t.Errorf("ping: %d %q, want 200 {\"operational\": true}", status, body)
	}
	sets := [][]string{nil, {}, {"anti", "river"}, {"anti", "cam"}}
	for _, v := range apfake.Boards {
		sets = append(sets, apfake.VariantCodes(v))
	}
	for _, codes := range sets {
		start := time.Now()
		status, body, err := f.Challenge(codes)
		if err != nil || status != http.StatusOK {
			t.Errorf("challenge %q: %d %q %v, want 200", codes, status, body, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("challenge %q answered in %v", codes, d)
		}
	}
	checkLogs(t, f, logs)
}

// TestWholeGames plays whole games of every board against the bot, all
// at once: River's placements with the bot on either side, an Anti form
// on each side; every turn answered exactly once with a move AbstractPlay
// accepts.
func TestWholeGames(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 1})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	specs := []apfake.GameSpec{
		{Variant: game.Camelot, BotSide: game.White},
		{Variant: game.Cam, BotSide: game.Black},
		{Variant: game.Camette, BotSide: game.White},
		{Variant: game.Chivalry, BotSide: game.Black},
		{Variant: game.River, BotSide: game.White},
		{Variant: game.River, BotSide: game.Black},
		{Variant: game.AntiCamelot, BotSide: game.Black},
		{Variant: game.AntiRiver, BotSide: game.White},
	}
	var gs []*apfake.Game
	for _, s := range specs {
		g, err := f.StartGame(s)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	waitGames(t, f, 90*time.Second)
	checkOnce(t, f)
	checkLogs(t, f, logs)
	for _, g := range gs {
		turns := g.Turns()
		if len(turns) == 0 {
			t.Errorf("%s: the bot never moved", g.ID)
			continue
		}
		t.Logf("%s (%s, bot %s): %d plies, %s", g.ID, g.Variant, g.BotSide, g.Plies(), g.Result())
		if g.Variant.HasTrees() && !strings.Contains(turns[0].Text, ",") {
			t.Errorf("%s: the bot's first move %q is not a placement", g.ID, turns[0].Text)
		}
	}
	s := f.Stats()
	if s.Finished != len(specs) || s.MovesAccepted != s.BotTurns || s.Illegal+s.Strays+s.UnknownGames != 0 {
		t.Errorf("stats: %v", s)
	}
	t.Logf("%v; webhook→202 median %v, p99 %v", s, apfake.Percentile(s.AckTimes, 50), apfake.Percentile(s.AckTimes, 99))
}

// TestMoveSentLogged: the bot logs one line for each move it sends
// (issue 52: "one structured log line per event: … move sent with its
// score and time").
func TestMoveSentLogged(t *testing.T) {
	logs := &syncBuffer{}
	// The opponent takes 20 ms a move: AbstractPlay's queue never sends the
	// next turn within microseconds of botQuery's answer (with an
	// opponent that answers at once, the next webhook can supersede the
	// turn while the bot is still reading botQuery's answer).
	f := newFake(t, apfake.Options{Seed: 11, MaxPlies: 30, OpponentDelay: 20 * time.Millisecond})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
		apfake.GameSpec{Variant: game.Cam, BotSide: game.Black},
	)
	waitGames(t, f, 60*time.Second)
	checkOnce(t, f)
	sent := map[string]bool{}
	for _, line := range strings.Split(logs.String(), "\n") {
		var l struct {
			Event, Game, Move, Score string
			Ply                      int
			ThinkMS                  *int64 `json:"think_ms"`
		}
		if json.Unmarshal([]byte(line), &l) == nil && l.Event == "move sent" && l.Score != "" && l.ThinkMS != nil {
			sent[fmt.Sprintf("%s %d %s", l.Game, l.Ply, l.Move)] = true
		}
	}
	missing := 0
	var first string
	for _, e := range f.Events() {
		if e.Kind == apfake.EvMove && !sent[fmt.Sprintf("%s %d %s", e.Game, e.Ply, e.Text)] {
			if missing == 0 {
				first = fmt.Sprintf("%s ply %d %s", e.Game, e.Ply, e.Text)
			}
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of %d moves accepted have no \"move sent\" log line with their score and think time (the first: %s)",
			missing, f.Count(apfake.EvMove), first)
	}
}

// TestThinkTimeFromClock: the bot thinks no more than a twentieth of its
// clock (clockCurr, hours), however long -movetime is.
func TestThinkTimeFromClock(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 12, MaxPlies: 16, ClockHours: 0.0005}) // 1.8 s left: a twentieth is 90 ms
	dumpOnFailure(t, f, logs)
	cfg := config(t, f, "", logs)
	cfg.MoveTime = 20 * time.Second
	startBot(t, f, cfg)
	gs := startGames(t, f, apfake.GameSpec{Variant: game.Chivalry, BotSide: game.Black})
	waitGames(t, f, 60*time.Second)
	checkOnce(t, f)
	for _, tn := range gs[0].Turns() {
		if d := tn.Moved.Sub(tn.Acked); d > 5*time.Second {
			t.Errorf("ply %d: moved %v after its webhook, with a clock of 1.8 s and -movetime 20s", tn.Ply, d)
		}
	}
}
