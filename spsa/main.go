package spsa

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// Main implements `camelot tune-search`.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune-search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	state := fs.String("state", "", "the run's state `FILE` (JSON): made when missing, resumed when there; required")
	total := fs.Int("pairs", 2000, "game `N` pairs of the whole run (two games an opening, colours swapped)")
	batch := fs.Int("batch", 2, "game pairs a perturbation (one step of SPSA)")
	params := fs.String("params", "", "comma-separated parameters to tune (default: all; list them with -list)")
	rEnd := fs.Float64("r-end", DefaultREnd, "learning rate at the end, a_end/c_end² (Fishtest's r_end)")
	engine := fs.String("engine", "", "the camelot `BINARY` whose search is tuned (default: this program)")
	variantName := fs.String("variant", "camelot", "the game (V1): "+game.Names())
	rulesName := fs.String("rules", game.WCF.String(), "the rule set the games are played by: "+game.RulesNames()+" (V14)")
	tc := fs.String("tc", "1+0.01", "time control of every game, seconds+increment (as match's tc=)")
	nodes := fs.Int64("nodes", 0, "play with a node limit a move instead of -tc (0: use -tc)")
	openings := fs.String("openings", "", "`FILE` of openings (camelot openings), played in random order; required")
	concurrency := fs.Int("concurrency", 2, "games at once")
	hash := fs.Int("hash", 16, "each engine's Hash, MB")
	seed := fs.Uint64("seed", 1, "seed of the perturbations and the openings' order, mixed with the process id and the time so that workers on one run differ")
	list := fs.Bool("list", false, "list the tunable parameters with their defaults and ranges, and exit")
	var extra []string
	fs.Func("option", "another engine option for both, `NAME=VALUE` (repeatable), e.g. EvalFile=net.nnue", func(s string) error {
		if !strings.Contains(s, "=") {
			return fmt.Errorf("want NAME=VALUE, not %q", s)
		}
		extra = append(extra, "option."+s)
		return nil
	})
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot tune-search -state FILE -openings FILE [options]")
		fmt.Fprintln(stderr, "Tunes the search's constants by SPSA over game pairs (docs/tuning-search.md).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *list {
		fmt.Fprintf(stdout, "%-16s %7s %7s %7s %6s  %s\n", "name", "default", "min", "max", "c_end", "what")
		for _, p := range search.ParamTable {
			fmt.Fprintf(stdout, "%-16s %7d %7d %7d %6g  %s\n", p.Name, p.Default, p.Min, p.Max, p.CEnd, p.What)
		}
		return 0
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "camelot tune-search: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *state == "":
		return fail("give the run's state file with -state FILE")
	case *openings == "":
		return fail("give an openings file with -openings FILE (make one with camelot openings)")
	case *batch < 1 || *total < 1:
		return fail("-batch and -pairs must be at least 1")
	case *concurrency < 1:
		return fail("-concurrency must be at least 1")
	}
	v, err := game.ParseVariant(*variantName)
	if err != nil {
		return fail("-variant: %v", err)
	}
	r, err := game.ParseRules(*rulesName)
	if err != nil {
		return fail("-rules: %v", err)
	}
	if _, err := os.Stat(*openings); err != nil {
		return fail("-openings: %v", err)
	}
	if *engine == "" {
		if *engine, err = os.Executable(); err != nil {
			return fail("cannot find this program: %v; give -engine", err)
		}
	}
	limit := "tc=" + *tc
	if *nodes > 0 {
		limit = fmt.Sprintf("nodes=%d", *nodes)
	}
	var names []string
	if *params != "" {
		for _, n := range strings.Split(*params, ",") {
			names = append(names, strings.TrimSpace(n))
		}
	}
	player := &MatchPlayer{Engine: *engine, Variant: v.String(), Rules: r.String(), Limit: limit, Openings: *openings,
		Concurrency: *concurrency, Stderr: stderr,
		Options: append([]string{"option.Threads=1", fmt.Sprintf("option.Hash=%d", *hash), "option.OwnBook=false"}, extra...)}
	if err := player.Check(*batch); err != nil {
		return fail("%v", err)
	}
	run := &Run{State: *state, Setup: player.Setup(), Names: names, Base: search.DefaultParams(),
		Total: *total, REnd: *rEnd, Pairs: *batch, Seed: *seed, Player: player, Out: stdout}
	if _, err := run.Do(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "camelot tune-search: interrupted; the batch being played is not counted: run the same command again to resume\n")
			return 130
		}
		fmt.Fprintf(stderr, "camelot tune-search: %v\n", err)
		return 1
	}
	return 0
}
