package apbot

import (
	"context"
	"sort"
	"sync"
	"time"
)

// gameState is what the bot knows of a game: its seat, its turns stored
// and finished.
type gameState struct {
	seat    int          // the bot's seat (1 or 2); 0 until a turn fixes it
	maxPly  int          // the highest ply stored or finished; -1: none
	done    map[int]bool // the plies finished, as done.log remembers them
	pending *turn        // the turn stored and not finished, if any
}

// reservation is a turn being stored; a second delivery of it waits for
// the first to be written.
type reservation struct {
	done chan struct{}
	err  error
}

// gameOf returns g's state, made if need be; b.mu is held (or b is not
// shared yet).
func (b *Bot) gameOf(id string) *gameState {
	gs := b.games[id]
	if gs == nil {
		gs = &gameState{maxPly: -1, done: map[int]bool{}}
		b.games[id] = gs
	}
	return gs
}

// load reads the state folder: the finished turns, then the stored ones,
// which it queues in their arrival order. Of a game's stored turns only
// the latest is answered: an earlier one was answered already, or
// AbstractPlay would not have sent the later.
func (b *Bot) load() error {
	es, err := b.store.readDone()
	if err != nil {
		return err
	}
	es = keepDone(es, time.Now())
	if err := b.store.rewriteDone(es); err != nil {
		return err
	}
	for _, e := range es {
		gs := b.gameOf(e.Game)
		gs.done[e.Ply] = true
		if e.Ply >= gs.maxPly {
			gs.maxPly = e.Ply
			if e.Seat != 0 {
				gs.seat = e.Seat
			}
		}
	}
	ts, err := b.store.readTurns()
	if err != nil {
		return err
	}
	for _, t := range ts {
		b.seq = max(b.seq, t.Seq)
		gs := b.gameOf(t.GameID)
		if gs.done[t.Ply] {
			b.store.removeTurn(t.key()) // finished before the crash
			continue
		}
		if t.Ply < gs.maxPly {
			b.finishNow(t, "superseded", "")
			continue
		}
		v, err := variantOf(t.Variants)
		if err == nil {
			t.game, err = replay(v, t.Moves)
		}
		if err != nil {
			b.log.Error("failure", "event", "failure", "what", "a stored turn does not replay", "game", t.GameID, "ply", t.Ply, "error", err.Error())
			b.finishNow(t, "failed", "")
			continue
		}
		if p := gs.pending; p != nil {
			if p.Ply > t.Ply {
				b.finishNow(t, "superseded", "")
				continue
			}
			b.finishNow(p, "superseded", "")
		}
		gs.pending, gs.maxPly = t, t.Ply
		if gs.seat == 0 {
			gs.seat = t.Seat
		}
	}
	var queued []*turn
	for _, gs := range b.games {
		if gs.pending != nil {
			queued = append(queued, gs.pending)
		}
	}
	sort.Slice(queued, func(i, j int) bool { return queued[i].Seq < queued[j].Seq })
	for _, t := range queued {
		b.pending++
		b.queue.push(t)
		b.log.Info("turn loaded", "event", "turn loaded", "game", t.GameID, "ply", t.Ply, "seat", t.Seat)
	}
	return nil
}

// finishNow records a turn not queued (while loading) as finished.
func (b *Bot) finishNow(t *turn, how, sent string) {
	t.finished = true
	b.gameOf(t.GameID).done[t.Ply] = true
	b.record(t, how, sent)
}

// finish ends turn t, if it has not ended: it is recorded in done.log,
// then its pending file is removed. It reports whether t ended now.
func (b *Bot) finish(t *turn, how, sent string) bool {
	b.mu.Lock()
	if t.finished {
		b.mu.Unlock()
		return false
	}
	t.finished = true
	b.pending--
	gs := b.gameOf(t.GameID)
	gs.done[t.Ply] = true
	if gs.pending == t {
		gs.pending = nil
	}
	if t.cancel != nil {
		t.cancel()
	}
	b.mu.Unlock()
	b.record(t, how, sent)
	return true
}

// record writes the end of t durably and removes its pending file.
func (b *Bot) record(t *turn, how, sent string) {
	e := doneEntry{Game: t.GameID, Ply: t.Ply, Seat: t.Seat, How: how, Time: time.Now().Unix(), Sent: sent}
	if err := b.store.appendDone(e); err != nil {
		b.log.Error("failure", "event", "failure", "what", "recording a finished turn", "game", t.GameID, "ply", t.Ply, "error", err.Error())
	}
	if err := b.store.removeTurn(t.key()); err != nil {
		b.log.Error("failure", "event", "failure", "what", "removing a finished turn", "game", t.GameID, "ply", t.Ply, "error", err.Error())
	}
}

// start gives t, popped from the queue, a context under ctx that ending
// the turn cancels; it reports false when t has ended already.
func (b *Bot) start(ctx context.Context, t *turn) (context.Context, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t.finished {
		return nil, false
	}
	tctx, cancel := context.WithCancel(ctx)
	t.cancel = cancel
	return tctx, true
}

// queue is the stored turns waiting for a search, in arrival order.
type queue struct {
	mu    sync.Mutex
	items []*turn
	ready chan struct{} // a token while items is not empty
}

func newQueue() *queue { return &queue{ready: make(chan struct{}, 1)} }

func (q *queue) push(t *turn) {
	q.mu.Lock()
	q.items = append(q.items, t)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// pop waits for the first turn; nil when ctx is done.
func (q *queue) pop(ctx context.Context) *turn {
	for {
		if ctx.Err() != nil {
			return nil
		}
		q.mu.Lock()
		if len(q.items) > 0 {
			t := q.items[0]
			q.items[0] = nil
			q.items = q.items[1:]
			more := len(q.items) > 0
			q.mu.Unlock()
			if more {
				select {
				case q.ready <- struct{}{}:
				default:
				}
			}
			return t
		}
		q.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil
		case <-q.ready:
		}
	}
}

// len is how many turns wait.
func (q *queue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}
