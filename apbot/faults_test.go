package apbot_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/apbot/apfake"
	"github.com/camelot-engine/camelot/game"
)

// logEvents counts the bot's log lines whose "event" is event.
func logEvents(logs *syncBuffer, event string) int {
	n := 0
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line struct {
			Event string `json:"event"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Event == event {
			n++
		}
	}
	return n
}

// allAcked reports whether every game that waits for the bot has had
// its turn acknowledged (stored).
func allAcked(gs []*apfake.Game) bool {
	for _, g := range gs {
		if !g.Waiting() {
			continue
		}
		turns := g.Turns()
		if turns[len(turns)-1].Acked.IsZero() {
			return false
		}
	}
	return true
}

func startGames(t *testing.T, f *apfake.Fake, specs ...apfake.GameSpec) []*apfake.Game {
	t.Helper()
	var gs []*apfake.Game
	for _, s := range specs {
		g, err := f.StartGame(s)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	return gs
}

// logTurns returns the bot's log lines as "event game ply" keys.
func logTurns(logs *syncBuffer) map[string]bool {
	seen := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line struct {
			Event string `json:"event"`
			Game  string `json:"game"`
			Ply   int    `json:"ply"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Event != "" {
			seen[fmt.Sprintf("%s %s %d", line.Event, line.Game, line.Ply)] = true
		}
	}
	return seen
}

// settle holds the webhooks of new turns and waits until the bot has
// answered every turn it has and logged each move accepted (sent, or
// superseded by the next turn): a moment when stopping it cuts nothing.
func settle(t *testing.T, ctx context.Context, f *apfake.Fake, logs *syncBuffer) {
	t.Helper()
	f.Hold()
	err := f.Wait(ctx, func() bool {
		if !f.Quiet() {
			return false
		}
		seen := logTurns(logs)
		for _, e := range f.Events() {
			if e.Kind == apfake.EvMove && !seen[fmt.Sprintf("move sent %s %d", e.Game, e.Ply)] &&
				!seen[fmt.Sprintf("turn superseded %s %d", e.Game, e.Ply)] {
				return false
			}
		}
		return true
	})
	if err != nil {
		t.Fatalf("settling: %v\n%s", err, f.Summary())
	}
}

// reach waits until every game has been played to ply plies (or is
// over).
func reach(t *testing.T, ctx context.Context, f *apfake.Fake, gs []*apfake.Game, plies int) {
	t.Helper()
	err := f.Wait(ctx, func() bool {
		for _, g := range gs {
			if g.Result() == "" && g.Plies() < plies {
				return false
			}
		}
		return true
	})
	if err != nil {
		t.Fatalf("reaching ply %d: %v\n%s", plies, err, f.Summary())
	}
}

// searching returns how many games wait for a move on a turn the bot
// has stored: its searches, once the bot had time for none to finish.
func searching(gs []*apfake.Game) int {
	n := 0
	for _, g := range gs {
		if !g.Waiting() {
			continue
		}
		tn := g.Turns()
		if last := tn[len(tn)-1]; !last.Acked.IsZero() && last.Answers == 0 {
			n++
		}
	}
	return n
}

// TestRestartDuringSearch stops the bot (Run's context cancelled, its
// server closed) twice while idle and twice in the middle of its
// searches, each time starting a new Bot on the same state: it finishes
// the turns stored, answers no finished turn again, and every turn of
// the games is answered exactly once.
func TestRestartDuringSearch(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 2, MaxPlies: 36})
	dumpOnFailure(t, f, logs)
	ctx := deadline(t, 90*time.Second)
	dir := t.TempDir()
	slow := config(t, f, dir, logs)
	slow.MoveTime = 2 * time.Second
	fast := config(t, f, dir, logs)

	bot := startBot(t, f, fast)
	gs := startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
		apfake.GameSpec{Variant: game.River, BotSide: game.Black},
		apfake.GameSpec{Variant: game.Chivalry, BotSide: game.White},
	)
	for _, plies := range []int{8, 20} {
		// Out of the opening book, stopped while idle.
		reach(t, ctx, f, gs, plies)
		settle(t, ctx, f, logs)
		bot.stop()
		// Then during the searches of the turns held meanwhile.
		bot = startBot(t, f, slow)
		moved := f.Count(apfake.EvMove)
		f.Release()
		if err := f.Wait(ctx, func() bool { return allAcked(gs) }); err != nil {
			t.Fatal(err)
		}
		n := searching(gs)
		bot.stop()
		if f.Count(apfake.EvMove) != moved || n == 0 {
			t.Logf("ply %d: %d searches stopped, %d moves sent before the stop (a slow machine?)", plies, n, f.Count(apfake.EvMove)-moved)
		}
		if n == 0 {
			t.Errorf("ply %d: no search was running when the bot was stopped", plies)
		}
		bot = startBot(t, f, fast)
	}
	waitGames(t, f, 90*time.Second)
	checkOnce(t, f)
	checkLogs(t, f, logs)
}

