package apbot

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/game"
)

// Handler serves AbstractPlay at /: GET (and HEAD) is the ping, answered
// {"operational": true}; POST is a signed webhook, a challenge (200
// accepts, 400 refuses) or a turn (202 once stored, 400 when it is not
// one the bot can play). More than Config.MaxInFlight requests at once
// get 503.
func (b *Bot) Handler() http.Handler {
	return http.HandlerFunc(b.serve)
}

func (b *Bot) serve(w http.ResponseWriter, r *http.Request) {
	select {
	case b.slots <- struct{}{}:
		defer func() { <-b.slots }()
	default:
		w.Header().Set("Retry-After", "1")
		b.refuse(w, r, http.StatusServiceUnavailable, "too many requests at once")
		return
	}
	if r.URL.Path != "/" {
		b.refuse(w, r, http.StatusNotFound, "not found: the bot is served at /")
		return
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		writeJSON(w, http.StatusOK, `{"operational":true}`)
	case http.MethodPost:
		b.post(w, r)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		b.refuse(w, r, http.StatusMethodNotAllowed, "method "+r.Method+" is not allowed: GET or POST")
	}
}

// post serves a webhook: the body is read (at most MaxBody), its
// signature checked, and only then its JSON read.
func (b *Bot) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			b.refuse(w, r, http.StatusBadRequest, fmt.Sprintf("the body is over %d bytes (1 MiB)", MaxBody))
			return
		}
		b.refuse(w, r, http.StatusBadRequest, "the body could not be read")
		return
	}
	if err := verifySignature(r.Header, body, b.cfg.PublicKey, b.cfg.Now(), b.nonces); err != nil {
		status := http.StatusUnauthorized
		if err == errNoncesFull {
			status = http.StatusServiceUnavailable
		}
		b.refuse(w, r, status, err.Error())
		return
	}
	wh, err := decodeWebhook(body)
	if err != nil {
		b.refuse(w, r, http.StatusBadRequest, err.Error())
		return
	}
	switch wh.Verb {
	case verbChallenge:
		b.challenge(w, r, wh)
	case verbMove:
		b.move(w, r, wh)
	}
}

// challenge accepts a game of Camelot on one of AbstractPlay's boards,
// at once.
func (b *Bot) challenge(w http.ResponseWriter, r *http.Request, wh *webhook) {
	reason := ""
	var v game.Variant
	if *wh.MetaGame != MetaGame {
		reason = fmt.Sprintf("the bot plays metaGame camelot, not %s", quote(*wh.MetaGame))
	} else if vv, err := variantOf(wh.Variants); err != nil {
		reason = err.Error()
	} else {
		v = vv
	}
	attrs := []any{"event", "challenge", "metaGame", *wh.MetaGame, "variants", wh.Variants, "challengers", len(wh.Challengers)}
	if reason != "" {
		b.log.Info("challenge", append(attrs, "accepted", false, "reason", reason)...)
		writeText(w, http.StatusBadRequest, "challenge refused: "+reason)
		return
	}
	b.log.Info("challenge", append(attrs, "accepted", true, "game", v.Title())...)
	writeJSON(w, http.StatusOK, `{"accepted":true}`)
}

// move checks a turn and stores it; 202 once it is durable.
func (b *Bot) move(w http.ResponseWriter, r *http.Request, wh *webhook) {
	id := *wh.GameID
	ply := 0
	for _, round := range wh.Moves {
		ply += len(round)
	}
	bad := func(format string, args ...any) {
		b.refuse(w, r, http.StatusBadRequest, fmt.Sprintf("game %s: ", quote(id))+fmt.Sprintf(format, args...))
	}
	if *wh.MetaGame != MetaGame {
		bad("%s: the bot plays metaGame camelot, not %s", plyText(ply), quote(*wh.MetaGame))
		return
	}
	if wh.NumPlayers != nil && *wh.NumPlayers != 2 {
		bad("%s: Camelot has two players, not %v", plyText(ply), *wh.NumPlayers)
		return
	}
	v, err := variantOf(wh.Variants)
	if err != nil {
		bad("%s: %v", plyText(ply), err)
		return
	}
	g, err := replay(v, wh.Moves)
	if err != nil {
		bad("%v", err)
		return
	}
	if o := g.Outcome(); o.IsOver() {
		bad("%s: the game is over (%s)", plyText(ply), o)
		return
	}
	seat := seatOf(g.Position().Side())
	clock := 0.0
	if wh.ClockCurr != nil {
		clock = *wh.ClockCurr
	}
	t := &turn{
		Format: turnFormat, GameID: id, MetaGame: MetaGame, Variants: wh.Variants, ClockCurr: clock,
		Moves: wh.Moves, Ply: ply, Seat: seat, Received: time.Now().UTC(), game: g,
	}
	status, reason := b.store1(t)
	switch status {
	case http.StatusAccepted:
		writeJSON(w, http.StatusAccepted, `{"queued":true}`)
	case http.StatusBadRequest:
		bad("%s", reason)
	default:
		b.refuse(w, r, status, fmt.Sprintf("game %s: %s", quote(id), reason))
	}
}

