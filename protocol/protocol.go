// Package protocol speaks a UCI-style line protocol for the Camelot engine:
// a GUI or match runner sends commands on one stream (uci, isready,
// setoption, ucinewgame, position, go, stop, ponderhit, quit) and reads
// the engine's answers (id, option, uciok, readyok, info, bestmove) on
// another. Moves are written in WCF notation (R3) and positions in CFEN
// (R5); everything else follows UCI.
//
// Behaviour worth knowing:
//
//   - The read loop never waits for a search: `go` starts the search in a
//     goroutine, and `isready` is answered at once even while it runs.
//   - Every error a command causes is reported as exactly one line
//     `info string error: …`; the command then changes nothing (except
//     `position … moves`, which keeps the moves before the bad one).
//   - `setoption` of an engine option, `ucinewgame` and `quit` stop a running
//     search first; its `bestmove` is printed before they take effect.
//     A second `go` while a search or perft runs is rejected.
//   - `position` while a search runs is accepted and applies to the next
//     `go`; the running search keeps the position it started from.
//   - `go`: times are in milliseconds. A wtime or btime at or below 0
//     (GUIs send one when a flag has fallen) counts as 1 ms: the engine
//     answers at once with the move of its depth-1 search, which always
//     completes. A negative increment counts as 0. movetime, depth and
//     nodes must be at least 1, movestogo at least 0; any other value is
//     refused with one error line and no search. searchmoves takes moves
//     up to the next keyword.
//   - An error line quotes at most 100 characters of the input it is
//     about, then says how many more there were.
//   - `go` from the opening book (a clock or movetime, OwnBook on, a book
//     position) answers at once: `info string book move …`, a standard
//     `info depth D … score … pv …` line with the book entry's depth and
//     score and the book's line, then `bestmove`.
//   - With SolutionPath set, `go` in a Camette position whose moves the
//     table knows answers from the table (before the book): one `info
//     depth 1` line per MultiPV line with the exact score, then `bestmove`
//     (after stop or ponderhit for go infinite and go ponder).
//   - Each completed iteration is reported once, its MultiPV lines in
//     score order, so that multipv 1 is the move played. One more line,
//     multipv 1, follows only when the iteration the stop cut short proved
//     a better move (its depth is that iteration's, and its score may be
//     a lowerbound), or when a Skill Level below 20 picks its move (the
//     weakened search reports only that line).
//     `go perft N` runs in the background too but cannot be stopped;
//     `quit` abandons it.
//   - `ponderhit` applies only to a `go ponder` search; `stop` and
//     `ponderhit` with nothing to act on are ignored silently.
//   - `ucinewgame` clears the engine's tables; it keeps the position.
//   - The engine handed to Run is used as it is; make it with
//     DefaultOptions so that it matches the defaults `uci` announces.
//   - Output lines are written whole, under a mutex, and flushed one by one.
//

// Extras for people at a terminal: `d` (board, CFEN, key, result), `eval`
// (static evaluation by term), `go perft N` (the output of `camelot perft
// N`) and `bench` (run by Session.BenchFunc when set).
package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/version"
	"github.com/camelot-engine/camelot/search"
	"github.com/klauspost/cpuid/v2"
)

// Author is what `uci` reports as the engine's author.
const Author = "The Camelot engine authors"

// Name is the engine's name with its version, as `id name` gives it.
func Name() string { return "Camelot " + version.String() }

// Banner is the line the protocol prints when it starts, as Stockfish
// does; GUIs skip it as a line they do not know.
func Banner() string { return Name() + " by " + Author }

// maxLine bounds an input line; longer lines are reported and skipped.
const maxLine = 1 << 20

// quitWait bounds how long quit (or the end of the input) waits for a
// stopped search to print its bestmove before Run returns.
const quitWait = 2 * time.Second

// DefaultThreads is the default of the Threads option: the number of
// physical cores as cpuid reports it, but no more than the logical CPUs
// this process may use (a virtual machine's cpuid can report the host's
// cores), clamped to the option's range.
func DefaultThreads() int {
	n := runtime.NumCPU()
	if pc := cpuid.CPU.PhysicalCores; pc > 0 {
		n = min(n, pc)
	}
	return min(max(n, 1), maxThreads)
}

// DefaultOptions returns the engine options the `uci` command announces as
// defaults. An engine handed to Run should be made with them, so that what
// the GUI is told matches what the engine does.
func DefaultOptions() search.Options {
	return search.Options{
		Hash:         defaultHash,
		Threads:      DefaultThreads(),
		MultiPV:      1,
		MoveOverhead: defaultOverhead * time.Millisecond,
	}
}

