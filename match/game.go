package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/engineproc"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/record"
)

// gameSpec is one game of the match.
type gameSpec struct {
	number  int             // 1-based, in the order games are started
	opening *record.Opening // nil: the start position of the variant (R2, V3)
	white   int             // the engine (0: A, 1: B) playing White
}

// gameResult is how a game ended.
type gameResult struct {
	spec      gameSpec
	rec       *record.Game
	result    game.Result // Ongoing when abandoned
	reason    string      // short reason, for the "Finished game" line
	abandoned bool        // stopped by the user: not counted, not written
	restart   [2]bool     // by engine: kill and restart before its next game
	crashed   bool        // an engine crashed (its output ended)
	fatal     error       // the match cannot go on
}

// moveEval is what an engine said about its move in its last info line
// with a score.
type moveEval struct {
	ok    bool
	mate  int // moves to mate (> 0 winning, < 0 losing); 0: CP is the score
	cp    int
	depth int
}

// parseInfo updates ev from an `info` line that carries a score.
func parseInfo(line string, ev *moveEval) {
	in, ok := engineproc.ParseInfo(line)
	if !ok {
		return
	}
	*ev = moveEval{ok: true, depth: in.Depth}
	if in.Mate {
		ev.mate = in.Score
	} else {
		ev.cp = in.Score
	}
}

// value is the score in centi-men, mates counting as very large.
func (ev moveEval) value() int {
	switch {
	case ev.mate > 0:
		return 100000 - ev.mate
	case ev.mate < 0:
		return -100000 - ev.mate
	}
	return ev.cp
}

// comment formats the move comment of a record: `+0.35/12 0.52s`, with a
// mate as `+M3`/`-M2`, from the mover's point of view; just the time
// when the engine gave no score.
func (ev moveEval) comment(elapsed time.Duration) string {
	t := fmt.Sprintf("%.2fs", elapsed.Seconds())
	if !ev.ok {
		return t
	}
	var s string
	switch {
	case ev.mate > 0:
		s = fmt.Sprintf("+M%d", ev.mate)
	case ev.mate < 0:
		s = fmt.Sprintf("-M%d", -ev.mate)
	case ev.cp > 0:
		s = fmt.Sprintf("+%d.%02d", ev.cp/100, ev.cp%100)
	case ev.cp < 0:
		s = fmt.Sprintf("-%d.%02d", -ev.cp/100, -ev.cp%100)
	default:
		s = "0.00"
	}
	return fmt.Sprintf("%s/%d %s", s, ev.depth, t)
}

// referee plays games between two processes and judges them.
type referee struct {
	cfg  *Config
	con  *console
	site string
}

// gameState is a game in progress.
type gameState struct {
	ref     *referee
	spec    gameSpec
	procs   [2]*engineproc.Process // by engine
	g       *game.Game
	texts   []string // moves as sent to the engines
	rec     *record.Game
	clocks  [2]*Clock // by colour; nil when the engine has no clock
	evals   [2][]int  // by colour: the scores of the engine's moves
	startCF string    // CFEN of the start, "" for the start position
}

// engineOf returns the engine index playing colour c.
func (s *gameState) engineOf(c game.Color) int {
	if c == game.White {
		return s.spec.white
	}
	return 1 - s.spec.white
}

// play runs one game with procs (by engine index), both already set up
// for a new game.
func (ref *referee) play(ctx context.Context, spec gameSpec, procs [2]*engineproc.Process) gameResult {
	cfg := ref.cfg
	start := boards.StartPosition(cfg.Variant)
	var book []game.Move
	if spec.opening != nil {
		start, book = spec.opening.Start, spec.opening.Moves
	}
	s := &gameState{ref: ref, spec: spec, procs: procs, g: game.NewGame(start)}
	if start.CFEN() != cfg.Variant.StartCFEN() {
		s.startCF = start.CFEN()
	}
	white, black := &cfg.Engines[spec.white], &cfg.Engines[1-spec.white]
	// The record carries the variant and its rule set: Write adds the
	// Variant tag (V8) and the Rules tag (V14), and replays the moves,
	// a last draw claim included, by the rule set's rules.
	s.rec = &record.Game{Variant: cfg.Variant, Start: start}
	for _, t := range []record.Tag{
		{Name: "Event", Value: "camelot match"},
		{Name: "Site", Value: ref.site},
		{Name: "Date", Value: time.Now().Format("2006.01.02")},
		{Name: "Round", Value: strconv.Itoa(spec.number)},
		{Name: "White", Value: white.Name},
		{Name: "Black", Value: black.Name},
		{Name: "Result", Value: "*"},
	} {
		s.rec.SetTag(t.Name, t.Value)
	}
	if s.startCF != "" {
		s.rec.SetTag("CFEN", s.startCF)
	}
	if spec.opening != nil && spec.opening.Name != "" {
		s.rec.SetTag("Opening", spec.opening.Name)
	}
	if wl, bl := white.Limits(), black.Limits(); wl == bl {
		s.rec.SetTag("TimeControl", wl)
	} else {
		s.rec.SetTag("WhiteTimeControl", wl)
		s.rec.SetTag("BlackTimeControl", bl)
	}
	for c, e := range [2]*EngineConfig{white, black} {
		if e.TC != nil && !e.TC.Infinite {
			clk := NewClock(*e.TC)
			s.clocks[c] = &clk
		}
	}
	for _, m := range book {
		pos := s.g.Position()
		text := pos.MoveText(m)
		if err := s.g.Play(m); err != nil {
			return gameResult{spec: spec, fatal: fmt.Errorf("opening %q: move %s: %v", spec.opening.Name, text, err)}
		}
		s.texts = append(s.texts, text)
		s.rec.Moves = append(s.rec.Moves, record.Move{Move: m, Text: text, Comment: "book"})
	}
	for {
		if o := s.g.Outcome(); o.IsOver() {
			return s.finish(o.Result, o.Rule+": "+o.Reason, "")
		}
		if r, ok := s.adjudicate(); ok {
			return r
		}
		if r, over := s.move(ctx); over {
			return r
		}
	}
}