// store1 stores turn t unless it is known: a second delivery of a turn
// stored or finished, or of an earlier one, is acknowledged and nothing
// more. It returns the status to answer and, for a refusal, why.
func (b *Bot) store1(t *turn) (int, string) {
	k := t.key()
	at := plyText(t.Ply)
	b.mu.Lock()
	gs := b.games[t.GameID]
	if gs != nil && (gs.done[t.Ply] || gs.pending != nil && gs.pending.Ply == t.Ply) {
		b.mu.Unlock()
		b.log.Info("duplicate turn", "event", "duplicate turn", "game", t.GameID, "ply", t.Ply)
		return http.StatusAccepted, ""
	}
	if r := b.storing[k]; r != nil {
		b.mu.Unlock()
		<-r.done
		if r.err != nil {
			return http.StatusServiceUnavailable, at + ": the turn could not be stored"
		}
		b.log.Info("duplicate turn", "event", "duplicate turn", "game", t.GameID, "ply", t.Ply)
		return http.StatusAccepted, ""
	}
	if gs != nil && gs.seat != 0 && gs.seat != t.Seat {
		b.mu.Unlock()
		return http.StatusBadRequest, fmt.Sprintf("%s: not the bot's turn (the bot plays seat %d)", at, gs.seat)
	}
	if gs != nil && t.Ply < gs.maxPly {
		b.mu.Unlock()
		b.log.Info("duplicate turn", "event", "duplicate turn", "game", t.GameID, "ply", t.Ply, "note", "a later turn of the game is known")
		return http.StatusAccepted, ""
	}
	if b.pending >= b.cfg.MaxPending {
		b.mu.Unlock()
		b.log.Warn("failure", "event", "failure", "what", "too many turns stored", "game", t.GameID, "ply", t.Ply, "pending", b.cfg.MaxPending)
		return http.StatusServiceUnavailable, at + ": too many turns waiting"
	}
	res := &reservation{done: make(chan struct{})}
	b.storing[k] = res
	b.pending++
	b.seq++
	t.Seq = b.seq
	b.mu.Unlock()

	err := b.store.writeTurn(t)

	b.mu.Lock()
	delete(b.storing, k)
	if err != nil {
		b.pending--
		b.mu.Unlock()
		res.err = err
		close(res.done)
		b.log.Error("failure", "event", "failure", "what", "storing a turn", "game", t.GameID, "ply", t.Ply, "error", err.Error())
		return http.StatusServiceUnavailable, at + ": the turn could not be stored"
	}
	gs = b.gameOf(t.GameID)
	old := gs.pending
	if old != nil && old.Ply > t.Ply {
		// A later turn was stored meanwhile: this one is answered.
		t.finished = true
		b.pending--
		gs.done[t.Ply] = true
		b.mu.Unlock()
		close(res.done)
		b.record(t, "superseded", "")
		return http.StatusAccepted, ""
	}
	if gs.seat == 0 {
		gs.seat = t.Seat
	}
	gs.pending, gs.maxPly = t, max(gs.maxPly, t.Ply)
	b.mu.Unlock()
	close(res.done)
	if old != nil {
		// AbstractPlay sends a turn once the bot's previous move is played.
		b.finish(old, "superseded", "")
		b.log.Info("turn superseded", "event", "turn superseded", "game", old.GameID, "ply", old.Ply, "by", t.Ply)
	}
	b.queue.push(t)
	b.log.Info("turn stored", "event", "turn stored", "game", t.GameID, "ply", t.Ply, "seat", t.Seat,
		"clockCurr", t.ClockCurr, "queued", b.queue.len())
	return http.StatusAccepted, ""
}

// refuse answers status with a one-line reason, and logs the request
// without its body.
func (b *Bot) refuse(w http.ResponseWriter, r *http.Request, status int, reason string) {
	reason = strings.ReplaceAll(reason, "\n", " ")
	b.log.Warn("request refused", "event", "request refused", "status", status, "reason", reason,
		"method", r.Method, "path", r.URL.Path, "remote", r.RemoteAddr, "length", r.ContentLength)
	writeText(w, status, reason)
}

func writeText(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	io.WriteString(w, text+"\n")
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body+"\n")
}