// Session is one protocol conversation with an engine. Make it with
// NewSession, optionally set BenchFunc, then call Run.
type Session struct {
	// BenchFunc, if set, runs the `bench` command: it gets the command's
	// arguments and writes its report to w (each line is passed on as
	// soon as it is complete). Without it `bench` prints an error line.
	// It runs on the read loop, so input waits until it returns.
	BenchFunc func(w io.Writer, args []string) error
	// ShowTunables makes `uci` announce the search's tunable constants
	// (search.ParamTable) too, as a tuner's match runner needs them
	// announced (camelot uci -tune). They are accepted either way.
	ShowTunables bool

	e       *boards.Engine
	out     *output
	game    *game.Game   // replaced, never modified, once a search may hold it
	variant game.Variant // UCI_Variant: the board of startpos and cfen (V7)
	threads int          // Threads option, also used by go perft
	ponder  bool         // Ponder option (informational only)
	job     *job         // the last search or perft started; nil if none
	book    bookState    // the opening book and its options
	skill   search.Skill // Skill Level and Skill Seed
	// UCI_LimitStrength and UCI_Elo: when set, the Elo picks the level.
	limitStrength bool
	elo           int
	solutionPath  string // SolutionPath: the table's directory; "" for none

	// last is the previous position command, so that one extending it
	// plays only the new moves.
	last struct {
		start game.Position
		texts []string
		game  *game.Game
	}

	// Caps for tests and fuzzing (0: none): search and perft depth, and
	// the Hash and Threads values actually applied.
	capDepth, capPerft, capHash, capThreads int
}

// NewSession returns a session driving e, an engine for every board,
// starting from the start position (R2). A nil e gets a new engine with
// DefaultOptions.
func NewSession(e *boards.Engine) *Session {
	if e == nil {
		e = boards.NewEngine(DefaultOptions())
	}
	return &Session{
		e:       e,
		game:    boards.NewGame(game.Camelot),
		threads: max(e.Options().Threads, 1),
		book:    newBookState(),
		skill:   search.Skill{Level: search.MaxSkill},
		elo:     maxElo(),
	}
}

// Run reads commands from in, one per line, and answers on out until
// `quit` or the end of in; then it stops any search (its bestmove is still
// printed) and returns nil. It returns an error only when reading in or
// writing out fails.
func Run(in io.Reader, out io.Writer, e *boards.Engine) error {
	return NewSession(e).Run(in, out)
}

// Run runs the session's read loop on in and out; see the package Run.
func (s *Session) Run(in io.Reader, out io.Writer) error {
	s.out = newOutput(out)
	s.out.line(Banner()) // so that whoever starts the engine sees which build runs
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r)
		switch {
		case tooLong:
			s.errorf("line too long (more than %d bytes); ignored", maxLine)
		case line != "" || err == nil:
			if s.execute(line) {
				s.shutdown()
				return nil
			}
		}
		if err != nil {
			s.shutdown()
			if errors.Is(err, io.EOF) {
				return s.out.failure()
			}
			return err
		}
		if werr := s.out.failure(); werr != nil {
			s.shutdown()
			return werr
		}
	}
}

// readLine reads one line without its end-of-line characters. A line
// longer than maxLine is consumed and reported through tooLong.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(b)+len(chunk) > maxLine+2 {
				tooLong, b = true, nil
			} else {
				b = append(b, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return strings.TrimRight(string(b), "\r\n"), tooLong, err
	}
}

// shutdown ends the session: it stops a running search and waits (at most
// quitWait) for its bestmove, then closes the output for good. A running
// perft cannot be stopped; it is abandoned and prints nothing more.
func (s *Session) shutdown() {
	if j := s.job; j != nil && j.kind == kindSearch && j.running() {
		j.cancel()
		select {
		case <-j.done:
		case <-time.After(quitWait):
		}
	}
	s.out.close()
}

// execute runs one command line and reports whether it was `quit`.
func (s *Session) execute(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := strings.ToLower(fields[0]), fields[1:]
	switch cmd {
	case "uci":
		s.cmdUCI()
	case "isready":
		s.out.line("readyok")
	case "debug":
		// UCI's debug on|off: accepted, nothing to switch.
	case "ucinewgame":
		s.stopSearch()
		s.e.NewGame()
	case "setoption":
		s.cmdSetOption(args)
	case "position":
		s.cmdPosition(args)
	case "go":
		s.cmdGo(args)
	case "stop":
		if j := s.job; j != nil && j.running() {
			j.cancel()
		}
	case "ponderhit":
		if j := s.job; j != nil && j.ponder && j.running() {
			j.ponderHit(s.e)
		}
	case "quit":
		return true
	case "d":
		s.cmdDisplay()
	case "eval":
		s.cmdEval()
	case "bench":
		s.cmdBench(args)
	default:
		s.errorf("unknown command %q", fields[0])
	}
	return false
}

