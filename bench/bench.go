// Package bench runs the engine's benchmark: a fixed suite of positions,
// each searched to a fixed depth from a cleared engine. With one thread the
// total node count is deterministic; it is the engine's bench signature,
// which changes exactly when the search or the evaluation changes what it
// visits. Nodes per second measure the speed of the build and the machine.
//
// Both the `camelot bench` command line and the protocol's `bench` command
// go through Command, so they accept the same arguments and print the same
// report.
//
// Each variant the engine plays has a suite of its own (V7: `bench
// -variant cam`), so each has its own signature; a plain bench is
// Camelot's. `-rules abstractplay` searches the same suite under
// AbstractPlay's rules (V14), with a signature of its own.
package bench

import (
	"bufio"
	"context"
	"embed"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/search"
)

// The suite: one position per line as `CFEN ; comment` (CFEN: R5 of
// docs/rules.md); blank lines and lines starting with `#` are ignored.
// Editing it changes the bench signature.
//
//go:embed positions.txt
var suite string

// The suites of the other variants (V2, V3, V11), in the same format,
// read on their boards: positions-NAME.txt. How they were made is said at
// their top.
//
//go:embed positions-*.txt
var variantSuites embed.FS

// SuiteFile returns the file name of v's suite, the same under either
// rule set (V14).
func SuiteFile(v game.Variant) string {
	v = v.WithRules(game.WCF)
	if v == game.Camelot {
		return "positions.txt"
	}
	return "positions-" + v.String() + ".txt"
}

// suiteOf returns the suite of v; ok is false for a variant without one.
func suiteOf(v game.Variant) (text string, ok bool) {
	if v.WithRules(game.WCF) == game.Camelot {
		return suite, true
	}
	data, err := variantSuites.ReadFile(SuiteFile(v))
	return string(data), err == nil
}

// Defaults and limits of the bench's settings.
const (
	// DefaultDepth is the search depth of every position. With one thread
	// the whole suite searches about 20M nodes: some 12.5 seconds at the
	// 1.6M nodes/s of a 2-core development machine, under twenty at 1M.
	DefaultDepth   = 10
	DefaultThreads = 1
	DefaultHashMB  = 16

	// ChivalryDepth is the depth of Chivalry's suite: its board has twice
	// the pieces and moves of Camelot's, so that depth 8 searches about
	// as long as Camelot's depth 10.
	ChivalryDepth = 8

	// AntiDepth and AntiChivalryDepth are the depths of the Anti forms'
	// suites but Anti-Camette's: their searches play out every chain of
	// compulsory captures to eight plies and shun R16's draws (V11), so
	// that a ply costs more there; Anti-Chivalry's depth 5 and the others'
	// 6 search for a few seconds each.
	AntiDepth         = 6
	AntiChivalryDepth = 5

	MaxDepth   = 64
	MaxThreads = 256
	MaxHashMB  = 65536
)

// Config are the bench's settings. Zero fields take the defaults
// (DefaultDepth, DefaultThreads, DefaultHashMB); the zero Variant is
// Camelot, whose suite a plain bench searches. Variant carries the rule
// set the suite is searched under (V14; the zero one is the WCF's).
type Config struct {
	Depth, Threads, HashMB int
	Variant                game.Variant
	// Net, if set, is the net the search uses on its board (the suite's
	// must be that board); Classic selects the tuned evaluation. By
	// default the board's built-in net, else its tuned evaluation.
	Net     *nnue.Net
	Classic bool
}

// defaultDepths is the default depth of each variant's suite, where it is
// not DefaultDepth.
var defaultDepths = map[game.Variant]int{
	game.Chivalry: ChivalryDepth, game.AntiChivalry: AntiChivalryDepth,
	game.AntiCamelot: AntiDepth, game.AntiCam: AntiDepth, game.AntiRiver: AntiDepth,
}