// TestDuplicateWebhook delivers webhooks twice at once, and every turn
// again after it was answered, and after the game ended: each is
// acknowledged with 202 and nothing is played twice.
func TestDuplicateWebhook(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 3, MaxPlies: 40})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	gs := startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
		apfake.GameSpec{Variant: game.Cam, BotSide: game.Black},
		apfake.GameSpec{Variant: game.AntiChivalry, BotSide: game.White},
	)
	for _, g := range gs {
		for range 4 {
			g.DuplicateNext()
		}
	}
	// A turn delivered again while its game goes on.
	ctx := deadline(t, 60*time.Second)
	if _, err := f.WaitEvent(ctx, 0, func(e apfake.Event) bool { return e.Kind == apfake.EvMove && e.Game == gs[0].ID }); err != nil {
		t.Fatal(err)
	}
	if st, body, err := gs[0].Resend(0); err != nil || st != http.StatusAccepted {
		t.Errorf("turn 0 delivered again after its move: %d %q %v, want 202", st, body, err)
	}
	waitGames(t, f, 60*time.Second)
	for _, g := range gs {
		for _, tn := range g.Turns() {
			if st, body, err := g.Resend(tn.Ply); err != nil || st != http.StatusAccepted {
				t.Errorf("%s ply %d delivered again after the game: %d %q %v, want 202", g.ID, tn.Ply, st, body, err)
			}
		}
	}
	// A sentinel: once its turn is answered, the bot has handled what
	// came before (turns are searched in arrival order).
	startGames(t, f, apfake.GameSpec{Variant: game.Camette, BotSide: game.White, MaxPlies: 1})
	waitGames(t, f, 60*time.Second)
	checkOnce(t, f)
	for _, g := range gs {
		// Each turn was delivered again after the game; the four after
		// the first were delivered twice at once before that.
		turns, twice := g.Turns(), 0
		for _, tn := range turns {
			if tn.Deliveries >= 3 {
				twice++
			}
		}
		if want := min(4, len(turns)-1); twice < want {
			t.Errorf("%s: %d turns delivered twice at once, want %d", g.ID, twice, want)
		}
	}
}

// TestBotQueryDown takes botQuery down for a second, with its port
// closed or answering 503, while the bot has moves to send: it retries
// with backoff and sends each move once when botQuery is back.
func TestBotQueryDown(t *testing.T) {
	for _, refuse := range []bool{true, false} {
		name := map[bool]string{true: "connection-refused", false: "503"}[refuse]
		t.Run(name, func(t *testing.T) {
			logs := &syncBuffer{}
			f := newFake(t, apfake.Options{Seed: 4, MaxPlies: 30})
			dumpOnFailure(t, f, logs)
			startBot(t, f, config(t, f, "", logs))
			ctx := deadline(t, 60*time.Second)
			gs := startGames(t, f,
				apfake.GameSpec{Variant: game.Camelot, BotSide: game.Black},
				apfake.GameSpec{Variant: game.River, BotSide: game.White},
			)
			if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 4 }); err != nil {
				t.Fatal(err)
			}
			f.QueryDown(refuse)
			down := time.Now()
			// The bot has turns to answer while botQuery is down, and
			// tries to.
			if err := f.Wait(ctx, func() bool {
				return allAcked(gs) && (refuse || f.Count(apfake.EvFault) >= 3)
			}); err != nil {
				t.Fatal(err)
			}
			f.QueryUpAfter(max(time.Second-time.Since(down), 200*time.Millisecond))
			waitGames(t, f, 60*time.Second)
			checkOnce(t, f)
			up, err := f.WaitEvent(ctx, 0, func(e apfake.Event) bool { return e.Kind == apfake.EvQueryUp })
			if err != nil {
				t.Fatal(err)
			}
			across := 0
			for _, g := range gs {
				for _, tn := range g.Turns() {
					if tn.Acked.Before(up.At) && tn.Moved.After(up.At) {
						across++
					}
				}
			}
			if across == 0 {
				t.Error("no turn stored while botQuery was down was answered after it came back")
			}
			if n := logEvents(logs, "retry"); n == 0 {
				t.Error("no retry logged")
			}
		})
	}
}

