package gui

import (
	"context"
	"errors"
	"fmt"
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
	// A process starts on Camelot's board under the WCF's rules, the
	// protocol's defaults (V7, V14).
	b.proc = &engineProc{Process: p, sent: map[string]string{variantOption: rules.Camelot.String(), rulesOption: rules.WCF.String()}}
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

// variantOption is the protocol's option that names the game's board (V7),
// rulesOption the one that names its rule set (V14).
const (
	variantOption = "UCI_Variant"
	rulesOption   = "Rules"
)

// setVariant has the process play variant v: on v's board, sent
// UCI_Variant when its board is another, as a restarted process is, since
// it starts on Camelot's; and under v's rules, sent Rules when they are
// not the ones it plays (a process starts under the WCF's). An engine
// without UCI_Variant plays only Camelot, one without Rules only the
// WCF's rules.
func (p *engineProc) setVariant(v rules.Variant) error {
	if name := v.String(); p.sent[variantOption] != name {
		if !p.HasOption(variantOption) {
			return fmt.Errorf("the engine %s does not play %s: it has no %s option", p.ID(), v.Title(), variantOption)
		}
		if err := p.Send("setoption name " + variantOption + " value " + name); err != nil {
			return engineproc.ErrEOF
		}
		p.sent[variantOption] = name
	}
	if name := v.Rules().String(); p.sent[rulesOption] != name {
		if !p.HasOption(rulesOption) {
			return fmt.Errorf("the engine %s does not play %s's rules: it has no %s option", p.ID(), v.Rules().Title(), rulesOption)
		}
		if err := p.Send("setoption name " + rulesOption + " value " + name); err != nil {
			return engineproc.ErrEOF
		}
		p.sent[rulesOption] = name
	}
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
