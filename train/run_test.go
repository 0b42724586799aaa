package train

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// tinyData writes a datagen file of random games scored by material.
func tinyData(t testing.TB, dir string, games int, seed uint64) string {
	return tinyDataOf(t, game.Camelot, dir, games, seed)
}

// tinyDataOf writes a datagen file of random games of v scored by
// material.
func tinyDataOf(t testing.TB, v game.Variant, dir string, games int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	return writeData(t, dir, "data.txt", rng, randomGamesOf(v, rng, games, 100), material)
}

// tinyConfig is a run small enough for a test.
func tinyConfig(dir string, files ...string) Config {
	c := DefaultConfig()
	c.Files, c.Hidden, c.Epochs, c.Batch, c.Threads = files, 16, 3, 256, 2
	c.LR, c.Validation = 3e-3, 0.2
	c.Out = filepath.Join(dir, "net.nnue")
	c.Stdout, c.Stderr = &bytes.Buffer{}, &bytes.Buffer{}
	return c
}

func runOK(t *testing.T, c Config) []byte {
	t.Helper()
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, c.Stdout, c.Stderr)
	}
	data, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nnue.Load(data); err != nil { // the twins are still tied
		t.Fatalf("the net written does not load: %v", err)
	}
	return data
}

// Two runs of the same settings write the same bytes, and say what they
// did in the documented lines; a finished run leaves no checkpoint.
func TestRunIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	data := tinyData(t, dir, 40, 1)
	a := tinyConfig(dir, data)
	first := runOK(t, a)
	out := a.Stdout.(*bytes.Buffer).String()
	for _, re := range []string{
		`(?m)^loaded \d+ positions of 40 games in [\d.]+ s: \d+ training, \d+ validation \([\d.]+ bytes/position, [\d.]+ pieces/position\)$`,
		`(?m)^K [\d.]+ \(fitted`,
		`(?m)^epoch 1 train 0\.\d{6} validation 0\.\d{6} lr 0\.003 \([\d.]+ s\)$`,
		`(?m)^epoch 3 train 0\.\d{6} validation 0\.\d{6} lr 3e-05 \([\d.]+ s\)$`,
		`(?m)^wrote .*net\.nnue \(nn-[0-9a-f]{12}\.nnue, \d+ bytes\)$`,
		`(?m)^quantised net against the float net on \d+ validation positions: mean \|difference\| [\d.]+ cp, largest [\d.]+ cp`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", re, out)
		}
	}
	if _, err := os.Stat(DefaultCheckpoint(a.Out)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the checkpoint is still there after a finished run: %v", err)
	}
	b := tinyConfig(dir, data)
	b.Out = filepath.Join(dir, "again.nnue")
	if second := runOK(t, b); !bytes.Equal(first, second) {
		t.Error("two runs of the same settings wrote different nets")
	}
}

// A run stopped after an epoch (Ctrl-C, or a kill: either way the last
// checkpoint is what remains) and started again ends with the same net
// as a run never stopped; a checkpoint of other settings or other data
// is refused, naming the difference and how to start afresh.
func TestResumeMatchesUnbrokenRun(t *testing.T) {
	dir := t.TempDir()
	data := tinyData(t, dir, 40, 2)
	whole := runOK(t, tinyConfig(dir, data))

	c := tinyConfig(dir, data)
	c.Out = filepath.Join(dir, "resumed.nnue")
	ctx, cancel := context.WithCancel(context.Background())
	c.AfterEpoch = func(e int) {
		if e == 1 {
			cancel()
		}
	}
	_, err := Run(ctx, c)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted in epoch 2") {
		t.Fatalf("interrupted run: %v", err)
	}
	if _, err := os.Stat(c.Out); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("an interrupted run wrote a net")
	}
	ckpt := DefaultCheckpoint(c.Out)
	saved, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}

	other := tinyConfig(dir, data)
	other.Out, other.LR = c.Out, 1e-3
	_, err = Run(context.Background(), other)
	if err == nil || !strings.Contains(err.Error(), `"lr 0.001"`) || !strings.Contains(err.Error(), "delete "+ckpt) {
		t.Errorf("a checkpoint of another -lr: %v", err)
	}
	moreData := tinyData(t, t.TempDir(), 41, 2)
	other = tinyConfig(dir, moreData)
	other.Out = c.Out
	if _, err = Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "data data.txt sha256") {
		t.Errorf("a checkpoint of other data: %v", err)
	}
	if now, _ := os.ReadFile(ckpt); !bytes.Equal(now, saved) {
		t.Fatal("a refused run changed the checkpoint")
	}

	c.AfterEpoch = nil
	resumed := runOK(t, c)
	if !strings.Contains(c.Stdout.(*bytes.Buffer).String(), "resuming from "+ckpt+" after epoch 1 of 3") {
		t.Errorf("the resumed run does not say so:\n%s", c.Stdout)
	}
	if !bytes.Equal(whole, resumed) {
		t.Error("the resumed run wrote another net than the unbroken one")
	}
}