// DefaultDepthOf returns the default search depth of variant v's suite,
// under either rule set.
func DefaultDepthOf(v game.Variant) int {
	if d, ok := defaultDepths[v.WithRules(game.WCF)]; ok {
		return d
	}
	return DefaultDepth
}

// DefaultConfig returns the settings of a plain `bench`.
func DefaultConfig() Config {
	return Config{Depth: DefaultDepth, Threads: DefaultThreads, HashMB: DefaultHashMB}
}

// withDefaults fills the zero fields of c.
func (c Config) withDefaults() Config {
	if c.Depth == 0 {
		c.Depth = DefaultDepthOf(c.Variant)
	}
	if c.Threads == 0 {
		c.Threads = DefaultThreads
	}
	if c.HashMB == 0 {
		c.HashMB = DefaultHashMB
	}
	return c
}

// validate reports the first setting out of range.
func (c Config) validate() error {
	if err := inRange("depth", c.Depth, MaxDepth); err != nil {
		return err
	}
	if err := inRange("threads", c.Threads, MaxThreads); err != nil {
		return err
	}
	return inRange("hash", c.HashMB, MaxHashMB)
}

func inRange(name string, v, hi int) error {
	if v < 1 || v > hi {
		return fmt.Errorf("bench: %s %d out of range: want 1 to %d", name, v, hi)
	}
	return nil
}

// Position is one position of the suite.
type Position struct {
	CFEN    string // as written in the suite
	Comment string // what the position is and where it comes from
	Line    int    // line number in the suite file
	Pos     game.Position
}

// Positions parses Camelot's suite.
func Positions() ([]Position, error) {
	return parseSuite(suite)
}

// PositionsOf parses the suite of variant v (V7): positions played under
// v's rule set (V14).
func PositionsOf(v game.Variant) ([]Position, error) {
	text, ok := suiteOf(v)
	if !ok {
		return nil, fmt.Errorf("bench: variant %s has no suite (want %s)", v, game.Names())
	}
	return parseSuiteOf(text, v)
}

func parseSuite(text string) ([]Position, error) { return parseSuiteOf(text, game.Camelot) }

// parseSuiteOf parses a suite of variant v: its CFENs are read on v's
// board (V6).
func parseSuiteOf(text string, v game.Variant) ([]Position, error) {
	var ps []Position
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cfen, comment, _ := strings.Cut(line, ";")
		cfen, comment = strings.TrimSpace(cfen), strings.TrimSpace(comment)
		pos, err := boards.ParseCFEN(v, cfen)
		if err != nil {
			if v.WithRules(game.WCF) != game.Camelot {
				return nil, fmt.Errorf("bench suite of %s line %d: %v", v, n, err)
			}
			return nil, fmt.Errorf("bench suite line %d: %v", n, err)
		}
		ps = append(ps, Position{CFEN: cfen, Comment: comment, Line: n, Pos: pos})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, errors.New("bench suite: no positions")
	}
	return ps, nil
}

// Summary is the bench's result. Elapsed covers the searches only, not
// the engine's set-up or the clearing of the table between positions.
type Summary struct {
	Nodes   uint64
	Elapsed time.Duration
	NPS     uint64
}

// Run searches every suite position to cfg.Depth with a fresh engine
// (cfg.Threads threads, cfg.HashMB MB of table), clearing it before each
// position. It writes one line per position,
//
//	Position N/M: best MOVE score S nodes N
//
// and ends with exactly three lines:
//
//	Total time (ms): T
//	Nodes searched: N
//	Nodes/second: N
func Run(w io.Writer, cfg Config) (Summary, error) {
	return RunContext(context.Background(), w, cfg)
}

