package apfake

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/game"
)

// TestCheckText checks the strict move check against the engine's own
// writer: every legal move written as AbstractPlay writes it passes, and
// the other spellings (upper case, WCF's form of a canter, a placement
// out of order) do not.
func TestCheckText(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range Boards {
		g := NewGame(v)
		for ply := 0; ply < 80 && !g.Outcome().IsOver(); ply++ {
			p := g.Position()
			ms := g.LegalMoves()
			if len(ms) == 0 {
				break
			}
			if len(ms) > 400 {
				ms = ms[:400] // River's 10,660 placements
			}
			for _, m := range ms {
				ap := p.AbstractPlayText(m)
				if err := CheckText(g, ap); err != nil {
					t.Fatalf("%s ply %d: %s refused: %v", v, ply, ap, err)
				}
				if up := strings.ToUpper(ap); up != ap && CheckText(g, up) == nil {
					t.Fatalf("%s ply %d: %s accepted", v, ply, up)
				}
				if wcf := strings.ToLower(p.MoveText(m)); wcf != ap && CheckText(g, wcf) == nil {
					t.Fatalf("%s ply %d: WCF form %s of %s accepted", v, ply, wcf, ap)
				}
				if m.IsPlacement() {
					parts := strings.Split(ap, ",")
					slices.Reverse(parts)
					if CheckText(g, strings.Join(parts, ",")) == nil {
						t.Fatalf("%s: placement out of order %v accepted", v, parts)
					}
				}
			}
			m, ok := RandomMove(g, rng)
			if !ok {
				break
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if CheckText(NewGame(game.Camelot), "draw") == nil {
		t.Error("draw accepted at the start")
	}
	if CheckText(NewGame(game.Camelot), "e7-e7") == nil || CheckText(NewGame(game.Camelot), "e7") == nil {
		t.Error("nonsense accepted")
	}
}

func TestSignWith(t *testing.T) {
	pub, priv := NewKey()
	body := []byte(`{"verb":"challenge"}`)
	h := SignWith(priv, body, SignOptions{Nonce: "n1", Time: time.Unix(1700000000, 0)})
	if h.Get(HeaderTimestamp) != "1700000000" || h.Get(HeaderNonce) != "n1" {
		t.Fatal(h)
	}
	sig, err := base64.StdEncoding.DecodeString(h.Get(HeaderSignature))
	if err != nil || !ed25519.Verify(pub, []byte("1700000000.n1."+string(body)), sig) {
		t.Fatal("signature does not verify")
	}
	line := AuthorizedKey(pub, "c")
	f := strings.Fields(line)
	blob, _ := base64.StdEncoding.DecodeString(f[1])
	if f[0] != "ssh-ed25519" || !bytes.HasSuffix(blob, pub) || len(blob) != 4+11+4+32 {
		t.Fatal(line)
	}
}

// refBot is a minimal bot written from AbstractPlay's documents, like
// its api/testBot.ts: it checks signatures, accepts every challenge and
// answers each turn with the first legal move, retrying 5xx gateways,
// renewing its token on 401 and sending the next move on a refusal. It
// tests the fake, not the service.
type refBot struct {
	t   *testing.T
	f   *Fake
	mu  sync.Mutex
	tok string
	wg  sync.WaitGroup
}

func (b *refBot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		fmt.Fprint(w, `{"operational":true}`)
		return
	}
	body, _ := io.ReadAll(r.Body)
	sig, _ := base64.StdEncoding.DecodeString(r.Header.Get(HeaderSignature))
	msg := r.Header.Get(HeaderTimestamp) + "." + r.Header.Get(HeaderNonce) + "." + string(body)
	if !ed25519.Verify(b.f.PublicKey(), []byte(msg), sig) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var req struct {
		Verb     string
		Variants []string
		GameID   string
		Moves    [][]string
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if req.Verb == "challenge" {
		return
	}
	v := game.Camelot
	for _, c := range Boards {
		if slices.Equal(VariantCodes(c), req.Variants) {
			v = c
		}
	}
	g := NewGame(v)
	for _, round := range req.Moves {
		for _, text := range round {
			if _, err := g.PlayText(text); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
		}
	}
	w.WriteHeader(http.StatusAccepted)
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		ms := g.LegalMoves()
		if g.Position().InTreePhase() {
			ms = ms[:3]
		}
		for _, m := range ms[:min(3, len(ms))] {
			if b.send(req.GameID, g.Position().AbstractPlayText(m)) {
				return
			}
		}
	}()
}

func (b *refBot) token(renew bool) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tok == "" || renew {
		resp, err := http.PostForm(b.f.TokenURL(), url.Values{"grant_type": {"client_credentials"},
			"client_id": {b.f.ClientID()}, "client_secret": {b.f.ClientSecret()}, "scope": {b.f.Scope()}})
		if err != nil {
			b.t.Error(err)
			return ""
		}
		var tr struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&tr)
		resp.Body.Close()
		b.tok = tr.AccessToken
	}
	return b.tok
}

