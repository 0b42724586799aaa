// Package engine searches Camelot positions: iterative deepening alpha-beta
// with a shared lock-free transposition table run by several threads (lazy
// SMP). It uses movegen for the rules and eval for the static score. It is
// per grid, in the hot core (internal/wide/engine is its generated copy);
// the tools drive it through the search.Engine interface and package
// boards (grid.go).
package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/camelot-engine/camelot/eval"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/movegen"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// The grid-neutral types of a search (package search): the engine of
// every grid takes and gives the same ones.
type (
	Options = search.Options
	Play    = search.Play
	Info    = search.Info
	Result  = search.Result
)

// Playing styles.
const (
	PlayNormal   = search.PlayNormal
	PlayRandom   = search.PlayRandom
	PlayMaterial = search.PlayMaterial
)

// Engine is a searcher with its table and threads. One search runs at a
// time; the setters must not be called during a search.
type Engine struct {
	opts    Options
	Eval    eval.Evaluator
	tt      *TT
	skillTT *TT // the table of weakened searches (Skill), made on first use
	threads []*thread
	nets    [game.NumVariants]*nnue.Net // the net of each board (Variant), nil for none
	mu      sync.Mutex                  // held during a search

	ponderHit chan struct{} // buffered; made once, so PonderHit never races
	rng       *rand.Rand    // for PlayRandom
	current   atomic.Pointer[shared]
	oracle    Oracle      // exact values of a solved board (SetOracle); nil: none
	lmr       *reductions // built from opts.Params
}

// Stop ends the running search, if any, as cancelling its context does,
// but at once: the flag is set by the caller, not by another goroutine.
func (e *Engine) Stop() {
	if s := e.current.Load(); s != nil {
		s.stop.Store(true)
	}
}

// New returns an engine with the given options (zero fields get defaults:
// 16 MB, 1 thread, 1 PV, 30 ms overhead).
func New(o Options) *Engine {
	if o.Hash <= 0 {
		o.Hash = 16
	}
	if o.Threads <= 0 {
		o.Threads = 1
	}
	if o.MultiPV <= 0 {
		o.MultiPV = 1
	}
	if o.MoveOverhead == 0 {
		o.MoveOverhead = 30 * time.Millisecond
	}
	if o.Skill == (Skill{}) {
		o.Skill.Level = MaxSkill
	}
	if o.Params == (search.Params{}) {
		o.Params = search.DefaultParams()
	}
	e := &Engine{opts: o, tt: NewTT(o.Hash), ponderHit: make(chan struct{}, 1)}
	e.SetParams(o.Params)
	for _, v := range movegen.Variants() {
		e.nets[v%game.NumVariants], _ = nnue.DefaultFor(v) // a broken default net fails the nnue tests, not a search
	}
	if o.Net != nil {
		e.nets[o.Net.Variant%game.NumVariants] = o.Net
		e.opts.Net = nil // the nets live in e.nets (Net, SetNet); a copy here would go stale
	}
	e.rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x63616d656c6f74))
	e.SetThreads(o.Threads)
	e.SetPlay(o.Play)
	return e
}

// SetPlay sets the playing style; an unknown one is an error.
func (e *Engine) SetPlay(p Play) error {
	switch p {
	case PlayNormal, "":
		p, e.Eval = PlayNormal, eval.Default
	case PlayRandom:
		e.Eval = eval.Default
	case PlayMaterial:
		e.Eval = eval.Material{}
	default:
		return fmt.Errorf("unknown play style %q (want normal, random or material)", p)
	}
	e.opts.Play = p
	return nil
}

// Options returns the current settings; its Net is nil (the nets of the
// boards are Net(v)).
func (e *Engine) Options() Options { return e.opts }

// SetHash resizes the transposition table (emptying it).
func (e *Engine) SetHash(mb int) {
	e.opts.Hash = mb
	e.tt.Resize(mb)
}

// SetThreads sets the number of search threads.
func (e *Engine) SetThreads(n int) {
	n = max(n, 1)
	e.opts.Threads = n
	for len(e.threads) < n {
		e.threads = append(e.threads, newThread(len(e.threads)))
	}
	e.threads = e.threads[:n]
}

// SetSkill sets the strength level (see Skill); levels outside 0..MaxSkill
// are clamped.
func (e *Engine) SetSkill(sk Skill) {
	sk.Level = max(0, min(sk.Level, MaxSkill))
	e.opts.Skill = sk
}

// SetNet sets the net the search uses on board v when it uses one (nil:
// none, the tuned evaluation). A net of another board is refused.
func (e *Engine) SetNet(v movegen.Variant, n *nnue.Net) error {
	if n != nil && n.Variant != v.WithRules(game.WCF) { // a board's net serves both rule sets (V14)
		return fmt.Errorf("a net of %s, not of %s", n.Variant.Title(), v.Title())
	}
	e.nets[v%game.NumVariants] = n
	return nil
}

// Net returns the net the search uses on board v (nil: none).
func (e *Engine) Net(v movegen.Variant) *nnue.Net { return e.nets[v%game.NumVariants] }