// TestStaleToken makes every token stale twice during the games: the
// next botQuery gets 401, the bot renews its token and sends again, and
// every turn is answered once.
func TestStaleToken(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 5, MaxPlies: 40})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	ctx := deadline(t, 60*time.Second)
	startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
		apfake.GameSpec{Variant: game.Chivalry, BotSide: game.Black},
	)
	for i := 1; i <= 2; i++ {
		if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 3*i }); err != nil {
			t.Fatal(err)
		}
		f.ExpireTokens()
		if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvUnauthorized) >= i }); err != nil {
			t.Fatal(err)
		}
	}
	waitGames(t, f, 60*time.Second)
	checkOnce(t, f)
	checkLogs(t, f, logs)
	if s := f.Stats(); s.Unauthorized < 2 || s.Tokens < 3 {
		t.Errorf("401s %d, tokens %d: want at least 2 and 3", s.Unauthorized, s.Tokens)
	}
}

// TestRefusedMove refuses moves as AbstractPlay does (500 with a
// message, or a 4xx other than 401): the bot sends its next-best legal
// move instead, never a move refused, and gives a turn up after three
// refusals.
func TestRefusedMove(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 6, MaxPlies: 30})
	dumpOnFailure(t, f, logs)
	startBot(t, f, config(t, f, "", logs))
	f.Hold() // the first turns wait until their refusals are set
	gs := startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.Black},
		apfake.GameSpec{Variant: game.Cam, BotSide: game.White},
		apfake.GameSpec{Variant: game.Chivalry, BotSide: game.Black},
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
	)
	gs[0].RefuseNext() // twice on the first turn
	gs[0].RefuseNext()
	gs[1].RefuseNextStatus(http.StatusBadRequest)
	gs[2].RefuseNextStatus(http.StatusForbidden)
	for range 3 {
		gs[3].RefuseNext()
	}
	f.Release()
	// Once more later in a game.
	ctx := deadline(t, 60*time.Second)
	if _, err := f.WaitEvent(ctx, 0, func(e apfake.Event) bool { return e.Kind == apfake.EvMove && e.Game == gs[1].ID && e.Ply >= 6 }); err != nil {
		t.Fatal(err)
	}
	gs[1].RefuseNext()
	if err := f.Wait(ctx, func() bool {
		for _, g := range gs[:3] {
			if g.Result() == "" {
				return false
			}
		}
		return gs[3].Turns()[0].Refused == 3 && f.Delivering() == 0
	}); err != nil {
		t.Fatalf("%v\n%s", err, f.Summary())
	}
	checkOnce(t, f)
	refused := map[string][]string{} // game/ply: the moves refused
	for _, e := range f.Events() {
		if e.Kind == apfake.EvRefused {
			k := fmt.Sprintf("%s/%d", e.Game, e.Ply)
			refused[k] = append(refused[k], e.Text)
		}
	}
	for i, g := range gs[:3] {
		n := 0
		for _, tn := range g.Turns() {
			n += tn.Refused
			if slices.Contains(refused[fmt.Sprintf("%s/%d", g.ID, tn.Ply)], tn.Text) {
				t.Errorf("%s ply %d: the move accepted, %s, had been refused", g.ID, tn.Ply, tn.Text)
			}
			if r := refused[fmt.Sprintf("%s/%d", g.ID, tn.Ply)]; len(r) != len(slices.Compact(slices.Sorted(slices.Values(r)))) {
				t.Errorf("%s ply %d: a refused move was sent again: %v", g.ID, tn.Ply, r)
			}
		}
		if want := []int{2, 2, 1}[i]; n != want {
			t.Errorf("%s: %d moves refused, want %d", g.ID, n, want)
		}
	}
	// Three refusals of one turn: the bot gives the turn up.
	turns := gs[3].Turns()
	if len(turns) != 1 || turns[0].Refused != 3 || turns[0].Answers != 0 || turns[0].Illegal != 0 {
		t.Errorf("%s: turns %+v: want one turn refused three times and no fourth move", gs[3].ID, turns)
	}
	if n, want := logEvents(logs, "refusal"), 2+2+1+3; n != want {
		t.Errorf("%d refusals logged, want %d", n, want)
	}
}

