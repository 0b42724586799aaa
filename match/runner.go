// Package match runs matches between two engines that speak the
// project's UCI-style protocol, in the manner of cutechess-cli: the
// `camelot match` command.
//
// The runner is the referee. It keeps its own game.Game of every game,
// reads every bestmove by the rules (game.Position.ParseMove), and ends games by the rules (R14-R16,
// via game.Game.Outcome), by forfeit (an illegal or unreadable move,
// no move in a game that is not over, a crash, exceeding the clock) or by
// the optional -draw and -resign adjudication. Engines are started once
// per worker and reused across games; an engine that died or had to be
// killed is restarted before its next game.
//
// Games are numbered from 1. Games 2k-1 and 2k form a pair: the same
// opening with colours swapped, the first engine (A) playing White in the
// odd game. Results are counted from A's point of view with package stats,
// pairs in the pentanomial counts.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/camelot-engine/camelot/engineproc"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/record"
	"github.com/camelot-engine/camelot/stats"
)

// Report is what a finished (or interrupted) match produced.
type Report struct {
	Tally        stats.Tally // counted games, from engine A's point of view
	Finished     int         // games finished and counted
	Abandoned    int         // games stopped by an interruption, not counted
	Interrupted  bool        // the context was cancelled
	SPRTDecision int         // -1 H0 accepted, +1 H1 accepted, 0 none or undecided
	Results      []GameReport
}

// GameReport is one counted game.
type GameReport struct {
	Number      int
	White       string
	Black       string
	Result      string // 1-0, 0-1 or 1/2-1/2
	Termination string // the short reason
}

// runner is the state of one match.
type runner struct {
	cfg      *Config
	con      *console
	ref      *referee
	openings []record.Opening
	order    []int // opening indices, in the order pairs use them

	mu        sync.Mutex
	nextGame  int  // number of the next game to start
	stopping  bool // start no more games
	fatal     error
	outcomes  map[int]stats.Outcome // finished games, from A's view
	pgn       *os.File
	pgnFailed bool
}

