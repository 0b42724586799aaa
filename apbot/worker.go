package apbot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/search"
)

// worker searches the queued turns one at a time on eng and hands each
// choice to a sender of its own, so that a slow botQuery holds no
// search.
func (b *Bot) worker(ctx context.Context, eng search.Engine, wg *sync.WaitGroup) {
	for {
		t := b.queue.pop(ctx)
		if t == nil {
			return
		}
		tctx, ok := b.start(ctx, t)
		if !ok {
			continue // superseded while it waited
		}
		var c choice
		if t.Attempted != "" {
			// A move sent before may have been played: it is sent again,
			// and nothing else (deliver).
			c = choice{texts: []string{t.Attempted}, resend: true}
		} else {
			c = think(tctx, eng, t, b.cfg.MoveTime)
		}
		if tctx.Err() != nil {
			if ctx.Err() != nil {
				return // stopping: the turn stays stored
			}
			continue // superseded during the search
		}
		if len(c.texts) == 0 {
			if len(t.game.LegalMoves()) == 0 {
				b.log.Warn("no move", "event", "no move", "game", t.GameID, "ply", t.Ply, "seat", t.Seat,
					"reason", "no legal move and no draw to claim (V14.2): nothing to send")
				b.finish(t, "stuck", "")
			} else {
				b.log.Error("failure", "event", "failure", "what", "every move allowed was refused", "game", t.GameID, "ply", t.Ply, "refused", t.Refused)
				b.finish(t, "refused", "")
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.deliver(tctx, t, c)
		}()
	}
}

// deliver sends turn t's moves to botQuery: the first, and on each
// refusal the next. Gateway failures (502, 503, 504, and status codes
// not otherwise named), timeouts and dropped connections are retried with
// backoff for Config.RetryFor; a refusal (500, or a 4xx other than 401)
// is not retried as it was. When ctx ends first (the bot stops, or a
// later turn of the game came) it returns with the turn as it is.
func (b *Bot) deliver(ctx context.Context, t *turn, c choice) {
	if c.resend {
		// A move sent before may have been played, and the opponent have
		// replied: the webhook of the next turn, delivered again, ends
		// this one (superseded) if it comes within the longest backoff.
		b.log.Info("retry", "event", "retry", "game", t.GameID, "ply", t.Ply, "move", c.texts[0],
			"reason", "sent before the bot stopped; it may have been played", "backoff_ms", b.cfg.BackoffMax.Milliseconds())
		if !sleep(ctx, b.cfg.BackoffMax) {
			return
		}
	}
	begin := time.Now()
	backoff := b.cfg.BackoffMin
	attempts := 0
	for i, text := range c.texts {
		// maybePlayed: an earlier request of this move may have reached
		// AbstractPlay (it had no answer, or a gateway's timeout, 504), or
		// a process that stopped sent it.
		maybePlayed := c.resend
		for {
			attempts++
			// The request may reach AbstractPlay and its answer be lost:
			// the move is marked as maybe played before it is sent.
			if t.Attempted != text {
				t.Attempted = text
				if err := b.rewrite(t); err != nil {
					b.log.Error("failure", "event", "failure", "what", "storing a move about to be sent", "game", t.GameID, "ply", t.Ply, "error", err.Error())
				}
			}
			status, msg, err := b.send(ctx, t, text)
			if ctx.Err() != nil && (err != nil || status < 200 || status >= 300) {
				return
			}
			// A move botQuery took is logged and recorded even when ctx
			// ended meanwhile (the bot stopping, or the next turn's webhook
			// coming first): the next process must not send it again.
			switch {
			case err == nil && status >= 200 && status < 300:
				r, s := roundSeat(t.Ply)
				b.log.Info("move sent", "event", "move sent", "game", t.GameID, "ply", t.Ply, "round", r, "seat", s,
					"move", text, "choice", len(t.Refused)+1, "score", c.score.String(), "depth", c.depth,
					"think_ms", c.think.Milliseconds(), "since_stored_ms", time.Since(t.Received).Milliseconds(), "attempts", attempts)
				b.finish(t, "sent", text)
				return
			case err == nil && (status == http.StatusInternalServerError || status >= 400 && status < 500 && status != http.StatusUnauthorized) &&
				(maybePlayed || notBotsTurn(msg)):
				// The move sent before may have been played, and the game
				// gone on: a refusal now (it is not the bot's turn, or the
				// move no longer fits) says so. Another move sent now could
				// be played as the next turn's, answering it twice.
				b.log.Warn("refusal", "event", "refusal", "game", t.GameID, "ply", t.Ply, "move", text, "status", status, "message", msg,
					"next", false, "reason", "the move sent before was taken, or the game has gone on")
				b.finish(t, "taken", text)
				return
			case err == nil && (status == http.StatusInternalServerError || status >= 400 && status < 500 && status != http.StatusUnauthorized):
				b.log.Warn("refusal", "event", "refusal", "game", t.GameID, "ply", t.Ply, "move", text, "status", status, "message", msg,
					"next", i+1 < len(c.texts))
				t.Refused = append(t.Refused, text)
				t.Attempted = ""
				if err := b.rewrite(t); err != nil {
					b.log.Error("failure", "event", "failure", "what", "storing a refusal", "game", t.GameID, "ply", t.Ply, "error", err.Error())
				}
			default:
				why := ""
				if err != nil {
					why = err.Error()
				} else {
					why = http.StatusText(status)
					if msg != "" {
						why += ": " + msg
					}
				}
				if time.Since(begin) >= b.cfg.RetryFor {
					b.log.Error("failure", "event", "failure", "what", "botQuery failed for too long: the turn is dropped", "game", t.GameID, "ply", t.Ply,
						"move", text, "status", status, "error", why, "retried_for", time.Since(begin).Round(time.Second).String())
					b.finish(t, "failed", "")
					return
				}
				maybePlayed = maybePlayed || err != nil || status == http.StatusGatewayTimeout
				d := jitter(backoff)
				backoff = min(2*backoff, b.cfg.BackoffMax)
				b.log.Warn("retry", "event", "retry", "game", t.GameID, "ply", t.Ply, "move", text, "status", status, "error", why,
					"attempt", attempts, "backoff_ms", d.Milliseconds())
				if !sleep(ctx, d) {
					return
				}
				continue
			}
			break
		}
	}
	b.log.Error("failure", "event", "failure", "what", "every move sent was refused: the turn is dropped", "game", t.GameID, "ply", t.Ply, "refused", t.Refused)
	b.finish(t, "refused", "")
}

// notBotsTurn reports whether botQuery's refusal says the game is not at
// the bot's turn (handleMove in AbstractPlay's api/abstractplay.ts: "It
// is not bot ID's turn in game ID"): the move sent before was played.
func notBotsTurn(msg string) bool {
	return strings.Contains(msg, "It is not bot ") && strings.Contains(msg, "turn")
}

// rewrite stores t again (its refusals), unless it has ended.
func (b *Bot) rewrite(t *turn) error {
	b.mu.Lock()
	done := t.finished
	b.mu.Unlock()
	if done {
		return nil
	}
	return b.store.writeTurn(t)
}

// send posts move text for turn t to botQuery with the bearer token; a
// 401 renews the token and posts once more. It returns botQuery's status
// and, for a failure, its message; an error when there was no answer.
func (b *Bot) send(ctx context.Context, t *turn, text string) (int, string, error) {
	body, err := json.Marshal(map[string]string{"verb": "move", "gameid": t.GameID, "metaGame": t.MetaGame, "move": text})
	if err != nil {
		return 0, "", err
	}
	for try := 0; ; try++ {
		tok, err := b.tokens.get(ctx)
		if err != nil {
			return 0, "", err
		}
		status, msg, err := b.postMove(ctx, tok, body)
		if err != nil {
			return 0, "", err
		}
		if status == http.StatusUnauthorized && try == 0 {
			b.log.Info("token renewed", "event", "token renewed", "game", t.GameID, "ply", t.Ply, "reason", "botQuery answered 401")
			b.tokens.invalidate(tok)
			continue
		}
		return status, msg, nil
	}
}

// postMove makes one botQuery request.
func (b *Bot) postMove(ctx context.Context, tok string, body []byte) (int, string, error) {
	ctx, cancel := context.WithTimeout(ctx, httpTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.cfg.QueryURL, bytes.NewReader(body))
	if err != nil {
		return 0, "", errors.New("botQuery: bad BOT_QUERY_URL")
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.cfg.Client.Do(req)
	if err != nil {
		return 0, "", errors.New("botQuery: " + redactURLError(err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		// The move was taken; the game's JSON after it is not needed.
		return resp.StatusCode, "", nil
	}
	if err != nil {
		return 0, "", errors.New("botQuery: reading the answer: " + redactURLError(err))
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return resp.StatusCode, "", nil
	}
	return resp.StatusCode, answerMessage(data), nil
}

// answerMessage is the message of a botQuery failure: its JSON message
// (AbstractPlay's formatReturnError), else the start of its text, on
// one line.
func answerMessage(data []byte) string {
	var m struct {
		Message any `json:"message"`
	}
	s := ""
	if json.Unmarshal(data, &m) == nil && m.Message != nil {
		if str, ok := m.Message.(string); ok {
			s = str
		} else if j, err := json.Marshal(m.Message); err == nil {
			s = string(j)
		}
	} else {
		s = string(data)
	}
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "?")), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// jitter is a delay between d/2 and d.
func jitter(d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	return d/2 + rand.N(d-d/2)
}

// sleep waits d; false if ctx ends first.
func sleep(ctx context.Context, d time.Duration) bool {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-tm.C:
		return true
	}
}
