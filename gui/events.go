package gui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// keepAlive is how often an idle event stream gets a comment line, so
// that proxies and browsers keep it open.
const keepAlive = 15 * time.Second

// listenerBuffer is how many events a listener may fall behind; a
// listener further behind is dropped (its browser reconnects and gets
// the state afresh).
const listenerBuffer = 256

// hub hands a game's events to its listeners (server-sent events).
type hub struct {
	mu     sync.Mutex
	subs   map[chan []byte]struct{}
	closed bool
}

func newHub() *hub { return &hub{subs: map[chan []byte]struct{}{}} }

// publish sends the event name with v as its JSON data to every listener.
// It never blocks.
func (h *hub) publish(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	msg := []byte(fmt.Sprintf("event: %s\ndata: %s\n\n", name, data))
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- msg:
		default:
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// subscribe adds a listener; its channel is closed when the listener is
// dropped or the game ends. ok is false when the game has ended.
func (h *hub) subscribe() (ch chan []byte, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, false
	}
	ch = make(chan []byte, listenerBuffer)
	h.subs[ch] = struct{}{}
	return ch, true
}

// unsubscribe removes a listener.
func (h *hub) unsubscribe(ch chan []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[ch]; ok {
		delete(h.subs, ch)
		close(ch)
	}
}

// listeners returns how many listeners there are.
func (h *hub) listeners() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// close drops every listener, for good.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for ch := range h.subs {
		delete(h.subs, ch)
		close(ch)
	}
}

// serveEvents answers GET /api/games/{id}/events: the current state, then
// every event until the client goes or the game ends.
func (g *game) serveEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming is not supported")
		return
	}
	ch, ok := g.hub.subscribe()
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no game %q", g.id))
		return
	}
	defer g.hub.unsubscribe(ch)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	g.mu.Lock()
	st := g.stateLocked(-1)
	g.mu.Unlock()
	data, _ := json.Marshal(st)
	fmt.Fprintf(w, "event: state\ndata: %s\n\n", data)
	flusher.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case msg, open := <-ch:
			if !open {
				return
			}
			if _, err := w.Write(msg); err != nil {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case <-r.Context().Done():
			return
		}
		flusher.Flush()
		g.touch()
	}
}
