package cli

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/camelot-engine/camelot/apbot"
)

// apbotEnv are the environment variables `camelot apbot` needs, with the
// names of AbstractPlay's guide, and what each holds.
var apbotEnv = []struct{ name, about string }{
	{"BOT_CLIENT_ID", "the bot's client id from create_bot"},
	{"BOT_CLIENT_SECRET", "the bot's client secret from create_bot"},
	{"BOT_TOKEN_URL", "the stage's OAuth token URL"},
	{"BOT_OAUTH_SCOPE", "the stage's OAuth scope"},
	{"BOT_QUERY_URL", "the stage's botQuery URL"},
}

// runAPBot implements `camelot apbot`: the engine as a bot on
// AbstractPlay (package apbot). The first line on stdout is the URL it
// serves; SIGINT or SIGTERM stops it, the turns not answered staying in
// -state for the next start.
func runAPBot(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("apbot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8090", "`HOST:PORT` to listen on (port 0: any free port)")
	state := fs.String("state", "", "the `DIR` of the bot's durable state: its turns stored and answered (required)")
	moveTime := fs.Duration("movetime", apbot.DefaultMoveTime, "thinking `DURATION` a move, never more than a twentieth of the bot's clock")
	searches := fs.Int("searches", 1, "`N` searches at once; the other turns wait in arrival order")
	threads := fs.Int("threads", 1, "`N` threads for each search")
	hash := fs.Int("hash", apbot.DefaultHashMB, "transposition table of each search, `MB`")
	keyFile := fs.String("public-key", "", "AbstractPlay's public key from `FILE` (an ssh-ed25519 line or an SSH2 block; AP_BOT_PUBLIC_KEY comes first; default: the key AbstractPlay publishes)")
	certFile := fs.String("tls-cert", "", "serve HTTPS with the certificate `FILE` (PEM; with -tls-key)")
	keyPEM := fs.String("tls-key", "", "the private key `FILE` of -tls-cert (PEM)")
	usage := "usage: camelot apbot -state DIR [-addr HOST:PORT] [-movetime DURATION] [-searches N] [-threads N] [-hash MB] [-public-key FILE] [-tls-cert FILE -tls-key FILE]"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fmt.Fprintln(stdout, usage)
			fmt.Fprintln(stdout, "environment: "+envNames()+" (required); AP_BOT_PUBLIC_KEY (optional)")
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "camelot apbot: %v (camelot apbot -h)\n", err)
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "camelot apbot: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q (camelot apbot -h)", fs.Arg(0))
	case *state == "":
		return fail("-state DIR is required (camelot apbot -h)")
	case *moveTime <= 0:
		return fail("-movetime %v: want a positive duration", *moveTime)
	case *searches < 1:
		return fail("-searches %d: want 1 or more", *searches)
	case *threads < 1:
		return fail("-threads %d: want 1 or more", *threads)
	case *hash < 1:
		return fail("-hash %d: want 1 MB or more", *hash)
	case (*certFile == "") != (*keyPEM == ""):
		return fail("-tls-cert and -tls-key go together")
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return fail("-addr %q: want HOST:PORT", *addr)
	}
	env := map[string]string{}
	var missing []string
	for _, e := range apbotEnv {
		v := strings.TrimSpace(os.Getenv(e.name))
		if v == "" {
			missing = append(missing, e.name+" ("+e.about+")")
		}
		env[e.name] = v
	}
	if len(missing) > 0 {
		if len(missing) == 1 {
			return fail("environment variable %s is not set", missing[0])
		}
		return fail("environment variables %s are not set", strings.Join(missing, ", "))
	}
	keyText, keyFrom := apbot.DefaultPublicKey, "the default"
	if v := os.Getenv("AP_BOT_PUBLIC_KEY"); strings.TrimSpace(v) != "" {
		keyText, keyFrom = v, "AP_BOT_PUBLIC_KEY"
	} else if *keyFile != "" {
		data, err := os.ReadFile(*keyFile)
		if err != nil {
			return fail("-public-key: %v", err)
		}
		keyText, keyFrom = string(data), "-public-key "+*keyFile
	}
	key, err := apbot.ParsePublicKey(keyText)
	if err != nil {
		return fail("%s: %v", keyFrom, err)
	}
	var tlsConfig *tls.Config
	if *certFile != "" {
		cert, err := tls.LoadX509KeyPair(*certFile, *keyPEM)
		if err != nil {
			return fail("-tls-cert, -tls-key: %v", err)
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	log := slog.New(slog.NewJSONHandler(stderr, nil))
	bot, err := apbot.New(apbot.Config{
		StateDir: *state, MoveTime: *moveTime, Searches: *searches, Threads: *threads, HashMB: *hash,
		ClientID: env["BOT_CLIENT_ID"], ClientSecret: env["BOT_CLIENT_SECRET"], TokenURL: env["BOT_TOKEN_URL"],
		Scope: env["BOT_OAUTH_SCOPE"], QueryURL: env["BOT_QUERY_URL"], PublicKey: key, Log: log,
	})
	if err != nil {
		fmt.Fprintf(stderr, "camelot apbot: %v\n", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "camelot apbot: %v\n", err)
		return 1
	}
	scheme := "http"
	if tlsConfig != nil {
		scheme = "https"
		ln = tls.NewListener(ln, tlsConfig)
	}
	host, _, _ := net.SplitHostPort(*addr)
	lhost, port, _ := net.SplitHostPort(ln.Addr().String())
	if host == "" {
		host = lhost
	}
	url := scheme + "://" + net.JoinHostPort(host, port) + "/"
	fmt.Fprintln(stdout, url)
	log.Info("serving", "event", "serving", "url", url, "state", *state, "movetime", moveTime.String(),
		"searches", *searches, "threads", *threads, "hash_mb", *hash, "public_key", keyFrom)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := apbot.NewServer(bot.Handler())
	srv.ErrorLog = slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	runCtx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = bot.Run(runCtx)
	}()
	status := 0
	select {
	case <-ctx.Done():
		stop() // a second signal ends the process at once
	case err := <-served:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "camelot apbot: %v\n", err)
			status = 1
		}
	}
	// Stop accepting, let the requests in flight end briefly, stop the
	// searches and sends: their turns stay stored.
	shutdownCtx, done := context.WithTimeout(context.Background(), 5*time.Second)
	_ = srv.Shutdown(shutdownCtx)
	done()
	cancel()
	wg.Wait()
	log.Info("stopped", "event", "stopped")
	return status
}

// envNames lists the required environment variables.
func envNames() string {
	var names []string
	for _, e := range apbotEnv {
		names = append(names, e.name)
	}
	return strings.Join(names, ", ")
}
