// Package apfake is a fake AbstractPlay for tests of the bot service: it
// signs webhooks with an Ed25519 key of its own, issues OAuth tokens,
// takes moves through a botQuery endpoint that checks them as
// AbstractPlay does (V12, V14), and drives whole games against the bot,
// playing the opponent's side with random legal moves. It injects the
// faults a bot meets in production (botQuery down or failing, tokens
// gone stale, moves refused, webhooks delivered twice) and records every
// event, so that a test can wait for one and check that every turn was
// answered exactly once. Everything runs on loopback.
package apfake

import (
	"context"
	"crypto/ed25519"
	crand "crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Options configure a Fake. Zero fields take the defaults shown.
type Options struct {
	// The bot's credentials and the stage's scope: "apfake-client",
	// "apfake-secret", "apfake/bot".
	ClientID, ClientSecret, Scope string
	// TokenLifetime is how long a token lives (expires_in): 1h.
	TokenLifetime time.Duration
	// Seed seeds the opponent's random moves and the injected faults.
	Seed uint64
	// MaxPlies ends a game after so many plies: 200.
	MaxPlies int
	// ClockHours is the bot's clock sent as clockCurr: 72.
	ClockHours float64
	// Redeliver is how long a webhook that failed (no connection, or a
	// 5xx) is delivered again, with backoff, before its game is failed:
	// 2m. AbstractPlay itself does not retry; the driver does so that a
	// bot's restart does not lose a turn it never received. Negative:
	// never.
	Redeliver time.Duration
	// OpponentDelay is how long the opponent thinks before each of its
	// moves: 0, it answers at once.
	OpponentDelay time.Duration
	// Logf, if set, receives a line for each event.
	Logf func(format string, args ...any)
}

// Event kinds.
const (
	EvChallenge    = "challenge"     // a challenge answered: Status
	EvWebhook      = "webhook"       // a move webhook posted
	EvAck          = "ack"           // the bot's answer to a webhook: Status, Text its body
	EvWebhookError = "webhook-error" // a webhook that got no answer: Text the error
	EvMove         = "move"          // a move accepted: Text
	EvRefused      = "refused"       // a move refused by an injected refusal: Text the move
	EvIllegal      = "illegal"       // a move refused as not AbstractPlay-legal: Text the reason
	EvStray        = "stray"         // a move for a turn answered, while the next one waited (Turn.Resent)
	EvLate         = "late"          // a move for a turn answered, while not the bot's turn (Turn.Late)
	EvUnknownGame  = "unknown-game"  // a move for a game the fake never started
	EvFault        = "fault"         // botQuery failed on purpose: Status
	EvUnauthorized = "unauthorized"  // botQuery refused a token: 401
	EvToken        = "token"         // a token issued
	EvTokenRefused = "token-refused" // a token request refused: Text why
	EvOver         = "over"          // a game ended: Text the result
	EvDelivered    = "delivered"     // a webhook's delivery is over (answered, or given up)
	EvQueryUp      = "query-up"      // botQuery is back after QueryDown
)

// Event is one thing that happened at the fake.
type Event struct {
	Seq    int
	Kind   string
	Game   string
	Ply    int
	Status int
	Text   string
	At     time.Time
}

func (e Event) String() string {
	return fmt.Sprintf("#%d %s game=%s ply=%d status=%d %s", e.Seq, e.Kind, e.Game, e.Ply, e.Status, e.Text)
}

// Fake is a fake AbstractPlay.
type Fake struct {
	opts  Options
	pub   ed25519.PublicKey
	priv  ed25519.PrivateKey
	token *httptest.Server
	query *restartable
	hc    *http.Client
	ctx   context.Context
	stop  context.CancelFunc
	wg    sync.WaitGroup

	mu       sync.Mutex
	changed  chan struct{}
	events   []Event
	tokens   map[string]time.Time
	issued   []string
	botURL   string
	games    map[string]*Game
	order    []*Game
	down     int // downUp, down503 or downRefused
	failRate float64
	stall    int           // botQuery calls still to hold and fail with 504
	stallFor time.Duration // how long
	drop     int           // botQuery calls still to drop without an answer
	lose     int           // moves still to apply and answer 504 for
	holdAns  int           // moves still to apply and answer slowly
	ansGate  chan struct{} // closed by ReleaseAnswers
	tokDown  bool
	rng      *rand.Rand
	nextID   int
	inflight int // webhook deliveries under way
	hold     bool
	held     []heldHook
}

const (
	downUp = iota
	down503
	downRefused
)

// New starts a fake AbstractPlay on loopback. Close it when done.
func New(opts Options) *Fake {
	if opts.ClientID == "" {
		opts.ClientID = "apfake-client"
	}
	if opts.ClientSecret == "" {
		opts.ClientSecret = "apfake-secret"
	}
	if opts.Scope == "" {
		opts.Scope = "apfake/bot"
	}
	if opts.TokenLifetime == 0 {
		opts.TokenLifetime = time.Hour
	}
	if opts.MaxPlies == 0 {
		opts.MaxPlies = 200
	}
	if opts.ClockHours == 0 {
		opts.ClockHours = 72
	}
	if opts.Redeliver == 0 {
		opts.Redeliver = 2 * time.Minute
	}
	f := &Fake{
		opts:    opts,
		changed: make(chan struct{}),
		tokens:  map[string]time.Time{},
		games:   map[string]*Game{},
		rng:     rand.New(rand.NewPCG(opts.Seed, 0x5eed)),
	}
	f.pub, f.priv = NewKey()
	f.ctx, f.stop = context.WithCancel(context.Background())
	f.hc = &http.Client{
		Timeout:   30 * time.Second, // AbstractPlay's BOT_HTTP_TIMEOUT_MS
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 10 * time.Second},
	}
	f.token = httptest.NewServer(http.HandlerFunc(f.serveToken))
	q, err := newRestartable(http.HandlerFunc(f.serveQuery))
	if err != nil {
		panic(err)
	}
	f.query = q
	return f
}

