package train

import (
	"math"

	"github.com/camelot-engine/camelot/internal/parallel"
	"github.com/camelot-engine/camelot/nnue"
)

// adam is Kingma & Ba's Adam ("Adam: a method for stochastic
// optimization", 2014) over a Model's parameters. It suits sparse inputs:
// a piece on a rare square gets steps as large as one on a common square.
type adam struct {
	m, v  []float32 // running first and second moments, as Model.Params
	steps int       // steps taken, for the bias correction
}

const (
	adamBeta1   = 0.9
	adamBeta2   = 0.999
	adamEpsilon = 1e-8
)

func newAdam(n int) *adam {
	return &adam{m: make([]float32, n), v: make([]float32, n)}
}

// learningRate is the step size of epoch e (1-based) of epochs: cosine
// decay (Loshchilov & Hutter's SGDR without restarts) from lr at the first
// epoch to lr/100 at the last.
func learningRate(lr float64, e, epochs int) float64 {
	if epochs <= 1 {
		return lr
	}
	final := lr / 100
	return final + (lr-final)*(1+math.Cos(math.Pi*float64(e-1)/float64(epochs-1)))/2
}

// step moves the model against the gradient, the sum of the workers'
// gradients. The gradient is first made symmetric: a weight and its tied
// twin (model.go) both take the sum of their two gradients, the gradient
// of the one parameter they share, so twins get the same moments and the
// same steps and stay equal to the last bit. Then every weight but the
// output biases c is clipped to ±nnue.WeightLimit, the range
// quantisation relies on. The rows are split between threads; each
// weight's arithmetic is the same however they are split.
func (a *adam) step(m *Model, workers []*worker, lr float64, threads int) {
	a.steps++
	// The bias-corrected step size (the paper's efficient form).
	stepSize := float32(lr * math.Sqrt(1-math.Pow(adamBeta2, float64(a.steps))) / (1 - math.Pow(adamBeta1, float64(a.steps))))
	h := m.Hidden
	sum := func(i int) float32 {
		var g float32
		for _, w := range workers {
			g += w.grad[i]
		}
		return g
	}
	update := func(i int, g float32, limit float32) {
		mi := adamBeta1*a.m[i] + (1-adamBeta1)*g
		vi := adamBeta2*a.v[i] + (1-adamBeta2)*float32(g*g)
		a.m[i], a.v[i] = mi, vi
		p := m.Params[i] - stepSize*mi/(float32(math.Sqrt(float64(vi)))+adamEpsilon)
		m.Params[i] = min(max(p, -limit), limit)
	}
	l, rows := m.layout(), m.rows()
	parallel.Parts(threads, rows, func(_, lo, hi int) {
		for r := lo; r < hi; r++ {
			tr := l.twin[r]
			for j := 0; j < h; j++ {
				i := r*h + j
				update(i, sum(i)+sum(tr*h+(j^1)), nnue.WeightLimit)
			}
		}
	})
	for o := range m.Buckets {
		var gc float64
		for _, w := range workers {
			gc += w.gradBias[o]
		}
		update(rows*h+o, float32(gc), math.MaxFloat32)
	}
}