// send sends a move until botQuery answers for it; it reports whether
// the move was accepted (false: refused).
func (b *refBot) send(gameid, text string) bool {
	body, _ := json.Marshal(map[string]string{"verb": "move", "gameid": gameid, "metaGame": MetaGame, "move": text})
	renewed := false
	for {
		req, _ := http.NewRequest(http.MethodPost, b.f.QueryURL(), bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+b.token(false))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusOK:
			return true
		case resp.StatusCode == http.StatusUnauthorized && !renewed:
			renewed = true
			b.token(true)
		case resp.StatusCode >= 502:
			time.Sleep(5 * time.Millisecond)
		default:
			return false
		}
	}
}

// TestDriver plays games of every board against the reference bot, with
// every fault the fake injects, and checks its bookkeeping.
func TestDriver(t *testing.T) {
	f := New(Options{Seed: 7, MaxPlies: 60})
	defer f.Close()
	b := &refBot{t: t, f: f}
	srv := httptest.NewServer(b)
	defer srv.Close()
	f.SetBot(srv.URL)
	if st, body, err := f.Ping(); err != nil || st != 200 || !strings.Contains(body, "operational") {
		t.Fatal(st, body, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	gs, err := f.StartGames(len(Boards), Boards, 0)
	if err != nil {
		t.Fatal(err)
	}
	gs[0].RefuseNext()
	f.SetFailRate(0.2)
	if _, err := f.WaitEvent(ctx, 0, func(e Event) bool { return e.Kind == EvMove }); err != nil {
		t.Fatal(err)
	}
	f.ExpireTokens()
	f.QueryDownFor(100*time.Millisecond, true)
	if err := f.WaitGames(ctx); err != nil {
		t.Fatal(err, f.Summary())
	}
	b.wg.Wait()
	if err := f.CheckOnce(); err != nil {
		for _, e := range f.Events() {
			if e.Kind == EvIllegal {
				t.Log(e)
			}
		}
		t.Fatal(err)
	}
	s := f.Stats()
	t.Log(s)
	if s.Finished != len(Boards) || s.MovesRefused != 1 || s.Faults == 0 || s.Unauthorized == 0 || s.Tokens < 2 || s.Strays != 0 {
		t.Errorf("stats %v\n%s", s, f.Summary())
	}
	for _, g := range gs {
		for _, tn := range g.Turns() {
			if tn.Answers != 1 || tn.Resent != 0 || tn.Acked.IsZero() || tn.Moved.IsZero() {
				t.Errorf("%s: turn %+v", g.ID, tn)
			}
		}
	}
}

// TestDriverSeesDoubles checks that the fake notices a turn answered
// twice: the reference bot keeps no state, so it answers a webhook
// delivered twice twice.
func TestDriverSeesDoubles(t *testing.T) {
	f := New(Options{Seed: 8, MaxPlies: 30})
	defer f.Close()
	b := &refBot{t: t, f: f}
	srv := httptest.NewServer(b)
	defer srv.Close()
	f.SetBot(srv.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	g, err := f.StartGame(GameSpec{Variant: game.Camelot, BotSide: game.White})
	if err != nil {
		t.Fatal(err)
	}
	g.DuplicateNext()
	if err := f.WaitGames(ctx); err != nil {
		t.Fatal(err)
	}
	b.wg.Wait()
	if f.CheckOnce() == nil {
		t.Fatalf("a webhook answered twice went unnoticed: %v", f.Stats())
	}
	t.Log(f.CheckOnce())
}
