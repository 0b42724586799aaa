package apbot_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/apbot"
	"github.com/camelot-engine/camelot/apbot/apfake"
)

// The child mode: the test binary run with childEnv=1 is the bot, built
// from the environment as `camelot apbot` builds it, serving on
// APBOT_TEST_ADDR (default any free port) and printing its URL as its
// first line; it stops on SIGTERM, and a test kills it with SIGKILL.
const childEnv = "APBOT_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		if err := runChild(); err != nil {
			fmt.Fprintln(os.Stderr, "apbot child:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func runChild() error {
	key, err := apbot.ParsePublicKey(os.Getenv("AP_BOT_PUBLIC_KEY"))
	if err != nil {
		return err
	}
	moveTime, err := time.ParseDuration(os.Getenv("APBOT_TEST_MOVETIME"))
	if err != nil {
		return err
	}
	searches := 2
	if n, err := strconv.Atoi(os.Getenv("CAMELOT_APBOT_SEARCHES")); err == nil {
		searches = n
	}
	bot, err := apbot.New(apbot.Config{
		StateDir: os.Getenv("APBOT_TEST_STATE"), MoveTime: moveTime, Searches: searches, Threads: 1, HashMB: 8,
		ClientID: os.Getenv("BOT_CLIENT_ID"), ClientSecret: os.Getenv("BOT_CLIENT_SECRET"),
		TokenURL: os.Getenv("BOT_TOKEN_URL"), Scope: os.Getenv("BOT_OAUTH_SCOPE"), QueryURL: os.Getenv("BOT_QUERY_URL"),
		PublicKey: key,
		Log:       slog.New(slog.NewJSONHandler(os.Stderr, nil)),
		RetryFor:  time.Minute, BackoffMin: 10 * time.Millisecond, BackoffMax: 200 * time.Millisecond,
	})
	if err != nil {
		return err
	}
	addr := os.Getenv("APBOT_TEST_ADDR")
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	srv := apbot.NewServer(bot.Handler())
	go func() { _ = srv.Serve(ln) }()
	err = bot.Run(ctx)
	_ = srv.Close()
	return err
}

// child is the bot running as a child process.
type child struct {
	cmd  *exec.Cmd
	url  string
	logs *syncBuffer
	done chan struct{}
}

// startChild starts the bot as a child process on state dir.
func startChild(t *testing.T, f *apfake.Fake, dir string, moveTime time.Duration, logs *syncBuffer) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(),
		childEnv+"=1",
		"APBOT_TEST_STATE="+dir,
		"APBOT_TEST_MOVETIME="+moveTime.String(),
		"BOT_CLIENT_ID="+f.ClientID(),
		"BOT_CLIENT_SECRET="+f.ClientSecret(),
		"BOT_TOKEN_URL="+f.TokenURL(),
		"BOT_OAUTH_SCOPE="+f.Scope(),
		"BOT_QUERY_URL="+f.QueryURL(),
		"AP_BOT_PUBLIC_KEY="+f.PublicKeyText(),
	)
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, logs: logs, done: make(chan struct{})}
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		line, _ := r.ReadString('\n')
		lines <- strings.TrimSpace(line)
		_, _ = io.Copy(io.Discard, r)
	}()
	go func() { _ = cmd.Wait(); close(c.done) }()
	select {
	case c.url = <-lines:
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the child printed no URL")
	}
	if !strings.HasPrefix(c.url, "http://127.0.0.1:") {
		_ = cmd.Process.Kill()
		<-c.done
		t.Fatalf("the child's first line is %q; its log:\n%s", c.url, logs.String())
	}
	t.Cleanup(func() { c.kill() })
	return c
}

// kill sends SIGKILL and waits for the child to be gone.
func (c *child) kill() {
	select {
	case <-c.done:
		return
	default:
	}
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

// syncBuffer collects log lines from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuffer) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Reset()
}

