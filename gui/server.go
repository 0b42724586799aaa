// Package gui is the server of `camelot gui`: a page for the browser and
// the JSON-over-HTTP interface it talks to (see API.md). The server holds
// every rule (package movegen) and runs the engine as a separate process
// per game (package engineproc); the page only draws and asks.
package gui

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/engineproc"
)

//go:embed web
var webFiles embed.FS

// DefaultAddr is where the server listens unless told otherwise: the
// loopback interface only, so that no other machine can reach it.
const DefaultAddr = "127.0.0.1:8080"

// Limits that keep one page (or anything else on this machine) from
// exhausting the server.
const (
	maxBody     = 1 << 20       // bytes of a request body
	maxGames    = 64            // games alive at once
	idleTimeout = 2 * time.Hour // a game nobody looked at for this long is ended
	reapEvery   = 5 * time.Minute
)

// Config configures a Server.
type Config struct {
	Addr   string   // host:port to listen on; "" is DefaultAddr; port 0 picks a free port
	Engine []string // the engine's command and arguments; empty: this binary, no arguments
}

// Server is a running `camelot gui` server.
type Server struct {
	ln     net.Listener
	http   *http.Server
	url    string
	hosts  map[string]bool // the Host values that name this server, lower case
	engine engineproc.Config
	static fs.FS

	mu      sync.Mutex
	games   map[string]*game
	nextID  int
	closed  bool
	stopped chan struct{} // closed by Close: ends the reaper
	ending  sync.WaitGroup
}

// Listen opens the listening socket; Serve then answers requests on it.
func Listen(cfg Config) (*Server, error) {
	addr := cfg.Addr
	if addr == "" {
		addr = DefaultAddr
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("bad address %q: %v", addr, err)
	}
	engine := cfg.Engine
	if len(engine) == 0 {
		self, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("cannot find this program to run as the engine: %v", err)
		}
		engine = []string{self}
	}
	static, err := fs.Sub(webFiles, "web")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	s := &Server{
		ln:    ln,
		hosts: map[string]bool{},
		// The engine runs below normal priority so that the browser on the
		// same machine keeps answering clicks while it searches.
		engine:  engineproc.Config{Name: "engine", Cmd: engine[0], Args: engine[1:], Nice: 10},
		static:  static,
		games:   map[string]*game{},
		stopped: make(chan struct{}),
	}
	for _, h := range []string{"127.0.0.1", "localhost", "::1", host} {
		if h != "" {
			s.hosts[strings.ToLower(net.JoinHostPort(h, port))] = true
		}
	}
	urlHost := host
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		urlHost = "127.0.0.1" // listening everywhere: the loopback address reaches it
	}
	s.url = "http://" + net.JoinHostPort(urlHost, port) + "/"
	s.http = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	go s.reap()
	return s, nil
}

// URL returns the page's address, "http://HOST:PORT/".
func (s *Server) URL() string { return s.url }

// Serve answers requests until Close; it then returns nil.
func (s *Server) Serve() error {
	err := s.http.Serve(s.ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Close ends every game and its engine, then the listener and all
// connections.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.stopped)
	games := s.games
	s.games = map[string]*game{}
	s.mu.Unlock()
	for _, g := range games {
		s.endGame(g)
	}
	err := s.http.Close()
	s.ending.Wait()
	return err
}

// endGame ends g and its engine in the background; Close waits for it.
func (s *Server) endGame(g *game) {
	s.ending.Add(1)
	go func() {
		defer s.ending.Done()
		g.end()
	}()
}

// reap ends games nobody has looked at for idleTimeout (a tab closed
// without DELETE), so that their engines do not run for ever.
func (s *Server) reap() {
	t := time.NewTicker(reapEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stopped:
			return
		case <-t.C:
		}
		s.mu.Lock()
		for id, g := range s.games {
			if g.idleSince(time.Now()) > idleTimeout {
				delete(s.games, id)
				s.endGame(g)
			}
		}
		s.mu.Unlock()
	}
}

// ServeHTTP guards and routes every request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
	if err := s.checkOrigin(r); err != "" {
		writeError(w, http.StatusForbidden, err)
		return
	}
	if r.URL.Path == "/api" || strings.HasPrefix(r.URL.Path, "/api/") {
		s.serveAPI(w, r)
		return
	}
	s.serveStatic(w, r)
}

// checkOrigin refuses a request whose Host is not this server's own
// address (DNS rebinding) or that comes from another site's page
// (cross-site requests). It returns the reason, or "".
func (s *Server) checkOrigin(r *http.Request) string {
	if !s.hosts[strings.ToLower(r.Host)] {
		return fmt.Sprintf("host %q is not this server", clip(r.Host))
	}
	if o, ok := r.Header["Origin"]; ok {
		if len(o) != 1 || !strings.HasPrefix(strings.ToLower(o[0]), "http://") || !s.hosts[strings.ToLower(o[0][len("http://"):])] {
			return fmt.Sprintf("origin %q is not this server", clip(strings.Join(o, ", ")))
		}
	}
	return ""
}