// Close stops the fake: its servers and the webhooks in flight.
func (f *Fake) Close() {
	f.stop()
	f.token.Close()
	f.mu.Lock()
	f.query.close()
	f.mu.Unlock()
	f.wg.Wait()
	f.hc.CloseIdleConnections()
}

// CloseIdleConnections closes the idle connections of the fake's
// webhook client.
func (f *Fake) CloseIdleConnections() { f.hc.CloseIdleConnections() }

// PublicKey is the key the fake signs webhooks with.
func (f *Fake) PublicKey() ed25519.PublicKey { return f.pub }

// PublicKeyText is PublicKey as AbstractPlay publishes its key, an
// OpenSSH `ssh-ed25519 …` line.
func (f *Fake) PublicKeyText() string { return AuthorizedKey(f.pub, "apfake") }

// ClientID, ClientSecret and Scope are the credentials the token
// endpoint accepts.
func (f *Fake) ClientID() string     { return f.opts.ClientID }
func (f *Fake) ClientSecret() string { return f.opts.ClientSecret }
func (f *Fake) Scope() string        { return f.opts.Scope }

// TokenURL is the OAuth token endpoint.
func (f *Fake) TokenURL() string { return f.token.URL + "/oauth2/token" }

// QueryURL is the botQuery endpoint.
func (f *Fake) QueryURL() string { return "http://" + f.query.addr + "/botQuery" }

// SetBot sets the URL the webhooks go to (a restarted bot may have a new
// one); webhooks being delivered again go there too.
func (f *Fake) SetBot(url string) {
	f.mu.Lock()
	f.botURL = url
	f.mu.Unlock()
}

func (f *Fake) bot() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.botURL
}

// Sign signs body as AbstractPlay does.
func (f *Fake) Sign(body []byte) http.Header { return SignWith(f.priv, body, SignOptions{}) }

// SignWith signs body with forgeries (SignOptions).
func (f *Fake) SignWith(body []byte, o SignOptions) http.Header { return SignWith(f.priv, body, o) }

// SignBytes returns the base64 Ed25519 signature of msg under the fake's
// key, for forgeries of the signed message itself.
func (f *Fake) SignBytes(msg []byte) string {
	return base64.StdEncoding.EncodeToString(ed25519.Sign(f.priv, msg))
}

// Post POSTs body to the bot with the given headers and returns the
// status and body of its answer.
func (f *Fake) Post(body []byte, h http.Header) (int, string, error) {
	return f.post(f.ctx, f.bot(), body, h)
}

func (f *Fake) post(ctx context.Context, url string, body []byte, h http.Header) (int, string, error) {
	if url == "" {
		return 0, "", errors.New("apfake: no bot URL set")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(string(body)))
	if err != nil {
		return 0, "", err
	}
	req.Header = h.Clone()
	resp, err := f.hc.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, string(b), nil
}

// Ping GETs the bot's URL, as AbstractPlay checks a bot's health.
func (f *Fake) Ping() (int, string, error) {
	req, err := http.NewRequestWithContext(f.ctx, http.MethodGet, f.bot(), nil)
	if err != nil {
		return 0, "", err
	}
	resp, err := f.hc.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, string(b), nil
}