// TestKill9 runs the bot as a child process and kills it with SIGKILL,
// once while idle and once during its searches of stored turns, each
// time starting a new one on the same state: every turn is answered
// exactly once.
func TestKill9(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 7, MaxPlies: 24})
	dumpOnFailure(t, f, logs)
	ctx := deadline(t, 90*time.Second)
	dir := t.TempDir()
	c := startChild(t, f, dir, 50*time.Millisecond, logs)
	f.SetBot(c.url)
	gs := startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
		apfake.GameSpec{Variant: game.River, BotSide: game.Black},
	)
	reach(t, ctx, f, gs, 8)
	settle(t, ctx, f, logs)
	c.kill()
	c = startChild(t, f, dir, 2*time.Second, logs)
	f.SetBot(c.url)
	moved := f.Count(apfake.EvMove)
	f.Release()
	if err := f.Wait(ctx, func() bool { return allAcked(gs) }); err != nil {
		t.Fatal(err)
	}
	n := searching(gs)
	c.kill()
	if n == 0 || f.Count(apfake.EvMove) != moved {
		t.Errorf("%d searches killed, %d moves sent before the kill: want the kill during the searches", n, f.Count(apfake.EvMove)-moved)
	}
	c = startChild(t, f, dir, 50*time.Millisecond, logs)
	f.SetBot(c.url)
	waitGames(t, f, 90*time.Second)
	checkOnce(t, f)
	checkLogs(t, f, logs)
}

// TestNetworkFaults answers turns through botQuery calls that time out,
// connections dropped without an answer, a token endpoint down for a
// while and a third of botQuery's calls failing with 502, 503 or 504:
// every turn is answered exactly once.
func TestNetworkFaults(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 8, MaxPlies: 40})
	dumpOnFailure(t, f, logs)
	cfg := config(t, f, "", logs)
	cfg.Client = &http.Client{Timeout: 300 * time.Millisecond}
	startBot(t, f, cfg)
	ctx := deadline(t, 60*time.Second)
	f.TokenDown(true)
	startGames(t, f,
		apfake.GameSpec{Variant: game.Camelot, BotSide: game.White},
		apfake.GameSpec{Variant: game.AntiCam, BotSide: game.Black},
	)
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvTokenRefused) >= 3 }); err != nil {
		t.Fatal(err)
	}
	f.TokenDown(false)
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 4 }); err != nil {
		t.Fatal(err)
	}
	f.StallNext(2, 2*time.Second)
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvFault) >= 2 && f.Count(apfake.EvMove) >= 6 }); err != nil {
		t.Fatal(err)
	}
	f.DropNext(2)
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvFault) >= 4 && f.Count(apfake.EvMove) >= 8 }); err != nil {
		t.Fatal(err)
	}
	f.SetFailRate(1.0 / 3)
	waitGames(t, f, 60*time.Second)
	checkOnce(t, f)
	checkLogs(t, f, logs)
	t.Log(f.Stats())
}

