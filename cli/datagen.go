package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/nnue"
	"github.com/camelot-engine/camelot/protocol"
)

// runDatagen implements `camelot datagen`: self-play training data for
// `camelot tune` (package datagen). Ctrl-C stops it; running it again
// with the same arguments resumes.
func runDatagen(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := datagen.DefaultConfig(1)
	seed := fs.Uint64("seed", d.Seed, "random seed: one seed, one independent run (and file)")
	out := fs.String("out", "", "output file (default datagen-SEED.txt; missing folders are made); an existing one is resumed")
	fs.IntVar(&d.Games, "games", d.Games, "games to play (a file is resumed only with the same number)")
	fs.Uint64Var(&d.Nodes, "nodes", d.Nodes, "search nodes a move")
	fs.IntVar(&d.MinRandomPlies, "random-min", d.MinRandomPlies, "fewest random plies at the start")
	fs.IntVar(&d.MaxRandomPlies, "random-max", d.MaxRandomPlies, "most random plies at the start")
	fs.IntVar(&d.OpeningLimit, "opening-limit", d.OpeningLimit, "drop random openings scored beyond ±this (centi-men)")
	fs.Uint64Var(&d.VerifyNodes, "verify-nodes", d.VerifyNodes, "nodes of the search that verifies an opening")
	fs.IntVar(&d.AdjudicateScore, "adjudicate", d.AdjudicateScore, "adjudicate a win once |score| reaches this …")
	fs.IntVar(&d.AdjudicatePlies, "adjudicate-plies", d.AdjudicatePlies, "… for this many plies in a row")
	fs.IntVar(&d.Hash, "hash", d.Hash, "transposition table MB per game")
	threads := fs.Int("threads", 0, "games played at once (0: one per physical core)")
	netFile := fs.String("net", "", "play with this net file (default: the net built in, if any)")
	classic := fs.Bool("classic", false, "play with the tuned evaluation instead of a net")
	variant := fs.String("variant", game.Camelot.String(), "the game: "+game.Names()+" (V7), a setting of the file; played with the board's built-in net, or its tuned evaluation without one")
	rules := fs.String("rules", game.WCF.String(), "the rule set the games are played by: "+game.RulesNames()+" (V14), a setting of the file; the positions are the board's, for both")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot datagen [options]")
		fmt.Fprintln(stderr, "Plays self-play games and writes quiet positions with their search score and the game result.")
		fs.PrintDefaults()
	}
	if !parseOptions(fs, args, "datagen", stderr) {
		return 2
	}
	var ok bool
	if d.Variant, ok = variantOf("datagen", *variant, stderr); !ok {
		return 2
	}
	if d.Variant, ok = rulesOf("datagen", d.Variant, *rules, stderr); !ok {
		return 2
	}
	d.Seed = *seed
	d.Threads = *threads
	if d.Threads == 0 {
		d.Threads = protocol.DefaultThreads()
	}
	if *out == "" {
		*out = fmt.Sprintf("datagen-%d.txt", d.Seed)
	}
	if err := d.Check(); err != nil {
		fmt.Fprintf(stderr, "camelot datagen: %v\n", err)
		return 2
	}
	switch {
	case *classic && *netFile != "":
		fmt.Fprintln(stderr, "camelot datagen: -classic and -net exclude each other")
		return 2
	case *netFile != "":
		n, err := nnue.LoadFile(*netFile)
		if err != nil {
			fmt.Fprintf(stderr, "camelot datagen: %v\n", err)
			return 1
		}
		if n.Variant != d.Variant.WithRules(game.WCF) { // a net is its board's, under either rule set
			fmt.Fprintf(stderr, "camelot datagen: -net %s: a net of %s, but the games are of %s (-variant)\n", *netFile, n.Variant.Title(), d.Variant.Title())
			return 2
		}
		d.Net = n
	case !*classic:
		n, err := nnue.DefaultFor(d.Variant)
		if err != nil {
			fmt.Fprintf(stderr, "camelot datagen: the built-in net of %s: %v\n", d.Variant.Title(), err)
			return 1
		}
		d.Net = n // nil when the binary has none for the board: the tuned evaluation
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := datagen.Run(ctx, d, *out, stderr)
	interrupted := errors.Is(err, context.Canceled)
	if err != nil && !interrupted {
		// Refused (a file of other settings) or failed: the error alone,
		// since a summary would count games the file may not hold.
		fmt.Fprintf(stderr, "camelot datagen: %v\n", err)
		return 1
	}
	rate := float64(sum.Positions) / max(sum.Elapsed.Seconds(), 1e-3)
	were := "were"
	if sum.Resumed == 1 {
		were = "was"
	}
	fmt.Fprintf(stdout, "datagen: %s: %s and %s written in %.1f s (%.1f positions/s, %s); %s %s there already\n",
		*out, plural.Of(sum.Games, "game", "games"), plural.Of(sum.Positions, "position", "positions"), sum.Elapsed.Seconds(), rate,
		plural.Of(d.Threads, "thread", "threads"), plural.Of(sum.Resumed, "game", "games"), were)
	if interrupted {
		fmt.Fprintln(stderr, "camelot datagen: interrupted; run the same command again to resume")
		return 130
	}
	return 0
}