// RunContext is Run that stops early, returning ctx's error and no
// summary lines, when ctx is cancelled.
func RunContext(ctx context.Context, w io.Writer, cfg Config) (Summary, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return Summary{}, err
	}
	ps, err := PositionsOf(cfg.Variant)
	if err != nil {
		return Summary{}, err
	}
	if cfg.Net != nil && cfg.Net.Variant != cfg.Variant.WithRules(game.WCF) { // a net is the board's, under either rule set
		return Summary{}, fmt.Errorf("bench: -net: a net of %s, but the suite is %s's", cfg.Net.Variant.Title(), cfg.Variant.Title())
	}
	// The engine of the grid that plays the suite's board, made here so
	// that its set-up is not timed.
	e := boards.Of(cfg.Variant).NewEngine(search.Options{Hash: cfg.HashMB, Threads: cfg.Threads, Net: cfg.Net, Classic: cfg.Classic})
	out := &errWriter{w: w}
	var sum Summary
	for i, p := range ps {
		e.NewGame()
		g := game.NewGame(p.Pos)
		start := time.Now()
		res := e.Search(ctx, g, search.Limits{Depth: cfg.Depth}, nil)
		sum.Elapsed += time.Since(start)
		if err := ctx.Err(); err != nil {
			return Summary{}, err
		}
		sum.Nodes += res.Nodes
		best := "(none)"
		if res.Best != game.NullMove {
			best = p.Pos.MoveText(res.Best)
		}
		out.printf("Position %d/%d: best %s score %s nodes %d\n", i+1, len(ps), best, res.Score, res.Nodes)
	}
	if ns := sum.Elapsed.Nanoseconds(); ns > 0 {
		sum.NPS = uint64(float64(sum.Nodes) * 1e9 / float64(ns))
	}
	out.printf("Total time (ms): %d\n", sum.Elapsed.Milliseconds())
	out.printf("Nodes searched: %d\n", sum.Nodes)
	out.printf("Nodes/second: %d\n", sum.NPS)
	return sum, out.err
}

// errWriter keeps the first write error so the report is written without
// checking every line.
type errWriter struct {
	w   io.Writer
	err error
}

func (ew *errWriter) printf(format string, args ...any) {
	if ew.err == nil {
		_, ew.err = fmt.Fprintf(ew.w, format, args...)
	}
}

// Usage is the syntax Command accepts.
const Usage = "bench [depth] [threads] [hash] [-variant NAME] [-rules NAME] [-net FILE | -classic]"

// Command implements `bench [depth] [threads] [hash] [-variant NAME]
// [-rules NAME]`: the numbers are positional and all optional (defaults
// DefaultDepth, 1 thread, 16 MB of hash); -variant NAME (V7), anywhere
// among them, picks the variant's suite, and -rules NAME the rule set it
// is searched under (V14: wcf, the default, or abstractplay). It checks
// them, runs the bench and writes the report to w.
func Command(w io.Writer, args []string) error {
	cfg, err := ParseArgs(args)
	if err != nil {
		return err
	}
	_, err = Run(w, cfg)
	return err
}

// ParseArgs reads the arguments of `bench [depth] [threads] [hash]
// [-variant NAME] [-rules NAME]`.
func ParseArgs(args []string) (Config, error) {
	cfg := DefaultConfig()
	cfg.Depth = 0 // the variant's default, unless given
	args, err := cutVariant(args, &cfg)
	if err != nil {
		return cfg, err
	}
	if args, err = cutRules(args, &cfg); err != nil {
		return cfg, err
	}
	if args, err = cutEval(args, &cfg); err != nil {
		return cfg, err
	}
	if len(args) > 3 {
		return cfg, fmt.Errorf("bench: too many arguments %q: usage: %s", args[3:], Usage)
	}
	fields := []struct {
		name string
		dst  *int
		max  int
		unit string
	}{
		{"depth", &cfg.Depth, MaxDepth, "plies"},
		{"threads", &cfg.Threads, MaxThreads, "threads"},
		{"hash", &cfg.HashMB, MaxHashMB, "MB"},
	}
	for i, a := range args {
		f := fields[i]
		v, err := strconv.Atoi(a)
		if err != nil {
			return cfg, fmt.Errorf("bench: %s %q is not a whole number: want 1 to %d %s (usage: %s)", f.name, a, f.max, f.unit, Usage)
		}
		if v < 1 || v > f.max {
			return cfg, fmt.Errorf("bench: %s %d out of range: want 1 to %d %s", f.name, v, f.max, f.unit)
		}
		*f.dst = v
	}
	if cfg.Depth == 0 {
		cfg.Depth = DefaultDepthOf(cfg.Variant)
	}
	return cfg, nil
}

