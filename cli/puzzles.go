package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/puzzles"
	"github.com/camelot-engine/camelot/record"
	"github.com/camelot-engine/camelot/search"
)

// runPuzzles implements `camelot puzzles generate|verify|export`
// (docs/puzzles.md).
func runPuzzles(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		puzzlesUsage(stderr)
		return 2
	}
	switch args[0] {
	case "generate":
		return runPuzzlesGenerate(args[1:], stdout, stderr)
	case "verify":
		return runPuzzlesVerify(args[1:], stdout, stderr)
	case "export":
		return runPuzzlesExport(args[1:], stdout, stderr)
	case "stats":
		return runPuzzlesStats(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		puzzlesUsage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "camelot puzzles: unknown subcommand %q (want generate, verify, export or stats)\n", args[0])
	return 2
}

func puzzlesUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: camelot puzzles generate [-variant V] [-rules R] (-records FILE… | -selfplay N) -nodes N -threads N -out FILE.csv")
	fmt.Fprintln(w, "       camelot puzzles verify [-nodes N] FILE…")
	fmt.Fprintln(w, "       camelot puzzles export [-variant V] -out FILE.csv")
	fmt.Fprintln(w, "       camelot puzzles stats [-levels L,L…] [-nodes N] [-threads N] [FILE…]")
}

// parsePuzzleFlags parses fs's flags: a bad one is one line on stderr,
// "camelot puzzles generate: flag provided but not defined: -x"; -h
// prints the command's help. It reports whether the command goes on.
func parsePuzzleFlags(fs *flag.FlagSet, args []string, stderr io.Writer) bool {
	help := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		help()
	case err != nil:
		fmt.Fprintf(stderr, "camelot %s: %v\n", fs.Name(), err)
	}
	return err == nil
}

// stringsFlag is a repeatable flag.
type stringsFlag []string

func (s *stringsFlag) String() string     { return strings.Join(*s, " ") }
func (s *stringsFlag) Set(v string) error { *s = append(*s, v); return nil }

// genJob is one game to scan.
type genJob struct {
	index int
	key   string // the game in the progress file: "selfplay camelot seed 1 game 7", "FILE game 2"
	game  func(e *boards.Engine) *game.Game
	src   func(ply int) string
}