// ChallengeBody is the challenge AbstractPlay sends for a game of
// Camelot with the given variant codes (buildOutChallengePayload).
func ChallengeBody(metaGame string, variants []string) []byte {
	if variants == nil {
		variants = []string{}
	}
	b, err := json.Marshal(struct {
		Verb        string   `json:"verb"`
		MetaGame    string   `json:"metaGame"`
		Variants    []string `json:"variants"`
		ClockStart  float64  `json:"clockStart"`
		ClockInc    float64  `json:"clockInc"`
		ClockMax    float64  `json:"clockMax"`
		Challengers []string `json:"challengers"`
	}{"challenge", metaGame, variants, 72, 24, 168, []string{"human-player-uuid"}})
	if err != nil {
		panic(err)
	}
	return b
}

// MoveBody is the move webhook AbstractPlay sends (buildOutMovePayload):
// moves is the history in rounds, each in seat order.
func MoveBody(metaGame string, variants []string, gameid string, clockHours float64, moves [][]string) []byte {
	if variants == nil {
		variants = []string{}
	}
	if moves == nil {
		moves = [][]string{}
	}
	b, err := json.Marshal(struct {
		Verb       string     `json:"verb"`
		MetaGame   string     `json:"metaGame"`
		Variants   []string   `json:"variants"`
		GameID     string     `json:"gameid"`
		ClockCurr  float64    `json:"clockCurr"`
		NumPlayers int        `json:"numPlayers"`
		Moves      [][]string `json:"moves"`
	}{"move", metaGame, variants, gameid, clockHours, 2, moves})
	if err != nil {
		panic(err)
	}
	return b
}

// Rounds groups move texts into AbstractPlay's rounds of two.
func Rounds(texts []string) [][]string {
	rounds := [][]string{}
	for i := 0; i < len(texts); i += 2 {
		rounds = append(rounds, slices.Clone(texts[i:min(i+2, len(texts))]))
	}
	return rounds
}

// Challenge sends a signed challenge and returns the bot's answer.
func (f *Fake) Challenge(variants []string) (int, string, error) {
	status, body, err := f.Post(ChallengeBody(MetaGame, variants), f.Sign(ChallengeBody(MetaGame, variants)))
	f.mu.Lock()
	f.record(Event{Kind: EvChallenge, Status: status, Text: strings.Join(variants, ",")})
	f.mu.Unlock()
	return status, body, err
}

// record appends an event; f.mu is held.
func (f *Fake) record(e Event) {
	e.Seq = len(f.events)
	if e.At.IsZero() {
		e.At = time.Now()
	}
	f.events = append(f.events, e)
	close(f.changed)
	f.changed = make(chan struct{})
	if f.opts.Logf != nil {
		f.opts.Logf("apfake: %s", e)
	}
}

// Events returns a copy of the events so far.
func (f *Fake) Events() []Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.events)
}

// Count returns how many events of kind have happened.
func (f *Fake) Count(kind string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, e := range f.events {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// Wait waits until cond holds, evaluating it at once, after every event
// and every 20 ms (for conditions on things other than the fake, such as
// the bot's log). cond may call the fake's methods.
func (f *Fake) Wait(ctx context.Context, cond func() bool) error {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		f.mu.Lock()
		ch := f.changed
		f.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("apfake: waiting: %w", ctx.Err())
		}
	}
}

// WaitEvent waits for the first event from seq on that match accepts,
// and returns it.
func (f *Fake) WaitEvent(ctx context.Context, from int, match func(Event) bool) (Event, error) {
	for {
		f.mu.Lock()
		ch := f.changed
		for _, e := range f.events[min(from, len(f.events)):] {
			if match(e) {
				f.mu.Unlock()
				return e, nil
			}
		}
		from = len(f.events)
		f.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return Event{}, fmt.Errorf("apfake: waiting for an event: %w", ctx.Err())
		}
	}
}

// ExpireTokens makes every token issued so far stale: the next botQuery
// with one gets 401.
func (f *Fake) ExpireTokens() {
	f.mu.Lock()
	defer f.mu.Unlock()
	clear(f.tokens)
}

// Tokens returns the tokens issued and still valid.
func (f *Fake) Tokens() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for t := range f.tokens {
		out = append(out, t)
	}
	return out
}

// IssuedTokens returns every token issued, stale ones included.
func (f *Fake) IssuedTokens() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.issued)
}