// cutEval takes -classic (the tuned evaluation) and -net FILE (a net
// file for the suite's board) out of args into cfg and returns the other
// arguments: for comparing the evaluations' speed.
func cutEval(args []string, cfg *Config) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		switch strings.TrimLeft(args[i], "-") {
		case "classic":
			if !strings.HasPrefix(args[i], "-") {
				rest = append(rest, args[i])
				continue
			}
			cfg.Classic = true
		case "net":
			if !strings.HasPrefix(args[i], "-") {
				rest = append(rest, args[i])
				continue
			}
			if i+1 == len(args) {
				return nil, fmt.Errorf("bench: -net needs a net file (usage: %s)", Usage)
			}
			i++
			n, err := nnue.LoadFile(args[i])
			if err != nil {
				return nil, fmt.Errorf("bench: -net: %v", err)
			}
			cfg.Net = n
		default:
			rest = append(rest, args[i])
		}
	}
	if cfg.Classic && cfg.Net != nil {
		return nil, fmt.Errorf("bench: -classic and -net exclude each other")
	}
	return rest, nil
}

// cutVariant takes -variant NAME (or -variant=NAME, with one or two
// dashes) out of args into cfg and returns the other arguments. The
// variant must be one whose suite the bench has.
func cutVariant(args []string, cfg *Config) ([]string, error) {
	name, seen, rest, err := cutNamed(args, "variant", game.Names())
	if err != nil || !seen {
		return rest, err
	}
	v, err := game.ParseVariant(name)
	if err != nil {
		return nil, fmt.Errorf("bench: -variant: %v", err)
	}
	if _, ok := suiteOf(v); !ok {
		return nil, fmt.Errorf("bench: -variant %s: no suite (want %s)", v, game.Names())
	}
	cfg.Variant = v.WithRules(cfg.Variant.Rules())
	return rest, nil
}

// cutRules takes -rules NAME (or -rules=NAME) out of args into cfg's
// variant (V14) and returns the other arguments.
func cutRules(args []string, cfg *Config) ([]string, error) {
	name, seen, rest, err := cutNamed(args, "rules", game.RulesNames())
	if err != nil || !seen {
		return rest, err
	}
	r, err := game.ParseRules(name)
	if err != nil {
		return nil, fmt.Errorf("bench: -rules: %v", err)
	}
	cfg.Variant = cfg.Variant.WithRules(r)
	return rest, nil
}

// cutNamed takes the flag -flag NAME (or -flag=NAME, with one or two
// dashes) out of args: its value, whether it was given, and the other
// arguments; want lists the names it takes, for the error of a missing
// one.
func cutNamed(args []string, flag, want string) (value string, seen bool, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, ok := strings.CutPrefix(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), flag)
		if !ok || !strings.HasPrefix(a, "-") || name != "" && name[0] != '=' {
			rest = append(rest, a)
			continue
		}
		if name != "" {
			name = name[1:]
		} else {
			if i+1 == len(args) {
				return "", false, nil, fmt.Errorf("bench: -%s needs a name: %s (usage: %s)", flag, want, Usage)
			}
			i++
			name = args[i]
		}
		if seen {
			return "", false, nil, fmt.Errorf("bench: -%s given twice", flag)
		}
		seen, value = true, name
	}
	return value, seen, rest, nil
}
