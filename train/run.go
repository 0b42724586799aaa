package train

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/internal/progress"
	"github.com/camelot-engine/camelot/nnue"
)

// Config is a training run.
type Config struct {
	// Variant is the board of the net (V1); every position of the files
	// must be of it. The zero Variant is Camelot.
	Variant    game.Variant
	Files      []string // datagen files
	Hidden     int      // H, a multiple of 16 from 16 to nnue.MaxHidden
	Buckets    int      // output buckets, chosen by the pieces on the board (nnue.BucketOf), 1 to nnue.MaxBuckets
	Epochs     int      // passes over the training positions
	Batch      int      // positions a step
	LR         float64  // Adam's step size at the first epoch; cosine decay to LR/100 at the last
	Lambda     float64  // weight of the game result in the target (doc.go)
	K          float64  // the sigmoid's scale; 0: fit it to the data
	Validation float64  // share of the games held out
	Seed       uint64   // the initial weights and the shuffles
	Threads    int      // goroutines a batch is split between
	// Out is the net file to write; "" names it nn-<hash>.nnue, after its
	// bytes, in the current directory.
	Out string
	// Checkpoint is the file of the state after each epoch; ""
	// is DefaultCheckpoint(Out).
	Checkpoint string
	// Init, if not "", is a net file to start from instead of random
	// weights (FromNet); Hidden 0 then takes its units, and K 0 its K.
	Init string

	Stdout io.Writer // the epochs' losses and the summary
	Stderr io.Writer // notes, and progress bars on a terminal
	// AfterEpoch, if not nil, is called once an epoch's checkpoint is
	// written.
	AfterEpoch func(epoch int)

	initNet *nnue.Net // Init, loaded
}

// DefaultConfig returns the defaults of camelot train's flags.
func DefaultConfig() Config {
	return Config{Hidden: 128, Buckets: 1, Epochs: 20, Batch: 16384, LR: 1e-3, Lambda: 0.3, Validation: 0.05, Seed: 1, Threads: 1}
}

// DefaultCheckpoint is the checkpoint of a run writing out: out.ckpt, or
// train.ckpt when the net is named after its bytes.
func DefaultCheckpoint(out string) string {
	if out == "" {
		return "train.ckpt"
	}
	return out + ".ckpt"
}

// AgreementTolerance is the largest mean difference, in centi-men,
// between the quantised and the float net that Run accepts for a net of
// scale K: 1 cp for the engine's integer division, plus 0.025 logits
// (400/K·0.025 cp) for the rounding of the weights. Measured on real data
// (K 0.72, 558 cp a logit) after bias correction, with output weights in
// steps of 1/64: 0.0086 logits for H 128, 0.0078 for H 256, 0.0138 for H
// 512; with steps of 1/1024 (nnue.QB now), 0.0070 for H 256 (3.91 cp on
// 2.6 M positions).
func AgreementTolerance(k float64) float64 { return 1 + 0.025*400/k }

// Check reports the first setting that cannot work, naming its flag.
func (c *Config) Check() error {
	switch {
	case len(c.Files) == 0:
		return errors.New("no data files (usage: camelot train [options] FILE...; camelot train -h)")
	case (c.Hidden != 0 || c.Init == "") && (c.Hidden < 16 || c.Hidden > nnue.MaxHidden || c.Hidden%16 != 0):
		return fmt.Errorf("-hidden %d: want a multiple of 16 from 16 to %d", c.Hidden, nnue.MaxHidden)
	case c.Buckets < 1 || c.Buckets > nnue.MaxBuckets:
		return fmt.Errorf("-buckets %d: want 1 to %d", c.Buckets, nnue.MaxBuckets)
	case c.Epochs < 1:
		return fmt.Errorf("-epochs %d: want at least 1", c.Epochs)
	case c.Batch < 1:
		return fmt.Errorf("-batch %d: want at least 1", c.Batch)
	case !(c.LR > 0) || math.IsInf(c.LR, 0):
		return fmt.Errorf("-lr %v: want a positive step size", c.LR)
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return fmt.Errorf("-lambda %v: want 0..1", c.Lambda)
	case !(c.K >= 0) || math.IsInf(c.K, 0):
		return fmt.Errorf("-k %v: want a positive scale, or 0 to fit it", c.K)
	case !(c.Validation >= 0 && c.Validation < 1):
		return fmt.Errorf("-validation %v: want a share in 0..1 (below 1)", c.Validation)
	case c.Threads < 1:
		return fmt.Errorf("-threads %d: want at least 1", c.Threads)
	}
	for _, f := range []struct{ flag, path string }{{"-out", c.Out}, {"-checkpoint", c.checkpoint()}} {
		if f.path == "" {
			continue
		}
		if fi, err := os.Stat(filepath.Dir(f.path)); err != nil || !fi.IsDir() {
			return fmt.Errorf("%s %s: no directory %s", f.flag, f.path, filepath.Dir(f.path))
		}
	}
	return nil
}

