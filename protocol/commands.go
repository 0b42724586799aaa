package protocol

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// cmdPosition implements `position startpos|cfen CFEN|fen CFEN [moves M…]`.
// A bad position keeps the previous one; a bad move keeps the moves
// before it.
func (s *Session) cmdPosition(args []string) {
	if len(args) == 0 {
		s.errorf("position: want startpos or cfen CFEN, then optionally moves M1 M2 …")
		return
	}
	var start game.Position
	var rest []string
	switch kw := strings.ToLower(args[0]); kw {
	case "startpos":
		start, rest = boards.StartPosition(s.variant), args[1:]
	case "cfen", "fen":
		end := len(args)
		for i := 1; i < len(args); i++ {
			if strings.EqualFold(args[i], "moves") {
				end = i
				break
			}
		}
		p, err := boards.ParseCFEN(s.variant, strings.Join(args[1:end], " "))
		if err != nil {
			// The rules' message names the CFEN's field and rank; the
			// position stays as it was.
			if s.variant.WithRules(game.WCF) != game.Camelot {
				s.errorf("position: %v (variant %s)", err, s.variant)
			} else {
				s.errorf("position: %v", err)
			}
			return
		}
		start, rest = p, args[end:]
	default:
		s.errorf("position: want startpos or cfen CFEN, got %q", args[0])
		return
	}
	if len(rest) > 0 && !strings.EqualFold(rest[0], "moves") {
		s.errorf("position: unexpected %q after the position: want moves M1 M2 …", rest[0])
		return
	}
	var texts []string
	if len(rest) > 0 {
		texts = rest[1:]
	}
	// A GUI resends the whole game before every move: when the new command
	// extends the last one, only the new moves are played.
	g, done := game.NewGame(start), 0
	if s.last.game != nil && samePosition(s.last.start, start) && len(s.last.texts) <= len(texts) &&
		slices.Equal(s.last.texts, texts[:len(s.last.texts)]) {
		g, done = s.last.game.Clone(), len(s.last.texts)
	}
	for i := done; i < len(texts); i++ {
		if _, err := g.PlayText(texts[i]); err != nil {
			s.errorf("position: move %q at ply %d rejected: %v; position left after ply %d", texts[i], i+1, err, i)
			texts = texts[:i]
			break
		}
	}
	s.last.start, s.last.texts, s.last.game = start, slices.Clone(texts), g
	// A running search holds the old game; this one is new, never shared
	// (the next position command extends a clone of it).
	s.game = g
}

// samePosition reports whether p and q are the same position: positions
// compare by their board and CFEN, not with ==.
func samePosition(p, q game.Position) bool {
	return p.Variant() == q.Variant() && p.CFEN() == q.CFEN()
}

// goKeywords are the tokens `go` knows.
var goKeywords = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true,
	"movetime": true, "depth": true, "nodes": true, "infinite": true, "ponder": true,
	"searchmoves": true, "perft": true,
}

// maxMillis bounds time values (about 31 years) so they fit a Duration.
const maxMillis = 1_000_000_000_000

// parseGo reads the arguments of `go` for position p.
func parseGo(args []string, p game.Position) (search.Limits, error) {
	var lim search.Limits
	for i := 0; i < len(args); i++ {
		kw := strings.ToLower(args[i])
		switch kw {
		case "infinite":
			lim.Infinite = true
			continue
		case "ponder":
			lim.Ponder = true
			continue
		case "perft":
			return lim, fmt.Errorf("perft must come first: go perft DEPTH")
		case "searchmoves":
			j := i + 1
			for j < len(args) && !goKeywords[strings.ToLower(args[j])] {
				m, err := p.ParseMove(args[j])
				if err != nil {
					return lim, fmt.Errorf("searchmoves: %v", err)
				}
				if !slices.Contains(lim.SearchMoves, m) {
					lim.SearchMoves = append(lim.SearchMoves, m)
				}
				j++
			}
			if j == i+1 {
				return lim, fmt.Errorf("searchmoves needs at least one move")
			}
			i = j - 1
			continue
		}
		if !goKeywords[kw] {
			return lim, fmt.Errorf("unknown argument %q", args[i])
		}
		if i+1 >= len(args) {
			return lim, fmt.Errorf("%s needs a value", kw)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return lim, fmt.Errorf("%s: value %q out of range", kw, args[i])
			}
			return lim, fmt.Errorf("%s: want a whole number, got %q", kw, args[i])
		}
		ms := func(lo int64) time.Duration {
			return time.Duration(min(max(n, lo), maxMillis)) * time.Millisecond
		}
		switch kw {
		case "wtime":
			lim.WTime = ms(1) // a clock at or below zero still limits the search
		case "btime":
			lim.BTime = ms(1)
		case "winc":
			lim.WInc = ms(0)
		case "binc":
			lim.BInc = ms(0)
		case "movetime":
			if n < 1 {
				return lim, fmt.Errorf("movetime: want 1 or more, got %d", n)
			}
			lim.MoveTime = ms(1)
		case "movestogo":
			if n < 0 {
				return lim, fmt.Errorf("movestogo: want 0 or more, got %d", n)
			}
			lim.MovesToGo = int(min(n, 1<<20))
		case "depth":
			if n < 1 {
				return lim, fmt.Errorf("depth: want 1 or more, got %d", n)
			}
			lim.Depth = int(min(n, 1<<20))
		case "nodes":
			if n < 1 {
				return lim, fmt.Errorf("nodes: want 1 or more, got %d", n)
			}
			lim.Nodes = uint64(min(n, math.MaxInt64))
		}
	}
	return lim, nil
}