// SetClassic selects the tuned evaluation (true) or the net (false).
func (e *Engine) SetClassic(classic bool) { e.opts.Classic = classic }

// SetMultiPV sets how many principal variations to search and report.
func (e *Engine) SetMultiPV(n int) { e.opts.MultiPV = max(n, 1) }

// SetParams sets the search's tunable constants (search.Params).
func (e *Engine) SetParams(p search.Params) {
	e.opts.Params = p
	d := search.DefaultParams()
	if p.LMRBase == d.LMRBase && p.LMRDivisor == d.LMRDivisor {
		e.lmr = defaultReductions
	} else {
		e.lmr = newReductions(p)
	}
}

// SetMoveOverhead sets the time reserved per move.
func (e *Engine) SetMoveOverhead(d time.Duration) { e.opts.MoveOverhead = max(d, 0) }

// NewGame forgets everything learnt: table, killers, histories.
func (e *Engine) NewGame() {
	e.tt.Clear()
	for _, t := range e.threads {
		t.clearHistory()
	}
}

// PonderHit tells a pondering search that the expected move was played:
// it goes on under the normal time limits counted from now.
func (e *Engine) PonderHit() {
	select {
	case e.ponderHit <- struct{}{}:
	default:
	}
}

// Search searches the current position of g under the limits until they
// are reached or ctx is cancelled, calling info (if not nil) with progress
// from the searching goroutine. With Infinite or Ponder it does not return
// before ctx is cancelled (or, pondering, before PonderHit and the limits).
// With an oracle (SetOracle) that knows every move of the root, the
// oracle chooses the move and the search is one report at depth 1.
func (e *Engine) Search(ctx context.Context, g *game.Game, lim Limits, info func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := time.Now()
	pos, ok := movegen.Unwrap(g.Position())
	if !ok {
		return Result{Outcome: game.Outcome{Result: game.Draw, Rule: "-", Reason: "a position of another grid"}}
	}
	root := rootOf(pos, g.Keys(), lim.SearchMoves)
	if o := g.Outcome(); o.IsOver() {
		<-waitIfInfinite(ctx, lim)
		return Result{Outcome: o}
	}
	if pos.InTreePhase() {
		// V10: ten thousand placements do not fit the move lists; the
		// engine for every board (package boards) searches them by
		// searching the positions they lead to here. Alone, this one
		// places on the first three free tree squares.
		<-waitIfInfinite(ctx, lim)
		return Result{Best: pos.Placements(nil)[0].Neutral(), Depth: 1, Nodes: 1}
	}
	// V14.3: where the side to move may claim a draw, it does when no move
	// is better (or it has none, V14.2).
	claim := g.ClaimOpen()
	if e.opts.Play == PlayRandom {
		var ml movegen.MoveList
		pos.GenerateMoves(&ml)
		<-waitIfInfinite(ctx, lim)
		if ml.N == 0 {
			return claimResult(claim)
		}
		m := ml.Moves[e.rng.IntN(ml.N)]
		return Result{Best: m.Neutral(), Depth: 1, Nodes: 1}
	}
	oracle := e.searchOracle(pos.Variant, e.opts.Skill)
	if oracle != nil {
		if res, ok := e.playTable(ctx, oracle, root, lim, info, start); ok {
			return res
		}
	}
	tt := e.tt
	tt.NewSearch()
	threads, searchPV, skill := e.threads, e.opts.MultiPV, e.opts.Skill
	if skill.Active() {
		// A weakened search starts afresh in a small table of its own, so
		// its move depends on the position alone (with a Skill Seed, the
		// same move every time) and the main table is left as it was.
		if e.skillTT == nil {
			e.skillTT = NewTT(1)
		}
		tt = e.skillTT
		tt.Clear()
		threads[0].clearHistory()
		threads, searchPV = threads[:1], max(searchPV, skillLines(skill.Level))
		lim = capLimits(skill, lim)
	}
	net := e.nets[pos.Variant%game.NumVariants]
	if e.opts.Classic || e.opts.Play != PlayNormal {
		net = nil // the reference opponents keep their own evaluation
	}
	s := &shared{
		tt: tt, eval: e.Eval, net: net, limits: lim, start: start, info: info,
		multiPV: searchPV, shownPV: e.opts.MultiPV, skill: skill.Active(), threads: threads,
		oracle: oracle, par: e.opts.Params, lmr: e.lmr,
		// How an Anti form is played to its goal (V11: the root's order
		// by contact, the contempt for R16's draws, the progress scaling,
		// the capture order and the bounded quiescence search) is the
		// full search's: the reference opponent (Play material) is a
		// plain alpha-beta searcher of material.
		antiPlay: pos.Variant.IsAnti() && e.opts.Play == PlayNormal,
	}
	s.budget = planTime(lim, pos.Side, e.opts.MoveOverhead, e.opts.Params.TimeHorizon)
	s.nodesLeft.Store(int64(min(lim.Nodes, math.MaxInt64)))
	s.pondering.Store(lim.Ponder)
	e.current.Store(s)
	defer e.current.Store(nil)
	select { // a ponderhit left over from an earlier search
	case <-e.ponderHit:
	default:
	}
	stopWatch := make(chan struct{})
	watcherDone := make(chan struct{})
	defer func() {
		close(stopWatch)
		<-watcherDone
	}()
	go func() { // cancellation and ponderhit arrive asynchronously
		defer close(watcherDone)
		for {
			select {
			case <-ctx.Done():
				s.stop.Store(true)
				return
			case <-e.ponderHit:
				s.startPonderHit()
			case <-stopWatch:
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for _, t := range threads {
		t.prepare(s, root)
	}
	if len(threads[0].rootMoves) == 0 { // searchmoves named no legal move, or V14.2's stuck side
		if lim.SearchMoves == nil || slices.Contains(lim.SearchMoves, game.ClaimDraw) {
			<-waitIfInfinite(ctx, lim)
			return claimResult(claim)
		}
		return Result{}
	}
	for _, t := range threads[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.iterate()
		}()
	}
	main := threads[0]
	main.iterate()
	// Infinite and ponder searches wait for the GUI before answering.
	for !s.stop.Load() && (lim.Infinite || s.pondering.Load()) {
		time.Sleep(time.Millisecond)
	}
	s.stop.Store(true)
	wg.Wait()
	// Every completed iteration has been reported once. The answer is
	// its line 1, unless the iteration cut short proved a better move, or
	// a weakened search picks another: that line is reported once more,
	// so that the last line 1 a GUI read is always the move played.
	line, newer := main.bestLine()
	if skill.Active() {
		line, newer = main.skillLine(skill, e.rng), true
	}
	if newer && info != nil {
		main.reportLine(line, 1)
	}
	res := resultOf(line)
	res.Nodes = s.totalNodes()
	// A claim as good as the best move is taken: past 50 plies the side
	// to move's every move scores a draw when the opponent may claim next,
	// and two engines that waited for a better score would play on for
	// ever.
	if claim && line.score <= DrawScore && (lim.SearchMoves == nil || slices.Contains(lim.SearchMoves, game.ClaimDraw)) {
		res.Best, res.Ponder, res.Score = game.ClaimDraw, game.NullMove, MakeScore(DrawScore)
	}
	return res
}

// claimResult is the answer of a side without a legal move: the draw
// claim where it is open (V14.3), else nothing to play (V14.2: the game
// goes on, and that side can only resign).
func claimResult(claim bool) Result {
	if claim {
		return Result{Best: game.ClaimDraw, Score: MakeScore(DrawScore), Depth: 1, Nodes: 1}
	}
	return Result{}
}

func waitIfInfinite(ctx context.Context, lim Limits) <-chan struct{} {
	if lim.Infinite || lim.Ponder {
		return ctx.Done()
	}
	c := make(chan struct{})
	close(c)
	return c
}

// shared is what the threads of one search share.
type shared struct {
	tt        *TT
	eval      eval.Evaluator
	net       *nnue.Net // when not nil, the evaluation instead of eval
	oracle    Oracle    // when not nil, scores the positions it knows
	par       search.Params
	lmr       *reductions
	limits    Limits
	budget    budget
	start     time.Time
	info      func(Info)
	antiPlay  bool // an Anti form played to its goal (V11)
	multiPV   int  // lines searched
	shownPV   int  // lines reported after each iteration
	skill     bool // a weakened search: it reports only the move it picks
	threads   []*thread
	stop      atomic.Bool
	flagged   atomic.Bool // the clock is about to fall: even depth 1 stops
	pondering atomic.Bool
	nodesLeft atomic.Int64 // of Limits.Nodes, not yet claimed by a thread (claimNodes)
	firstDone atomic.Bool  // the main thread has completed depth 1
	mu        sync.Mutex   // guards start after a ponderhit
}

func (s *shared) startPonderHit() {
	s.mu.Lock()
	s.start = time.Now()
	s.mu.Unlock()
	s.pondering.Store(false)
}

func (s *shared) elapsed() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Since(s.start)
}

func (s *shared) totalNodes() uint64 {
	var n uint64
	for _, t := range s.threads {
		n += t.nodes.Load()
	}
	return n
}

// root is what a search starts from: the position on this grid, the keys
// of the positions before it (R16's repetitions) and the root moves
// searchmoves allows (nil: all).
type root struct {
	pos         movegen.Position
	keys        []uint64
	searchMoves []movegen.Move
}

func rootOf(pos movegen.Position, keys []uint64, searchMoves []game.Move) root {
	r := root{pos: pos, keys: keys}
	if searchMoves != nil {
		r.searchMoves = make([]movegen.Move, 0, len(searchMoves))
		for _, m := range searchMoves {
			if gm, ok := movegen.MoveOf(m); ok {
				r.searchMoves = append(r.searchMoves, gm)
			}
		}
	}
	return r
}