// tail returns the last n lines.
func (s *syncBuffer) tail(n int) string {
	lines := strings.Split(strings.TrimRight(s.String(), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// newFake starts a fake AbstractPlay for the test.
func newFake(t *testing.T, opts apfake.Options) *apfake.Fake {
	t.Helper()
	if opts.Logf == nil && testing.Verbose() && os.Getenv("APBOT_TEST_TRACE") != "" {
		opts.Logf = t.Logf
	}
	f := apfake.New(opts)
	t.Cleanup(f.Close)
	return f
}

// config is the bot's configuration against f: small think times and
// backoffs, so that a test takes seconds.
func config(t testing.TB, f *apfake.Fake, dir string, logs *syncBuffer) apbot.Config {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	return apbot.Config{
		StateDir: dir, MoveTime: 20 * time.Millisecond, Searches: 2, Threads: 1, HashMB: 8,
		ClientID: f.ClientID(), ClientSecret: f.ClientSecret(), TokenURL: f.TokenURL(), Scope: f.Scope(), QueryURL: f.QueryURL(),
		PublicKey: f.PublicKey(),
		Log:       slog.New(slog.NewJSONHandler(logs, nil)),
		RetryFor:  time.Minute, BackoffMin: 10 * time.Millisecond, BackoffMax: 200 * time.Millisecond,
	}
}

// runningBot is a Bot served on loopback, its workers running.
type runningBot struct {
	t      *testing.T
	bot    *apbot.Bot
	srv    *http.Server
	url    string
	cancel context.CancelFunc
	done   chan error
	once   sync.Once
}

// startBot builds a Bot of cfg, serves it and runs its workers, and
// points f's webhooks at it.
func startBot(t *testing.T, f *apfake.Fake, cfg apbot.Config) *runningBot {
	t.Helper()
	bot, err := apbot.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	rb := &runningBot{t: t, bot: bot, srv: apbot.NewServer(bot.Handler()), url: "http://" + ln.Addr().String() + "/",
		cancel: cancel, done: make(chan error, 1)}
	go func() {
		if err := rb.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Error(err)
		}
	}()
	go func() { rb.done <- bot.Run(ctx) }()
	f.SetBot(rb.url)
	t.Cleanup(rb.stop)
	return rb
}

// stop cancels Run's context and closes the server, as a process
// stopping does, and waits for Run to return.
func (rb *runningBot) stop() {
	rb.once.Do(func() {
		rb.cancel()
		_ = rb.srv.Close()
		select {
		case err := <-rb.done:
			if err != nil {
				rb.t.Errorf("Run: %v", err)
			}
		case <-time.After(60 * time.Second):
			rb.t.Error("Run did not return within 60 s of its context's end")
		}
	})
}

// deadline is a failure bound for waiting on events.
func deadline(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// dumpOnFailure prints the end of the bot's log and the games when the
// test fails.
func dumpOnFailure(t *testing.T, f *apfake.Fake, logs *syncBuffer) {
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("games:\n%s\nstats: %v\nbot log (end):\n%s", f.Summary(), f.Stats(), logs.tail(60))
		}
	})
}

// checkLogs checks that no secret or token reached the bot's log.
func checkLogs(t *testing.T, f *apfake.Fake, logs *syncBuffer) {
	t.Helper()
	text := logs.String()
	if strings.Contains(text, f.ClientSecret()) {
		t.Error("the client secret is in the bot's log")
	}
	for _, tok := range f.IssuedTokens() {
		if strings.Contains(text, tok) {
			t.Error("a bearer token is in the bot's log")
			break
		}
	}
}

// checkOnce checks that every turn was answered exactly once.
func checkOnce(t *testing.T, f *apfake.Fake) {
	t.Helper()
	if err := f.CheckOnce(); err != nil {
		t.Errorf("turns not answered exactly once:\n%v", err)
	}
}

// waitGames waits for every game to end and checks none failed.
func waitGames(t *testing.T, f *apfake.Fake, d time.Duration) {
	t.Helper()
	if err := f.WaitGames(deadline(t, d)); err != nil {
		t.Fatalf("%v\n%s", err, f.Summary())
	}
	for _, g := range f.Games() {
		if err := g.Err(); err != nil {
			t.Errorf("game %s: %v", g.ID, err)
		}
	}
}

func apbotNew(cfg apbot.Config) (*apbot.Bot, error) { return apbot.New(cfg) }

// httptestServer serves bot's handler (no workers) and returns its URL.
func httptestServer(t *testing.T, bot *apbot.Bot) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := apbot.NewServer(bot.Handler())
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String() + "/"
}