func (c *Config) checkpoint() string {
	if c.Checkpoint == "" {
		return DefaultCheckpoint(c.Out)
	}
	return c.Checkpoint
}

// fingerprint is every setting and every byte of data that decides the
// net, one item a line: a checkpoint is resumed only by a run of the same
// fingerprint. (K, when fitted, follows from the data.)
func (c *Config) fingerprint(set *Set) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	k := "fit"
	if c.K != 0 {
		k = f(c.K)
	}
	lines := []string{
		"hidden " + strconv.Itoa(c.Hidden), "buckets " + strconv.Itoa(c.Buckets), "epochs " + strconv.Itoa(c.Epochs), "batch " + strconv.Itoa(c.Batch),
		"lr " + f(c.LR), "lambda " + f(c.Lambda), "k " + k, "validation " + f(c.Validation),
		"seed " + strconv.FormatUint(c.Seed, 10), "threads " + strconv.Itoa(c.Threads),
	}
	if c.Variant != game.Camelot {
		lines = append(lines, "variant "+c.Variant.String())
	}
	if c.initNet != nil {
		lines = append(lines, "init "+c.initNet.Name)
	}
	for _, fs := range set.Files {
		lines = append(lines, fmt.Sprintf("data %s sha256 %s (%s)", filepath.Base(fs.Path), hex.EncodeToString(fs.Digest[:]),
			plural.Of(fs.Positions, "position", "positions")))
	}
	return strings.Join(lines, "\n")
}

// interrupted is the error of a run stopped through its context.
type interrupted struct {
	msg string
	err error
}

func (e *interrupted) Error() string { return e.msg }
func (e *interrupted) Unwrap() error { return e.err }

// Result is what a finished run wrote.
type Result struct {
	Path, Name        string  // the net file and its nnue name
	MeanDiff, MaxDiff float64 // the quantised net against the float net, centi-men
	Samples           int     // positions compared
}

