package train

import (
	"math"
	"math/rand/v2"

	"github.com/camelot-engine/camelot/nnue"
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
const (
	biasRow    = nnue.Inputs     // b
	outUsRow   = nnue.Inputs + 1 // v_us: weights of the side to move's units
	outThemRow = nnue.Inputs + 2 // v_them
	numRows    = nnue.Inputs + 3
)

// Model is the float net.
type Model struct {
	Hidden int
	Params []float32 // numRows rows of Hidden, then c
}

// NewModel returns a net of h units, its weights drawn as PyTorch draws a
// linear layer's (uniform in ±1/√fan-in; nnue-pytorch starts so), tied:
// each unit's twin gets the mirrored rows (doc.go). c starts at 0.
func NewModel(h int, seed uint64) *Model {
	m := &Model{Hidden: h, Params: make([]float32, numRows*h+1)}
	rng := rand.New(rand.NewPCG(seed, 0x1a2b3c))
	draw := func(fanIn int) float32 {
		limit := 1 / math.Sqrt(float64(fanIn))
		return float32((2*rng.Float64() - 1) * limit)
	}
	for r := 0; r < numRows; r++ {
		fanIn := nnue.Inputs
		if r == outUsRow || r == outThemRow {
			fanIn = 2 * h
		}
		for j := 0; j < h; j += 2 {
			m.Params[r*h+j] = draw(fanIn)
			m.Params[twinRow[r]*h+j+1] = m.Params[r*h+j]
		}
	}
	return m
}

// twinRow is the row whose unit j^1 is tied to unit j of a row: a
// feature's mirror image (left to right, R1); the bias and output rows
// are their own.
var twinRow [numRows]int

func init() {
	for r := range twinRow {
		twinRow[r] = r
		if r < nnue.Inputs {
			twinRow[r] = int(nnue.Feature(r).Mirror())
		}
	}
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
	return float64(outputDot(accUs, m.row(outUsRow))) + float64(outputDot(accThem, m.row(outThemRow))) + float64(m.outBias())
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

func newWorker(h int) *worker {
	acc := make([]float32, 4*h)
	return &worker{grad: make([]float32, numRows*h+1),
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
	h := m.Hidden
	gradUs, gradThem := w.grad[outUsRow*h:(outUsRow+1)*h], w.grad[outThemRow*h:(outThemRow+1)*h]
	for _, i := range positions {
		w.us, w.them = d.Views(int(i), w.us[:0], w.them[:0])
		p := sigmoid(m.output(w.us, w.them, w.accUs, w.accThem))
		diff := p - Target(d.Score(int(i)), d.Result(int(i)), k, lambda)
		w.loss += diff * diff
		dy := 2 * diff * p * (1 - p) * scale // d(scaled squared error)/dy
		w.gradBias += dy
		outputGrad(w.accUs, m.row(outUsRow), gradUs, w.dAccUs, float32(dy))
		outputGrad(w.accThem, m.row(outThemRow), gradThem, w.dAccThem, float32(dy))
		addToRows(w.grad, w.dAccUs, w.us)
		addToRows(w.grad, w.dAccThem, w.them)
	}
}

// reset clears the worker's sums for the next batch.
func (w *worker) reset() {
	clear(w.grad)
	w.loss, w.gradBias = 0, 0
}
