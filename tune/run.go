package tune

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/eval/tuned"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/internal/progress"
)

// options are the command line's settings.
type options struct {
	lambda, k, lr, l2, validation float64
	epochs, batch, threads        int
	seed                          uint64
	freeze, out, variantName      string
	rulesName                     string
	pstByRank                     string // -pst-by-rank MG,EG: write a starting table instead of fitting
	rankMG, rankEG                int
	variant                       game.Variant
	files                         []string
	frozen                        []bool // from freeze, by weight index
}

// parseOptions reads the command line. An error has been reported on
// stderr; help is true for -h.
func parseOptions(args []string, stderr io.Writer) (o options, help bool, err error) {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Float64Var(&o.lambda, "lambda", 0.5, "weight of the game result in the target; the rest is the search score's (0..1)")
	fs.Float64Var(&o.k, "k", 0, "the sigmoid's scale K; 0: fit it to the results with the current weights")
	fs.IntVar(&o.epochs, "epochs", 20, "passes over the training positions")
	fs.IntVar(&o.batch, "batch", 16384, "positions a step")
	fs.Float64Var(&o.lr, "lr", 1.0, "Adam's step size, centi-men a step")
	fs.Float64Var(&o.l2, "l2", 0, "L2 regularisation: adds L2·Σ(w/100)² over the free weights to the loss")
	fs.IntVar(&o.threads, "threads", runtime.NumCPU(), "goroutines each batch is split between")
	fs.Float64Var(&o.validation, "validation", 0.1, "share of the positions held out to measure the fit (0..1)")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed of the validation split and the shuffles")
	fs.StringVar(&o.freeze, "freeze", "", "comma-separated prefixes of weight names to keep as they are, e.g. material.,tempo")
	fs.StringVar(&o.out, "out", "", "file to write the weights to (Go source; default eval/tuned/NAME.go for -variant NAME, eval/tuned/camelot.go without)")
	fs.StringVar(&o.pstByRank, "pst-by-rank", "", "MG,EG: fit nothing, but write the board's weights with every piece-square entry MG·r, EG·r (r: its rank from the own side, 0 at the first): a start for self-play on a board whose own weights draw every game (River)")
	fs.StringVar(&o.variantName, "variant", "camelot", "the board whose weights are fitted (V1): "+game.Names()+"; every position of the files must be of it")
	fs.StringVar(&o.rulesName, "rules", game.WCF.String(), "the rule set of the games the files hold: "+game.RulesNames()+" (V14); a board's weights serve both, so the positions are fitted alike")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot tune [options] FILE...")
		fmt.Fprintln(stderr, "Fits the evaluation weights to datagen files (Texel's tuning method) and writes them as Go source.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, errors.Is(err, flag.ErrHelp), err
	}
	o.files = fs.Args()
	if err := o.check(); err != nil {
		fmt.Fprintf(stderr, "camelot tune: %v\n", err)
		return o, false, err
	}
	return o, false, nil
}