// TestLostAnswer has botQuery apply moves and then answer 504, as a
// gateway that timed out after AbstractPlay played the move: the bot,
// which cannot know, sends again, and AbstractPlay refuses what it sends
// while the opponent thinks; when the opponent has answered at once, the
// next turn's webhook comes first and the bot drops the old turn. Either
// way no move may be played twice.
func TestLostAnswer(t *testing.T) {
	for _, opp := range []time.Duration{0, 400 * time.Millisecond} {
		t.Run("opponent-"+opp.String(), func(t *testing.T) {
			logs := &syncBuffer{}
			f := newFake(t, apfake.Options{Seed: 9, MaxPlies: 14, OpponentDelay: opp})
			dumpOnFailure(t, f, logs)
			cfg := config(t, f, "", logs)
			if opp == 0 {
				// Retries come after the next webhook, as they do with the
				// default backoff of a second and a human opponent.
				cfg.BackoffMin, cfg.BackoffMax = 300*time.Millisecond, time.Second
			}
			startBot(t, f, cfg)
			ctx := deadline(t, 60*time.Second)
			gs := startGames(t, f, apfake.GameSpec{Variant: game.Camelot, BotSide: game.White})
			if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 3 }); err != nil {
				t.Fatal(err)
			}
			f.LoseNext(1)
			if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 6 }); err != nil {
				t.Fatal(err)
			}
			f.LoseNext(1)
			waitGames(t, f, 60*time.Second)
			if err := f.CheckPlayedOnce(); err != nil {
				t.Errorf("a move played twice:\n%v", err)
			}
			late := 0
			for _, tn := range gs[0].Turns() {
				late += tn.Late
			}
			t.Logf("%v; moves sent again and refused as not the bot's turn: %d", f.Stats(), late)
		})
	}
}

// TestShedLoad: past Config.MaxPending stored turns, a turn gets 503
// (AbstractPlay does not retry; shedding beats queueing without bound),
// and a second delivery of a stored turn is still acknowledged.
func TestShedLoad(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{})
	dumpOnFailure(t, f, logs)
	cfg := config(t, f, "", logs)
	cfg.MaxPending = 2
	bot, err := apbotNew(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptestServer(t, bot)
	f.SetBot(srv)
	// No workers run: the turns stay stored.
	for i, want := range []int{202, 202, 503, 503} {
		b := apfake.MoveBody(apfake.MetaGame, nil, fmt.Sprintf("shed-%d", i), 72, nil)
		status, reason, err := f.Post(b, f.Sign(b))
		if err != nil || status != want {
			t.Errorf("turn %d: %d %q %v, want %d", i, status, strings.TrimSpace(reason), err, want)
		}
	}
	b := apfake.MoveBody(apfake.MetaGame, nil, "shed-0", 72, nil)
	if status, reason, err := f.Post(b, f.Sign(b)); err != nil || status != http.StatusAccepted {
		t.Errorf("a stored turn again: %d %q %v, want 202", status, strings.TrimSpace(reason), err)
	}
}

// answerSignal is the bot's transport, which records the moves of the
// botQuery answers whose status it has read. (A count of answers would
// not do: an answer the next turn's webhook overtakes is cut off by the
// bot, its status never read.)
type answerSignal struct {
	base http.RoundTripper
	mu   sync.Mutex
	read map[string]bool // game and move texts, "id move"
}

func (a *answerSignal) RoundTrip(r *http.Request) (*http.Response, error) {
	var q struct{ GameID, Move string }
	if strings.HasSuffix(r.URL.Path, "/botQuery") && r.GetBody != nil {
		if body, err := r.GetBody(); err == nil {
			_ = json.NewDecoder(body).Decode(&q)
			body.Close()
		}
	}
	resp, err := a.base.RoundTrip(r)
	if err == nil && q.Move != "" {
		a.mu.Lock()
		if a.read == nil {
			a.read = map[string]bool{}
		}
		a.read[q.GameID+" "+q.Move] = true
		a.mu.Unlock()
	}
	return resp, err
}

// hasRead reports whether the status of an answer to move text in game
// id has been read.
func (a *answerSignal) hasRead(id, text string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.read[id+" "+text]
}

