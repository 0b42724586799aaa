package gui

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/camelot-engine/camelot/engineproc"
	rules "github.com/camelot-engine/camelot/game"
)

// Engine timing.
const (
	defaultMoveTime = time.Second      // a move's time with neither movetime nor clock set
	searchGrace     = 30 * time.Second // past its time, an engine that has not moved is hung
	drainTimeout    = 5 * time.Second  // for bestmove after stop
	infoInterval    = 200 * time.Millisecond
	closeWait       = 10 * time.Second
)

// bridge is a game's engine: one process, started when first needed,
// restarted when it dies, and the searches run on it one at a time.
type bridge struct {
	cfg  engineproc.Config
	g    *game
	ctx  context.Context // ends when the game ends
	stop context.CancelFunc

	pmu     sync.Mutex
	proc    *engineProc
	retired map[*engineproc.Process]bool // ended on purpose: no crash report
	closed  bool

	cur         atomic.Pointer[engineproc.Process] // the process, for stop from any goroutine
	needNewGame atomic.Bool                        // send ucinewgame before the next search

	smu    sync.Mutex
	name   string
	failed bool // the engine could not be started

	jmu  sync.Mutex
	job  *job
	jobs sync.WaitGroup
}

// engineProc is a process and the option values it has been sent.
type engineProc struct {
	*engineproc.Process
	sent map[string]string
}

// job is one search; the next one waits for it to end.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
}

func newBridge(cfg engineproc.Config, g *game) *bridge {
	ctx, stop := context.WithCancel(context.Background())
	return &bridge{cfg: cfg, g: g, ctx: ctx, stop: stop, retired: map[*engineproc.Process]bool{}}
}

// status is the engine as the State shows it: its name once started, and
// whether it is usable (running, or not needed yet).
func (b *bridge) status() engineJSON {
	b.smu.Lock()
	defer b.smu.Unlock()
	return engineJSON{Name: b.name, Alive: !b.failed}
}

func (b *bridge) setStatus(name string, failed bool) {
	b.smu.Lock()
	defer b.smu.Unlock()
	if name != "" {
		b.name = name
	}
	b.failed = failed
}

// newGame has the engine told of a new game before its next search.
func (b *bridge) newGame() { b.needNewGame.Store(true) }

// cancel ends the running search; its result is dropped.
func (b *bridge) cancel() {
	b.jmu.Lock()
	defer b.jmu.Unlock()
	if b.job != nil {
		b.job.cancel()
	}
}

// submit runs search on the engine after the running search (which it
// cancels) has ended. fail hears of an engine that cannot be started or
// that died twice.
func (b *bridge) submit(search func(context.Context, *engineProc) error, fail func(error)) {
	b.jmu.Lock()
	defer b.jmu.Unlock()
	prev := b.job
	if prev != nil {
		prev.cancel()
	}
	ctx, cancel := context.WithCancel(b.ctx)
	j := &job{cancel: cancel, done: make(chan struct{})}
	b.job = j
	b.jobs.Add(1)
	go func() {
		defer b.jobs.Done()
		defer close(j.done)
		defer cancel()
		if prev != nil {
			<-prev.done
		}
		b.run(ctx, search, fail)
	}()
}

// run runs a search, retrying it once on a fresh process if the engine
// died under it.
func (b *bridge) run(ctx context.Context, search func(context.Context, *engineProc) error, fail func(error)) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		p, err := b.process(ctx)
		if err != nil {
			if ctx.Err() == nil {
				fail(err)
			}
			return
		}
		err = search(ctx, p)
		if err == nil || ctx.Err() != nil {
			return
		}
		if errors.Is(err, engineproc.ErrTimeout) {
			p.Kill() // hung: the watcher reports it and it is restarted
		}
		if !b.died(p.Process) || attempt > 0 {
			fail(err)
			return
		}
	}
}

// died reports whether the process has exited, waiting a moment for a
// process whose output has just closed.
func (b *bridge) died(p *engineproc.Process) bool {
	select {
	case <-p.Exited():
		return true
	case <-time.After(time.Second):
		return false
	}
}

// process returns the running engine, starting it if need be.
func (b *bridge) process(ctx context.Context) (*engineProc, error) {
	b.pmu.Lock()
	defer b.pmu.Unlock()
	if b.closed {
		return nil, errors.New("the game has ended")
	}
	if p := b.proc; p != nil && p.Alive() {
		if b.needNewGame.Swap(false) {
			if err := p.NewGame(ctx); err != nil {
				return nil, err
			}
		}
		return p, nil
	}
	p, err := engineproc.Start(ctx, b.cfg)
	if err != nil {
		if ctx.Err() == nil {
			b.setStatus("", true)
		}
		return nil, err
	}
	b.needNewGame.Store(false)
	// A process starts on Camelot's board, the protocol's default (V7).
	b.proc = &engineProc{Process: p, sent: map[string]string{variantOption: rules.Camelot.String()}}
	b.cur.Store(p)
	b.setStatus(p.ID(), false)
	go b.watch(p)
	return b.proc, nil
}