// QueryDown takes botQuery down until QueryUp: refuse closes its port
// (connection refused), otherwise it answers 503 as a failing gateway.
func (f *Fake) QueryDown(refuse bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if refuse {
		f.down = downRefused
		f.query.down()
	} else {
		f.down = down503
	}
}

// QueryUp brings botQuery back.
func (f *Fake) QueryUp() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = downUp
	err := f.query.up()
	f.record(Event{Kind: EvQueryUp})
	return err
}

// QueryDownFor takes botQuery down for d, then brings it back.
func (f *Fake) QueryDownFor(d time.Duration, refuse bool) {
	f.QueryDown(refuse)
	f.QueryUpAfter(d)
}

// QueryUpAfter brings botQuery back after d.
func (f *Fake) QueryUpAfter(d time.Duration) {
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		select {
		case <-time.After(d):
		case <-f.ctx.Done():
			return
		}
		_ = f.QueryUp()
	}()
}

// StallNext makes the next n botQuery calls hang for d before they fail
// with 504, unapplied: longer than the bot's client waits, a timeout.
func (f *Fake) StallNext(n int, d time.Duration) {
	f.mu.Lock()
	f.stall, f.stallFor = n, d
	f.mu.Unlock()
}

// DropNext makes the next n botQuery calls end with the connection
// closed and no answer, unapplied.
func (f *Fake) DropNext(n int) {
	f.mu.Lock()
	f.drop = n
	f.mu.Unlock()
}

// LoseNext makes the next n moves accepted be answered 504, as a gateway
// that timed out after AbstractPlay applied the move: the bot cannot
// know its move was played.
func (f *Fake) LoseNext(n int) {
	f.mu.Lock()
	f.lose = n
	f.mu.Unlock()
}

// HoldAnswerNext makes botQuery apply the next move and send the start
// of its 200 answer, then hold the rest until ReleaseAnswers: the bot
// has botQuery's status while its request is still under way.
func (f *Fake) HoldAnswerNext() {
	f.mu.Lock()
	f.holdAns++
	if f.ansGate == nil {
		f.ansGate = make(chan struct{})
	}
	f.mu.Unlock()
}

// ReleaseAnswers ends the answers held by HoldAnswerNext.
func (f *Fake) ReleaseAnswers() {
	f.mu.Lock()
	if f.ansGate != nil {
		close(f.ansGate)
		f.ansGate = nil
	}
	f.mu.Unlock()
}

// TokenDown makes the token endpoint answer 503 (down) or work again.
func (f *Fake) TokenDown(down bool) {
	f.mu.Lock()
	f.tokDown = down
	f.mu.Unlock()
}

// SetFailRate makes botQuery fail a fraction p of its calls with 502,
// 503 or 504, before it looks at them.
func (f *Fake) SetFailRate(p float64) {
	f.mu.Lock()
	f.failRate = p
	f.mu.Unlock()
}

