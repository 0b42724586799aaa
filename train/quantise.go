package train

import (
	"fmt"
	"math"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/nnue"
)

// Quantise turns the float net into the engine's (nnue.Net): a
// transformer weight or bias w becomes round(w·QA), an output weight
// round(v·QB), each c round(c·QA·QB), as nnue's file describes them;
// clipping in training (adam.go) keeps them in int16. Twins stay twins:
// equal floats round alike. An output of y logits is y·400/K centi-men,
// so the net's scale, centi-men a logit in thousandths, is
// round(400000/K).
func Quantise(m *Model, k float64, description string) (*nnue.Net, error) {
	h, buckets := m.Hidden, m.Buckets
	q := func(x float32, scale float64) int16 { return int16(math.Round(float64(x) * scale)) }
	l := m.layout()
	n := &nnue.Net{Variant: m.Variant, Hidden: h, Weights: make([]int16, l.inputs*h), Bias: make([]int16, h),
		Buckets: buckets, Out: make([]int16, 2*h*buckets), OutBias: make([]int32, buckets),
		Scale: int32(math.Round(400000 / k)), Description: description}
	for i := range n.Weights {
		n.Weights[i] = q(m.Params[i], nnue.QA)
	}
	for j := 0; j < h; j++ {
		n.Bias[j] = q(m.row(l.bias)[j], nnue.QA)
	}
	for o := range buckets {
		out := n.OutOf(o)
		for j := 0; j < h; j++ {
			out[j] = q(m.row(l.outUs(o))[j], nnue.QB)
			out[h+j] = q(m.row(l.outThem(o))[j], nnue.QB)
		}
		c := math.Round(float64(m.outBias(o)) * nnue.QA * nnue.QB)
		if math.Abs(c) > math.MaxInt32 || math.IsNaN(c) {
			return nil, fmt.Errorf("the output bias %v is beyond the net file's range", m.outBias(o))
		}
		n.OutBias[o] = int32(c)
	}
	return n, nil
}

// CorrectBias moves each of the quantised net's output biases by the
// mean difference between it and the float net over those of positions
// in its bucket (Nagel et al., "Data-free quantization through weight
// equalization and bias correction", 2019). Each rounded output weight
// errs by up to 1/(2·QB), and a unit's activation has much the same mean
// in every position, so the errors add up to a shift common to all
// positions: several centi-men, on a net whose logit is hundreds of
// centi-men. The output bias has a step of 1/(QA·QB) logits and takes
// that shift back. A bucket none of positions is in keeps its rounded
// bias.
func CorrectBias(n *nnue.Net, m *Model, d *Data, positions []uint32) {
	var sum [nnue.MaxBuckets]float64
	var count [nnue.MaxBuckets]int
	var us, them []nnue.Feature
	for _, i := range positions {
		rowsUs, rowsThem := d.Views(int(i), nil, nil)
		us, them = features(us[:0], rowsUs, m.layout()), features(them[:0], rowsThem, m.layout())
		o := m.bucket(rowsUs)
		sum[o] += float64(n.RawOutput(us, them)) - m.Output(rowsUs, rowsThem)*nnue.QA*nnue.QB
		count[o]++
	}
	for o := range n.OutBias {
		if count[o] > 0 {
			n.OutBias[o] -= int32(math.Round(sum[o] / float64(count[o])))
		}
	}
}

// features turns a view's model rows (Data.Views) back into features.
func features(dst []nnue.Feature, rows []uint16, l *layout) []nnue.Feature {
	for _, r := range rows {
		if int(r) < l.inputs {
			dst = append(dst, nnue.Feature(r))
		}
	}
	return dst
}

// Agreement compares the engine's evaluation with the quantised net
// (boards.NetEvaluate, from each sample's position) with the float net's
// output in centi-men (y·400/K, from the stored features) and returns
// the mean and the largest absolute difference.
func Agreement(m *Model, n *nnue.Net, d *Data, samples []Sample, k float64) (mean, largest float64) {
	if len(samples) == 0 {
		return 0, 0
	}
	for _, s := range samples {
		us, them := d.Views(s.Index, nil, nil)
		diff := math.Abs(float64(boards.NetEvaluate(n, s.Pos)) - m.Output(us, them)*400/k)
		mean += diff
		largest = max(largest, diff)
	}
	return mean / float64(len(samples)), largest
}