func runPuzzlesGenerate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := variantFlag(fs)
	rules := rulesFlag(fs)
	var records stringsFlag
	fs.Var(&records, "records", "record `FILE`s to scan (WCF pages, PGN, AbstractPlay JSON); the arguments after the flags are more")
	selfplay := fs.Int("selfplay", 0, "scan this many self-play games instead of records")
	seed := fs.Uint64("seed", 1, "seed of the self-play games")
	nodes := fs.Uint64("nodes", 100000, "nodes of each MultiPV 2 search (the built-in set's)")
	threads := fs.Int("threads", 1, "games scanned at once, one search thread each")
	hash := fs.Int("hash", 16, "transposition table MB per game scanned at once")
	recheck := fs.Uint64("recheck", 4, "a puzzle is kept after passing verify at this many times -nodes (0: no recheck)")
	maxMoves := fs.Int("max-moves", puzzles.DefaultMaxSolverMoves, "most solver moves of a line (twice as many for a line that wins the game)")
	out := fs.String("out", "", "the puzzle file `FILE.csv`, appended to (a killed run continues; FILE.csv.progress holds the games done)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot puzzles generate [-variant V] [-rules R] (-records FILE… | -selfplay N) -nodes N -threads N -out FILE.csv")
		fmt.Fprintln(stderr, "Finds puzzles in the games of record files or of self-play games and appends them to FILE.csv.")
		fs.PrintDefaults()
	}
	// -records takes every argument after it up to the next flag.
	var rest []string
	for i := 0; i < len(args); i++ {
		rest = append(rest, args[i])
		if a := args[i]; a == "-records" || a == "--records" {
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				records = append(records, args[i])
			}
			rest = rest[:len(rest)-1]
		}
	}
	if !parsePuzzleFlags(fs, rest, stderr) {
		return 2
	}
	records = append(records, fs.Args()...)
	v, ok := variantOf("puzzles generate", *variant, stderr)
	if !ok {
		return 2
	}
	if v, ok = rulesOf("puzzles generate", v, *rules, stderr); !ok {
		return 2
	}
	switch {
	case *out == "":
		fmt.Fprintln(stderr, "camelot puzzles generate: -out FILE.csv is required")
		return 2
	case (len(records) > 0) == (*selfplay > 0):
		fmt.Fprintln(stderr, "camelot puzzles generate: want -records FILE… or -selfplay N, one of them")
		return 2
	case *nodes == 0 || *threads < 1 || *hash < 1 || *maxMoves < 1 || *selfplay < 0:
		fmt.Fprintln(stderr, "camelot puzzles generate: -nodes, -threads, -hash and -max-moves must be at least 1")
		return 2
	}
	var jobs []genJob
	if *selfplay > 0 {
		for i := range *selfplay {
			jobs = append(jobs, genJob{index: i, key: fmt.Sprintf("selfplay %s seed %d game %d", v, *seed, i),
				game: func(e *boards.Engine) *game.Game { return puzzles.SelfPlay(context.Background(), e, v, *seed, i) },
				src:  func(int) string { return "selfplay" }})
		}
	} else {
		for _, name := range records {
			data, err := os.ReadFile(name)
			if err != nil {
				fmt.Fprintf(stderr, "camelot puzzles generate: %v\n", err)
				return 1
			}
			// A record without a Variant tag is Camelot's (V7); -variant
			// selects the boards whose games are scanned.
			games, bad, err := record.ReadAllUnder(bytes.NewReader(data), v.Rules())
			if err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", name, err)
				return 1
			}
			for _, e := range bad {
				fmt.Fprintf(stderr, "%s:%d: game %d: %s (skipped)\n", name, e.Line, e.Game, e.Msg)
			}
			label := filepath.Base(name)
			if record.IsAbstractPlay(data) {
				label = "AbstractPlay " + label
			}
			for gi, rg := range games {
				event := rg.Tag("Event")
				if event == "" || event == "?" {
					event = label
				}
				// Each record is scanned on its own board; with -variant,
				// only the records of that board.
				if flagSet(fs, "variant") && rg.Variant.WithRules(game.WCF) != v.WithRules(game.WCF) {
					continue
				}
				mg, err := rg.Replay()
				if mg == nil {
					fmt.Fprintf(stderr, "%s: game %d: %v (skipped)\n", name, gi+1, err)
					continue
				}
				jobs = append(jobs, genJob{index: len(jobs), key: fmt.Sprintf("%s game %d", name, gi+1),
					game: func(*boards.Engine) *game.Game { return mg },
					src:  func(ply int) string { return event + " ply " + strconv.Itoa(ply) }})
			}
		}
	}
	cfg := puzzles.Config{Nodes: *nodes, Recheck: *recheck * *nodes, MaxSolverMoves: *maxMoves}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return generate(ctx, jobs, cfg, *threads, *hash, *out, stderr)
}