// watch waits for the process to end; an end nobody asked for is a crash,
// reported and followed by a restart, the game kept.
func (b *bridge) watch(p *engineproc.Process) {
	<-p.Exited()
	b.pmu.Lock()
	retired, closed := b.retired[p], b.closed
	delete(b.retired, p)
	b.pmu.Unlock()
	if retired || closed {
		return
	}
	msg := fmt.Sprintf("engine exited (%s); restarted", p.ExitStatus())
	if _, err := b.process(b.ctx); err != nil {
		msg = fmt.Sprintf("engine exited (%s); it cannot be restarted: %v", p.ExitStatus(), err)
	}
	b.g.engineEvent(msg)
}

// retire ends a process on purpose.
func (b *bridge) retire(p *engineproc.Process) {
	b.pmu.Lock()
	b.retired[p] = true
	if b.proc != nil && b.proc.Process == p {
		b.proc = nil
	}
	b.pmu.Unlock()
	p.Kill()
}

// close ends the searches and the process.
func (b *bridge) close() {
	b.cancel()
	b.stop() // ends a start under way, so the lock below is not held long
	b.pmu.Lock()
	b.closed = true // no more starts or restarts
	b.pmu.Unlock()
	waited := make(chan struct{})
	go func() { b.jobs.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(closeWait):
	}
	b.pmu.Lock()
	p := b.proc
	b.proc = nil
	if p != nil {
		b.retired[p.Process] = true
	}
	b.pmu.Unlock()
	if p != nil {
		p.Quit()
	}
}

// setOptions sends the options whose values the process does not have.
func (p *engineProc) setOptions(opts ...engineproc.Option) error {
	for _, o := range opts {
		if !p.HasOption(o.Name) || p.sent[o.Name] == o.Value {
			continue
		}
		if err := p.Send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return err
		}
		p.sent[o.Name] = o.Value
	}
	return nil
}

// variantOption is the protocol's option that names the game's board (V7).
const variantOption = "UCI_Variant"

// setVariant has the process play on variant v's board: it is sent
// UCI_Variant when its board is another, as a restarted process is, since
// it starts on Camelot's. An engine without the option plays only Camelot.
func (p *engineProc) setVariant(v rules.Variant) error {
	name := v.String()
	if p.sent[variantOption] == name {
		return nil
	}
	if !p.HasOption(variantOption) {
		return fmt.Errorf("the engine %s does not play %s: it has no %s option", p.ID(), v.Title(), variantOption)
	}
	if err := p.Send("setoption name " + variantOption + " value " + name); err != nil {
		return engineproc.ErrEOF
	}
	p.sent[variantOption] = name
	return nil
}

// search sends the position and go, hands info lines to info, and
// returns the bestmove. A cancelled search is stopped and its bestmove
// read and dropped, so that the conversation stays in step.
func (b *bridge) search(ctx context.Context, p *engineProc, position, goCmd string, limit time.Duration, info func(string)) (string, error) {
	if err := p.Send(position); err != nil {
		return "", engineproc.ErrEOF
	}
	if err := p.Send(goCmd); err != nil {
		return "", engineproc.ErrEOF
	}
	var deadline time.Time
	if limit > 0 {
		deadline = time.Now().Add(limit + searchGrace)
	}
	best := ""
	err := p.ReadUntil(ctx, deadline, func(line string) bool {
		f := strings.Fields(line)
		if len(f) == 0 {
			return false
		}
		switch f[0] {
		case "info":
			if info != nil {
				info(line)
			}
		case "bestmove":
			best = "(none)"
			if len(f) > 1 {
				best = f[1]
			}
			return true
		}
		return false
	})
	if ctx.Err() != nil {
		if err != nil { // interrupted before its bestmove
			b.drain(p.Process)
		}
		return "", ctx.Err()
	}
	return best, err
}

// drain stops a search and reads up to its bestmove; an engine that does
// not answer is ended, and the next search starts a fresh one.
func (b *bridge) drain(p *engineproc.Process) {
	err := p.Send("stop")
	if err == nil {
		err = p.ReadUntil(b.ctx, time.Now().Add(drainTimeout), func(line string) bool {
			return strings.HasPrefix(line, "bestmove")
		})
	}
	if err != nil {
		b.retire(p)
	}
}

// moveRequest is what the engine needs to find a move: the game as it
// stood when asked.
type moveRequest struct {
	version  int
	variant  rules.Variant
	position string // the position command
	goCmd    string
	limit    time.Duration // the time it may take (0: none)
	level    int
	white    bool
	ply      int
}