// cmdGo implements `go …` and `go perft N`.
func (s *Session) cmdGo(args []string) {
	if len(args) > 0 && strings.EqualFold(args[0], "perft") {
		s.cmdPerft(args[1:])
		return
	}
	if kind := s.busy(); kind != "" {
		s.errorf("go: a %s is already running; send stop first", kind)
		return
	}
	g := s.game
	pos := g.Position()
	lim, err := parseGo(args, pos)
	if err != nil {
		s.errorf("go: %v", err)
		return
	}
	if lines, ok := s.bookMove(g, lim); ok {
		j := &job{kind: kindSearch, cancel: func() {}, done: make(chan struct{})}
		s.job = j
		s.out.finish(j, lines...)
		close(j.done)
		return
	}
	if s.capDepth > 0 && (lim.Depth == 0 || lim.Depth > s.capDepth) {
		lim.Depth = s.capDepth
	}
	ctx, cancel := context.WithCancel(context.Background())
	stop := func() { s.e.Stop(); cancel() }
	j := &job{kind: kindSearch, cancel: stop, done: make(chan struct{}), ponder: lim.Ponder, gameOver: g.Outcome().IsOver()}
	s.job = j
	e, out := s.e, s.out
	go func() {
		defer close(j.done)
		defer cancel()
		res := e.Search(ctx, g, lim, func(in search.Info) {
			j.reported(e)
			out.line(infoLine(pos, in))
		})
		out.finish(j, bestMoveLines(pos, res)...)
	}()
}

// infoLine formats a search report. The PV is played out on a copy of the
// root position and cut at its first move that is not legal there.
func infoLine(root game.Position, in search.Info) string {
	if in.Note != "" {
		return "info string " + in.Note
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s nodes %d nps %d hashfull %d time %d",
		in.Depth, in.SelDepth, max(in.MultiPV, 1), in.Score, in.Nodes, in.NPS, in.HashFull, in.Time.Milliseconds())
	if pv := lineText(root, in.PV); len(pv) > 0 {
		b.WriteString(" pv ")
		b.WriteString(strings.Join(pv, " "))
	}
	return b.String()
}

// lineText returns the canonical texts (R3) of the legal prefix of moves
// played from p.
func lineText(p game.Position, moves []game.Move) []string {
	var texts []string
	for _, m := range moves {
		if !p.IsLegal(m) {
			break
		}
		texts = append(texts, p.MoveText(m))
		p.MakeMove(m)
	}
	return texts
}

// bestMoveLines formats the end of a search: `bestmove M [ponder P]`, or
// for a finished game its result and `bestmove (none)`.
func bestMoveLines(root game.Position, res search.Result) []string {
	if res.Outcome.IsOver() {
		return []string{"info string game over: " + res.Outcome.String(), "bestmove (none)"}
	}
	if res.Best == game.NullMove {
		return []string{"bestmove (none)"}
	}
	if res.Best.IsClaim() { // V14.3: claiming is better than every move
		return []string{"bestmove " + game.ClaimText}
	}
	if !root.IsLegal(res.Best) {
		// Cannot happen with a correct engine; play something legal.
		ms := root.Moves()
		if len(ms) == 0 {
			return []string{"info string error: the search returned no legal move", "bestmove (none)"}
		}
		return []string{"info string error: the search returned an illegal move; playing the first legal move",
			bestMoveLine(root, ms[:1])}
	}
	return []string{bestMoveLine(root, []game.Move{res.Best, res.Ponder})}
}

