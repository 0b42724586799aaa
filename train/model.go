package train

import (
	"math"
	"math/rand/v2"

	"github.com/camelot-engine/camelot/game"
)

// The float net being trained is nnue's net before quantisation:
//
//	acc_v = b + Σ W[f] over the features f of view v (us, them)
//	y     = v_us·clamp(acc_us, 0, 1) + v_them·clamp(acc_them, 0, 1) + c
//
// y in logits of the side to move's expected result. Its parameters are
// one slice of rows of H floats, so that the bias is summed and its
// gradient gathered by the same kernels as the feature rows (it is a
// feature every position has), followed by the output bias c.
//
// The rows are the board's features, then b, v_us and v_them (layout.go).

// Model is the float net.
type Model struct {
	Variant game.Variant // the board (the zero Variant is Camelot)
	Hidden  int
	Params  []float32 // the layout's rows of Hidden, then c
}

// layout returns the model's rows.
func (m *Model) layout() *layout { return layoutOf(m.Variant) }

// NewModel returns a net of Camelot's board with h units (NewModelOf).
func NewModel(h int, seed uint64) *Model { return NewModelOf(game.Camelot, h, seed) }

// NewModelOf returns a net of v's board with h units, its weights drawn
// as PyTorch draws a linear layer's (uniform in ±1/√fan-in; nnue-pytorch
// starts so), tied: each unit's twin gets the mirrored rows (doc.go). c
// starts at 0.
func NewModelOf(v game.Variant, h int, seed uint64) *Model {
	l := layoutOf(v)
	m := &Model{Variant: v, Hidden: h, Params: make([]float32, l.total*h+1)}
	rng := rand.New(rand.NewPCG(seed, 0x1a2b3c))
	draw := func(fanIn int) float32 {
		limit := 1 / math.Sqrt(float64(fanIn))
		return float32((2*rng.Float64() - 1) * limit)
	}
	for r := 0; r < l.total; r++ {
		fanIn := l.inputs
		if r == l.outUs || r == l.outThem {
			fanIn = 2 * h
		}
		for j := 0; j < h; j += 2 {
			m.Params[r*h+j] = draw(fanIn)
			m.Params[l.twin[r]*h+j+1] = m.Params[r*h+j]
		}
	}
	return m
}

func (m *Model) row(r int) []float32 { return m.Params[r*m.Hidden : (r+1)*m.Hidden] }

// outBias is c.
func (m *Model) outBias() float32 { return m.Params[len(m.Params)-1] }

// Output returns y for the views' rows (Data.Views).
func (m *Model) Output(us, them []uint16) float64 {
	acc := make([]float32, 2*m.Hidden)
	return m.output(us, them, acc[:m.Hidden], acc[m.Hidden:])
}

// output computes y, leaving the accumulators in accUs and accThem.
func (m *Model) output(us, them []uint16, accUs, accThem []float32) float64 {
	sumRows(accUs, m.Params, us)
	sumRows(accThem, m.Params, them)
	l := m.layout()
	return float64(outputDot(accUs, m.row(l.outUs))) + float64(outputDot(accThem, m.row(l.outThem))) + float64(m.outBias())
}

// sigmoid is the logistic function.
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Target is what the net learns for a position: the game result blended
// with the expectation the search score stands for,
// λ·result + (1−λ)·sigmoid(K·score/400), both from the side to move's view.
func Target(score int, result, k, lambda float64) float64 {
	return lambda*result + (1-lambda)*sigmoid(k*float64(score)/400)
}

// worker is one thread's share of a batch: its scratch space and its
// gradient, laid out as Model.Params.
type worker struct {
	grad                             []float32
	accUs, accThem, dAccUs, dAccThem []float32
	us, them                         []uint16
	loss                             float64 // summed squared error
	gradBias                         float64 // c's gradient, kept in float64 until the batch ends
}

func newWorker(l *layout, h int) *worker {
	acc := make([]float32, 4*h)
	return &worker{grad: make([]float32, l.total*h+1),
		accUs: acc[:h], accThem: acc[h : 2*h], dAccUs: acc[2*h : 3*h], dAccThem: acc[3*h:],
		us: make([]uint16, 0, maxPieces+1), them: make([]uint16, 0, maxPieces+1)}
}

// lossOnly adds the squared errors of positions to w.loss.
func (w *worker) lossOnly(m *Model, d *Data, positions []uint32, k, lambda float64) {
	for _, i := range positions {
		w.us, w.them = d.Views(int(i), w.us[:0], w.them[:0])
		p := sigmoid(m.output(w.us, w.them, w.accUs, w.accThem))
		diff := p - Target(d.Score(int(i)), d.Result(int(i)), k, lambda)
		w.loss += diff * diff
	}
}

// gradient adds to w.grad the gradient of Σ(sigmoid(y) − t)²·scale over
// positions, and to w.loss their squared errors.
func (w *worker) gradient(m *Model, d *Data, positions []uint32, k, lambda, scale float64) {
	h, l := m.Hidden, m.layout()
	gradUs, gradThem := w.grad[l.outUs*h:(l.outUs+1)*h], w.grad[l.outThem*h:(l.outThem+1)*h]
	for _, i := range positions {
		w.us, w.them = d.Views(int(i), w.us[:0], w.them[:0])
		p := sigmoid(m.output(w.us, w.them, w.accUs, w.accThem))
		diff := p - Target(d.Score(int(i)), d.Result(int(i)), k, lambda)
		w.loss += diff * diff
		dy := 2 * diff * p * (1 - p) * scale // d(scaled squared error)/dy
		w.gradBias += dy
		outputGrad(w.accUs, m.row(l.outUs), gradUs, w.dAccUs, float32(dy))
		outputGrad(w.accThem, m.row(l.outThem), gradThem, w.dAccThem, float32(dy))
		addToRows(w.grad, w.dAccUs, w.us)
		addToRows(w.grad, w.dAccThem, w.them)
	}
}

// reset clears the worker's sums for the next batch.
func (w *worker) reset() {
	clear(w.grad)
	w.loss, w.gradBias = 0, 0
}