// A damaged checkpoint is refused, not trained on.
func TestDamagedCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	c := tinyConfig(dir, tinyData(t, dir, 10, 3))
	ckpt := DefaultCheckpoint(c.Out)
	if err := os.WriteFile(ckpt, []byte("CMLTCKPT and then nothing of use, padded to the length of a checksum"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("damaged checkpoint: %v", err)
	}
}

// The quantised net, evaluated by the engine's code, agrees with the
// float net within AgreementTolerance on 1,000 positions, and
// RawOutput is the sum that Evaluate scales, on every board, with one
// output bucket and with eight (the positions then fall in several: few
// pieces are taken in River's random games).
func TestQuantisedAgreesWithFloat(t *testing.T) {
	for _, v := range game.Boards() {
		for _, buckets := range []int{1, 8} {
			if testing.Short() && buckets == 1 && v != game.Camelot {
				continue // the race run (-short): one bucket on Camelot's board only
			}
			t.Run(fmt.Sprintf("%s/buckets%d", v, buckets), func(t *testing.T) { testQuantisedAgreesWithFloat(t, v, buckets) })
		}
	}
}

func testQuantisedAgreesWithFloat(t *testing.T, v game.Variant, buckets int) {
	rng := rand.New(rand.NewPCG(10, 11))
	var ps []labelled
	for len(ps) < 10000 { // a board of short games takes more of them
		for _, g := range randomGamesOf(v, rng, 200, 100) {
			for _, p := range g {
				ps = append(ps, labelled{p, material(p), []float64{0, 0.5, 1}[rng.IntN(3)]})
			}
		}
	}
	set := setOf(t, ps)
	const k = 1.5
	m := NewModelOf(v, 32, buckets, 4)
	tr := newTrainer(m, newAdam(len(m.Params)), set, k, 0.3, 256, 2, 4)
	for e := 1; e <= 3; e++ {
		if _, err := tr.epoch(context.Background(), e, learningRate(3e-3, e, 3), nil); err != nil {
			t.Fatal(err)
		}
	}
	net, err := Quantise(m, k, "test")
	if err != nil {
		t.Fatal(err)
	}
	CorrectBias(net, m, set.Data, set.Train)
	samples := set.Samples[:min(1000, len(set.Samples))]
	mean, largest := Agreement(m, net, set.Data, samples, k)
	used := map[int]int{}
	for _, s := range samples {
		used[nnue.BucketOf(pieceCount(s.Pos), buckets)]++
	}
	t.Logf("%d positions (by bucket %v): mean |difference| %.3f cp, largest %.3f cp, tolerance %.3f cp", len(samples), used, mean, largest, AgreementTolerance(k))
	if len(used) < min(buckets, 2) {
		t.Errorf("the positions are in the buckets %v only", used)
	}
	if len(samples) < 1000 || mean > AgreementTolerance(k) {
		t.Errorf("mean |difference| %.3f cp over %d positions", mean, len(samples))
	}
	for _, s := range samples {
		us, them := set.Data.Views(s.Index, nil, nil)
		raw := net.RawOutput(features(nil, us, layoutOf(v)), features(nil, them, layoutOf(v)))
		if got, want := int(raw*int64(net.Scale)/(nnue.QA*nnue.QB*1000)), boards.NetEvaluate(net, s.Pos); got != want {
			t.Fatalf("%s: RawOutput gives %d cp, Evaluate %d", s.Pos.CFEN(), got, want)
		}
	}
}