// openResumable opens the puzzle file for appending: a new one gets the
// header, an existing one is read (a last line cut by a kill is dropped)
// and its puzzles returned.
func openResumable(path string) (*os.File, []puzzles.Puzzle, error) {
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = data[:bytes.LastIndexByte(data, '\n')+1]
		if err := os.Truncate(path, int64(len(data))); err != nil {
			return nil, nil, err
		}
	}
	var have []puzzles.Puzzle
	if len(data) > 0 {
		if have, err = puzzles.ReadCSV(bytes.NewReader(data)); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if dir := filepath.Dir(path); dir != "" {
		_ = os.MkdirAll(dir, 0o755)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if len(data) == 0 {
		if _, err := f.WriteString(puzzles.Header + "\n"); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return f, have, nil
}

// solverCFEN is the position a puzzle's solver first faces.
func solverCFEN(p puzzles.Puzzle) string {
	g, err := p.Start()
	if err != nil || len(p.Moves) == 0 {
		return ""
	}
	if _, err := g.PlayText(p.Moves[0]); err != nil {
		return ""
	}
	return g.Position().CFEN()
}

func generate(ctx context.Context, jobs []genJob, cfg puzzles.Config, threads, hash int, out string, stderr io.Writer) int {
	f, have, err := openResumable(out)
	if err != nil {
		fmt.Fprintf(stderr, "camelot puzzles generate: %v\n", err)
		return 1
	}
	defer f.Close()
	progPath := out + ".progress"
	done := map[string]bool{}
	if b, err := os.ReadFile(progPath); err == nil {
		for i, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l == "" {
				continue
			}
			key, ok := strings.CutPrefix(l, "done ")
			if !ok {
				fmt.Fprintf(stderr, "%s:%d: want \"done GAME\"\n", progPath, i+1)
				return 1
			}
			done[key] = true
		}
	}
	doneBefore := 0
	for _, j := range jobs {
		if done[j.key] {
			doneBefore++
		}
	}
	prog, err := os.OpenFile(progPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintf(stderr, "camelot puzzles generate: %v\n", err)
		return 1
	}
	defer prog.Close()
	seen := map[string]bool{}
	for _, p := range have {
		seen[solverCFEN(p)] = true
	}
	var mu sync.Mutex
	scanned, candidates, kept := 0, 0, 0
	var writeErr error
	start := time.Now()
	line := func() string {
		h := time.Since(start).Hours()
		rate, per := 0.0, 0.0
		if h > 0 {
			rate = float64(kept) / h
		}
		if kept > 0 {
			per = float64(candidates) / float64(kept)
		}
		return fmt.Sprintf("puzzles: games %d/%d, candidates %d, kept %d (%d in the file), %.0f puzzles/h, %.1f candidates a puzzle",
			scanned+doneBefore, len(jobs), candidates, kept, len(have)+kept, rate, per)
	}
	todo := make(chan genJob)
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := puzzles.NewChecker(hash)
			var player *boards.Engine
			for j := range todo {
				if player == nil {
					player = boards.NewEngine(search.Options{Hash: hash, Threads: 1})
				}
				g := j.game(player)
				if ctx.Err() != nil {
					return
				}
				cands := c.FromGame(ctx, g, j.src, cfg, func(cfen string) bool {
					mu.Lock()
					defer mu.Unlock()
					if seen[cfen] {
						return true
					}
					seen[cfen] = true
					return false
				}, func(p puzzles.Puzzle) {
					mu.Lock()
					defer mu.Unlock()
					if _, err := f.WriteString(p.Line()); err != nil && writeErr == nil {
						writeErr = err
					}
					kept++
				})
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				candidates += cands
				scanned++
				fmt.Fprintf(prog, "done %s\n", j.key)
				fmt.Fprintln(stderr, line())
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		if done[j.key] {
			continue
		}
		select {
		case todo <- j:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(todo)
	wg.Wait()
	fmt.Fprintln(stderr, line())
	if writeErr != nil {
		fmt.Fprintf(stderr, "camelot puzzles generate: %s: %v\n", out, writeErr)
		return 1
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "camelot puzzles generate: interrupted; run again to continue")
		return 130
	}
	return 0
}

func runPuzzlesVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	nodes := fs.Uint64("nodes", 400000, "nodes of each MultiPV 2 search (default: 4× the built-in set's generation nodes)")
	threads := fs.Int("threads", 1, "puzzles checked at once, one search thread each")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot puzzles verify [-nodes N] [-threads N] FILE…")
		fmt.Fprintln(stderr, "Re-checks every puzzle: each move legal, each solver move the only one within a Man of the best.")
		fs.PrintDefaults()
	}
	if !parsePuzzleFlags(fs, args, stderr) {
		return 2
	}
	if fs.NArg() == 0 || *nodes == 0 || *threads < 1 {
		fmt.Fprintln(stderr, "camelot puzzles verify: want one puzzle file or more, -nodes and -threads of at least 1")
		return 2
	}
	type item struct {
		name string
		line int
		p    puzzles.Puzzle
	}
	var items []item
	var illegal []string
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "camelot puzzles verify: %v\n", err)
			return 1
		}
		// A line whose moves do not replay (an illegal move) is a failed
		// puzzle, listed with the others; any other fault of the file is
		// one line on stderr. The file is read a line a record, as
		// WriteCSV writes it.
		all := strings.SplitAfter(string(data), "\n")
		skip := map[int]bool{}
		var ps []puzzles.Puzzle
		var orig []int // orig[k]: the file's line of line k+1 of the text read
		for {
			var b strings.Builder
			orig = orig[:0]
			for i, l := range all {
				if !skip[i] {
					b.WriteString(l)
					orig = append(orig, i+1)
				}
			}
			ps, err = puzzles.ReadCSV(strings.NewReader(b.String()))
			var le *puzzles.LineError
			if err == nil {
				break
			}
			if errors.As(err, &le) && le.Field == "Moves" && le.Line >= 1 && le.Line <= len(orig) {
				line := orig[le.Line-1]
				skip[line-1] = true
				id, _, _ := strings.Cut(all[line-1], ",")
				illegal = append(illegal, fmt.Sprintf("%s:%d: %s: %v", name, line, id, le.Err))
				continue
			}
			if errors.As(err, &le) {
				l := le.Line
				if l >= 1 && l <= len(orig) {
					l = orig[l-1]
				}
				fmt.Fprintf(stderr, "%s:%d: %s\n", name, l, strings.TrimPrefix(le.Error(), fmt.Sprintf("line %d: ", le.Line)))
			} else {
				fmt.Fprintf(stderr, "%s: %v\n", name, err)
			}
			return 1
		}
		for i, p := range ps {
			items = append(items, item{name, orig[i+1], p})
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	problems := make([]*puzzles.Problem, len(items))
	start := time.Now()
	eachOnWorkers(ctx, *threads, len(items), func() func(int) {
		c := puzzles.NewChecker(16)
		return func(i int) { problems[i], _ = c.Check(ctx, items[i].p, *nodes) }
	})
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "camelot puzzles verify: interrupted")
		return 130
	}
	bad := len(illegal)
	for _, l := range illegal {
		fmt.Fprintln(stdout, l)
	}
	for i, pr := range problems {
		if pr != nil {
			bad++
			fmt.Fprintf(stdout, "%s:%d: %s: %s\n", items[i].name, items[i].line, items[i].p.ID, pr)
		}
	}
	total := len(items) + len(illegal)
	share := 100.0
	if total > 0 {
		share = 100 * float64(total-bad) / float64(total)
	}
	fmt.Fprintf(stdout, "verified %d puzzles at %d nodes: %d unique (%.1f%%), %d failed, in %.1f s\n",
		total, *nodes, total-bad, share, bad, time.Since(start).Seconds())
	if bad > 0 {
		return 1
	}
	return 0
}