// finish ends the game with result and the Termination reason; detail,
// when not empty, is added to the Termination tag.
func (s *gameState) finish(result game.Result, reason, detail string) gameResult {
	s.rec.Result = result.String()
	s.rec.SetTag("Result", result.String())
	term := reason
	if detail != "" {
		term += "; " + detail
	}
	s.rec.SetTag("Termination", oneLine(term))
	return gameResult{spec: s.spec, rec: s.rec, result: result, reason: reason}
}

// forfeit ends the game as a loss for colour c by the fault of its engine.
func (s *gameState) forfeit(c game.Color, restart bool, format string, a ...any) gameResult {
	reason := fmt.Sprintf(format, a...)
	pos := s.g.Position()
	p := s.procs[s.engineOf(c)]
	out := p.LastOutput()
	detail := "position " + pos.CFEN()
	if len(out) > 0 {
		detail += "; last output: " + strings.Join(out, " | ")
	} else {
		detail += "; no output"
	}
	s.ref.con.warn("game %d: %s (%s): %s; %s", s.spec.number, p.Name(), c, reason, detail)
	r := s.finish(game.WinFor(c.Other()), reason, detail)
	r.restart[s.engineOf(c)] = restart
	return r
}

// abandon stops a game the user interrupted.
func (s *gameState) abandon() gameResult {
	return gameResult{spec: s.spec, rec: s.rec, abandoned: true, restart: [2]bool{true, true}}
}

