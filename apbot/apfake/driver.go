package apfake

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/game"
)

// GameSpec is a game for the driver to play against the bot.
type GameSpec struct {
	// ID is the game's id; empty: one is made up.
	ID string
	// Variant is the board (and Anti form); its rules are made
	// AbstractPlay's (V14).
	Variant game.Variant
	// BotSide is the bot's seat: White moves first.
	BotSide game.Color
	// MaxPlies ends the game after so many plies (0: the fake's).
	MaxPlies int
	// Unheld games are not held by Hold: a sentinel's turns go through.
	Unheld bool
}

// Turn is one of the bot's turns: the ply it moves at.
type Turn struct {
	Ply int
	// Deliveries counts the webhooks posted for it, duplicates and
	// redeliveries included.
	Deliveries int
	// Sent is when its first webhook was posted, Acked when the bot
	// first answered one 202 (zero: never), Moved when its move was
	// accepted (zero: never).
	Sent, Acked, Moved time.Time
	// AckTime is the time from posting the webhook that first got 202
	// to that answer.
	AckTime time.Duration
	// Answers counts the moves accepted for this turn (0 or 1).
	Answers int
	// Late counts the moves sent for this turn after it was answered
	// that came while it was not the bot's turn (the opponent to move, or
	// the game over): AbstractPlay refuses them, and nothing is played.
	Late int
	// Resent counts the moves sent for this turn after it was answered
	// that came while the game waited for the bot's next turn, refused as
	// not legal there. Such a resend may also be legal in the new
	// position and be taken as the next turn's answer, a move played
	// twice, and then that turn's own answer is counted here: a turn with
	// Resent > 0 is one the bot may have played twice.
	// Exactly once is Answers 1, Late 0 and Resent 0.
	Resent int
	// Refused counts the moves refused by an injected refusal.
	Refused int
	// Illegal counts the moves refused as not AbstractPlay-legal.
	Illegal int
	// Stale is set when the move accepted came before the turn's webhook
	// was posted: the bot cannot have chosen it for this turn, so it is
	// a move sent again for an earlier one, played as this turn's.
	Stale bool
	// Text is the move accepted.
	Text string
}

// Game is a game the driver plays against the bot.
type Game struct {
	ID       string
	Variant  game.Variant
	BotSide  game.Color
	MaxPlies int

	unheld   bool
	f        *Fake
	g        *game.Game
	texts    []string
	turns    map[int]*Turn
	lastBot  int // the ply of the bot's latest turn, -1 before it
	prevBot  int // the ply of the turn before it, -1 before it
	prevGame *game.Game
	curGame  *game.Game
	rng      *rand.Rand
	dup      int   // webhooks still to deliver twice
	refuse   []int // the statuses of the moves still to refuse
	bodies   map[int][]byte
	done     chan struct{}
	over     bool
	result   string
	err      error
}