func (f *Fake) serveToken(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	refuse := func(status int, code, why string) {
		f.record(Event{Kind: EvTokenRefused, Status: status, Text: why})
		writeJSON(w, status, map[string]string{"error": code})
	}
	if f.tokDown {
		refuse(http.StatusServiceUnavailable, "temporarily_unavailable", "the token endpoint is down")
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/oauth2/token" {
		refuse(http.StatusNotFound, "not_found", r.Method+" "+r.URL.Path)
		return
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		refuse(http.StatusBadRequest, "invalid_request", "Content-Type "+ct)
		return
	}
	if err := r.ParseForm(); err != nil {
		refuse(http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	id, secret := r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	if u, p, ok := r.BasicAuth(); ok {
		id, secret = u, p
	}
	switch {
	case r.PostForm.Get("grant_type") != "client_credentials":
		refuse(http.StatusBadRequest, "unsupported_grant_type", "grant_type "+r.PostForm.Get("grant_type"))
	case id != f.opts.ClientID || secret != f.opts.ClientSecret:
		refuse(http.StatusBadRequest, "invalid_client", "wrong client id or secret")
	case r.PostForm.Get("scope") != f.opts.Scope:
		refuse(http.StatusBadRequest, "invalid_scope", "scope "+r.PostForm.Get("scope"))
	default:
		var b [24]byte
		_, _ = crand.Read(b[:])
		tok := "apfake-token-" + hex.EncodeToString(b[:])
		f.tokens[tok] = time.Now().Add(f.opts.TokenLifetime)
		f.issued = append(f.issued, tok)
		f.record(Event{Kind: EvToken})
		writeJSON(w, http.StatusOK, map[string]any{
			"access_token": tok,
			"expires_in":   int(f.opts.TokenLifetime / time.Second),
			"token_type":   "Bearer",
		})
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// apError answers as AbstractPlay's formatReturnError does.
func apError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"message": msg})
}

func (f *Fake) serveQuery(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	f.mu.Lock()
	if f.stall > 0 {
		f.stall--
		d := f.stallFor
		f.record(Event{Kind: EvFault, Status: http.StatusGatewayTimeout, Text: "stalled for " + d.String()})
		f.mu.Unlock()
		select {
		case <-time.After(d):
		case <-r.Context().Done():
		case <-f.ctx.Done():
		}
		apError(w, http.StatusGatewayTimeout, "Endpoint request timed out")
		return
	}
	if f.drop > 0 {
		f.drop--
		f.record(Event{Kind: EvFault, Text: "connection dropped"})
		f.mu.Unlock()
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	defer f.mu.Unlock()
	if f.down == down503 {
		f.record(Event{Kind: EvFault, Status: http.StatusServiceUnavailable, Text: "botQuery down"})
		apError(w, http.StatusServiceUnavailable, "Service Unavailable")
		return
	}
	if f.failRate > 0 && f.rng.Float64() < f.failRate {
		status := []int{http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout}[f.rng.IntN(3)]
		f.record(Event{Kind: EvFault, Status: status, Text: "injected"})
		apError(w, status, http.StatusText(status))
		return
	}
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if exp, known := f.tokens[tok]; !ok || !known || !time.Now().Before(exp) {
		f.record(Event{Kind: EvUnauthorized, Status: http.StatusUnauthorized})
		apError(w, http.StatusUnauthorized, "Unauthorized")
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/botQuery" {
		apError(w, http.StatusNotFound, "Not Found")
		return
	}
	var q struct {
		Verb     string `json:"verb"`
		GameID   string `json:"gameid"`
		MetaGame string `json:"metaGame"`
		Move     string `json:"move"`
	}
	if err != nil || json.Unmarshal(body, &q) != nil {
		f.record(Event{Kind: EvIllegal, Status: http.StatusBadRequest, Text: "invalid JSON: " + string(body)})
		apError(w, http.StatusBadRequest, "Invalid JSON in request body")
		return
	}
	if q.Verb != "move" {
		f.record(Event{Kind: EvIllegal, Status: http.StatusBadRequest, Game: q.GameID, Text: "verb " + q.Verb})
		apError(w, http.StatusBadRequest, fmt.Sprintf("Unknown bot verb '%s'", q.Verb))
		return
	}
	if q.MetaGame == "" {
		f.record(Event{Kind: EvIllegal, Status: http.StatusBadRequest, Game: q.GameID, Text: "no metaGame"})
		apError(w, http.StatusBadRequest, "metaGame is required")
		return
	}
	g := f.games[q.GameID]
	if g == nil || q.MetaGame != MetaGame {
		f.record(Event{Kind: EvUnknownGame, Status: http.StatusInternalServerError, Game: q.GameID, Text: q.MetaGame + " " + q.Move})
		apError(w, http.StatusInternalServerError, fmt.Sprintf("Unable to load game %s", q.GameID))
		return
	}
	if gate := f.takeMove(w, g, q.Move); gate != nil {
		f.mu.Unlock()
		select {
		case <-gate:
		case <-r.Context().Done():
		case <-f.ctx.Done():
		}
		f.mu.Lock()
	}
}

// restartable is an HTTP server on a fixed loopback address that can be
// taken down (its port closed) and brought back.
type restartable struct {
	h    http.Handler
	addr string
	srv  *http.Server
}

func newRestartable(h http.Handler) (*restartable, error) {
	r := &restartable{h: h}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r.addr = ln.Addr().String()
	r.serve(ln)
	return r, nil
}

func (r *restartable) serve(ln net.Listener) {
	r.srv = &http.Server{Handler: r.h, ReadHeaderTimeout: 10 * time.Second}
	go func(s *http.Server) { _ = s.Serve(ln) }(r.srv)
}

func (r *restartable) down() {
	if r.srv != nil {
		_ = r.srv.Close()
		r.srv = nil
	}
}

func (r *restartable) up() error {
	if r.srv != nil {
		return nil
	}
	var err error
	for range 50 {
		var ln net.Listener
		if ln, err = net.Listen("tcp", r.addr); err == nil {
			r.serve(ln)
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("apfake: botQuery back up: %w", err)
}

func (r *restartable) close() { r.down() }

// Percentile returns the p-th percentile (0–100) of ds, nearest rank.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	k := int(p/100*float64(len(s))+0.999999) - 1
	return s[max(0, min(k, len(s)-1))]
}
