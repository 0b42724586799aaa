package tune

import (
	"math"

	"github.com/camelot-engine/camelot/internal/parallel"
)

// Sigmoid maps a score in centi-men to the expected result it stands for:
// 1/(1+exp(−k·score/400)).
func Sigmoid(k, score float64) float64 {
	return 1 / (1 + math.Exp(-k*score/400))
}

// The weights being fitted are one []float64 of 2·NumWeights entries:
// weight i's middlegame part at 2i and its endgame part at 2i+1, side by
// side because every feature touches both.

// Eval is position i's evaluation from White's view with weights w, the
// middlegame and endgame sums blended by the phase. It is the engine's
// score before the integer division, so a fitted weight means what it
// will mean in the engine.
func (d *Data) Eval(i int, w []float64) float64 {
	fs, phase := d.Row(i)
	var mg, eg float64
	for _, f := range fs {
		c := float64(f.Coef)
		mg += c * w[2*int(f.Index)]
		eg += c * w[2*int(f.Index)+1]
	}
	p := float64(phase) / float64(d.MaxPhase)
	return mg*p + eg*(1-p)
}

// Loss is the mean squared error of Sigmoid(k, eval) against the targets
// over the given positions (0 for none). SetTargets must have run.
func (d *Data) Loss(w []float64, rows []uint32, k float64, threads int) float64 {
	if len(rows) == 0 {
		return 0
	}
	sums := make([]float64, threads)
	parallel.Parts(threads, len(rows), func(t, lo, hi int) {
		var sum float64
		for _, r := range rows[lo:hi] {
			diff := Sigmoid(k, d.Eval(int(r), w)) - float64(d.Target[r])
			sum += diff * diff
		}
		sums[t] = sum
	})
	return sumInOrder(sums) / float64(len(rows))
}

// addGradient adds to grad the gradient with respect to w of the summed
// squared error over rows. The evaluation is linear
// in the weights, so a feature's share of d(eval) is Coef·phase/MaxPhase
// for its middlegame weight and Coef·(MaxPhase−phase)/MaxPhase for its
// endgame weight.
func (d *Data) addGradient(w []float64, rows []uint32, k float64, grad []float64) {
	for _, r := range rows {
		i := int(r)
		s := Sigmoid(k, d.Eval(i, w))
		diff := s - float64(d.Target[i])
		dEval := 2 * diff * s * (1 - s) * k / 400 // d(squared error)/d(eval)
		fs, phase := d.Row(i)
		p := float64(phase) / float64(d.MaxPhase)
		mg, eg := dEval*p, dEval*(1-p)
		for _, f := range fs {
			c := float64(f.Coef)
			grad[2*int(f.Index)] += c * mg
			grad[2*int(f.Index)+1] += c * eg
		}
	}
}

// FitK returns the k for which Sigmoid(k, eval with weights w) best
// predicts the game results of rows (least squares): the scale that
// turns centi-men into expected results. The loss is unimodal in k, so
// a golden-section search over log k from 0.01 to 100 finds it.
func (d *Data) FitK(w []float64, rows []uint32, threads int) float64 {
	evals := make([]float32, len(rows))
	parallel.Parts(threads, len(rows), func(_, lo, hi int) {
		for j := lo; j < hi; j++ {
			evals[j] = float32(d.Eval(int(rows[j]), w))
		}
	})
	sums := make([]float64, threads)
	loss := func(logK float64) float64 {
		k := math.Exp(logK)
		parallel.Parts(threads, len(rows), func(t, lo, hi int) {
			var sum float64
			for j := lo; j < hi; j++ {
				diff := Sigmoid(k, float64(evals[j])) - float64(d.Result[rows[j]])/2
				sum += diff * diff
			}
			sums[t] = sum
		})
		return sumInOrder(sums)
	}
	invPhi := (math.Sqrt(5) - 1) / 2
	a, b := math.Log(0.01), math.Log(100)
	x1, x2 := b-invPhi*(b-a), a+invPhi*(b-a)
	f1, f2 := loss(x1), loss(x2)
	for b-a > 1e-6 {
		if f1 <= f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - invPhi*(b-a)
			f1 = loss(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + invPhi*(b-a)
			f2 = loss(x2)
		}
	}
	return math.Exp((a + b) / 2)
}

// sumInOrder adds xs first to last: floating-point addition is not
// associative, so partial sums are always combined in the same order.
func sumInOrder(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}
