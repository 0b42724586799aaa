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
	"github.com/camelot-engine/camelot/protocol"
	"github.com/camelot-engine/camelot/train"
)

// runTrain implements `camelot train`: fit a net of the learned
// evaluation (package nnue) to datagen files (package train). Ctrl-C
// stops it; running it again with the same arguments resumes from the
// last epoch's checkpoint.
func runTrain(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := train.DefaultConfig()
	fs.IntVar(&c.Hidden, "hidden", c.Hidden, "units of the feature transformer (H): a multiple of 16")
	fs.IntVar(&c.Buckets, "buckets", c.Buckets, "output buckets (1..16), sets of output weights by the pieces on the board: a position of p pieces is scored by set min((p-1)/4, buckets-1)")
	fs.IntVar(&c.Epochs, "epochs", c.Epochs, "passes over the training positions")
	fs.IntVar(&c.Batch, "batch", c.Batch, "positions a step")
	fs.Float64Var(&c.LR, "lr", c.LR, "Adam's step size at the first epoch (cosine decay to lr/100 at the last)")
	fs.Float64Var(&c.Lambda, "lambda", c.Lambda, "weight of the game result in the target; the rest is the search score's (0..1)")
	fs.Float64Var(&c.K, "k", 0, "the sigmoid's scale K, centi-men to logits as K/400; 0: fit it to the data")
	fs.Float64Var(&c.Validation, "validation", c.Validation, "share of the games held out to measure the fit (0..1)")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "random seed of the initial weights and the shuffles")
	threads := fs.Int("threads", 0, "goroutines a batch is split between (0: one per physical core)")
	fs.StringVar(&c.Out, "out", "", "net file to write (default: nn-<hash>.nnue, or cam-<hash>.nnue for Cam's board, …, named after its bytes, here)")
	fs.StringVar(&c.Init, "init", "", "a net file to start from instead of random weights: its units (unless -hidden is given) and its K (unless -k is); a net of one output bucket gives its output layer to each of -buckets")
	fs.StringVar(&c.Checkpoint, "checkpoint", "", "the state after each epoch, to resume from (default: OUT.ckpt, or train.ckpt)")
	variant := fs.String("variant", "", "the board of the net: "+game.Names()+" (V7); default: the first file's")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot train [options] FILE...")
		fmt.Fprintln(stderr, "Trains a net of the learned evaluation (NNUE) on datagen files and writes it as a net file.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *variant == "" && fs.NArg() > 0 {
		if v, err := datagen.FileVariant(fs.Arg(0)); err == nil {
			*variant = v.String()
		}
	}
	if *variant == "" {
		*variant = game.Camelot.String()
	}
	v, ok := variantOf("train", *variant, stderr)
	if !ok {
		return 2
	}
	c.Variant = v
	if c.Init != "" {
		hiddenSet := false
		fs.Visit(func(f *flag.Flag) { hiddenSet = hiddenSet || f.Name == "hidden" })
		if !hiddenSet {
			c.Hidden = 0 // the net's (train.Config.Init)
		}
	}
	c.Files = fs.Args()
	c.Threads = *threads
	if c.Threads == 0 {
		c.Threads = protocol.DefaultThreads()
	}
	if err := c.Check(); err != nil {
		fmt.Fprintf(stderr, "camelot train: %v\n", err)
		return 2
	}
	c.Stdout, c.Stderr = stdout, stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	_, err := train.Run(ctx, c)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "camelot train: %v\n", err)
		return 130
	case err != nil:
		fmt.Fprintf(stderr, "camelot train: %v\n", err)
		return 1
	}
	return 0
}
