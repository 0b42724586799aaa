package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/netgen"
)

// runNet implements `camelot net`: the next generation of a board's net
// (package netgen), made by this binary's datagen, train, openings, match
// and bench run as child processes. Ctrl-C stops the running child; the
// same command resumes.
func runNet(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("net", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := netgen.DefaultConfig(game.Camelot, 0)
	variant := fs.String("variant", game.Camelot.String(), "the board `NAME` whose net to make: "+game.Names()+" (V7)")
	gen := fs.String("gen", "", "the generation to make, a number `N` from 1 (required): it names the work folder and seeds the games")
	fs.StringVar(&c.From, "from", "", "the net `FILE` to start from (default: the board's file in nnue/default/, the net built in today)")
	fs.StringVar(&c.Dir, "dir", "", "the work folder `DIR` (default net-work/VARIANT-genN)")
	fs.StringVar(&c.Root, "root", c.Root, "the repository's root `DIR`, whose nnue/default/ and docs/variants.md are used")
	fs.Uint64Var(&c.Seed, "seed", 0, "datagen's seed (0: 1000·N+1, a seed of the generation's own)")
	fs.IntVar(&c.Games, "games", c.Games, "datagen's games")
	threads := fs.Int("threads", 0, "datagen's, openings' and train's threads (0: one per CPU)")
	fs.IntVar(&c.Epochs, "epochs", c.Epochs, "train's epochs")
	fs.Float64Var(&c.LR, "lr", c.LR, "train's step size (-lr)")
	lambda := fs.Float64("lambda", -1, "the game result's share of train's target, 0..1 (default: the board's, 0 for Chivalry and River, else 0.3)")
	fs.StringVar(&c.TC, "tc", c.TC, "the match's clock of each engine, [MOVES/]SECONDS[+INC]")
	concurrency := fs.Int("concurrency", 0, "the match's games at once (0: one per CPU)")
	fs.IntVar(&c.MatchGames, "match-games", c.MatchGames, "the most games of the SPRT (elo0=0 elo1=10)")
	fs.StringVar(&c.Openings, "openings", "", "the match's openings `FILE` (default: DIR/openings.cfen, 400 made by camelot openings)")
	steps := fs.String("steps", strings.Join(netgen.Steps, ","), "the steps to run, a comma `LIST`")
	fs.BoolVar(&c.Force, "force", false, "install the candidate even when the SPRT did not accept H1")
	fs.BoolVar(&c.DryRun, "dry-run", false, "print the commands, run nothing")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot net -variant NAME -gen N [options]")
		fmt.Fprintln(stderr, "Makes generation N of a board's net from the current one: datagen with it, train a candidate")
		fmt.Fprintln(stderr, "from it on those games, an SPRT of the candidate against it and, when the candidate passes,")
		fmt.Fprintln(stderr, "install it in nnue/default/ with its bench signature in docs/variants.md. The files go to DIR;")
		fmt.Fprintln(stderr, "run again, the same command skips the finished steps and resumes the unfinished one.")
		fs.PrintDefaults()
	}
	// "make net" without GEN leaves -gen without its number: say so, not
	// "flag needs an argument" and the whole usage.
	for i, a := range args {
		if (a == "-gen" || a == "--gen") && (i == len(args)-1 || strings.HasPrefix(args[i+1], "-")) {
			fmt.Fprintln(stderr, "camelot net: -gen: missing; give the generation to make, e.g. -gen 5 (make net GEN=5)")
			return 2
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "camelot net: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	v, ok := variantOf("net", *variant, stderr)
	if !ok {
		return 2
	}
	c.Variant = v
	c.Lambda = netgen.BoardLambda(v)
	if *lambda != -1 {
		c.Lambda = *lambda
	}
	if *gen == "" {
		fmt.Fprintln(stderr, "camelot net: -gen: missing; give the generation to make, e.g. -gen 5 (make net GEN=5)")
		return 2
	}
	n, err := strconv.Atoi(*gen)
	if err != nil || n < 1 {
		fmt.Fprintf(stderr, "camelot net: -gen %s: want a generation number from 1\n", *gen)
		return 2
	}
	c.Gen = n
	if *threads != 0 {
		c.Threads = *threads
	}
	if *concurrency != 0 {
		c.Concurrency = *concurrency
	}
	c.Steps = nil
	for _, s := range strings.Split(*steps, ",") {
		if s = strings.TrimSpace(s); s != "" {
			c.Steps = append(c.Steps, s)
		}
	}
	for _, s := range c.Steps {
		if !slices.Contains(netgen.Steps, s) {
			fmt.Fprintf(stderr, "camelot net: -steps: unknown step %q (want a comma list of %s)\n", s, strings.Join(netgen.Steps, ","))
			return 2
		}
	}
	if len(c.Steps) == 0 {
		fmt.Fprintf(stderr, "camelot net: -steps %q: want a comma list of %s\n", *steps, strings.Join(netgen.Steps, ","))
		return 2
	}
	c.Stdout, c.Stderr = stdout, stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = netgen.Run(ctx, c)
	var stopped *netgen.Interrupted
	switch {
	case errors.As(err, &stopped):
		fmt.Fprintf(stderr, "camelot net: %v; run the same command again to resume: %s\n", err, netgen.Command{Args: append([]string{"net"}, args...)})
		return 130
	case err != nil:
		fmt.Fprintf(stderr, "camelot net: %v\n", err)
		return 1
	}
	return 0
}
