package tune

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

const testMaxPhase = 36

// synthetic makes n positions of random sparse features whose scores are
// the evaluation by truth (rounded to centi-men, as a search reports them)
// and whose results are drawn from Sigmoid(k, score): data made by a known
// model, for checking that fitting finds the model again.
func synthetic(n, numWeights int, truth []float64, k float64, seed uint64) *Data {
	rng := rand.New(rand.NewPCG(seed, 1))
	d := NewData(numWeights, testMaxPhase)
	var fs []Feature
	for range n {
		fs = fs[:0]
		for _, idx := range rng.Perm(numWeights)[:1+rng.IntN(5)] {
			coef := int16(rng.IntN(7) - 3)
			if coef == 0 {
				coef = 1
			}
			fs = append(fs, Feature{uint16(idx), coef})
		}
		phase := rng.IntN(testMaxPhase + 1)
		var mg, eg float64
		for _, f := range fs {
			mg += float64(f.Coef) * truth[2*int(f.Index)]
			eg += float64(f.Coef) * truth[2*int(f.Index)+1]
		}
		p := float64(phase) / testMaxPhase
		score := int(math.Round(mg*p + eg*(1-p)))
		result := 0.0
		if rng.Float64() < Sigmoid(k, float64(score)) {
			result = 1
		}
		if err := d.Add(fs, phase, score, result); err != nil {
			panic(err)
		}
	}
	return d
}

func randomWeights(n int, spread float64, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 2))
	w := make([]float64, 2*n)
	for j := range w {
		w[j] = math.Round((rng.Float64()*2 - 1) * spread)
	}
	return w
}

func allRows(n int) []uint32 {
	rows := make([]uint32, n)
	for i := range rows {
		rows[i] = uint32(i)
	}
	return rows
}

func maxDiff(a, b []float64) float64 {
	m := 0.0
	for j := range a {
		m = max(m, math.Abs(a[j]-b[j]))
	}
	return m
}

// TestGradientMatchesFiniteDifferences checks the analytic gradient of the
// loss, middlegame and endgame parts, against central differences.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	const numWeights, k = 6, 1.3
	d := synthetic(40, numWeights, randomWeights(numWeights, 200, 1), k, 1)
	d.SetTargets(k, 0.5)
	w := randomWeights(numWeights, 150, 2)
	rows := allRows(d.Len())
	grad := make([]float64, len(w))
	d.addGradient(w, rows, k, grad)
	const h = 1e-3
	for j := range w {
		plus, minus := slices.Clone(w), slices.Clone(w)
		plus[j] += h
		minus[j] -= h
		n := float64(len(rows))
		numeric := (d.Loss(plus, rows, k, 1) - d.Loss(minus, rows, k, 1)) * n / (2 * h)
		if math.Abs(numeric-grad[j]) > 1e-6*max(1, math.Abs(numeric)) || (grad[j] == 0) != (numeric == 0) {
			t.Errorf("weight %d (%s): gradient %g, finite difference %g", j/2, []string{"mg", "eg"}[j%2], grad[j], numeric)
		}
	}
	if maxDiff(grad, make([]float64, len(grad))) == 0 {
		t.Fatal("gradient is all zero")
	}
}

// TestFitKFindsTheScale makes results from a known K and checks that the
// fit finds it from the true weights.
func TestFitKFindsTheScale(t *testing.T) {
	const numWeights = 10
	truth := randomWeights(numWeights, 150, 3)
	for _, k := range []float64{0.6, 2.5} {
		d := synthetic(100000, numWeights, truth, k, 4)
		got := d.FitK(truth, allRows(d.Len()), 2)
		if math.Abs(got-k)/k > 0.05 {
			t.Errorf("FitK = %.4f, want %.4f within 5%%", got, k)
		}
	}
}

// TestTrainRecoversKnownWeights fits weights from scratch to targets made
// by known weights (λ = 0: the targets are Sigmoid(K, true score)) and
// checks that it finds those weights and the loss's minimum.
func TestTrainRecoversKnownWeights(t *testing.T) {
	const numWeights, k = 12, 1.5
	truth := randomWeights(numWeights, 150, 5)
	d := synthetic(20000, numWeights, truth, k, 6)
	d.SetTargets(k, 0)
	train, validation := Split(d.Len(), 0.1, 7)
	w := make([]float64, 2*numWeights) // all zero
	var lastTrain, lastValidation float64
	epochs := 0
	c := Config{K: k, Epochs: 40, Batch: 512, LR: 2, Threads: 2, Validation: validation, Seed: 8,
		OnEpoch: func(epoch int, train, validation float64) {
			epochs++
			lastTrain, lastValidation = train, validation
		}}
	start := d.Loss(w, train, k, 1)
	loss, err := d.Train(w, train, c)
	if err != nil {
		t.Fatal(err)
	}
	if epochs != c.Epochs || loss != lastTrain {
		t.Errorf("%d epochs reported, last train loss %g; want %d, %g", epochs, lastTrain, c.Epochs, loss)
	}
	// The targets come from rounded scores, so the truth is not quite
	// the minimum: allow a centi-man.
	if diff := maxDiff(w, truth); diff > 1 {
		t.Errorf("recovered weights differ from the truth by up to %.2f centi-men\n got %.1f\nwant %.0f", diff, w, truth)
	}
	best := d.Loss(truth, train, k, 1)
	if loss > best+1e-6 || start < 100*best {
		t.Errorf("loss from %g to %g; the true weights' loss is %g", start, loss, best)
	}
	if bestV := d.Loss(truth, validation, k, 1); lastValidation > bestV+1e-6 {
		t.Errorf("validation loss %g; the true weights' is %g", lastValidation, bestV)
	}
}

