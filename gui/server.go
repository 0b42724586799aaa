// Package gui is the server of `camelot gui`: a page for the browser and
// the JSON-over-HTTP interface it talks to (see API.md). The server holds
// every rule (package game, each board on its grid through package
// boards) and runs the engine as a separate process per game (package
// engineproc); the page only draws and asks.
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
	"time"

	"github.com/camelot-engine/camelot/engine"
	"github.com/camelot-engine/camelot/engineproc"
	"github.com/camelot-engine/camelot/puzzles"
)

//go:embed web
var webFiles embed.FS

// Page returns the page's files: index.html and what it loads. The
// static web build (web/build) copies the same files.
func Page() fs.FS {
	page, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded folder is there: checked by the build
	}
	return page
}

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
	// Solution, when set, gives the exact values of solved positions
	// (camelot gui -solution: Camette's table); see API.SetSolution.
	Solution engine.Oracle
	// Puzzles, when not nil, are the puzzles served instead of the
	// built-in set (see API.SetPuzzles).
	Puzzles []puzzles.Puzzle
}

// Server is a running `camelot gui` server: the API (its games) served
// over HTTP beside the page's files.
type Server struct {
	*API
	ln     net.Listener
	http   *http.Server
	url    string
	hosts  map[string]bool // the Host values that name this server, lower case
	static fs.FS
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
	static := Page()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	s := &Server{
		// The engine runs below normal priority so that the browser on the
		// same machine keeps answering clicks while it searches.
		API:    NewAPI(engineproc.Config{Name: "engine", Cmd: engine[0], Args: engine[1:], Nice: 10}),
		ln:     ln,
		hosts:  map[string]bool{},
		static: static,
	}
	s.SetSolution(cfg.Solution)
	if cfg.Puzzles != nil {
		s.SetPuzzles(cfg.Puzzles)
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
	return s, nil
}

// URL returns the page's address, "http://HOST:PORT/".
func (s *Server) URL() string { return s.url }

// Close ends every game and its engine, then the listener and all
// connections.
func (s *Server) Close() error {
	s.API.Close()
	return s.http.Close()
}

// Serve answers requests until Close; it then returns nil.
func (s *Server) Serve() error {
	err := s.http.Serve(s.ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
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
		s.API.ServeHTTP(w, r)
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
