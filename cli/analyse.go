package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/camelot-engine/camelot/analysis"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/record"
)

// runAnalyse implements `camelot analyse`: game records annotated with the
// engine's judgement (package analysis), each replayed and searched under
// its record's rule set or -rules' (V14).
func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	movetime := fs.Int("movetime", 1000, "search time per position, ms (unless -depth)")
	depth := fs.Int("depth", 0, "search depth per position instead of a time")
	threads := fs.Int("threads", 0, "search threads (0: one per physical core)")
	hash := fs.Int("hash", 64, "transposition table MB")
	plies := fs.String("plies", "", "analyse only these moves: FROM-TO, 1-based plies (default: all)")
	asJSON := fs.Bool("json", false, "write JSON for programs instead of annotated records")
	variant := fs.String("variant", game.Camelot.String(), "the game of records without a Variant tag: "+game.Names()+" (V7); a record's tag wins (V8)")
	rules := rulesFlag(fs)
	// The default is each record's own rule set: its Rules tag, or
	// abstractplay for AbstractPlay's JSON records (V13), else wcf; a
	// -rules given overrides it.
	rulesDefault := fs.Lookup("rules")
	rulesDefault.DefValue = ""
	rulesDefault.Usage = "the rule set every game is replayed and searched under: " + game.RulesNames() +
		" (V14); default: each record's own (its Rules tag, abstractplay for AbstractPlay's JSON records, else wcf)"
	solution := fs.String("solution", "", "Camette's solution table `DIR` (camelot solve): each Camette position's exact value goes into its annotation, and the engine plays by it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot analyse [options] FILE|-")
		fmt.Fprintln(stderr, "A game is analysed on the board of its Variant tag, or of -variant when it has none,")
		fmt.Fprintln(stderr, "under the rules of its Rules tag (abstractplay for AbstractPlay's JSON records, else wcf), or of -rules when given.")
		fmt.Fprintln(stderr, "Searches every position of the games in a record file and writes them back annotated:")
		fmt.Fprintln(stderr, "{score/depth} after each move (White's view), ?! ? ?? by the score lost, the engine's line")
		fmt.Fprintf(stderr, "where a better move existed, and a summary per side. Marks: a loss of %d, %d, %d centi-men or more.\n",
			analysis.InaccuracyLoss, analysis.MistakeLoss, analysis.BlunderLoss)
		fmt.Fprintln(stderr, "With -solution, a Camette position the table holds also gets its exact value: {score/depth solved: white wins in 7 plies}.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, ok := variantOf("analyse", *variant, stderr)
	if !ok {
		return 2
	}
	vr, ok := rulesOf("analyse", v, *rules, stderr)
	if !ok {
		return 2
	}
	forceRules := flagSet(fs, "rules")
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "camelot analyse: want one record file, or - for standard input")
		return 2
	}
	cfg := analysis.Config{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond, Threads: *threads, Hash: *hash}
	if cfg.Threads == 0 {
		cfg.Threads = protocol.DefaultThreads()
	}
	if *plies != "" {
		var err error
		if cfg.FromPly, cfg.ToPly, err = parseRange(*plies); err != nil || cfg.FromPly < 1 {
			fmt.Fprintf(stderr, "camelot analyse: -plies: bad range %q: want FROM-TO, from 1\n", *plies)
			return 2
		}
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "camelot analyse: %v\n", err)
		return 2
	}
	name := fs.Arg(0)
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "camelot analyse: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	} else {
		name = "stdin"
	}
	data, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintf(stderr, "camelot analyse: %s: %v\n", name, err)
		return 1
	}
	// The engine plays each game on its record's board under its rule
	// set: a position carries its variant and rules, so the search of a
	// Cam game is a Cam search, and one under AbstractPlay's rules
	// searches by them (V14).
	read := record.ReadAll
	if forceRules {
		read = func(r io.Reader) ([]*record.Game, []*record.Error, error) { return record.ReadAllUnder(r, vr.Rules()) }
	}
	games, bad, err := read(bytes.NewReader(defaultVariant(data, v)))
	if errors.Is(err, record.ErrNoGame) {
		fmt.Fprintf(stderr, "%s: no game found\n", name)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "camelot analyse: %s: %v\n", name, err)
		return 1
	}
	if *solution != "" {
		// The board that decides is -variant's when given, else the
		// first game's; Chivalry has no table (only Camette is solved),
		// and the other boards share Camette's grid, where the table
		// is read (the engine asks it about Camette alone).
		board := v
		if !flagSet(fs, "variant") && len(games) > 0 {
			board = games[0].Variant
		}
		if board.WithRules(game.WCF) == game.Chivalry {
			fmt.Fprintln(stderr, "camelot analyse: -solution: this board has no solution table (only Camette is solved); analysing without it")
		} else {
			o, about, err := openSolution(*solution)
			if err != nil {
				fmt.Fprintf(stderr, "camelot analyse: -solution: %v\n", err)
				return 1
			}
			cfg.Oracle = o
			fmt.Fprintf(stderr, "solution table %s: %s\n", *solution, about)
		}
	}
	status := 0
	type jsonError struct {
		Game    int    `json:"game"`
		Line    int    `json:"line"`
		Message string `json:"message"`
	}
	var jsonErrors []jsonError
	for i, g := range games {
		for _, w := range g.Warnings {
			fmt.Fprintf(stderr, "%s: game %d: warning: %s\n", name, i+1, w)
		}
	}
	for _, e := range bad {
		fmt.Fprintf(stderr, "%s:%d: game %d: %s\n", name, e.Line, e.Game, e.Msg)
		jsonErrors = append(jsonErrors, jsonError{e.Game, e.Line, e.Msg})
		status = 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	total := 0
	for _, g := range games {
		total += cfg.Positions(g)
	}
	a, err := analysis.New(cfg, stderr, total)
	if err != nil {
		fmt.Fprintf(stderr, "camelot analyse: %v\n", err)
		return 2
	}
	var jsonGames []analysis.JSONGame
	numbers := gameNumbers(len(games), bad)
	start := time.Now()
	for i, g := range games {
		rep, err := a.Analyse(ctx, g)
		if errors.Is(err, context.Canceled) {
			a.Done()
			fmt.Fprintln(stderr, "camelot analyse: interrupted")
			return 130
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: game %d: %v\n", name, numbers[i], err)
			status = 1
			continue
		}
		if *asJSON {
			jsonGames = append(jsonGames, rep.JSON(numbers[i]))
			continue
		}
		var b bytes.Buffer
		if err := record.Write(&b, rep.Annotated()); err != nil {
			fmt.Fprintf(stderr, "%s: game %d: %v\n", name, numbers[i], err)
			status = 1
			continue
		}
		// The rules it was replayed by as a ";" comment line before the
		// game (the record carries a Rules tag for any but wcf's), the
		// summary as ";" lines after it: a reader skips them.
		fmt.Fprintf(stdout, "; rules: %s\n", rulesNote(rep.Game))
		out := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
		stdout.Write(out)
		for _, c := range []game.Color{game.White, game.Black} {
			fmt.Fprintf(stdout, "; %s\n", rep.Summary[c].Line(c))
		}
		fmt.Fprintln(stdout)
	}
	a.Done()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if jsonGames == nil {
			jsonGames = []analysis.JSONGame{}
		}
		if jsonErrors == nil {
			jsonErrors = []jsonError{}
		}
		if err := enc.Encode(struct {
			Games  []analysis.JSONGame `json:"games"`
			Errors []jsonError         `json:"errors"`
		}{jsonGames, jsonErrors}); err != nil {
			fmt.Fprintf(stderr, "camelot analyse: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "analysed %s, %s, in %.1f s\n",
		plural.Of(len(games), "game", "games"), plural.Of(total, "position", "positions"), time.Since(start).Seconds())
	return status
}

// rulesNote names the rule set g was replayed by: "abstractplay (V14)",
// "wcf (R1–R17)".
func rulesNote(g *record.Game) string {
	if r := g.Variant.Rules(); r != game.WCF {
		return r.String() + " (V14)"
	}
	return game.WCF.String() + " (R1–R17)"
}

// gameNumbers returns the numbers in the file of the games read: the
// numbers the skipped games did not take.
func gameNumbers(n int, bad []*record.Error) []int {
	skipped := map[int]bool{}
	for _, e := range bad {
		skipped[e.Game] = true
	}
	nums := make([]int, 0, n)
	for k := 1; len(nums) < n; k++ {
		if !skipped[k] {
			nums = append(nums, k)
		}
	}
	return nums
}

// defaultVariant gives the games of a record file that have no Variant
// tag the variant v (V7): it puts [Variant "V"] at the start of the first
// line of each such game's tags (or of its movetext, for a game without
// tags: the first, or one after a result token), so that line numbers
// stay those of the file. A game's own
// Variant tag wins (V8). For Camelot, the default, data is returned as
// it is.
func defaultVariant(data []byte, v game.Variant) []byte {
	if v.WithRules(game.WCF) == game.Camelot || record.IsAbstractPlay(data) { // its header names its board (V13)
		return data
	}
	tag := fmt.Sprintf("[Variant %q] ", v.Title())
	lines := strings.SplitAfter(string(data), "\n")
	// Each game's first line and whether its tags name a variant.
	type start struct {
		line       int
		hasVariant bool
	}
	var starts []start
	inTags, needStart := false, true // needStart: the next movetext begins a game
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "["):
			if !inTags {
				starts = append(starts, start{line: i})
			}
			inTags, needStart = true, false
			if strings.HasPrefix(strings.ToLower(strings.TrimLeft(t[1:], " \t")), "variant ") {
				starts[len(starts)-1].hasVariant = true
			}
		case t == "" || t[0] == '%' || t[0] == ';':
		default:
			if needStart { // a game without tags
				starts = append(starts, start{line: i})
			}
			inTags, needStart = false, false
			if f := strings.Fields(t); len(f) > 0 {
				switch f[len(f)-1] {
				case "1-0", "0-1", "1/2-1/2", "*":
					needStart = true
				}
			}
		}
	}
	for _, s := range starts {
		if !s.hasVariant {
			lines[s.line] = tag + lines[s.line]
		}
	}
	return []byte(strings.Join(lines, ""))
}

// flagSet reports whether the command line set the flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