// bestMoveLine writes `bestmove M [ponder P]` for the line's first move,
// which must be legal in root, and its second if that is legal after it.
func bestMoveLine(root game.Position, line []game.Move) string {
	texts := lineText(root, line[:min(len(line), 2)])
	if len(texts) == 2 {
		return "bestmove " + texts[0] + " ponder " + texts[1]
	}
	return "bestmove " + texts[0]
}

// cmdPerft implements `go perft DEPTH`: the divide of `camelot perft
// DEPTH` for the current position, counted in the background with as many
// threads as the Threads option says. It cannot be stopped.
func (s *Session) cmdPerft(args []string) {
	if len(args) != 1 {
		s.errorf("go perft: want go perft DEPTH")
		return
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 0 || depth > 64 {
		s.errorf("go perft: bad depth %q: want a whole number from 0 to 64", args[0])
		return
	}
	if kind := s.busy(); kind != "" {
		s.errorf("go perft: a %s is already running; send stop first", kind)
		return
	}
	depth = capped(depth, s.capPerft)
	pos, threads, out := s.game.Position(), s.threads, s.out
	j := &job{kind: kindPerft, cancel: func() {}, done: make(chan struct{})}
	s.job = j
	go func() {
		defer close(j.done)
		entries, total := pos.Divide(depth, threads)
		var buf bytes.Buffer
		game.WriteDivide(&buf, entries, total)
		out.finish(j, strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")...)
	}()
}

// cmdDisplay implements `d`: the board of the variant, its highest rank at
// the top, then the CFEN, the Zobrist key and the game's result.
func (s *Session) cmdDisplay() {
	p := s.game.Position()
	v := p.Variant()
	var lines []string
	for r := v.Ranks() - 1; r >= 0; r-- {
		var b strings.Builder
		fmt.Fprintf(&b, "%3d ", r+1)
		for f := 0; f < v.Files(); f++ {
			if v.InRanks(f, r) && v.IsRiver(game.SquareAt(f, r)) {
				b.WriteString(" ~") // V9
				continue
			}
			if !v.Has(f, r) {
				b.WriteString("  ")
				continue
			}
			b.WriteByte(' ')
			b.WriteByte(pieceChar(p.PieceAt(game.SquareAt(f, r))))
		}
		l := strings.TrimRight(b.String(), " ")
		switch r {
		case v.Ranks() - 1:
			l += "          <- black's castle"
		case 0:
			l += "          <- white's castle"
		}
		lines = append(lines, l)
	}
	files := "    "
	for f := 0; f < v.Files(); f++ {
		files += " " + string(rune('A'+f))
	}
	lines = append(lines, files,
		"CFEN: "+p.CFEN(),
		fmt.Sprintf("Key: %016X", p.Key()),
		"Result: "+s.game.Outcome().String())
	s.out.lines(lines...)
}

func pieceChar(pc game.Piece) byte {
	switch pc {
	case game.WhiteMan:
		return 'M'
	case game.WhiteKnight:
		return 'N'
	case game.BlackMan:
		return 'm'
	case game.BlackKnight:
		return 'n'
	case game.Tree:
		return 't'
	}
	return '.'
}

// cmdEval implements `eval`: the static evaluation of the current position
// term by term (White, Black, White minus Black), then the score the
// search sees, from the side to move's point of view, as the engine of
// the position's board reports it (search.Engine.EvalReport).
func (s *Session) cmdEval() {
	lines := s.e.EvalReport(s.game.Position())
	if len(lines) == 0 {
		s.errorf("eval: the engine has no evaluator")
		return
	}
	for i, l := range lines {
		lines[i] = oneLine(l)
	}
	s.out.lines(lines...)
}

// cmdBench implements `bench [ARGS]` through BenchFunc. It runs on the
// read loop; it is refused while a search or perft runs.
func (s *Session) cmdBench(args []string) {
	if s.BenchFunc == nil {
		s.errorf("bench: not available in this build")
		return
	}
	if kind := s.busy(); kind != "" {
		s.errorf("bench: a %s is running; send stop first", kind)
		return
	}
	// The suite of the session's board (V7), unless the arguments name one.
	if s.variant.WithRules(game.WCF) != game.Camelot && !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-variant") }) {
		args = append([]string{"-variant", s.variant.String()}, args...)
	}
	if s.variant.Rules() != game.WCF && !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-rules") }) {
		args = append([]string{"-rules", s.variant.Rules().String()}, args...)
	}
	w := &lineWriter{out: s.out}
	err := s.BenchFunc(w, args)
	w.flush()
	if err != nil {
		s.errorf("bench: %v", err)
	}
}