// Run plays the match described by cfg, printing progress on stdout (a
// live progress line when terminal is set, plain lines otherwise),
// warnings on stderr, and the summary at the end. Cancelling ctx stops the
// match: running games are abandoned, the engines killed, and the summary
// of the finished games is printed. The error reports a match that could
// not be run or went wrong (an engine that cannot start, an unreadable
// openings file); the report is valid even then.
func Run(ctx context.Context, cfg *Config, stdout, stderr io.Writer, terminal bool) (*Report, error) {
	r := &runner{
		cfg:      cfg,
		con:      newConsole(stdout, stderr, terminal),
		nextGame: 1,
		outcomes: map[int]stats.Outcome{},
	}
	site, err := os.Hostname()
	if err != nil || site == "" {
		site = "?"
	}
	r.ref = &referee{cfg: cfg, con: r.con, site: site}
	if err := r.loadOpenings(); err != nil {
		return &Report{}, err
	}
	if cfg.PGNOut != "" {
		f, err := os.OpenFile(cfg.PGNOut, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return &Report{}, fmt.Errorf("-pgnout: %v", err)
		}
		r.pgn = f
		defer f.Close()
	}

	workCtx, cancelWork := context.WithCancel(ctx)
	defer cancelWork()
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for range min(max(cfg.Concurrency, 1), max(cfg.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker(workCtx, results)
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	rep := &Report{}
	r.showProgress(rep)
	for res := range results {
		if res.fatal != nil {
			r.setFatal(res.fatal)
			cancelWork()
		}
		if res.abandoned || res.rec == nil || res.result == game.Ongoing {
			if res.abandoned {
				rep.Abandoned++
			}
			continue
		}
		r.count(res, rep)
	}

	rep.Interrupted = ctx.Err() != nil
	r.con.endProgress()
	r.mu.Lock()
	fatal := r.fatal
	r.mu.Unlock()
	switch {
	case rep.Interrupted:
		r.con.println(fmt.Sprintf("Interrupted: %s finished, %d abandoned", plural.Of(rep.Finished, "game", "games"), rep.Abandoned))
	case fatal != nil:
		r.con.println(fmt.Sprintf("Match stopped: %s finished", plural.Of(rep.Finished, "game", "games")))
	default:
		r.con.println("Finished match")
	}
	r.con.println(r.summary(rep.Tally)...)
	if err := r.writeResults(!rep.Interrupted && fatal == nil && rep.Finished == cfg.shardGames()); err != nil {
		r.con.warn("-results: %v", err)
	}
	if cfg.SPRT != nil {
		rep.SPRTDecision, _ = cfg.SPRT.Decide(rep.Tally)
	}
	return rep, fatal
}

// setFatal keeps the first fatal error and stops the match.
func (r *runner) setFatal(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fatal == nil {
		r.fatal = err
	}
	r.stopping = true
}

// loadOpenings reads the -openings file and fixes the order of use.
func (r *runner) loadOpenings() error {
	o := r.cfg.Openings
	if o == nil {
		return nil
	}
	ops, err := readOpenings(o.File, r.cfg.Variant)
	if err != nil {
		return fmt.Errorf("-openings: %v", err)
	}
	for _, op := range ops {
		p := op.Position()
		if out := p.Outcome(); out.IsOver() {
			r.con.warn("opening %s of %s is already decided (%s); skipped", op.Name, o.File, out)
			continue
		}
		r.openings = append(r.openings, op)
	}
	if len(r.openings) == 0 {
		return fmt.Errorf("-openings: %s has no playable openings", o.File)
	}
	r.order = make([]int, len(r.openings))
	for i := range r.order {
		r.order[i] = i
	}
	if o.Order == Random {
		seed := r.cfg.Seed
		if !r.cfg.SeedSet {
			seed = uint64(time.Now().UnixNano())
			r.con.println(fmt.Sprintf("Random opening order, seed %d (repeat with -srand %d)", seed, seed))
		}
		rng := rand.New(rand.NewPCG(seed, 0x6f70656e696e6773))
		rng.Shuffle(len(r.order), func(i, j int) { r.order[i], r.order[j] = r.order[j], r.order[i] })
	}
	return nil
}

// next hands out the next game to play, or false when no more games are
// to be started.
func (r *runner) next(ctx context.Context) (gameSpec, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for r.nextGame <= r.cfg.Games && !r.cfg.inShard(r.nextGame) {
		r.nextGame++ // another shard's game
	}
	if r.stopping || r.nextGame > r.cfg.Games || ctx.Err() != nil {
		return gameSpec{}, false
	}
	n := r.nextGame
	r.nextGame++
	spec := gameSpec{number: n, white: (n - 1) % 2}
	if len(r.openings) > 0 {
		pair := (n - 1) / 2
		k := (r.cfg.Openings.Start - 1 + pair) % len(r.openings)
		spec.opening = &r.openings[r.order[k]]
	}
	return spec, true
}

// worker plays games on its own pair of engine processes until there are
// no more games.
func (r *runner) worker(ctx context.Context, results chan<- gameResult) {
	var procs [2]*engineproc.Process
	defer func() {
		var wg sync.WaitGroup
		for _, p := range procs {
			if p == nil {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				if ctx.Err() != nil {
					p.Kill()
				} else {
					p.Quit()
				}
			}()
		}
		wg.Wait()
	}()
	for {
		spec, ok := r.next(ctx)
		if !ok {
			return
		}
		if err := r.prepare(ctx, &procs); err != nil {
			if ctx.Err() == nil { // else the game never started
				results <- gameResult{spec: spec, fatal: err}
			}
			return
		}
		res := r.ref.play(ctx, spec, procs)
		for i, restart := range res.restart {
			if restart && procs[i] != nil {
				procs[i].Kill()
				procs[i] = nil
			}
		}
		if res.crashed && !r.cfg.Recover && res.fatal == nil {
			res.fatal = fmt.Errorf("an engine crashed in game %d and -norecover is set", spec.number)
		}
		results <- res
		if res.fatal != nil {
			return
		}
	}
}

// prepare makes both engines ready for a new game: it starts missing ones,
// restarts dead ones, and sends ucinewgame to the others.
func (r *runner) prepare(ctx context.Context, procs *[2]*engineproc.Process) error {
	var debug func(name, dir, line string)
	if r.cfg.Debug {
		debug = r.con.debug
	}
	for i := range procs {
		e := &r.cfg.Engines[i]
		if p := procs[i]; p != nil {
			if p.Alive() {
				err := p.NewGame(ctx)
				if err == nil {
					continue
				}
				if ctx.Err() != nil {
					return ctx.Err()
				}
				r.con.warn("%v; restarting it", err)
				p.Kill()
			} else {
				if !r.cfg.Recover {
					return fmt.Errorf("engine %s exited between games (%s) and -norecover is set", e.Name, p.ExitStatus())
				}
				r.con.warn("engine %s exited (%s); restarting it", e.Name, p.ExitStatus())
			}
			procs[i] = nil
		}
		p, err := engineproc.Start(ctx, e.processConfig(debug, r.cfg.Variant))
		if err != nil {
			return err
		}
		if err := p.NewGame(ctx); err != nil {
			p.Kill()
			return err
		}
		procs[i] = p
	}
	return nil
}

// outcomeForA converts a game result to engine A's point of view.
func outcomeForA(res game.Result, aIsWhite bool) stats.Outcome {
	switch {
	case res == game.Draw:
		return stats.Draw
	case (res == game.WhiteWins) == aIsWhite:
		return stats.Win
	}
	return stats.Loss
}

// tally counts the finished games: complete pairs as pairs, the others as
// single games.
func (r *runner) tally() stats.Tally { return tallyOf(r.outcomes, r.cfg.Games) }

// tallyOf counts the outcomes of a match of that many games by game
// number: complete pairs as pairs, the others as single games.
func tallyOf(outcomes map[int]stats.Outcome, games int) stats.Tally {
	var t stats.Tally
	for first := 1; first <= games; first += 2 {
		a, okA := outcomes[first]
		b, okB := outcomes[first+1]
		switch {
		case okA && okB:
			t.AddPair(a, b)
		case okA:
			t.Add(a)
		case okB:
			t.Add(b)
		}
	}
	return t
}

// count counts a finished game, writes it and reports progress.
func (r *runner) count(res gameResult, rep *Report) {
	cfg := r.cfg
	white, black := cfg.Engines[res.spec.white].Name, cfg.Engines[1-res.spec.white].Name
	if r.pgn != nil && !r.pgnFailed {
		if err := record.Write(r.pgn, res.rec); err != nil {
			r.pgnFailed = true
			r.con.warn("-pgnout: cannot write game %d: %v; no more games are written", res.spec.number, err)
		}
	}
	r.mu.Lock()
	r.outcomes[res.spec.number] = outcomeForA(res.result, res.spec.white == 0)
	t := r.tally()
	r.mu.Unlock()
	rep.Tally = t
	rep.Finished++
	rep.Results = append(rep.Results, GameReport{
		Number: res.spec.number, White: white, Black: black,
		Result: res.result.String(), Termination: res.reason,
	})
	if !r.con.terminal {
		r.con.println(
			fmt.Sprintf("Finished game %d (%s vs %s): %s {%s}", res.spec.number, white, black, res.result, res.reason),
			stats.SummaryLines(cfg.Engines[0].Name, cfg.Engines[1].Name, t)[0])
	}
	if cfg.RatingInterval > 0 && rep.Finished%cfg.RatingInterval == 0 && rep.Finished < cfg.Games {
		r.con.println(r.summary(t)...)
	}
	if err := r.writeResults(false); err != nil {
		r.con.warn("-results: %v", err)
	}
	if cfg.SPRT != nil && cfg.Shards == 0 { // a shard plays all its games: the SPRT is the merged run's
		if d, _ := cfg.SPRT.Decide(t); d != 0 {
			r.mu.Lock()
			already := r.stopping
			r.stopping = true
			r.mu.Unlock()
			if !already && rep.Finished < cfg.Games {
				r.con.println(cfg.SPRT.Line(t), "SPRT decided after "+fmt.Sprint(rep.Finished)+" games: starting no more games")
			}
		}
	}
	r.showProgress(rep)
}

// summary returns the summary lines: cutechess-cli's two lines, the
// pentanomial counts, the normalized Elo when pairs give one, and the
// SPRT line when a test runs.
func (r *runner) summary(t stats.Tally) []string {
	return summaryLines([2]string{r.cfg.Engines[0].Name, r.cfg.Engines[1].Name}, r.cfg.SPRT, t)
}

// summaryLines are the summary lines of a match between the engines
// named: one run's, or its shards' merged.
func summaryLines(names [2]string, sprt *stats.SPRT, t stats.Tally) []string {
	lines := stats.SummaryLines(names[0], names[1], t)
	p := t.Penta
	lines = append(lines, fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4]))
	if nelo, margin, ok := t.NormalizedElo(); ok {
		lines = append(lines, fmt.Sprintf("nElo: %.1f +/- %.1f", nelo, margin))
	}
	if sprt != nil {
		lines = append(lines, sprt.Line(t))
	}
	return lines
}