func (o *options) check() error {
	v, err := game.ParseVariant(o.variantName)
	if err != nil {
		return fmt.Errorf("-variant: %v", err)
	}
	if _, err := game.ParseRules(o.rulesName); err != nil {
		return fmt.Errorf("-rules: %v", err)
	}
	g := boards.Of(v)
	if len(g.EvalWeightNames(v)) == 0 {
		return fmt.Errorf("-variant %s: the evaluation has no weights for that board (its board is not played)", v)
	}
	o.variant = v
	if o.out == "" {
		o.out = filepath.FromSlash(tuned.File(v))
	}
	if o.pstByRank != "" {
		if _, err := fmt.Sscanf(o.pstByRank, "%d,%d", &o.rankMG, &o.rankEG); err != nil || strings.Count(o.pstByRank, ",") != 1 {
			return fmt.Errorf("-pst-by-rank %q: want two whole numbers MG,EG such as 12,6", o.pstByRank)
		}
		if len(o.files) > 0 {
			return errors.New("-pst-by-rank writes a table without data: give no files")
		}
	}
	switch {
	case len(o.files) == 0 && o.pstByRank == "":
		return errors.New("no data files (usage: camelot tune [options] FILE...; camelot tune -h)")
	case !(o.lambda >= 0 && o.lambda <= 1):
		return fmt.Errorf("-lambda %v: want 0..1", o.lambda)
	case !(o.k >= 0) || math.IsInf(o.k, 0):
		return fmt.Errorf("-k %v: want a positive scale, or 0 to fit it", o.k)
	case o.epochs < 0:
		return fmt.Errorf("-epochs %d: want at least 0", o.epochs)
	case o.batch < 1:
		return fmt.Errorf("-batch %d: want at least 1", o.batch)
	case !(o.lr > 0) || math.IsInf(o.lr, 0):
		return fmt.Errorf("-lr %v: want a positive step", o.lr)
	case !(o.l2 >= 0) || math.IsInf(o.l2, 0):
		return fmt.Errorf("-l2 %v: want at least 0", o.l2)
	case o.threads < 1:
		return fmt.Errorf("-threads %d: want at least 1", o.threads)
	case !(o.validation >= 0 && o.validation < 1):
		return fmt.Errorf("-validation %v: want a share in 0..1 (below 1)", o.validation)
	}
	if fi, err := os.Stat(filepath.Dir(o.out)); err != nil || !fi.IsDir() {
		return fmt.Errorf("-out %s: no directory %s (run from the repository's root, or give -out)", o.out, filepath.Dir(o.out))
	}
	o.frozen, err = frozenWeights(o.freeze, g.EvalWeightNames(v))
	return err
}

// frozenWeights marks the weights whose names start with one of the
// comma-separated prefixes. A prefix that names no weight is an error:
// it is surely a typo.
func frozenWeights(prefixes string, names []string) ([]bool, error) {
	frozen := make([]bool, len(names))
	for _, prefix := range strings.Split(prefixes, ",") {
		prefix = strings.TrimSpace(prefix)
		if prefix == "" {
			continue
		}
		found := false
		for i, name := range names {
			if strings.HasPrefix(name, prefix) {
				frozen[i], found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("-freeze %q: no weight name starts with it (names such as %q)", prefix, names[0])
		}
	}
	return frozen, nil
}

// Main runs `camelot tune` and returns its exit status: 0, 1 when the
// data cannot be read or the weights written, 2 for a bad command line.
func Main(args []string, stdout, stderr io.Writer) int {
	o, help, err := parseOptions(args, stderr)
	switch {
	case help:
		return 0
	case err != nil:
		return 2
	}
	run := run
	if o.pstByRank != "" {
		run = writeRankTable
	}
	if err := run(o, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "camelot tune: %v\n", err)
		return 1
	}
	return 0
}

// writeRankTable writes the board's weights with piece-square entries
// that grow with the rank (-pst-by-rank): pieces that want to go forward,
// so that self-play on a board where the fitted weights of another board
// only wait (River, V9: every game drawn by R16) has results to fit.
func writeRankTable(o options, stdout, _ io.Writer) error {
	grid := boards.Of(o.variant)
	names := grid.EvalWeightNames(o.variant)
	w := append([]linear.Weight(nil), grid.EvalWeights(o.variant)...)
	for i, name := range names {
		sq, ok := strings.CutPrefix(name, "pst.man.")
		if !ok {
			if sq, ok = strings.CutPrefix(name, "pst.knight."); !ok {
				continue
			}
		}
		s, err := game.ParseSquare(sq)
		if err != nil {
			return fmt.Errorf("weight %q: %v", name, err)
		}
		w[i] = linear.Weight{MG: o.rankMG * s.Rank(), EG: o.rankEG * s.Rank()}
	}
	if err := writeWeights(o.out, o.variant, w); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: the piece-square entries %d·rank, %d·rank\n", o.out, o.rankMG, o.rankEG)
	return nil
}

