package tune

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/camelot-engine/camelot/internal/parallel"
)

// Config is how Train fits the weights.
type Config struct {
	K          float64 // the sigmoid's scale (FitK)
	Epochs     int     // passes over the training positions
	Batch      int     // positions a step
	LR         float64 // Adam's step size, centi-men a step
	L2         float64 // adds L2·Σ(w/100)² over the free weights to the loss
	Threads    int     // goroutines a batch is split between
	Frozen     []bool  // weights (by index) Train leaves alone; nil: none
	OnBatch    func(positions int)
	OnEpoch    func(epoch int, train, validation float64)
	Validation []uint32 // held-out positions, only measured
	Seed       uint64   // the shuffles' seed
}

// Check reports the first setting that cannot work.
func (c *Config) Check(d *Data) error {
	switch {
	case c.K <= 0 || math.IsNaN(c.K) || math.IsInf(c.K, 0):
		return errors.New("the sigmoid scale K must be positive")
	case c.Epochs < 0:
		return errors.New("epochs must be at least 0")
	case c.Batch < 1:
		return errors.New("the batch must hold at least 1 position")
	case !(c.LR > 0) || math.IsInf(c.LR, 0):
		return errors.New("the learning rate must be positive")
	case c.L2 < 0 || math.IsNaN(c.L2):
		return errors.New("L2 must be at least 0")
	case c.Threads < 1:
		return errors.New("threads must be at least 1")
	case c.Frozen != nil && len(c.Frozen) != d.NumWeights:
		return errors.New("frozen must have one entry a weight")
	case d.Target == nil && d.Len() > 0:
		return errors.New("the targets are not set (SetTargets)")
	}
	return nil
}

// Split deals positions 0..n−1 into a training and a validation set,
// the validation set a fraction of n chosen at random from seed. Both
// come back sorted, which keeps a pass over them close to memory order.
func Split(n int, fraction float64, seed uint64) (train, validation []uint32) {
	order := make([]uint32, n)
	for i := range order {
		order[i] = uint32(i)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed5a11d))
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	nv := min(int(math.Round(fraction*float64(n))), n)
	validation, train = order[:nv:nv], order[nv:]
	slices.Sort(validation)
	slices.Sort(train)
	return train, validation
}

// Train minimises the mean squared error of Sigmoid(K, eval) against the
// targets over train, starting from w and changing it in place, with
// Adam over mini-batches: each epoch shuffles train (from Seed, so a
// run repeats), and each batch is split into Threads contiguous parts
// whose gradients are summed in a fixed order, so the result depends
// only on the data, the settings and the thread count. train is
// reordered. Train returns the training loss after the last epoch.
func (d *Data) Train(w []float64, train []uint32, c Config) (float64, error) {
	if err := c.Check(d); err != nil {
		return 0, err
	}
	if len(w) != 2*d.NumWeights {
		return 0, errors.New("want two weights (middlegame, endgame) a feature")
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x7a1e5))
	grads := make([][]float64, c.Threads)
	for t := range grads {
		grads[t] = make([]float64, len(w))
	}
	grad := make([]float64, len(w))
	opt := newAdam(len(w), c.LR)
	free := func(j int) bool { return c.Frozen == nil || !c.Frozen[j/2] }
	var loss float64
	if c.Epochs == 0 {
		loss = d.Loss(w, train, c.K, c.Threads)
	}
	for epoch := 1; epoch <= c.Epochs; epoch++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for lo := 0; lo < len(train); lo += c.Batch {
			batch := train[lo:min(lo+c.Batch, len(train))]
			parallel.Parts(c.Threads, len(batch), func(t, lo, hi int) {
				clear(grads[t])
				d.addGradient(w, batch[lo:hi], c.K, grads[t])
			})
			scale := 1 / float64(len(batch))
			for j := range grad {
				g := 0.0
				for t := range grads {
					g += grads[t][j]
				}
				grad[j] = g*scale + 2*c.L2*w[j]/1e4
			}
			opt.step(w, grad, free)
			if c.OnBatch != nil {
				c.OnBatch(len(batch))
			}
		}
		loss = d.Loss(w, train, c.K, c.Threads)
		if c.OnEpoch != nil {
			c.OnEpoch(epoch, loss, d.Loss(w, c.Validation, c.K, c.Threads))
		}
	}
	return loss, nil
}

// adam is Kingma & Ba's Adam ("Adam: a method for stochastic
// optimization", 2014): a step of about lr in each weight, along the
// running mean of its gradient over the running root mean square. It
// suits this problem, where some features appear in most positions and
// others in few, so their gradients differ by orders of magnitude.
type adam struct {
	m, v     []float64 // running first and second moments
	lr       float64
	b1t, b2t float64 // beta1^t, beta2^t for the bias correction
}

const (
	adamBeta1   = 0.9
	adamBeta2   = 0.999
	adamEpsilon = 1e-12 // gradients are small: a mean of d(loss)/d(centi-man)
)

func newAdam(n int, lr float64) *adam {
	return &adam{m: make([]float64, n), v: make([]float64, n), lr: lr, b1t: 1, b2t: 1}
}

// step moves the weights w for which free is true against gradient g.
func (a *adam) step(w, g []float64, free func(int) bool) {
	a.b1t *= adamBeta1
	a.b2t *= adamBeta2
	for j := range w {
		if !free(j) {
			continue
		}
		a.m[j] = adamBeta1*a.m[j] + (1-adamBeta1)*g[j]
		a.v[j] = adamBeta2*a.v[j] + (1-adamBeta2)*g[j]*g[j]
		mHat, vHat := a.m[j]/(1-a.b1t), a.v[j]/(1-a.b2t)
		w[j] -= a.lr * mHat / (math.Sqrt(vHat) + adamEpsilon)
	}
}