// startEngineMoveLocked asks the engine for a move for the side to move.
func (g *game) startEngineMoveLocked() {
	g.thinking, g.analysing = true, false
	g.infoSerial++
	serial := g.infoSerial
	now := time.Now()
	g.syncClock(now)
	pos := g.g.Position()
	req := moveRequest{
		version: g.version, variant: pos.Variant(), position: g.positionCommand(len(g.texts)),
		level: g.settings.Level, white: pos.Side().String() == "white", ply: len(g.texts),
	}
	switch {
	case g.settings.MoveTime > 0:
		req.limit = time.Duration(g.settings.MoveTime) * time.Millisecond
		req.goCmd = fmt.Sprintf("go movetime %d", g.settings.MoveTime)
	case g.clockEnabled():
		wt, bt := g.clockLeft(0, now).Milliseconds(), g.clockLeft(1, now).Milliseconds()
		req.limit = g.clockLeft(pos.Side(), now) + time.Duration(g.settings.Inc)*time.Millisecond
		req.goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", wt, bt, g.settings.Inc, g.settings.Inc)
	default:
		req.limit = defaultMoveTime
		req.goCmd = fmt.Sprintf("go movetime %d", defaultMoveTime.Milliseconds())
	}
	b := g.eng
	b.submit(func(ctx context.Context, p *engineProc) error {
		if err := p.setVariant(req.variant); err != nil {
			return err
		}
		if err := p.setOptions(engineproc.Option{Name: "Skill Level", Value: strconv.Itoa(req.level)}, engineproc.Option{Name: "MultiPV", Value: "1"}); err != nil {
			return engineproc.ErrEOF
		}
		// Only the first line: a weakened level searches more in secret.
		lines := newCoalescer(1, func(ls []infoLine) { g.publishInfo(serial, req.ply, req.white, ls) })
		defer lines.stop()
		best, err := b.search(ctx, p, req.position, req.goCmd, req.limit, lines.add)
		if err != nil {
			return err
		}
		lines.flush()
		g.engineMoved(req.version, best)
		return nil
	}, func(err error) { g.engineFailed(req.version, err) })
}

// startAnalysisLocked has the engine analyse the position at ply with
// multipv lines until stopped (go infinite).
func (g *game) startAnalysisLocked(ply, multipv int) {
	g.analysing = true
	g.infoSerial++
	serial := g.infoSerial
	version, white := g.version, g.gameAt(ply).Position().Side().String() == "white"
	position, variant := g.positionCommand(ply), g.g.Start().Variant()
	b := g.eng
	b.submit(func(ctx context.Context, p *engineProc) error {
		if err := p.setVariant(variant); err != nil {
			return err
		}
		// Analysis is at full strength: a level weakens only play.
		if err := p.setOptions(engineproc.Option{Name: "Skill Level", Value: strconv.Itoa(maxLevel)}, engineproc.Option{Name: "MultiPV", Value: strconv.Itoa(multipv)}); err != nil {
			return engineproc.ErrEOF
		}
		lines := newCoalescer(multipv, func(ls []infoLine) { g.publishInfo(serial, ply, white, ls) })
		defer lines.stop()
		_, err := b.search(ctx, p, position, "go infinite", 0, lines.add)
		if err == nil {
			lines.flush()
		}
		return err
	}, func(err error) { g.engineFailed(version, err) })
}

// positionCommand is the protocol's position command for the game after
// its first ply moves.
func (g *game) positionCommand(ply int) string {
	start := g.g.Start()
	cmd := "position cfen " + start.CFEN()
	if ply > 0 {
		cmd += " moves " + strings.Join(g.texts[:ply], " ")
	}
	return cmd
}

// engineMoved plays the engine's bestmove if the game has not changed
// since it was asked. A move that is not legal is refused and reported.
func (g *game) engineMoved(version int, best string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended || version != g.version || !g.thinking {
		return
	}
	g.thinking = false
	if o := g.outcome(); o.IsOver() {
		g.settleLocked()
		g.publishStateLocked()
		return
	}
	pos := g.g.Position()
	m, err := pos.ParseMove(best)
	if err != nil {
		// Held: an engine that always answers so would be asked again at
		// once; the next change lets it try again.
		g.autoplay, g.held = false, true
		g.settleLocked()
		g.hub.publish("error", errorJSON{Error: oneLine(fmt.Sprintf("the engine's move %q was refused: %v", clip(best), err))})
		g.publishStateLocked()
		return
	}
	if err := g.playLocked(m); err != nil {
		g.publishStateLocked()
		return
	}
	g.changedLocked() // the engine goes on if it is to move again
	g.publishStateLocked()
}

// engineFailed reports an engine that could not search.
func (g *game) engineFailed(version int, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended || version != g.version {
		return
	}
	g.thinking, g.analysing, g.autoplay = false, false, false
	g.held = true // not asked again until something changes
	g.settleLocked()
	g.hub.publish("error", errorJSON{Error: oneLine(err.Error())})
	g.publishStateLocked()
}