// showProgress redraws the live progress line (on a terminal).
func (r *runner) showProgress(rep *Report) {
	if !r.con.terminal {
		return
	}
	t := rep.Tally
	elo, margin := t.Elo()
	line := fmt.Sprintf("Games %d/%d  Score %d-%d-%d  Elo %.1f +/- %.1f",
		rep.Finished, r.cfg.Games, t.Wins, t.Losses, t.Draws, elo, margin)
	if s := r.cfg.SPRT; s != nil {
		lo, hi := s.Bounds()
		line += fmt.Sprintf("  LLR %.2f (%.2f, %.2f)", s.LLR(t), lo, hi)
	}
	r.con.setProgress(line)
}

// Main runs `camelot match` with its arguments and returns the exit
// status: 0 when the match was played (or -h, -genopenings), 1 when it
// could not be run or stopped on an error, 2 for bad arguments, 130 when
// ctx was cancelled (Ctrl-C) before the end.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer, terminal bool) int {
	if len(args) > 0 && args[0] == "merge" {
		return Merge(args[1:], stdout, stderr)
	}
	cfg, err := ParseArgs(args)
	var ve variantError
	if errors.As(err, &ve) {
		fmt.Fprintf(stderr, "camelot match: %v\n", err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "camelot match: %v\n", err)
		fmt.Fprintln(stderr, "run camelot match -h for help")
		return 2
	}
	if cfg.Help {
		fmt.Fprint(stdout, Usage)
		return 0
	}
	if cfg.GenOpenings > 0 {
		seed := cfg.Seed
		if !cfg.SeedSet {
			seed = 1
		}
		if err := GenerateVariantOpenings(stdout, cfg.Variant, cfg.GenOpenings, seed, genOpeningsDepth); err != nil {
			fmt.Fprintf(stderr, "camelot match: %v\n", err)
			return 1
		}
		return 0
	}
	rep, err := Run(ctx, cfg, stdout, stderr, terminal)
	switch {
	case err != nil && !errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "camelot match: %v\n", err)
		return 1
	case rep.Interrupted:
		return 130
	}
	return 0
}
