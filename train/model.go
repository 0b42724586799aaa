package train

import (
	"math"
	"math/rand/v2"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/nnue"
)

// The float net being trained is nnue's net before quantisation:
//
//	acc_v = b + Σ W[f] over the features f of view v (us, them)
//	y     = v_us[o]·clamp(acc_us, 0, 1) + v_them[o]·clamp(acc_them, 0, 1) + c[o]
//
// y in logits of the side to move's expected result, o the output
// bucket of the position's pieces (nnue.BucketOf). Its parameters are
// one slice of rows of H floats, so that the bias is summed and its
// gradient gathered by the same kernels as the feature rows (it is a
// feature every position has), followed by the output biases c[0] …
// c[B−1].
//
// The rows are the board's features, then b, then v_us and v_them of
// each bucket (layout.go).

// Model is the float net.
type Model struct {
	Variant game.Variant // the board (the zero Variant is Camelot)
	Hidden  int
	Buckets int       // B, the output buckets, 1 to nnue.MaxBuckets
	Params  []float32 // the layout's rows of Hidden, then c[0] … c[B−1]
}

// layout returns the model's rows.
func (m *Model) layout() *layout { return layoutOf(m.Variant) }

// rows is the number of the model's rows of Hidden floats.
func (m *Model) rows() int { return m.layout().rows(m.Buckets) }

// NewModel returns a net of Camelot's board with h units and one output
// bucket (NewModelOf).
func NewModel(h int, seed uint64) *Model { return NewModelOf(game.Camelot, h, 1, seed) }

// NewModelOf returns a net of v's board with h units and the given
// output buckets, its weights drawn as PyTorch draws a linear layer's
// (uniform in ±1/√fan-in; nnue-pytorch starts so), tied: each unit's
// twin gets the mirrored rows (doc.go). The rows are drawn in order, so
// a model's first buckets are those of a model of fewer. Every c starts
// at 0.
func NewModelOf(v game.Variant, h, buckets int, seed uint64) *Model {
	l := layoutOf(v)
	rows := l.rows(buckets)
	m := &Model{Variant: v, Hidden: h, Buckets: buckets, Params: make([]float32, rows*h+buckets)}
	rng := rand.New(rand.NewPCG(seed, 0x1a2b3c))
	draw := func(fanIn int) float32 {
		limit := 1 / math.Sqrt(float64(fanIn))
		return float32((2*rng.Float64() - 1) * limit)
	}
	for r := 0; r < rows; r++ {
		fanIn := l.inputs
		if r > l.bias {
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

// outBias is c[o].
func (m *Model) outBias(o int) float32 { return m.Params[len(m.Params)-m.Buckets+o] }

// bucket is the output bucket of a position whose side to move's rows
// (Data.Views) are us: the bias row, then one row a piece.
func (m *Model) bucket(us []uint16) int { return nnue.BucketOf(len(us)-1, m.Buckets) }

// Output returns y for the views' rows (Data.Views).
func (m *Model) Output(us, them []uint16) float64 {
	acc := make([]float32, 2*m.Hidden)
	return m.output(us, them, acc[:m.Hidden], acc[m.Hidden:])
}

// output computes y, leaving the accumulators in accUs and accThem.
func (m *Model) output(us, them []uint16, accUs, accThem []float32) float64 {
	sumRows(accUs, m.Params, us)
	sumRows(accThem, m.Params, them)
	l, o := m.layout(), m.bucket(us)
	return float64(outputDot(accUs, m.row(l.outUs(o)))) + float64(outputDot(accThem, m.row(l.outThem(o)))) + float64(m.outBias(o))
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
	loss                             float64   // summed squared error
	gradBias                         []float64 // each c's gradient, kept in float64 until the batch ends
}

func newWorker(m *Model) *worker {
	h := m.Hidden
	acc := make([]float32, 4*h)
	return &worker{grad: make([]float32, len(m.Params)), gradBias: make([]float64, m.Buckets),
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
// positions, and to w.loss their squared errors. Of the output layer,
// only each position's bucket has a gradient from it.
func (w *worker) gradient(m *Model, d *Data, positions []uint32, k, lambda, scale float64) {
	h, l := m.Hidden, m.layout()
	for _, i := range positions {
		w.us, w.them = d.Views(int(i), w.us[:0], w.them[:0])
		p := sigmoid(m.output(w.us, w.them, w.accUs, w.accThem))
		diff := p - Target(d.Score(int(i)), d.Result(int(i)), k, lambda)
		w.loss += diff * diff
		dy := 2 * diff * p * (1 - p) * scale // d(scaled squared error)/dy
		o := m.bucket(w.us)
		w.gradBias[o] += dy
		us, them := l.outUs(o), l.outThem(o)
		outputGrad(w.accUs, m.row(us), w.grad[us*h:(us+1)*h], w.dAccUs, float32(dy))
		outputGrad(w.accThem, m.row(them), w.grad[them*h:(them+1)*h], w.dAccThem, float32(dy))
		addToRows(w.grad, w.dAccUs, w.us)
		addToRows(w.grad, w.dAccThem, w.them)
	}
}

// reset clears the worker's sums for the next batch.
func (w *worker) reset() {
	clear(w.grad)
	clear(w.gradBias)
	w.loss = 0
}