// Twins stay tied to the last bit through training, weights stay within
// nnue.WeightLimit, and a mirrored position scores the same: to float
// rounding in the float net, exactly in the quantised one; on every
// board, and with output buckets on Camelot's.
func TestTwinsStayTied(t *testing.T) {
	for _, v := range game.Boards() {
		t.Run(v.String(), func(t *testing.T) { testTwinsStayTied(t, v, 1) })
	}
	t.Run("camelot/buckets4", func(t *testing.T) { testTwinsStayTied(t, game.Camelot, 4) })
}

func testTwinsStayTied(t *testing.T, v game.Variant, buckets int) {
	rng := rand.New(rand.NewPCG(12, 13))
	var ps []labelled
	for len(ps) < 1000 { // a board of short games takes more of them
		for _, g := range randomGamesOf(v, rng, 30, 100) {
			for _, p := range g {
				ps = append(ps, labelled{p, material(p), 1})
			}
		}
	}
	set := setOf(t, ps)
	m := NewModelOf(v, 16, buckets, 5)
	tr := newTrainer(m, newAdam(len(m.Params)), set, 1, 0.5, 64, 2, 5)
	if _, err := tr.epoch(context.Background(), 1, 0.5, nil); err != nil { // a huge step: the clip is reached
		t.Fatal(err)
	}
	h := m.Hidden
	clipped := 0
	l := layoutOf(v)
	for r := 0; r < l.rows(buckets); r++ {
		for j := 0; j < h; j++ {
			w, twin := m.Params[r*h+j], m.Params[l.twin[r]*h+(j^1)]
			if math.Float32bits(w) != math.Float32bits(twin) {
				t.Fatalf("row %d unit %d: %v, its twin %v", r, j, w, twin)
			}
			if math.Abs(float64(w)) > float64(float32(nnue.WeightLimit)) {
				t.Fatalf("row %d unit %d: %v beyond the limit", r, j, w)
			}
			if math.Abs(float64(w)) == float64(float32(nnue.WeightLimit)) {
				clipped++
			}
		}
	}
	if clipped == 0 {
		t.Error("no weight reached the clip: the test does not test it")
	}
	net, err := Quantise(m, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.RiverSquares()) > 0 {
		return // River's board has no mirror image (V9): its twins are the unit itself
	}
	for _, p := range ps[:500] {
		q := mirror(p.pos)
		if back := mirror(q); back.CFEN() != p.pos.CFEN() {
			t.Fatalf("%s mirrored twice is %s", p.pos.CFEN(), back.CFEN())
		}
		// The float net sums the same numbers in another order.
		a := m.Output(setOf(t, []labelled{p}).Data.Views(0, nil, nil))
		b := m.Output(setOf(t, []labelled{{pos: q}}).Data.Views(0, nil, nil))
		if math.Abs(a-b) > 1e-5*max(1, math.Abs(a)) {
			t.Fatalf("%s scores %v, mirrored %v", p.pos.CFEN(), a, b)
		}
		if x, y := boards.NetEvaluate(net, p.pos), boards.NetEvaluate(net, q); x != y {
			t.Fatalf("%s: the quantised net scores %d, mirrored %d", p.pos.CFEN(), x, y)
		}
	}
}

// With no validation share the run still trains and writes its net,
// saying that there is nothing to measure it on.
func TestRunWithoutValidation(t *testing.T) {
	dir := t.TempDir()
	c := tinyConfig(dir, tinyData(t, dir, 10, 4))
	c.Validation, c.Epochs = 0, 1
	runOK(t, c)
	out := c.Stdout.(*bytes.Buffer).String()
	if !strings.Contains(out, " validation - lr ") || !strings.Contains(out, "no validation positions") {
		t.Errorf("output:\n%s", out)
	}
}

