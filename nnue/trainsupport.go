package nnue

// RawOutput returns the net's output for two views' features, the side
// to move's (us) and the other side's (them), in units of 1/(QA·QB)
// logits: the sum Evaluate scales to centi-men, before its rounding. It
// lets a trainer compare the quantised net with its float net on
// positions it keeps only as features. A view has one feature a piece,
// so us gives the bucket.
func (n *Net) RawOutput(us, them []Feature) int64 {
	var views [2][MaxHidden]int16
	for v, fs := range [2][]Feature{us, them} {
		acc := views[v][:n.Hidden]
		copy(acc, n.Bias)
		for _, f := range fs {
			AddRow(acc, n.Row(f))
		}
	}
	h := n.Hidden
	return n.sum(views[0][:h], views[1][:h], len(us))
}