// errorf prints one `info string error: …` line.
func (s *Session) errorf(format string, a ...any) {
	s.out.line("info string error: " + clipMessage(oneLine(fmt.Sprintf(format, a...))))
}

// oneLine keeps a message on one line.
func oneLine(t string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, t)
}

// busy reports the kind of job running, or "".
func (s *Session) busy() string {
	if j := s.job; j != nil && j.running() {
		return j.kind
	}
	return ""
}

// stopSearch stops a running search and waits until its bestmove has been
// printed. A running perft does not use the engine and is left alone.
func (s *Session) stopSearch() {
	if j := s.job; j != nil && j.kind == kindSearch && j.running() {
		j.cancel()
		<-j.done
	}
}

func (s *Session) cmdUCI() {
	lines := []string{
		"id name " + Name(),
		"id author " + Author,
	}
	for _, o := range options {
		if !o.tunable || s.ShowTunables {
			lines = append(lines, o.declaration())
		}
	}
	lines = append(lines, "uciok")
	s.out.lines(lines...)
}

// Job kinds.
const (
	kindSearch = "search"
	kindPerft  = "perft"
)

// job is a search or perft running in its own goroutine.
type job struct {
	kind   string
	cancel context.CancelFunc
	done   chan struct{} // closed when the job has printed everything

	// finished is set, under the output lock, just before the job prints
	// its last lines: once a GUI has read bestmove, a new go is accepted.
	finished atomic.Bool

	mu         sync.Mutex
	started    bool // the search has reported once: PonderHit is safe to call
	pendingHit bool // a ponderhit came before that
	ponder     bool // go ponder: ponderhit applies
	gameOver   bool // the search was started on a finished game
}

func (j *job) running() bool { return !j.finished.Load() }

// ponderHit passes a ponderhit on to the engine. The engine's Search sets
// up its ponderhit channel when it starts, unsynchronised, so calling PonderHit
// before the search has reported anything would race with that (or be
// lost); such a ponderhit is kept and delivered from the first report,
// on the search's own goroutine. A search of a finished game only waits
// for the GUI, so a ponderhit ends it.
func (j *job) ponderHit(e search.Engine) {
	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case j.gameOver:
		j.cancel()
	case j.started:
		e.PonderHit()
	default:
		j.pendingHit = true
	}
}

// reported is called by the search's info callback.
func (j *job) reported(e search.Engine) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if !j.started {
		j.started = true
		if j.pendingHit {
			j.pendingHit = false
			e.PonderHit()
		}
	}
}

// output writes whole lines under a mutex, flushing after each line when
// the writer can flush. After close or a write error it writes nothing.
type output struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
	err    error
}

func newOutput(w io.Writer) *output { return &output{w: w} }

func (o *output) line(l string) { o.lines(l) }

// lines writes the lines in one go, so nothing is printed between them.
func (o *output) lines(ls ...string) { o.finish(nil, ls...) }

// finish marks j (if not nil) finished and prints its last lines, all
// under the lock.
func (o *output) finish(j *job, ls ...string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if j != nil {
		j.finished.Store(true)
	}
	for _, l := range ls {
		if o.closed || o.err != nil {
			return
		}
		if _, err := io.WriteString(o.w, l+"\n"); err != nil {
			o.err = err
			return
		}
		if f, ok := o.w.(interface{ Flush() error }); ok {
			if err := f.Flush(); err != nil {
				o.err = err
			}
		}
	}
}

func (o *output) close() {
	o.mu.Lock()
	o.closed = true
	o.mu.Unlock()
}

func (o *output) failure() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// lineWriter is an io.Writer for BenchFunc: it passes each complete line
// to the session output; Flush passes on a last unterminated line.
type lineWriter struct {
	out *output
	buf []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		w.out.line(strings.TrimRight(string(w.buf[:i]), "\r"))
		w.buf = w.buf[i+1:]
	}
	return len(p), w.out.failure()
}

func (w *lineWriter) flush() {
	if len(w.buf) > 0 {
		w.out.line(oneLine(string(w.buf)))
		w.buf = nil
	}
}
