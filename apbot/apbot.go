// Package apbot is the engine as a bot on AbstractPlay (abstractplay.com),
// where Camelot and its boards are played online: a small web service that
// AbstractPlay calls when a player challenges the bot and when it is the
// bot's turn, and that answers each turn with the engine's move under
// AbstractPlay's rules (V14) through AbstractPlay's botQuery.
//
// Every POST is checked before its JSON is read: an Ed25519 signature of
// TIMESTAMP.NONCE.BODY under AbstractPlay's key, a timestamp within five
// minutes and a nonce not seen in that window. A turn is written to the
// state folder before it is acknowledged (202), so that a bot killed at
// any moment finishes it when it starts again; a turn is known by its game
// and ply, so that a second delivery plays nothing twice. The move is sent
// with an OAuth bearer token (client credentials); gateway failures and
// network faults are retried with backoff, and a move AbstractPlay refuses
// is replaced by the next-best one, three moves a turn at most.
package apbot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/search"
)

// Config configures a Bot. StateDir, the credentials, the addresses and
// the public key are required; the other zero values give the defaults.
type Config struct {
	StateDir string        // the durable state (required)
	MoveTime time.Duration // thinking time a move (default 10s); never more than a twentieth of clockCurr
	Searches int           // searches at once (default 1)
	Threads  int           // threads of each search (default 1)
	HashMB   int           // transposition table of each search, MB (default 16)

	// AbstractPlay's OAuth client credentials and addresses (all
	// required): BOT_CLIENT_ID, BOT_CLIENT_SECRET, BOT_TOKEN_URL,
	// BOT_OAUTH_SCOPE, BOT_QUERY_URL.
	ClientID, ClientSecret, TokenURL, Scope, QueryURL string

	PublicKey ed25519.PublicKey // AbstractPlay's webhook signing key (required)
	Log       *slog.Logger      // default: JSON lines on stderr

	// For tests; zero values give the production defaults.
	Client                 *http.Client     // token and botQuery requests (default: 30 s timeout)
	Now                    func() time.Time // the clock signatures are checked against (default time.Now)
	RetryFor               time.Duration    // how long a turn's botQuery is retried (default 2h)
	BackoffMin, BackoffMax time.Duration    // retry delays (default 1s doubling to 60s, with jitter)
	MaxPending             int              // stored unanswered turns at most (default 10000); past it a move gets 503
	MaxInFlight            int              // requests served at once (default 64); past it 503
}

// Defaults.
const (
	DefaultMoveTime    = 10 * time.Second
	DefaultRetryFor    = 2 * time.Hour
	DefaultBackoffMin  = time.Second
	DefaultBackoffMax  = time.Minute
	DefaultMaxPending  = 10000
	DefaultMaxInFlight = 64
	DefaultHashMB      = 16

	// MaxBody is the largest webhook body read.
	MaxBody = 1 << 20
	// SignatureWindow is how far a signature's timestamp may be from the
	// bot's clock.
	SignatureWindow = 5 * time.Minute
	// minThink is the think time when the clock leaves (almost) none.
	minThink = 100 * time.Millisecond
	// httpTimeout is the default client's timeout, as AbstractPlay's
	// reference client has it.
	httpTimeout = 30 * time.Second
)

// Bot is the service: the webhook handler, the stored turns and the
// workers that answer them.
type Bot struct {
	cfg    Config
	log    *slog.Logger
	store  *store
	tokens *tokenSource
	nonces *nonceCache
	queue  *queue
	slots  chan struct{} // requests in flight

	mu      sync.Mutex
	games   map[string]*gameState
	storing map[turnKey]*reservation
	pending int // turns stored and not finished (storing included)
	seq     uint64

	runOnce sync.Once
}