func runPuzzlesExport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "only this game's puzzles: "+game.Names()+" (V7); default: every board's")
	out := fs.String("out", "", "the file to write, `FILE.csv` (- for standard output)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot puzzles export [-variant V] -out FILE.csv")
		fmt.Fprintln(stderr, "Writes the built-in puzzle set.")
		fs.PrintDefaults()
	}
	if !parsePuzzleFlags(fs, args, stderr) {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "camelot puzzles export: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *out == "" {
		fmt.Fprintln(stderr, "camelot puzzles export: -out FILE.csv is required")
		return 2
	}
	ps := puzzles.BuiltIn()
	if *variant != "" {
		v, ok := variantOf("puzzles export", *variant, stderr)
		if !ok {
			return 2
		}
		var sel []puzzles.Puzzle
		for _, p := range ps {
			if p.Variant == v {
				sel = append(sel, p)
			}
		}
		ps = sel
	}
	var b bytes.Buffer
	if err := puzzles.WriteCSV(&b, ps); err != nil {
		fmt.Fprintf(stderr, "camelot puzzles export: %v\n", err)
		return 1
	}
	if *out == "-" {
		stdout.Write(b.Bytes())
		return 0
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "camelot puzzles export: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "wrote %d puzzles to %s\n", len(ps), *out)
	return 0
}

// readPuzzleFiles reads puzzle files; a bad one is one line on stderr.
func readPuzzleFiles(command string, names []string, stderr io.Writer) ([]puzzles.Puzzle, bool) {
	var all []puzzles.Puzzle
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "camelot puzzles %s: %v\n", command, err)
			return nil, false
		}
		ps, err := puzzles.ReadCSV(bytes.NewReader(data))
		if err != nil {
			var le *puzzles.LineError
			if errors.As(err, &le) {
				fmt.Fprintf(stderr, "%s:%d: %s\n", name, le.Line, strings.TrimPrefix(le.Error(), fmt.Sprintf("line %d: ", le.Line)))
			} else {
				fmt.Fprintf(stderr, "%s: %v\n", name, err)
			}
			return nil, false
		}
		all = append(all, ps...)
	}
	return all, true
}