// engineEvent reports that the engine process died and what became of it.
func (g *game) engineEvent(msg string) {
	g.hub.publish("engine", struct {
		Alive   bool   `json:"alive"`
		Message string `json:"message"`
	}{false, oneLine(msg)})
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.ended {
		g.publishStateLocked()
	}
}

// serveAnalysis answers POST /api/games/{id}/analysis.
func (g *game) serveAnalysis(w http.ResponseWriter, r *http.Request) {
	var req struct {
		On      *bool `json:"on"`
		MultiPV *int  `json:"multipv"`
		Ply     *int  `json:"ply"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	if req.On == nil {
		writeError(w, http.StatusBadRequest, "want on: true or false")
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !*req.On {
		if g.analysing {
			g.analysing = false
			g.infoSerial++
			g.eng.cancel()
		}
		writeJSON(w, http.StatusAccepted, struct{}{})
		return
	}
	multipv, ply := g.settings.MultiPV, len(g.texts)
	if req.MultiPV != nil {
		if *req.MultiPV < 1 || *req.MultiPV > maxMultiPV {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("multipv: %d is not in 1 to %d", *req.MultiPV, maxMultiPV))
			return
		}
		multipv = *req.MultiPV
	}
	if req.Ply != nil {
		if *req.Ply < 0 || *req.Ply > len(g.texts) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad ply %d: want 0 to %d", *req.Ply, len(g.texts)))
			return
		}
		ply = *req.Ply
	}
	if g.thinking {
		writeError(w, http.StatusConflict, "the engine is thinking about its move")
		return
	}
	g.startAnalysisLocked(ply, multipv)
	writeJSON(w, http.StatusAccepted, struct{}{})
}

// infoLine is one line of the engine's thinking (API.md "info").
type infoLine struct {
	MultiPV int       `json:"multipv"`
	Depth   int       `json:"depth"`
	Score   scoreJSON `json:"score"`
	Nodes   int64     `json:"nodes"`
	NPS     int64     `json:"nps"`
	PV      []string  `json:"pv"`
}

type scoreJSON struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"`
}

// parseInfo reads an info line with a score into its form for the page;
// ok is false for other info lines (strings, current move).
func parseInfo(line string) (in infoLine, ok bool) {
	pi, ok := engineproc.ParseInfo(line)
	in = infoLine{MultiPV: pi.MultiPV, Depth: pi.Depth, Nodes: pi.Nodes, NPS: pi.NPS, PV: pi.PV}
	if pi.Mate {
		in.Score.Mate = &pi.Score
	} else {
		in.Score.CP = &pi.Score
	}
	return in, ok
}

// coalescer keeps the latest info line of each PV and publishes them at
// most every infoInterval, so that a fast engine does not flood the page.
type coalescer struct {
	maxPV   int // lines of a higher multipv are not shown
	mu      sync.Mutex
	lines   map[int]infoLine
	dirty   bool
	publish func([]infoLine)
	quit    chan struct{}
	once    sync.Once
}

func newCoalescer(maxPV int, publish func([]infoLine)) *coalescer {
	c := &coalescer{maxPV: maxPV, lines: map[int]infoLine{}, publish: publish, quit: make(chan struct{})}
	go func() {
		t := time.NewTicker(infoInterval)
		defer t.Stop()
		for {
			select {
			case <-c.quit:
				return
			case <-t.C:
				c.flush()
			}
		}
	}()
	return c
}

// add takes an engine output line.
func (c *coalescer) add(line string) {
	in, ok := parseInfo(line)
	if !ok || in.MultiPV > c.maxPV {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lines[in.MultiPV] = in
	c.dirty = true
}

// flush publishes the lines if any changed.
func (c *coalescer) flush() {
	c.mu.Lock()
	if !c.dirty {
		c.mu.Unlock()
		return
	}
	c.dirty = false
	out := make([]infoLine, 0, len(c.lines))
	for _, in := range c.lines {
		out = append(out, in)
	}
	c.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].MultiPV < out[j].MultiPV })
	c.publish(out)
}

// stop ends the periodic flushing.
func (c *coalescer) stop() { c.once.Do(func() { close(c.quit) }) }

// publishInfo sends the engine's latest lines, unless the search they
// come from has been replaced or stopped since.
func (g *game) publishInfo(serial, ply int, white bool, lines []infoLine) {
	g.mu.Lock()
	current := serial == g.infoSerial && !g.ended
	g.mu.Unlock()
	if !current {
		return
	}
	g.hub.publish("info", struct {
		Lines []infoLine `json:"lines"`
		White bool       `json:"white"`
		Ply   int        `json:"ply"`
	}{lines, white, ply})
}