// TestStopAsBotQueryAnswers stops the bot while botQuery's answer to its
// move is under way (its 200 read, its body not yet): the move was
// taken, so the next process must not send the turn again.
func TestStopAsBotQueryAnswers(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 13, MaxPlies: 12})
	dumpOnFailure(t, f, logs)
	ctx := deadline(t, 60*time.Second)
	cfg := config(t, f, "", logs)
	cfg.Searches = 1
	sig := &answerSignal{base: &http.Transport{}}
	cfg.Client = &http.Client{Timeout: 30 * time.Second, Transport: sig}
	bot := startBot(t, f, cfg)
	gs := startGames(t, f, apfake.GameSpec{Variant: game.Camelot, BotSide: game.White})
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 2 }); err != nil {
		t.Fatal(err)
	}
	f.Hold()
	f.HoldAnswerNext()
	// The next move the fake takes is the one whose answer is held: wait
	// until the bot has its status.
	held, err := f.WaitEvent(ctx, 0, func(e apfake.Event) bool { return e.Kind == apfake.EvFault })
	if err != nil {
		t.Fatal(err)
	}
	text := gs[0].Texts()[held.Ply]
	if err := f.Wait(ctx, func() bool { return sig.hasRead(held.Game, text) }); err != nil {
		t.Fatal(err)
	}
	bot.stop()
	f.ReleaseAnswers()
	before := len(gs[0].Texts())
	// A sentinel searched for 200 ms after whatever the new process
	// loaded: a turn it sent again would come before the sentinel's move.
	slow := cfg
	slow.MoveTime = 200 * time.Millisecond
	startBot(t, f, slow)
	sg := startGames(t, f, apfake.GameSpec{ID: "sentinel", Variant: game.River, BotSide: game.White, MaxPlies: 1, Unheld: true})
	if err := f.Wait(ctx, func() bool { return sg[0].Result() != "" }); err != nil {
		t.Fatal(err)
	}
	if s := f.Stats(); s.Strays != 0 || len(gs[0].Texts()) != before {
		t.Errorf("the turn answered as the bot stopped was sent again: %v", s)
	}
	f.Release()
	waitGames(t, f, 60*time.Second)
	checkOnce(t, f)
}

// TestKillAsBotQueryAnswers kills the bot, a child process, while
// botQuery's answer to its move is under way: the move was played, and
// the bot cannot know. The new process sends the same move again (it was
// stored as maybe played) and nothing else: AbstractPlay refuses it,
// since the game has gone on, and the bot takes that as the move played
// rather than send a next-best move for the old position, which could be
// played as the next turn's.
func TestKillAsBotQueryAnswers(t *testing.T) {
	logs := &syncBuffer{}
	f := newFake(t, apfake.Options{Seed: 14, MaxPlies: 16})
	dumpOnFailure(t, f, logs)
	ctx := deadline(t, 60*time.Second)
	dir := t.TempDir()
	c := startChild(t, f, dir, 50*time.Millisecond, logs)
	f.SetBot(c.url)
	startGames(t, f, apfake.GameSpec{Variant: game.Chivalry, BotSide: game.White})
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvMove) >= 3 }); err != nil {
		t.Fatal(err)
	}
	f.Hold()
	f.HoldAnswerNext()
	if err := f.Wait(ctx, func() bool { return f.Count(apfake.EvFault) == 1 }); err != nil {
		t.Fatal(err)
	}
	c.kill()
	f.ReleaseAnswers()
	c = startChild(t, f, dir, 50*time.Millisecond, logs)
	f.SetBot(c.url)
	sg := startGames(t, f, apfake.GameSpec{ID: "sentinel", Variant: game.River, BotSide: game.White, MaxPlies: 1, Unheld: true})
	if err := f.Wait(ctx, func() bool { return sg[0].Result() != "" }); err != nil {
		t.Fatal(err)
	}
	f.Release()
	waitGames(t, f, 60*time.Second)
	if err := f.CheckPlayedOnce(); err != nil {
		t.Errorf("a move played for a turn it was not chosen for:\n%v", err)
	}
	t.Log(f.Stats())
}