// Run trains a net as c says and writes it (doc.go). A run interrupted
// through ctx returns ctx's error, its last checkpoint intact; run again
// with the same settings and data, it goes on from there.
func Run(ctx context.Context, c Config) (*Result, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if c.Stdout == nil {
		c.Stdout = io.Discard
	}
	if c.Stderr == nil {
		c.Stderr = io.Discard
	}
	out, status := c.Stdout, c.Stderr
	if err := c.loadInit(); err != nil {
		return nil, err
	}
	// The data set is most of the heap and holds few pointers, so a
	// collection costs little, while the default (collect when the heap
	// has doubled) would let the garbage of parsing grow as large as the
	// data set itself.
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	began := time.Now()
	set, err := Load(ctx, c.Files, c.Validation, status)
	if errors.Is(err, context.Canceled) {
		return nil, &interrupted{"interrupted while loading the data", err}
	}
	if err != nil {
		return nil, err
	}
	games := 0
	for _, fs := range set.Files {
		games += fs.Games
		if fs.Note != "" {
			fmt.Fprintln(status, "note: "+fs.Note)
		}
	}
	d := set.Data
	if d.Len() > 0 && d.Variant != c.Variant {
		return nil, fmt.Errorf("the data are positions of %s, but the net is to be of %s (-variant %s)", d.Variant.Title(), c.Variant.Title(), c.Variant)
	}
	if layoutOf(c.Variant) == nil {
		return nil, fmt.Errorf("-variant %s: a board this program does not play", c.Variant)
	}
	if d.Len() == 0 {
		return nil, errors.New("the files hold no complete game")
	}
	if len(set.Train) == 0 {
		return nil, errors.New("no training positions: every game went to validation")
	}
	fmt.Fprintf(out, "loaded %s of %s in %.1f s: %d training, %d validation (%.1f bytes/position, %.1f pieces/position)\n",
		plural.Of(d.Len(), "position", "positions"), plural.Of(games, "game", "games"), time.Since(began).Seconds(),
		len(set.Train), len(set.Validation), d.bytesPerPosition(), float64(d.Features())/float64(d.Len()))
	k := c.K
	if k == 0 && c.initNet != nil {
		k = KOf(c.initNet)
		fmt.Fprintf(out, "K %.4f (of %s)\n", k, c.initNet.Name)
	}
	if k == 0 {
		if k, err = fitK(d, spread(set.Train, kSamples), c.Threads); err != nil {
			return nil, err
		}
		fmt.Fprintf(out, "K %.4f (fitted: sigmoid(K·score/400) predicts the results best)\n", k)
	}

	fingerprint := c.fingerprint(set)
	ckptPath := c.checkpoint()
	ck, err := readCheckpoint(ckptPath, c.Variant)
	if err != nil {
		return nil, err
	}
	if ck != nil {
		if diff := settingsDiffer(ck.settings, fingerprint); diff != "" {
			return nil, fmt.Errorf("checkpoint %s is of a run with other settings or data (%s); run with those, or delete %s to start afresh", ckptPath, diff, ckptPath)
		}
		fmt.Fprintf(out, "resuming from %s after epoch %d of %d\n", ckptPath, ck.epoch, c.Epochs)
	} else {
		var m *Model
		if c.initNet != nil {
			if m, err = FromNet(c.initNet, c.Buckets); err != nil {
				return nil, fmt.Errorf("-init %s: %v", c.Init, err)
			}
		} else {
			m = NewModelOf(c.Variant, c.Hidden, c.Buckets, c.Seed)
		}
		ck = &checkpoint{settings: fingerprint, model: m, opt: newAdam(len(m.Params))}
	}
	t := newTrainer(ck.model, ck.opt, set, k, c.Lambda, c.Batch, c.Threads, c.Seed)
	if c.initNet != nil && ck.epoch == 0 && len(set.Validation) > 0 {
		// What the run must beat: the given net's own fit to these data.
		fmt.Fprintf(out, "epoch 0 validation %.6f (%s as given)\n", t.loss(set.Validation), c.initNet.Name)
	}
	for e := ck.epoch + 1; e <= c.Epochs; e++ {
		start := time.Now()
		lr := learningRate(c.LR, e, c.Epochs)
		bar := progress.New(status, fmt.Sprintf("epoch %d/%d", e, c.Epochs), "positions", 0, int64(len(set.Train)))
		var seen int
		var sum float64
		trainLoss, err := t.epoch(ctx, e, lr, func(n int, loss float64) {
			seen += n
			sum += loss * float64(n)
			bar.SetNote(fmt.Sprintf("loss %.6f", sum/float64(seen)))
			bar.Add(int64(n))
		})
		bar.Done()
		if err != nil {
			msg := fmt.Sprintf("interrupted in epoch %d; %s holds the state after epoch %d: the same command resumes from there", e, ckptPath, e-1)
			if e == 1 {
				msg = "interrupted in epoch 1, before any checkpoint"
			}
			return nil, &interrupted{msg, err}
		}
		validation := "-"
		if len(set.Validation) > 0 {
			validation = fmt.Sprintf("%.6f", t.loss(set.Validation))
		}
		ck.epoch = e
		if err := writeCheckpoint(ckptPath, ck); err != nil {
			return nil, err
		}
		fmt.Fprintf(out, "epoch %d train %.6f validation %s lr %.3g (%.1f s)\n", e, trainLoss, validation, lr, time.Since(start).Seconds())
		if c.AfterEpoch != nil {
			c.AfterEpoch(e)
		}
	}
	return finish(&c, ck.model, set, k, ckptPath)
}