// move asks the side to move for its move and plays it. over reports that
// the game ended (by a forfeit or an interruption).
func (s *gameState) move(ctx context.Context) (gameResult, bool) {
	cfg := s.ref.cfg
	pos := s.g.Position()
	side := pos.Side()
	idx := s.engineOf(side)
	p, e := s.procs[idx], &cfg.Engines[idx]
	margin := cfg.TimeMargin

	var b strings.Builder
	if s.startCF == "" {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position cfen " + s.startCF)
	}
	if len(s.texts) > 0 {
		b.WriteString(" moves " + strings.Join(s.texts, " "))
	}
	goCmd, allowed := s.goCommand(side, e, margin)

	if err := p.Send(b.String()); err != nil {
		return s.lost(ctx, side, err, 0)
	}
	// The clock starts before the go is sent: a quick engine's answer
	// can be read before Send returns.
	started := time.Now()
	if err := p.Send(goCmd); err != nil {
		return s.lost(ctx, side, err, 0)
	}
	var deadline time.Time
	if allowed > 0 {
		deadline = started.Add(allowed)
	}
	var ev moveEval
	var best string
	err := p.ReadUntil(ctx, deadline, func(line string) bool {
		if strings.HasPrefix(line, "info") {
			parseInfo(line, &ev)
			return false
		}
		if f := strings.Fields(line); len(f) > 0 && f[0] == "bestmove" {
			if len(f) > 1 {
				best = f[1]
			}
			return true
		}
		return false
	})
	elapsed := time.Since(started)
	if err != nil {
		return s.lost(ctx, side, err, elapsed)
	}
	// The move's time is when its line was read, not when this goroutine
	// got to it: on a loaded machine the referee waits its turn too.
	elapsed = p.LastLineAt().Sub(started)
	// The clock is checked before the move: a late move loses even if it
	// arrived before the timer fired.
	if e.ST > 0 && elapsed > e.ST+margin {
		return s.forfeit(side, true, "%s loses on time (%d ms for a move of %d ms)", side, elapsed.Milliseconds(), e.ST.Milliseconds()), true
	}
	if clk := s.clocks[side]; clk != nil {
		left := clk.Left()
		if !clk.Spend(elapsed, margin) {
			return s.forfeit(side, true, "%s loses on time (%d ms used, %d ms left)", side, elapsed.Milliseconds(), left.Milliseconds()), true
		}
	}
	if best == "" || best == "(none)" {
		return s.forfeit(side, false, "%s plays no move (bestmove %s) in a game that is not over", side, cmpOr(best, "without a move")), true
	}
	// ParseMove reads `draw` as the claim under AbstractPlay's rules
	// (V14.3); the game plays it only where it is open, and the game ends
	// drawn (V14).
	m, perr := pos.ParseMove(best)
	if perr != nil {
		return s.forfeit(side, false, "%s makes an illegal move: %s (%v)", side, best, perr), true
	}
	text := pos.MoveText(m)
	if err := s.g.Play(m); err != nil {
		return s.forfeit(side, false, "%s makes an illegal move: %s (%v)", side, best, err), true
	}
	s.texts = append(s.texts, text)
	s.rec.Moves = append(s.rec.Moves, record.Move{Move: m, Text: text, Comment: ev.comment(elapsed)})
	if ev.ok {
		s.evals[side] = append(s.evals[side], ev.value())
	} else {
		s.evals[side] = nil // no score breaks a run
	}
	return gameResult{}, false
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// lost ends the game after a failed exchange with the side to move's
// engine: a timeout, a crash, or the user's interruption.
func (s *gameState) lost(ctx context.Context, side game.Color, err error, elapsed time.Duration) (gameResult, bool) {
	if ctx.Err() != nil {
		return s.abandon(), true
	}
	p := s.procs[s.engineOf(side)]
	if errors.Is(err, engineproc.ErrTimeout) {
		return s.forfeit(side, true, "%s loses on time (no move after %d ms)", side, elapsed.Milliseconds()), true
	}
	// The output ended or a command could not be written: the engine is
	// gone.
	r := s.forfeit(side, true, "%s's engine crashed (%s)", side, p.ExitStatus())
	r.crashed = true
	return r, true
}

// goCommand returns the go command for the side to move and how long it
// may think (0: no limit).
func (s *gameState) goCommand(side game.Color, e *EngineConfig, margin time.Duration) (string, time.Duration) {
	var parts []string
	var allowed time.Duration
	switch clk := s.clocks[side]; {
	case e.ST > 0:
		parts = append(parts, "movetime", ms(e.ST))
		allowed = e.ST + margin
	case clk != nil:
		other := s.clocks[side.Other()]
		if other == nil {
			other = clk
		}
		w, b := clk, other
		if side == game.Black {
			w, b = other, clk
		}
		parts = append(parts, "wtime", ms(w.Left()), "btime", ms(b.Left()), "winc", ms(w.Inc()), "binc", ms(b.Inc()))
		if n := clk.MovesToGo(); n > 0 {
			parts = append(parts, "movestogo", strconv.Itoa(n))
		}
		allowed = clk.Allowed(margin)
	}
	if e.Depth > 0 {
		parts = append(parts, "depth", strconv.Itoa(e.Depth))
	}
	if e.Nodes > 0 {
		parts = append(parts, "nodes", strconv.FormatInt(e.Nodes, 10))
	}
	if len(parts) == 0 {
		parts = append(parts, "infinite")
	}
	return "go " + strings.Join(parts, " "), allowed
}

// ms writes a duration in whole milliseconds, at least 0.
func ms(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 0), 10) }

// claimsPliesLimit ends a game drawn under a rule set whose draws are
// only claims (V14.3) once it has lasted this many plies, so that two
// engines that never claim cannot play on for ever.
const claimsPliesLimit = 1000

// adjudicate applies -draw and -resign after a move, and the ply limit of
// a game whose draws are only claimed.
func (s *gameState) adjudicate() (gameResult, bool) {
	cfg := s.ref.cfg
	if s.g.Rules().Set().DrawPlies == 0 && len(s.g.Moves()) >= claimsPliesLimit {
		return s.finish(game.Draw, fmt.Sprintf("adjudication: draw after %d plies, no draw claimed (V14.3)", claimsPliesLimit), ""), true
	}
	if r := cfg.Resign; r != nil {
		for _, c := range [2]game.Color{game.White, game.Black} {
			ev := s.evals[c]
			if len(ev) < r.MoveCount {
				continue
			}
			resign := true
			for _, v := range ev[len(ev)-r.MoveCount:] {
				if v > -r.Score {
					resign = false
				}
			}
			if resign {
				return s.finish(game.WinFor(c.Other()), fmt.Sprintf("adjudication: %s resigns (score at or below -%d for %s)", c, r.Score, plural.Of(r.MoveCount, "move", "moves")), ""), true
			}
		}
	}
	if d := cfg.Draw; d != nil {
		pos := s.g.Position()
		played := pos.MoveNumber() - 1 // full moves completed
		if played < d.MoveNumber {
			return gameResult{}, false
		}
		for _, c := range [2]game.Color{game.White, game.Black} {
			ev := s.evals[c]
			if len(ev) < d.MoveCount {
				return gameResult{}, false
			}
			for _, v := range ev[len(ev)-d.MoveCount:] {
				if v > d.Score || v < -d.Score {
					return gameResult{}, false
				}
			}
		}
		return s.finish(game.Draw, fmt.Sprintf("adjudication: draw (both scores within %d for %s)", d.Score, plural.Of(d.MoveCount, "move", "moves")), ""), true
	}
	return gameResult{}, false
}