// A run on each board's data writes a net of that board, named after it,
// whose engine evaluation agrees with the float net; data of another
// board than -variant's is refused.
func TestRunEveryBoard(t *testing.T) {
	for _, v := range game.Boards() {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			data := tinyDataOf(t, v, dir, 40, 6)
			c := tinyConfig(dir, data)
			c.Variant = v
			net, err := nnue.Load(runOK(t, c))
			if err != nil || net.Variant != v {
				t.Fatalf("the net written: %v, of %v", err, net)
			}
			out := c.Stdout.(*bytes.Buffer).String()
			prefix := map[bool]string{true: "nn", false: v.String()}[v == game.Camelot]
			for _, re := range []string{
				`(?m)^wrote .*net\.nnue \(` + prefix + `-[0-9a-f]{12}\.nnue, \d+ bytes\)$`,
				`(?m)^quantised net against the float net on \d+ validation positions: mean \|difference\| [\d.]+ cp, largest [\d.]+ cp`,
			} {
				if !regexp.MustCompile(re).MatchString(out) {
					t.Errorf("output lacks %s:\n%s", re, out)
				}
			}
			other := tinyConfig(dir, data)
			other.Variant = (v + 1) % game.NumVariants
			other.Out = filepath.Join(dir, "other.nnue")
			want := "the data are positions of " + v.Title() + ", but the net is to be of " + other.Variant.Title()
			if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("-variant %s on %s's data: %v, want %q", other.Variant, v, err, want)
			}
		})
	}
}

// A run of -buckets 4 writes a net of four output buckets that the
// engine loads, saying so in its description; its checkpoint is refused
// by a run of other buckets, and a checkpoint of the version before
// buckets is refused, each saying to delete it.
func TestRunWithBuckets(t *testing.T) {
	dir := t.TempDir()
	data := tinyData(t, dir, 40, 7)
	c := tinyConfig(dir, data)
	c.Buckets = 4
	net, err := nnue.Load(runOK(t, c))
	if err != nil || net.Buckets != 4 || !strings.Contains(net.Description, "hidden 16, 4 output buckets,") {
		t.Fatalf("the net written: %v, %d buckets, %q", err, net.Buckets, net.Description)
	}
	if r := c.Stdout.(*bytes.Buffer).String(); !regexp.MustCompile(`(?m)^quantised net against the float net on \d+ validation positions`).MatchString(r) {
		t.Errorf("output:\n%s", r)
	}

	c = tinyConfig(dir, data)
	c.Buckets, c.Out = 4, filepath.Join(dir, "stopped.nnue")
	ctx, cancel := context.WithCancel(context.Background())
	c.AfterEpoch = func(int) { cancel() }
	if _, err := Run(ctx, c); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	ckpt := DefaultCheckpoint(c.Out)
	other := tinyConfig(dir, data)
	other.Out = c.Out
	_, err = Run(context.Background(), other)
	if err == nil || !strings.Contains(err.Error(), `it has "buckets 4", this run "buckets 1"`) || !strings.Contains(err.Error(), "delete "+ckpt) {
		t.Errorf("a checkpoint of -buckets 4 resumed with -buckets 1: %v", err)
	}
	c.AfterEpoch = nil
	if _, err := nnue.Load(runOK(t, c)); err != nil {
		t.Errorf("the resumed run's net: %v", err)
	}

	// A checkpoint of version 1: no bucket count after the hidden size.
	var b bytes.Buffer
	b.WriteString(checkpointMagic)
	for _, v := range []uint32{1, 0, 1, 0, 0, 16, 0} { // version, settings, epoch, steps (two words), hidden, params
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	if err := os.WriteFile(ckpt, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "checkpoint "+ckpt+" is of version 1, this build reads version 2; delete it to start afresh") {
		t.Errorf("a checkpoint of version 1: %v", err)
	}
}