// finish quantises the net, writes it, checks it against the float net
// and, when all is well, removes the checkpoint.
func finish(c *Config, m *Model, set *Set, k float64, ckptPath string) (*Result, error) {
	net, err := Quantise(m, k, description(c, set, k))
	if err != nil {
		return nil, err
	}
	CorrectBias(net, m, set.Data, spread(set.Train, biasSamples))
	data, err := nnue.Encode(net)
	if err != nil {
		return nil, fmt.Errorf("the quantised net: %v", err)
	}
	r := &Result{Path: c.Out, Name: nnue.FileName(data), Samples: len(set.Samples)}
	if r.Path == "" {
		r.Path = r.Name
	}
	if err := atomicfile.Write(r.Path, data); err != nil {
		return nil, err
	}
	fmt.Fprintf(c.Stdout, "wrote %s (%s, %d bytes)\n", r.Path, r.Name, len(data))
	if len(set.Samples) == 0 {
		fmt.Fprintln(c.Stdout, "no validation positions (-validation 0): the quantised net is not compared with the float net")
		return r, removeCheckpoint(ckptPath)
	}
	r.MeanDiff, r.MaxDiff = Agreement(m, net, set.Data, set.Samples, k)
	tolerance := AgreementTolerance(k)
	fmt.Fprintf(c.Stdout, "quantised net against the float net on %s: mean |difference| %.2f cp, largest %.2f cp (tolerance: mean %.2f cp, 1 cp + 0.025 logits)\n",
		plural.Of(r.Samples, "validation position", "validation positions"), r.MeanDiff, r.MaxDiff, tolerance)
	if r.MeanDiff > tolerance {
		return r, fmt.Errorf("the quantised net %s differs from the float net by %.2f cp on average, more than %.2f: it is written, but it does not evaluate as trained",
			r.Path, r.MeanDiff, tolerance)
	}
	return r, removeCheckpoint(ckptPath)
}

// removeCheckpoint removes a finished run's checkpoint.
func removeCheckpoint(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// biasSamples is how many training positions CorrectBias measures, and
// kSamples how many the fit of K uses at most: enough for a figure
// that moves in its fourth digit, while its tune data set stays small.
const (
	biasSamples = 20000
	kSamples    = 1 << 20
)

// spread returns at most n of positions, evenly spaced.
func spread(positions []uint32, n int) []uint32 {
	if len(positions) <= n {
		return positions
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = positions[i*len(positions)/n]
	}
	return out
}

// description records how the net was made, within the net file's limit.
func description(c *Config, set *Set, k float64) string {
	kHow := "fitted"
	if c.K != 0 {
		kHow = "given"
	}
	shape := fmt.Sprintf("hidden %d", c.Hidden)
	if c.Buckets > 1 {
		shape += fmt.Sprintf(", %d output buckets", c.Buckets)
	}
	if c.initNet != nil {
		shape += ", from " + c.initNet.Name
	}
	s := fmt.Sprintf("camelot train: %s, %d epochs of batches of %d, lr %g (cosine to %g), lambda %g, K %.4f (%s), seed %d, %s; %d training and %d validation positions; data:",
		shape, c.Epochs, c.Batch, c.LR, c.LR/100, c.Lambda, k, kHow, c.Seed, plural.Of(c.Threads, "thread", "threads"),
		len(set.Train), len(set.Validation))
	const limit = 4000 // nnue's is 4096 bytes
	for i, fs := range set.Files {
		item := fmt.Sprintf(" %s (%s, %s)", strings.ToValidUTF8(filepath.Base(fs.Path), "?"), plural.Of(fs.Positions, "position", "positions"), plural.Of(fs.Games, "game", "games"))
		if len(s)+len(item) > limit-40 {
			return s + fmt.Sprintf(" and %d more files", len(set.Files)-i)
		}
		s += item
	}
	return s
}