// serveStatic serves the embedded page: index.html at /, its other files
// by name.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed here")
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	data, err := fs.ReadFile(s.static, name)
	if err != nil {
		writeError(w, http.StatusNotFound, "no file "+clip(r.URL.Path))
		return
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = http.DetectContentType(data)
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(data)
}

// serveAPI routes /api/….
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")[1:]
	switch {
	case len(parts) == 1 && parts[0] == "board":
		if allow(w, r, http.MethodGet) {
			writeJSON(w, http.StatusOK, boardJSON())
		}
		return
	case len(parts) == 1 && parts[0] == "games":
		if allow(w, r, http.MethodPost) {
			s.createGame(w, r)
		}
		return
	case len(parts) >= 2 && parts[0] == "games":
	default:
		writeError(w, http.StatusNotFound, "no such API path "+clip(r.URL.Path))
		return
	}
	g := s.game(parts[1])
	if g == nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no game %q", clip(parts[1])))
		return
	}
	g.touch()
	action := strings.Join(parts[2:], "/")
	switch action {
	case "":
		switch r.Method {
		case http.MethodGet:
			g.serveState(w, r)
		case http.MethodDelete:
			s.deleteGame(w, g)
		default:
			methodNotAllowed(w, r, "GET, DELETE")
		}
	case "move":
		post(w, r, g.serveMove)
	case "undo":
		post(w, r, g.serveUndo)
	case "setup":
		post(w, r, g.serveSetup)
	case "settings":
		post(w, r, g.serveSettings)
	case "engine/go":
		post(w, r, g.serveEngineGo)
	case "engine/stop":
		post(w, r, g.serveEngineStop)
	case "analysis":
		post(w, r, g.serveAnalysis)
	case "analyse-game":
		post(w, r, g.serveAnalyseGame)
	case "record":
		switch r.Method {
		case http.MethodGet:
			g.serveRecord(w, r)
		case http.MethodPost:
			g.serveLoadRecord(w, r)
		default:
			methodNotAllowed(w, r, "GET, POST")
		}
	case "events":
		if allow(w, r, http.MethodGet) {
			g.serveEvents(w, r)
		}
	default:
		writeError(w, http.StatusNotFound, "no such API path "+clip(r.URL.Path))
	}
}

// game returns the game with the id, or nil.
func (s *Server) game(id string) *game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}

// createGame answers POST /api/games.
func (s *Server) createGame(w http.ResponseWriter, r *http.Request) {
	var req struct {
		CFEN *string `json:"cfen"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	start, err := startPosition(req.CFEN)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	}
	if len(s.games) >= maxGames {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("too many games (%d); close some", maxGames))
		return
	}
	s.nextID++
	id := fmt.Sprintf("g%d", s.nextID)
	g := newGame(id, start, s.engine)
	s.games[id] = g
	s.mu.Unlock()
	g.mu.Lock()
	st := g.stateLocked(-1)
	g.mu.Unlock()
	writeJSON(w, http.StatusCreated, st)
}

// deleteGame answers DELETE /api/games/{id}.
func (s *Server) deleteGame(w http.ResponseWriter, g *game) {
	s.mu.Lock()
	if s.games[g.id] == g {
		delete(s.games, g.id)
	}
	s.mu.Unlock()
	s.endGame(g)
	w.WriteHeader(http.StatusNoContent)
}

// allow answers 405 unless r uses method.
func allow(w http.ResponseWriter, r *http.Request, method string) bool {
	if r.Method == method || method == http.MethodGet && r.Method == http.MethodHead {
		return true
	}
	methodNotAllowed(w, r, method)
	return false
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request, allowed string) {
	w.Header().Set("Allow", allowed)
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed here (use %s)", clip(r.Method), allowed))
}

// post runs a POST handler.
func post(w http.ResponseWriter, r *http.Request, h func(http.ResponseWriter, *http.Request)) {
	if allow(w, r, http.MethodPost) {
		h(w, r)
	}
}

// decodeJSON reads the request body as one JSON value into v, refusing
// unknown fields, trailing data and bodies over maxBody. An empty body
// reads as {}. On failure it has answered 4xx.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			writeError(w, http.StatusUnsupportedMediaType, fmt.Sprintf("content type %q: want application/json", clip(ct)))
			return false
		}
	}
	body := http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if errors.Is(err, io.EOF) {
		return true
	}
	if err == nil {
		var extra json.RawMessage
		if dec.Decode(&extra) != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxBody))
			return false
		}
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return false
	}
	return true
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(data, '\n'))
}

// writeError answers with the error body of API.md.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorJSON{Error: oneLine(msg)})
}

type errorJSON struct {
	Error string `json:"error"`
}

// clip shortens a text from a request before it goes into a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// oneLine keeps a message on one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}
