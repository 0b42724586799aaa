package nnue

import (
	"fmt"

	"github.com/camelot-engine/camelot/game"
)

// Quantisation: a transformer weight or bias w is stored as round(w·QA),
// so an accumulator's CReLU range [0, 1] is [0, QA]; an output weight as
// round(w·QB). The output sum is then in units of 1/(QA·QB) logits. A
// clipped unit (at most QA) times an output weight (at most WeightLimit·QB
// = 2028) fits the int16 × int16 → int32 products of VPMADDWD, and 2H of
// them fit an int32; QB that large keeps the output weights' rounding
// below a centi-man.
const (
	QA = 255
	QB = 1024
	// MaxHidden bounds H; kernels work on multiples of 16.
	MaxHidden = 1024
	// WeightLimit bounds every float weight (train clips to it), so that
	// a transformer row fits int16 with room for 28 rows in one sum and an
	// output weight times QA fits int16.
	WeightLimit = 1.98
	// MaxBuckets bounds B, the output buckets: a bucket holds four piece
	// counts, and 16 of them span Chivalry's 40 pieces and more.
	MaxBuckets = 16
)

// Net is a quantised network ready to evaluate.
type Net struct {
	// Variant is the board the net evaluates (its inputs are that
	// board's squares, Board); the zero Variant is Camelot.
	Variant game.Variant
	Hidden  int     // H: units of the feature transformer, even (twins)
	Weights []int16 // Board().Inputs() rows of H: row f is feature f's weights
	Bias    []int16 // H
	// Buckets is B, from 1 to MaxBuckets: the sets of output weights and
	// biases, one of which scores a position, chosen by its pieces
	// (BucketOf).
	Buckets int
	// Out is 2H·B: bucket b's at [2H·b, 2H·(b+1)), the weights of the
	// side to move's units, then the other side's.
	Out     []int16
	OutBias []int32 // B, in units of 1/(QA·QB) logits
	// Scale is centi-men per logit, in thousandths: the evaluation is
	// (Σ + OutBias[b])·Scale/(QA·QB·1000).
	Scale       int32
	Description string
	Name        string // nn-<first 12 hex digits of the file's SHA-256>.nnue
}

// Board returns the input numbering of the net's board.
func (n *Net) Board() *Board { return BoardOf(n.Variant) }

// Row returns feature f's weights.
func (n *Net) Row(f Feature) []int16 {
	return n.Weights[int(f)*n.Hidden : int(f+1)*n.Hidden]
}

// OutOf returns bucket b's output weights: H for the side to move's
// units, then H for the other side's.
func (n *Net) OutOf(b int) []int16 { return n.Out[2*n.Hidden*b : 2*n.Hidden*(b+1)] }

// BucketOf returns the output bucket of a position of pieces pieces (both
// sides', at least one) in a net of buckets buckets: four piece counts a
// bucket, the last taking every count above.
func BucketOf(pieces, buckets int) int { return min((pieces-1)/4, buckets-1) }

// Output is the score, in centi-men, of the two views' accumulators:
// the side to move's (us) and the other side's, of a position of pieces
// pieces.
func (n *Net) Output(us, them []int16, pieces int) int {
	return int(n.sum(us, them, pieces) * int64(n.Scale) / (QA * QB * 1000))
}

// sum is the output of the accumulators us and them in units of
// 1/(QA·QB) logits, by the bucket of pieces.
func (n *Net) sum(us, them []int16, pieces int) int64 {
	h, b := n.Hidden, BucketOf(pieces, n.Buckets)
	out := n.OutOf(b)
	return int64(DotCReLU(us, out[:h])) + int64(DotCReLU(them, out[h:])) + int64(n.OutBias[b])
}

// check reports the first way the net breaks what the engine relies on:
// sizes, weight ranges, and the mirror tie of the twins (doc.go).
func (n *Net) check() error {
	h, b := n.Hidden, n.Board()
	if b == nil || !n.Variant.Valid() {
		return fmt.Errorf("a net of %s, a board this program does not play", n.Variant)
	}
	inputs := b.Inputs()
	switch {
	case h < 16 || h > MaxHidden || h%16 != 0:
		return fmt.Errorf("hidden size %d: want a multiple of 16 from 16 to %d", h, MaxHidden)
	case n.Buckets < 1 || n.Buckets > MaxBuckets:
		return fmt.Errorf("output buckets %d: want 1 to %d", n.Buckets, MaxBuckets)
	case len(n.Weights) != inputs*h || len(n.Bias) != h || len(n.Out) != 2*h*n.Buckets || len(n.OutBias) != n.Buckets:
		return fmt.Errorf("layer sizes %d, %d, %d, %d: want %d, %d, %d, %d", len(n.Weights), len(n.Bias), len(n.Out), len(n.OutBias),
			inputs*h, h, 2*h*n.Buckets, n.Buckets)
	case n.Scale <= 0:
		return fmt.Errorf("scale %d: want a positive number", n.Scale)
	}
	const limit, outLimit = 505, 2028 // round(WeightLimit·QA), round(WeightLimit·QB)
	for i, w := range n.Weights {
		if w > limit || w < -limit {
			return fmt.Errorf("weight %d of feature %d is %d, beyond ±%d", i%h, i/h, w, limit)
		}
	}
	for i, w := range n.Out {
		if w > outLimit || w < -outLimit {
			return fmt.Errorf("output weight %d is %d, beyond ±%d", i, w, outLimit)
		}
	}
	for j := 0; j < h; j++ {
		t := twin(j)
		if n.Bias[j] != n.Bias[t] {
			return fmt.Errorf("units %d and %d are not mirror twins (their biases differ)", j, t)
		}
		for b := 0; b < n.Buckets; b++ {
			out := n.OutOf(b)
			if out[j] != out[t] || out[h+j] != out[h+t] {
				return fmt.Errorf("units %d and %d are not mirror twins (their output weights of bucket %d differ)", j, t, b)
			}
		}
		for f := Feature(0); int(f) < inputs; f++ {
			if n.Weights[int(f)*h+j] != n.Weights[int(b.Mirror(f))*h+t] {
				return fmt.Errorf("units %d and %d are not mirror twins (feature %d)", j, t, f)
			}
		}
	}
	return nil
}