// New checks cfg (a missing field is one error naming it), opens the
// state folder and loads the turns stored by an earlier process.
func New(cfg Config) (*Bot, error) {
	for _, f := range []struct{ name, v string }{
		{"StateDir", cfg.StateDir}, {"ClientID", cfg.ClientID}, {"ClientSecret", cfg.ClientSecret},
		{"TokenURL", cfg.TokenURL}, {"Scope", cfg.Scope}, {"QueryURL", cfg.QueryURL},
	} {
		if f.v == "" {
			return nil, fmt.Errorf("apbot: Config.%s is required", f.name)
		}
	}
	if len(cfg.PublicKey) == 0 {
		return nil, errors.New("apbot: Config.PublicKey is required")
	}
	if len(cfg.PublicKey) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("apbot: Config.PublicKey has %d bytes, want %d", len(cfg.PublicKey), ed25519.PublicKeySize)
	}
	for _, f := range []struct {
		name string
		v    int64
	}{
		{"MoveTime", int64(cfg.MoveTime)}, {"Searches", int64(cfg.Searches)}, {"Threads", int64(cfg.Threads)},
		{"HashMB", int64(cfg.HashMB)}, {"RetryFor", int64(cfg.RetryFor)}, {"BackoffMin", int64(cfg.BackoffMin)},
		{"BackoffMax", int64(cfg.BackoffMax)}, {"MaxPending", int64(cfg.MaxPending)}, {"MaxInFlight", int64(cfg.MaxInFlight)},
	} {
		if f.v < 0 {
			return nil, fmt.Errorf("apbot: Config.%s is negative", f.name)
		}
	}
	if cfg.MoveTime == 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	if cfg.Searches == 0 {
		cfg.Searches = 1
	}
	if cfg.Threads == 0 {
		cfg.Threads = 1
	}
	if cfg.HashMB == 0 {
		cfg.HashMB = DefaultHashMB
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{
			Timeout: httpTimeout,
			// botQuery does not redirect; a redirect is not followed with
			// the token.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RetryFor == 0 {
		cfg.RetryFor = DefaultRetryFor
	}
	if cfg.BackoffMin == 0 {
		cfg.BackoffMin = DefaultBackoffMin
	}
	if cfg.BackoffMax == 0 {
		cfg.BackoffMax = DefaultBackoffMax
	}
	cfg.BackoffMax = max(cfg.BackoffMax, cfg.BackoffMin)
	if cfg.MaxPending == 0 {
		cfg.MaxPending = DefaultMaxPending
	}
	if cfg.MaxInFlight == 0 {
		cfg.MaxInFlight = DefaultMaxInFlight
	}
	b := &Bot{
		cfg:     cfg,
		log:     cfg.Log,
		tokens:  newTokenSource(cfg.Client, cfg.TokenURL, cfg.ClientID, cfg.ClientSecret, cfg.Scope),
		nonces:  newNonceCache(maxNonces),
		queue:   newQueue(),
		slots:   make(chan struct{}, cfg.MaxInFlight),
		games:   map[string]*gameState{},
		storing: map[turnKey]*reservation{},
	}
	st, err := openStore(cfg.StateDir, b.log)
	if err != nil {
		return nil, err
	}
	b.store = st
	if err := b.load(); err != nil {
		return nil, err
	}
	return b, nil
}

// Run runs the workers until ctx is done: they finish every stored turn,
// those of an earlier process first, then the new ones as they come, at
// most Config.Searches searches at once. When ctx is done it abandons the
// searches and sends in flight, whose turns stay stored for the next
// process, and returns once they have stopped. Run is called once.
func (b *Bot) Run(ctx context.Context) error {
	started := false
	b.runOnce.Do(func() { started = true })
	if !started {
		return errors.New("apbot: Run called twice")
	}
	var wg sync.WaitGroup
	for range b.cfg.Searches {
		eng := boards.NewEngine(search.Options{Hash: b.cfg.HashMB, Threads: b.cfg.Threads, MultiPV: multiPV})
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.worker(ctx, eng, &wg)
		}()
	}
	<-ctx.Done()
	wg.Wait()
	return nil
}

// NewServer returns a server of h with the timeouts a service facing the
// internet needs (Go's server has none by default): slow or stuck clients
// are cut off.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}
