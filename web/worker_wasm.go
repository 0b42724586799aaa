//go:build js && wasm

package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"syscall/js"

	"github.com/camelot-engine/camelot/gui"
)

// worker answers the page's messages (see gui/web/api.js and worker.js):
//
//	{type: "request", id, method, path, body, contentType} -> {type: "response", id, status, contentType, body}
//	{type: "listen", id, path} -> {type: "chunk", id, data}… then {type: "end", id}
//	{type: "close", id}          ends a "listen"
//	{type: "uci", line}        -> {type: "uci", line}…  the raw protocol, one session
//
// Requests go to the same handler camelot gui serves over HTTP, so every
// answer, status and error is the server's.
type worker struct {
	api *gui.API

	mu      sync.Mutex
	streams map[int]context.CancelFunc
	uci     *io.PipeWriter // input of the protocol session, once started
}

func newWorker(api *gui.API) *worker {
	return &worker{api: api, streams: map[int]context.CancelFunc{}}
}

// receive handles one message. It runs on the host's event loop, so it
// never blocks: the work goes to a goroutine.
func (w *worker) receive(m js.Value) {
	id := 0
	if v := m.Get("id"); v.Type() == js.TypeNumber {
		id = v.Int()
	}
	switch m.Get("type").String() {
	case "request":
		method, path := m.Get("method").String(), m.Get("path").String()
		body, contentType := optional(m.Get("body")), optional(m.Get("contentType"))
		go w.request(id, method, path, body, contentType)
	case "listen":
		ctx, cancel := context.WithCancel(context.Background())
		w.mu.Lock()
		w.streams[id] = cancel
		w.mu.Unlock()
		go w.listen(ctx, id, m.Get("path").String())
	case "close":
		w.mu.Lock()
		if cancel := w.streams[id]; cancel != nil {
			cancel()
			delete(w.streams, id)
		}
		w.mu.Unlock()
	case "uci":
		line := m.Get("line").String()
		in := w.protocol()
		go func() { _, _ = io.WriteString(in, line+"\n") }()
	}
}

func optional(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

func post(m map[string]any) { js.Global().Call("postMessage", m) }

// request answers one request of the API.
func (w *worker) request(id int, method, path, body, contentType string) {
	rw := &responseWriter{header: http.Header{}}
	req, err := http.NewRequest(method, "http://worker"+path, strings.NewReader(body))
	if err != nil {
		post(map[string]any{"type": "response", "id": id, "status": http.StatusBadRequest,
			"contentType": "application/json", "body": `{"error":"bad request"}`})
		return
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	w.api.ServeHTTP(rw, req)
	post(map[string]any{"type": "response", "id": id, "status": rw.code(),
		"contentType": rw.header.Get("Content-Type"), "body": rw.buf.String()})
}

// listen streams a game's events, in the server's text/event-stream
// format, until the page closes the stream or the game ends.
func (w *worker) listen(ctx context.Context, id int, path string) {
	defer post(map[string]any{"type": "end", "id": id})
	rw := &responseWriter{header: http.Header{}, stream: func(chunk string) {
		post(map[string]any{"type": "chunk", "id": id, "data": chunk})
	}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://worker"+path, nil)
	if err != nil {
		return
	}
	w.api.ServeHTTP(rw, req)
}

// protocol returns the input of the Worker's protocol session, starting
// it on first use; its output lines are posted as they come.
func (w *worker) protocol() *io.PipeWriter {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.uci == nil {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		w.uci = inW
		go func() {
			_ = newSession().Run(inR, outW)
			outW.Close()
		}()
		go func() {
			sc := bufio.NewScanner(outR)
			for sc.Scan() {
				post(map[string]any{"type": "uci", "line": sc.Text()})
			}
		}()
	}
	return w.uci
}

// responseWriter collects an answer; with stream set, Flush hands on what
// was written so far (server-sent events).
type responseWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
	stream func(string)
}

func (r *responseWriter) Header() http.Header { return r.header }

func (r *responseWriter) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *responseWriter) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.buf.Write(p)
}

func (r *responseWriter) Flush() {
	if r.stream != nil && r.buf.Len() > 0 {
		r.stream(r.buf.String())
		r.buf.Reset()
	}
}

func (r *responseWriter) code() int {
	if r.status == 0 {
		return http.StatusOK
	}
	return r.status
}