// runPuzzlesStats prints the figures of a puzzle set (the built-in one
// without files): puzzles per board and per theme, the ratings, and how
// often each of -levels finds the first solver move.
func runPuzzlesStats(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzles stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	levels := fs.String("levels", "0,5,10,20", "strength levels (0–20) whose first-move solve rate is measured; empty for none")
	nodes := fs.Uint64("nodes", 100000, "node budget of each level's search (a level caps it further)")
	threads := fs.Int("threads", 1, "puzzles searched at once")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot puzzles stats [-levels L,L…] [-nodes N] [-threads N] [FILE…]")
		fmt.Fprintln(stderr, "Counts the puzzles of the files (default: the built-in set) by board and theme, and measures")
		fmt.Fprintln(stderr, "how often each level finds the first solver move.")
		fs.PrintDefaults()
	}
	if !parsePuzzleFlags(fs, args, stderr) {
		return 2
	}
	var lv []int
	for _, f := range strings.Split(*levels, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > search.MaxSkill {
			fmt.Fprintf(stderr, "camelot puzzles stats: -levels: bad level %q (want 0–20)\n", f)
			return 2
		}
		lv = append(lv, n)
	}
	if *nodes == 0 || *threads < 1 {
		fmt.Fprintln(stderr, "camelot puzzles stats: -nodes and -threads must be at least 1")
		return 2
	}
	ps := puzzles.BuiltIn()
	if fs.NArg() > 0 {
		var ok bool
		if ps, ok = readPuzzleFiles("stats", fs.Args(), stderr); !ok {
			return 1
		}
	}
	boardsSeen := map[string]int{}
	var order []string
	themes := map[string]int{}
	var themeOrder []string
	ratings := map[string][]int{}
	for _, p := range ps {
		b := p.Variant.Title()
		if boardsSeen[b] == 0 {
			order = append(order, b)
		}
		boardsSeen[b]++
		ratings[b] = append(ratings[b], p.Rating)
		for _, t := range p.Themes {
			if themes[t] == 0 {
				themeOrder = append(themeOrder, t)
			}
			themes[t]++
		}
	}
	fmt.Fprintf(stdout, "%d puzzles\n", len(ps))
	for _, b := range order {
		r := ratings[b]
		sum, lo, hi := 0, r[0], r[0]
		for _, x := range r {
			sum += x
			lo, hi = min(lo, x), max(hi, x)
		}
		fmt.Fprintf(stdout, "board %s: %d, rating mean %d, %d–%d\n", b, boardsSeen[b], sum/len(r), lo, hi)
	}
	for _, t := range themeOrder {
		fmt.Fprintf(stdout, "theme %s: %d\n", t, themes[t])
	}
	if len(lv) == 0 || len(ps) == 0 {
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	solved := make([][]bool, len(lv))
	for i := range solved {
		solved[i] = make([]bool, len(ps))
	}
	eachOnWorkers(ctx, *threads, len(ps), func() func(int) {
		e := boards.NewEngine(search.Options{Hash: 16, Threads: 1})
		return func(i int) {
			g, err := ps[i].Start()
			if err != nil {
				return
			}
			if _, err := g.PlayText(ps[i].Moves[0]); err != nil {
				return
			}
			want, err := g.Position().ParseMove(ps[i].Moves[1])
			if err != nil {
				return
			}
			for k, l := range lv {
				e.SetSkill(search.Skill{Level: l, Seed: 1})
				e.NewGame()
				solved[k][i] = e.Search(ctx, g, search.Limits{Nodes: *nodes}, nil).Best == want
			}
		}
	})
	if ctx.Err() != nil {
		return 130
	}
	for k, l := range lv {
		for _, b := range append([]string{""}, order...) {
			n, ok := 0, 0
			for i, p := range ps {
				if b != "" && p.Variant.Title() != b {
					continue
				}
				n++
				if solved[k][i] {
					ok++
				}
			}
			label := "all"
			if b != "" {
				label = b
			}
			fmt.Fprintf(stdout, "level %d finds the first move: %s %d/%d (%.1f%%)\n", l, label, ok, n, 100*float64(ok)/float64(n))
		}
	}
	return 0
}

// eachOnWorkers runs do(i) for i from 0 to n-1 on the given number of
// workers, each made by newWorker (its own engine or checker), taking the
// next index as it is free; it stops handing out indices when ctx ends.
func eachOnWorkers(ctx context.Context, workers, n int, newWorker func() func(int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do := newWorker()
			for i := range next {
				do(i)
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