func run(o options, stdout, stderr io.Writer) error {
	// The data set is nearly all the heap and holds no pointers, so a
	// collection costs little, while the default (collect when the heap
	// has doubled) would let the garbage of parsing grow as large as the
	// data set itself.
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	d, err := Load(o.files, o.variant, stderr)
	if err != nil {
		return err
	}
	if d.Len() == 0 {
		return errors.New("the files hold no positions")
	}
	fmt.Fprintf(stdout, "loaded %s (%.0f bytes/position, %.1f features/position)\n",
		plural.Of(d.Len(), "position", "positions"), d.BytesPerPosition(), float64(d.NumFeatures())/float64(d.Len()))
	train, validation := Split(d.Len(), o.validation, o.seed)
	if len(train) == 0 {
		return errors.New("no training positions left after the validation split")
	}
	// The start: the board's own weights, fitted or made from Camelot's.
	grid := boards.Of(o.variant)
	before := grid.EvalWeights(o.variant)
	start := make([]float64, 2*len(before))
	for i, w := range before {
		start[2*i], start[2*i+1] = float64(w.MG), float64(w.EG)
	}
	k, err := scale(d, start, train, o, stdout)
	if err != nil {
		return err
	}
	d.SetTargets(k, o.lambda)
	trainBefore := d.Loss(start, train, k, o.threads)
	validationBefore := d.Loss(start, validation, k, o.threads)
	fmt.Fprintf(stdout, "epoch 0 train %.6f validation %s\n", trainBefore, formatLoss(validationBefore, len(validation)))

	w := append([]float64(nil), start...)
	if _, err := d.Train(w, train, trainConfig(o, k, len(train), validation, stdout, stderr)); err != nil {
		return err
	}
	tuned := make([]linear.Weight, len(before))
	for i := range tuned {
		tuned[i] = linear.Weight{MG: int(math.Round(w[2*i])), EG: int(math.Round(w[2*i+1]))}
		w[2*i], w[2*i+1] = float64(tuned[i].MG), float64(tuned[i].EG)
	}
	if err := writeWeights(o.out, o.variant, tuned); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "loss before: train %.6f validation %s\n", trainBefore, formatLoss(validationBefore, len(validation)))
	fmt.Fprintf(stdout, "loss after:  train %.6f validation %s (rounded weights)\n",
		d.Loss(w, train, k, o.threads), formatLoss(d.Loss(w, validation, k, o.threads), len(validation)))
	fmt.Fprintf(stdout, "wrote %s\n", o.out)
	printLargestChanges(stdout, grid.EvalWeightNames(o.variant), before, tuned, 10)
	return nil
}

// scale returns the sigmoid's K: -k, or else fitted to the training
// positions' results with the starting weights.
func scale(d *Data, w []float64, train []uint32, o options, stdout io.Writer) (float64, error) {
	if o.k != 0 {
		fmt.Fprintf(stdout, "K %.4f (given)\n", o.k)
		return o.k, nil
	}
	k := d.FitK(w, train, o.threads)
	if k < 0.0101 || k > 99 {
		return 0, fmt.Errorf("the fit of K ended at the end of its range (%.4g): the current weights do not predict the results; give -k", k)
	}
	fmt.Fprintf(stdout, "K %.4f (fitted: sigmoid(x) = 1/(1+exp(-K·x/400)))\n", k)
	return k, nil
}

// trainConfig turns the options into Train's settings, with a progress
// bar an epoch on stderr and the epoch's losses on stdout.
func trainConfig(o options, k float64, trainLen int, validation []uint32, stdout, stderr io.Writer) Config {
	var bar *progress.Bar
	epoch := 1
	return Config{K: k, Epochs: o.epochs, Batch: o.batch, LR: o.lr, L2: o.l2, Threads: o.threads,
		Frozen: o.frozen, Validation: validation, Seed: o.seed,
		OnBatch: func(n int) {
			if bar == nil {
				bar = progress.New(stderr, fmt.Sprintf("epoch %d", epoch), "positions", 0, int64(trainLen))
			}
			bar.Add(int64(n))
		},
		OnEpoch: func(n int, trainLoss, validationLoss float64) {
			if bar != nil {
				bar.Done()
				bar = nil
			}
			fmt.Fprintf(stdout, "epoch %d train %.6f validation %s\n", n, trainLoss, formatLoss(validationLoss, len(validation)))
			epoch = n + 1
		}}
}

// writeWeights writes the weights' Go source in place of path, so an
// interrupted run never leaves half a file behind.
func writeWeights(path string, v game.Variant, weights []linear.Weight) error {
	var b bytes.Buffer
	if err := boards.Of(v).WriteEvalWeights(&b, v, weights); err != nil {
		return err
	}
	return atomicfile.Write(path, b.Bytes())
}