// StartGame challenges the bot to a game of spec (it must answer 200)
// and starts it: the driver plays the opponent's moves and sends the bot
// a webhook at each of its turns, until the game ends.
func (f *Fake) StartGame(spec GameSpec) (*Game, error) {
	codes := VariantCodes(spec.Variant)
	status, body, err := f.Challenge(codes)
	if err != nil {
		return nil, fmt.Errorf("apfake: challenge %v: %w", codes, err)
	}
	if status != http.StatusOK {
		return nil, fmt.Errorf("apfake: challenge %v: %d %s", codes, status, body)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	g := &Game{
		ID:       spec.ID,
		Variant:  spec.Variant.WithRules(game.AbstractPlay),
		BotSide:  spec.BotSide,
		MaxPlies: spec.MaxPlies,
		unheld:   spec.Unheld,
		f:        f,
		g:        NewGame(spec.Variant),
		turns:    map[int]*Turn{},
		bodies:   map[int][]byte{},
		lastBot:  -1,
		prevBot:  -1,
		rng:      rand.New(rand.NewPCG(f.opts.Seed, uint64(f.nextID))),
		done:     make(chan struct{}),
	}
	if g.ID == "" {
		g.ID = fmt.Sprintf("apfake-%04d-%s", f.nextID, strings.ReplaceAll(spec.Variant.String(), " ", "-"))
	}
	if g.MaxPlies == 0 {
		g.MaxPlies = f.opts.MaxPlies
	}
	if _, ok := f.games[g.ID]; ok {
		return nil, fmt.Errorf("apfake: game %s exists", g.ID)
	}
	f.games[g.ID] = g
	f.order = append(f.order, g)
	g.advance()
	return g, nil
}

// StartGames starts n games, cycling through variants and alternating the
// bot's seat (White first).
func (f *Fake) StartGames(n int, variants []game.Variant, maxPlies int) ([]*Game, error) {
	var gs []*Game
	for i := range n {
		g, err := f.StartGame(GameSpec{Variant: variants[i%len(variants)], BotSide: game.Color(i % 2), MaxPlies: maxPlies})
		if err != nil {
			return gs, err
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// Games returns the games started, in order.
func (f *Fake) Games() []*Game {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.order)
}

// Game returns the game with the given id, or nil.
func (f *Fake) Game(id string) *Game {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.games[id]
}

// Done is closed when the game has ended (or failed: Err).
func (g *Game) Done() <-chan struct{} { return g.done }

// Err is why the game failed: the bot answered a webhook with an error,
// or could not be reached for longer than the fake redelivers.
func (g *Game) Err() error {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return g.err
}

// Result is how the game ended ("" while it goes on).
func (g *Game) Result() string {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return g.result
}

// Texts returns the move texts played so far.
func (g *Game) Texts() []string {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return slices.Clone(g.texts)
}

// Plies returns how many plies have been played.
func (g *Game) Plies() int {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return len(g.texts)
}

// Turns returns the bot's turns so far, in order.
func (g *Game) Turns() []Turn {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return g.turnsLocked()
}

func (g *Game) turnsLocked() []Turn {
	var out []Turn
	for _, t := range g.turns {
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b Turn) int { return a.Ply - b.Ply })
	return out
}

// Waiting reports whether the game waits for the bot's move.
func (g *Game) Waiting() bool {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return g.waiting()
}

func (g *Game) waiting() bool { return !g.over && g.lastBot == len(g.texts) }

// DuplicateNext makes the game's next webhook (or, when the bot is to
// move now and its webhook was sent, its next one) be delivered twice,
// at once, as AbstractPlay's queue may do.
func (g *Game) DuplicateNext() {
	g.f.mu.Lock()
	g.dup++
	g.f.mu.Unlock()
}

// RefuseNext makes botQuery refuse the game's next move once, with 500
// and a message, as AbstractPlay refuses a move it cannot apply; called n
// times, the next n moves. A refusal is kept for a later turn when the
// move is the last legal one the turn has left.
func (g *Game) RefuseNext() { g.RefuseNextStatus(http.StatusInternalServerError) }

// RefuseNextStatus is RefuseNext with another status, such as 400 or 403.
func (g *Game) RefuseNextStatus(status int) {
	g.f.mu.Lock()
	g.refuse = append(g.refuse, status)
	g.f.mu.Unlock()
}

// Resend delivers the webhook of the bot's turn at ply again (-1: the
// latest), signed afresh, and returns the bot's answer: a second delivery
// of a turn already stored or answered.
func (g *Game) Resend(ply int) (int, string, error) {
	f := g.f
	f.mu.Lock()
	if ply < 0 {
		ply = g.lastBot
	}
	body := g.bodies[ply]
	if t := g.turns[ply]; t != nil {
		t.Deliveries++
	}
	f.record(Event{Kind: EvWebhook, Game: g.ID, Ply: ply, Text: "resent"})
	f.mu.Unlock()
	if body == nil {
		return 0, "", errors.New("apfake: no webhook to resend")
	}
	status, resp, err := f.Post(body, f.Sign(body))
	f.mu.Lock()
	if err != nil {
		f.record(Event{Kind: EvWebhookError, Game: g.ID, Ply: ply, Text: err.Error()})
	} else {
		f.record(Event{Kind: EvAck, Game: g.ID, Ply: ply, Status: status, Text: resp})
	}
	f.mu.Unlock()
	return status, resp, err
}

// History returns the webhook body for the game as it stands.
func (g *Game) History() []byte {
	g.f.mu.Lock()
	defer g.f.mu.Unlock()
	return g.body()
}

func (g *Game) body() []byte {
	return MoveBody(MetaGame, VariantCodes(g.Variant), g.ID, g.f.opts.ClockHours, Rounds(g.texts))
}

// finish ends the game; f.mu is held.
func (g *Game) finish(result string, err error) {
	if g.over {
		return
	}
	g.over, g.result, g.err = true, result, err
	if err != nil {
		g.result = "failed: " + err.Error()
	}
	g.f.record(Event{Kind: EvOver, Game: g.ID, Ply: len(g.texts), Text: g.result})
	close(g.done)
}

// advance plays the opponent's moves until the bot is to move, then
// sends its webhook, or ends the game; f.mu is held.
func (g *Game) advance() {
	for {
		if o := g.g.Outcome(); o.IsOver() {
			g.finish(o.String(), nil)
			return
		}
		if len(g.texts) >= g.MaxPlies {
			g.finish(fmt.Sprintf("move cap of %d plies", g.MaxPlies), nil)
			return
		}
		p := g.g.Position()
		if p.Side() == g.BotSide {
			if len(g.g.LegalMoves()) == 0 {
				g.finish("the bot has no legal move and no claim (V14.2): it can only resign", nil)
				return
			}
			g.sendTurn()
			return
		}
		m, ok := RandomMove(g.g, g.rng)
		if !ok {
			g.finish(fmt.Sprintf("the opponent (%s) has no legal move and resigns", p.Side()), nil)
			return
		}
		text := p.AbstractPlayText(m)
		if err := g.g.Play(m); err != nil {
			g.finish("", fmt.Errorf("apfake: the opponent's move %s: %v", text, err))
			return
		}
		g.texts = append(g.texts, text)
	}
}

// sendTurn starts the bot's turn at the current ply; f.mu is held.
func (g *Game) sendTurn() {
	ply := len(g.texts)
	g.prevBot, g.prevGame = g.lastBot, g.curGame
	g.lastBot, g.curGame = ply, g.g.Clone()
	g.turns[ply] = &Turn{Ply: ply}
	body := g.body()
	g.bodies[ply] = body
	n := 1
	if g.dup > 0 {
		g.dup--
		n = 2
	}
	if g.f.hold && !g.unheld {
		for range n {
			g.f.held = append(g.f.held, heldHook{g, ply, body})
		}
		return
	}
	for range n {
		g.f.wg.Add(1)
		g.f.inflight++
		go g.deliver(ply, body)
	}
}

// deliver posts a webhook until the bot answers it, delivering it again
// after a failure for as long as Options.Redeliver says.
func (g *Game) deliver(ply int, body []byte) {
	f := g.f
	defer f.wg.Done()
	defer func() {
		f.mu.Lock()
		f.inflight--
		f.record(Event{Kind: EvDelivered, Game: g.ID, Ply: ply})
		f.mu.Unlock()
	}()
	start := time.Now()
	backoff := 20 * time.Millisecond
	for attempt := 1; ; attempt++ {
		f.mu.Lock()
		url := f.botURL
		t := g.turns[ply]
		sent := time.Now()
		t.Deliveries++
		if t.Sent.IsZero() {
			t.Sent = sent
		}
		f.record(Event{Kind: EvWebhook, Game: g.ID, Ply: ply, Text: fmt.Sprintf("attempt %d", attempt), At: sent})
		f.mu.Unlock()

		status, resp, err := f.post(f.ctx, url, body, f.Sign(body))
		now := time.Now()
		f.mu.Lock()
		if err != nil {
			f.record(Event{Kind: EvWebhookError, Game: g.ID, Ply: ply, Text: err.Error()})
		} else {
			f.record(Event{Kind: EvAck, Game: g.ID, Ply: ply, Status: status, Text: strings.TrimSpace(resp)})
		}
		switch {
		case err == nil && status == http.StatusAccepted:
			if t.Acked.IsZero() {
				t.Acked, t.AckTime = now, now.Sub(sent)
			}
			f.mu.Unlock()
			return
		case f.ctx.Err() != nil:
			f.mu.Unlock()
			return
		case err == nil && status < 500:
			g.finish("", fmt.Errorf("the bot answered the webhook of ply %d with %d: %s", ply, status, strings.TrimSpace(resp)))
			f.mu.Unlock()
			return
		case f.opts.Redeliver < 0 || time.Since(start) > f.opts.Redeliver:
			why := fmt.Sprint(err)
			if err == nil {
				why = fmt.Sprintf("%d %s", status, resp)
			}
			g.finish("", fmt.Errorf("the webhook of ply %d was not delivered in %v: %s", ply, f.opts.Redeliver, why))
			f.mu.Unlock()
			return
		}
		f.mu.Unlock()
		select {
		case <-time.After(backoff):
		case <-f.ctx.Done():
			return
		}
		backoff = min(2*backoff, 500*time.Millisecond)
	}
}

// takeMove handles a move for g at botQuery; f.mu is held. It returns a
// channel to wait on, f.mu released, before the answer ends (the answer
// held: HoldAnswerNext), or nil.
func (f *Fake) takeMove(w http.ResponseWriter, g *Game, text string) (gate chan struct{}) {
	ply := len(g.texts)
	if !g.waiting() {
		// A move for a turn already answered, or for a game over.
		if t := g.turns[g.lastBot]; t != nil {
			t.Late++
		}
		f.record(Event{Kind: EvLate, Game: g.ID, Ply: g.lastBot, Status: http.StatusInternalServerError, Text: text})
		apError(w, http.StatusInternalServerError, fmt.Sprintf("It is not bot %s's turn in game %s", f.opts.ClientID, g.ID))
		return
	}
	t := g.turns[ply]
	if len(g.refuse) > 0 && len(g.g.LegalMoves()) > t.Refused+1 {
		// (A turn keeps a legal move the fake does not refuse; the
		// refusal waits for a later turn otherwise.)
		status := g.refuse[0]
		g.refuse = g.refuse[1:]
		t.Refused++
		f.record(Event{Kind: EvRefused, Game: g.ID, Ply: ply, Status: status, Text: text})
		apError(w, status, fmt.Sprintf("Unable to apply move %s in game %s (refused by the fake)", text, g.ID))
		return
	}
	if err := CheckText(g.g, text); err != nil {
		if g.prevGame != nil && CheckText(g.prevGame, text) == nil {
			// A move for the previous turn, answered already: the bot
			// answered it twice.
			g.turns[g.prevBot].Resent++
			f.record(Event{Kind: EvStray, Game: g.ID, Ply: g.prevBot, Status: http.StatusInternalServerError, Text: text + ": " + err.Error()})
			apError(w, http.StatusInternalServerError, err.Error())
			return
		}
		t.Illegal++
		f.record(Event{Kind: EvIllegal, Game: g.ID, Ply: ply, Status: http.StatusInternalServerError, Text: err.Error()})
		apError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if _, err := g.g.PlayText(text); err != nil { // CheckText played it on a copy
		panic(err)
	}
	g.texts = append(g.texts, text)
	t.Answers++
	t.Stale = t.Deliveries == 0
	t.Moved = time.Now()
	t.Text = text
	f.record(Event{Kind: EvMove, Game: g.ID, Ply: ply, Status: http.StatusOK, Text: text})
	if f.holdAns > 0 && f.ansGate != nil {
		f.holdAns--
		gate = f.ansGate
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"id":`))
		f.record(Event{Kind: EvFault, Game: g.ID, Ply: ply, Status: http.StatusOK, Text: "answer held"})
	} else if f.lose > 0 {
		f.lose--
		f.record(Event{Kind: EvFault, Game: g.ID, Ply: ply, Status: http.StatusGatewayTimeout, Text: "answer lost after the move was applied"})
		apError(w, http.StatusGatewayTimeout, "Endpoint request timed out")
	} else {
		writeJSON(w, http.StatusOK, map[string]any{
			"id": g.ID, "metaGame": MetaGame, "variants": VariantCodes(g.Variant),
			"moves": Rounds(g.texts),
		})
	}
	// The answer goes out before the opponent's reply and the next
	// webhook, as AbstractPlay answers botQuery before its queue sends
	// the next turn.
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
	if d := f.opts.OpponentDelay; d > 0 && !g.g.Outcome().IsOver() {
		f.wg.Add(1)
		go func() {
			defer f.wg.Done()
			select {
			case <-time.After(d):
			case <-f.ctx.Done():
				return
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			g.advance()
		}()
		return gate
	}
	g.advance()
	return gate
}

// Stats are the figures of a run.
type Stats struct {
	Games, Finished, Failed int
	// BotTurns are the bot's turns webhooks were sent for; Answered
	// those answered exactly once; Doubled those the bot may have played
	// twice (Turn.Resent, Turn.Stale); Late those it sent again when it was not its
	// turn, refused (Turn.Late); Pending those not answered (lost, once
	// the run is over).
	BotTurns, Answered, Doubled, Late, Pending int
	// MovesSent counts the moves the bot sent (every botQuery that got
	// past the gateway); MovesAccepted those accepted; MovesRefused the
	// injected refusals; Illegal those refused as not AbstractPlay-legal;
	// Strays those for a turn already answered (Turn.Resent and
	// Turn.Late); UnknownGames those for a game never started.
	MovesSent, MovesAccepted, MovesRefused, Illegal, Strays, UnknownGames int
	// Faults are the botQuery calls failed on purpose; Unauthorized those
	// refused a token; Tokens the tokens issued.
	Faults, Unauthorized, Tokens int
	// Webhooks are the webhook deliveries; WebhookErrors those that got
	// no answer or not 202.
	Webhooks, WebhookErrors int
	// AckTimes are the times from each turn's webhook to its 202;
	// MoveTimes from each turn's first webhook to its move accepted.
	AckTimes, MoveTimes []time.Duration
}

// Stats returns the run's figures so far.
func (f *Fake) Stats() Stats {
	f.mu.Lock()
	defer f.mu.Unlock()
	var s Stats
	s.Games = len(f.order)
	for _, g := range f.order {
		switch {
		case g.over && g.err == nil:
			s.Finished++
		case g.over:
			s.Failed++
		}
		for _, t := range g.turns {
			s.BotTurns++
			switch {
			case t.Resent > 0 || t.Stale:
				s.Doubled++
			case t.Late > 0:
				s.Late++
			case t.Answers == 1:
				s.Answered++
			default:
				s.Pending++
			}
			if !t.Acked.IsZero() {
				s.AckTimes = append(s.AckTimes, t.AckTime)
			}
			if !t.Moved.IsZero() {
				s.MoveTimes = append(s.MoveTimes, t.Moved.Sub(t.Sent))
			}
		}
	}
	for _, e := range f.events {
		switch e.Kind {
		case EvMove:
			s.MovesAccepted++
		case EvRefused:
			s.MovesRefused++
		case EvIllegal:
			s.Illegal++
		case EvStray, EvLate:
			s.Strays++
		case EvUnknownGame:
			s.UnknownGames++
		case EvFault:
			s.Faults++
		case EvUnauthorized:
			s.Unauthorized++
		case EvToken:
			s.Tokens++
		case EvWebhook:
			s.Webhooks++
		case EvWebhookError:
			s.WebhookErrors++
		case EvAck:
			if e.Status != http.StatusAccepted {
				s.WebhookErrors++
			}
		}
	}
	s.MovesSent = s.MovesAccepted + s.MovesRefused + s.Illegal + s.Strays + s.UnknownGames
	return s
}

// CheckOnce checks that every turn of every game was answered exactly
// once: each turn of a game over has one answer, no move was sent for a
// turn answered or a game unknown, none was illegal, and no game failed.
// It lists every turn that was not.
func (f *Fake) CheckOnce() error { return f.check(false) }

// CheckPlayedOnce is CheckOnce but for moves sent again for a turn
// answered while it was not the bot's turn: AbstractPlay refuses them
// and nothing is played twice (Turn.Late). A bot whose move was applied
// although botQuery's answer was lost cannot tell, and may send again.
func (f *Fake) CheckPlayedOnce() error { return f.check(true) }

func (f *Fake) check(lateOK bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	var errs []string
	for _, g := range f.order {
		if g.err != nil {
			errs = append(errs, fmt.Sprintf("game %s failed: %v", g.ID, g.err))
		}
		for _, t := range g.turnsLocked() {
			if t.Illegal > 0 {
				errs = append(errs, fmt.Sprintf("game %s ply %d: %d moves not AbstractPlay-legal", g.ID, t.Ply, t.Illegal))
			}
			if t.Resent > 0 {
				errs = append(errs, fmt.Sprintf("game %s ply %d answered again %d times after its move %s, when the next turn waited", g.ID, t.Ply, t.Resent, t.Text))
			}
			if t.Stale {
				errs = append(errs, fmt.Sprintf("game %s ply %d answered by %s before its webhook was sent: a move sent again for an earlier turn", g.ID, t.Ply, t.Text))
			}
			if t.Late > 0 && !lateOK {
				errs = append(errs, fmt.Sprintf("game %s ply %d answered again %d times after its move %s (refused: not the bot's turn)", g.ID, t.Ply, t.Late, t.Text))
			}
			if t.Answers == 1 || (t.Answers == 0 && !g.over && t.Ply == g.lastBot) {
				continue
			}
			errs = append(errs, fmt.Sprintf("game %s ply %d not answered", g.ID, t.Ply))
		}
	}
	for _, e := range f.events {
		switch e.Kind {
		case EvUnknownGame:
			errs = append(errs, e.String())
		case EvIllegal:
			if e.Game == "" {
				errs = append(errs, e.String())
			}
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// WaitGames waits until every game started is over and no webhook is
// being delivered.
func (f *Fake) WaitGames(ctx context.Context) error {
	return f.Wait(ctx, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, g := range f.order {
			if !g.over {
				return false
			}
		}
		return f.inflight == 0
	})
}

// Summary describes the games for a failure message.
func (f *Fake) Summary() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b strings.Builder
	for _, g := range f.order {
		fmt.Fprintf(&b, "%s (%s, bot %s): %d plies, %s\n", g.ID, g.Variant, g.BotSide, len(g.texts), g.result)
	}
	return b.String()
}

// String writes the counts, without the times.
func (s Stats) String() string {
	return fmt.Sprintf("games %d (finished %d, failed %d); bot turns %d: answered once %d, maybe twice %d, sent again late %d, unanswered %d; "+
		"moves sent %d: accepted %d, refused %d, illegal %d, stray %d, unknown game %d; faults %d, 401s %d, tokens %d; webhooks %d, failed %d",
		s.Games, s.Finished, s.Failed, s.BotTurns, s.Answered, s.Doubled, s.Late, s.Pending,
		s.MovesSent, s.MovesAccepted, s.MovesRefused, s.Illegal, s.Strays, s.UnknownGames,
		s.Faults, s.Unauthorized, s.Tokens, s.Webhooks, s.WebhookErrors)
}

type heldHook struct {
	g    *Game
	ply  int
	body []byte
}

// Hold makes the driver keep the webhooks of new turns instead of
// delivering them, until Release: once the bot has answered the turns it
// has, it is idle (Quiet).
func (f *Fake) Hold() {
	f.mu.Lock()
	f.hold = true
	f.mu.Unlock()
}

// Release delivers the webhooks held, and those of new turns again.
func (f *Fake) Release() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hold = false
	for _, h := range f.held {
		f.wg.Add(1)
		f.inflight++
		go h.g.deliver(h.ply, h.body)
	}
	f.held = nil
}

// Delivering returns how many webhooks are being delivered.
func (f *Fake) Delivering() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inflight
}

// Quiet reports whether the bot has nothing to do: no webhook is being
// delivered and every game is over or waits for a turn whose webhook is
// held.
func (f *Fake) Quiet() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.inflight > 0 {
		return false
	}
	for _, g := range f.order {
		if g.over {
			continue
		}
		if !g.waiting() || g.turns[g.lastBot].Deliveries > 0 {
			return false
		}
	}
	return true
}

// Reset forgets every game and event, as between runs; no webhook may be
// under way. Tokens stay valid.
func (f *Fake) Reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.games = map[string]*Game{}
	f.order = nil
	f.events = nil
	f.held = nil
}