// TestTrainFrozenAndDeterministic checks that frozen weights stay put and
// that a seed and thread count give the same weights every time.
func TestTrainFrozenAndDeterministic(t *testing.T) {
	const numWeights, k = 8, 1.5
	truth := randomWeights(numWeights, 150, 9)
	d := synthetic(5000, numWeights, truth, k, 10)
	d.SetTargets(k, 0.5)
	frozen := make([]bool, numWeights)
	frozen[0], frozen[5] = true, true
	run := func(seed uint64) []float64 {
		w := randomWeights(numWeights, 50, 11)
		train, _ := Split(d.Len(), 0.2, seed)
		if _, err := d.Train(w, train, Config{K: k, Epochs: 3, Batch: 300, LR: 1, Threads: 2, Frozen: frozen, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		return w
	}
	a, b, other := run(1), run(1), run(2)
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different weights:\n%v\n%v", a, b)
	}
	if slices.Equal(a, other) {
		t.Error("another seed gave exactly the same weights")
	}
	start := randomWeights(numWeights, 50, 11)
	for i, f := range frozen {
		for j := 2 * i; j < 2*i+2; j++ {
			if moved := a[j] != start[j]; moved == f {
				t.Errorf("weight %d: frozen %v, moved %v (%g to %g)", i, f, moved, start[j], a[j])
			}
		}
	}
}

// TestSplit checks that the validation set is the asked fraction, disjoint
// from the training set, and chosen by the seed.
func TestSplit(t *testing.T) {
	train, validation := Split(1000, 0.1, 1)
	if len(validation) != 100 || len(train) != 900 {
		t.Fatalf("split 1000 into %d training and %d validation positions, want 900 and 100", len(train), len(validation))
	}
	all := slices.Sorted(slices.Values(append(slices.Clone(train), validation...)))
	if !slices.Equal(all, allRows(1000)) {
		t.Error("the two sets do not partition the positions")
	}
	if _, v2 := Split(1000, 0.1, 1); !slices.Equal(validation, v2) {
		t.Error("same seed, different validation set")
	}
	if _, v3 := Split(1000, 0.1, 2); slices.Equal(validation, v3) {
		t.Error("another seed, same validation set")
	}
	if tr, v := Split(10, 0, 1); len(v) != 0 || len(tr) != 10 {
		t.Errorf("fraction 0: %d validation positions", len(v))
	}
}

// TestBytesPerPosition checks the compact storage: four bytes a feature
// and a few for the rest, with no per-position allocation.
func TestBytesPerPosition(t *testing.T) {
	d := NewData(100, testMaxPhase)
	fs := make([]Feature, 30)
	for i := range fs {
		fs[i] = Feature{uint16(i), 1}
	}
	const n = 100000
	for range n {
		if err := d.Add(fs, 10, 0, 0.5); err != nil {
			t.Fatal(err)
		}
	}
	got := d.BytesPerPosition()
	// 120 bytes of features, 22 of columns (start, phase, result, score,
	// target, order); append's spare room in the columns and the unused
	// end of the last 4 MB chunk add a little.
	if got < 142 || got > 142+10+4<<20/n {
		t.Errorf("%.1f bytes a position with 30 features, want 142 and a little", got)
	}
	if d.NumFeatures() != 30*n {
		t.Errorf("%d features stored, want %d", d.NumFeatures(), 30*n)
	}
	t.Logf("%.1f bytes/position with 30 features", got)
}

// TestRowsAcrossChunks fills small chunks with rows of random lengths,
// empty ones included, and reads every row back.
func TestRowsAcrossChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	d := newData(64, testMaxPhase, 4) // chunks of 16 features
	var want [][]Feature
	for i := range 500 {
		fs := make([]Feature, rng.IntN(17))
		for j := range fs {
			fs[j] = Feature{uint16(rng.IntN(64)), int16(1 + rng.IntN(5))}
		}
		if err := d.Add(fs, i%(testMaxPhase+1), i, 1); err != nil {
			t.Fatal(err)
		}
		want = append(want, fs)
	}
	if err := d.Add(make([]Feature, 17), 0, 0, 1); err == nil {
		t.Error("a row longer than a chunk was accepted")
	}
	total := 0
	for i, fs := range want {
		got, phase := d.Row(i)
		// Rows that end a chunk may carry its padding: features of
		// coefficient 0.
		for len(got) > len(fs) && got[len(got)-1].Coef == 0 {
			got = got[:len(got)-1]
		}
		if !slices.Equal(got, fs) || phase != i%(testMaxPhase+1) || d.Score[i] != int32(i) {
			t.Fatalf("row %d: %v phase %d score %d, want %v phase %d score %d", i, got, phase, d.Score[i], fs, i%(testMaxPhase+1), i)
		}
		total += len(fs)
	}
	if d.NumFeatures() != total || len(d.chunks) < total/16 {
		t.Errorf("%d features in %d chunks, want %d features", d.NumFeatures(), len(d.chunks), total)
	}
}

// TestAddRejectsBadRows checks that a row that would break the fit later
// is refused when it is added.
func TestAddRejectsBadRows(t *testing.T) {
	d := NewData(4, testMaxPhase)
	for _, c := range []struct {
		fs     []Feature
		phase  int
		result float64
	}{
		{[]Feature{{4, 1}}, 0, 1},
		{nil, testMaxPhase + 1, 1},
		{nil, -1, 1},
		{nil, 0, 0.25},
	} {
		if err := d.Add(c.fs, c.phase, 0, c.result); err == nil {
			t.Errorf("Add(%v, phase %d, result %v) accepted", c.fs, c.phase, c.result)
		}
	}
	if d.Len() != 0 || len(d.Start) != 1 {
		t.Errorf("rejected rows left %d positions behind", d.Len())
	}
}
