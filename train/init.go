package train

import (
	"fmt"

	"github.com/camelot-engine/camelot/nnue"
)

// FromNet returns the float net a quantised net stands for, with buckets
// output buckets: each weight w/QA or v/QB, each c c/(QA·QB), the inverse
// of Quantise, so that quantising it again gives the same integers. A net
// of one bucket gives its output layer to every bucket, so the model
// starts out evaluating exactly as the net does and training only has to
// tell the buckets apart; a net of several buckets must have as many as
// asked for.
//
// Starting a generation from the one before instead of from random
// weights is how Stockfish's nets are usually trained (nnue-pytorch's
// --resume-from-model): the transformer, the costly part to learn, is
// kept, and fewer new positions are enough to improve on it.
func FromNet(n *nnue.Net, buckets int) (*Model, error) {
	if layoutOf(n.Variant) == nil {
		return nil, fmt.Errorf("a net of %s, a board this program does not play", n.Variant)
	}
	if buckets < 1 || buckets > nnue.MaxBuckets {
		return nil, fmt.Errorf("output buckets %d: want 1 to %d", buckets, nnue.MaxBuckets)
	}
	if n.Buckets != 1 && n.Buckets != buckets {
		return nil, fmt.Errorf("the net has %d output buckets, the run asks for %d: a net of one bucket or of as many is needed", n.Buckets, buckets)
	}
	h := n.Hidden
	m := &Model{Variant: n.Variant, Hidden: h, Buckets: buckets}
	l := m.layout()
	m.Params = make([]float32, l.rows(buckets)*h+buckets)
	for i, w := range n.Weights {
		m.Params[i] = float32(w) / nnue.QA
	}
	bias := m.row(l.bias)
	for j, w := range n.Bias {
		bias[j] = float32(w) / nnue.QA
	}
	for o := range buckets {
		src := min(o, n.Buckets-1)
		out, us, them := n.OutOf(src), m.row(l.outUs(o)), m.row(l.outThem(o))
		for j := 0; j < h; j++ {
			us[j] = float32(out[j]) / nnue.QB
			them[j] = float32(out[h+j]) / nnue.QB
		}
		m.Params[len(m.Params)-buckets+o] = float32(float64(n.OutBias[src]) / (nnue.QA * nnue.QB))
	}
	return m, nil
}

// KOf returns the sigmoid's scale K a net was trained with: its Scale is
// round(400000/K) (Quantise).
func KOf(n *nnue.Net) float64 { return 400000 / float64(n.Scale) }

// loadInit reads c.Init, if any, and checks it against the run's
// settings; a Hidden of 0 becomes the net's.
func (c *Config) loadInit() error {
	c.initNet = nil
	if c.Init == "" {
		return nil
	}
	n, err := nnue.LoadFile(c.Init)
	if err != nil {
		return fmt.Errorf("-init: %v", err)
	}
	switch {
	case n.Variant != c.Variant:
		return fmt.Errorf("-init %s is a net of %s, but the net is to be of %s", c.Init, n.Variant.Title(), c.Variant.Title())
	case c.Hidden == 0:
		c.Hidden = n.Hidden
	case c.Hidden != n.Hidden:
		return fmt.Errorf("-hidden %d, but -init %s has %d units", c.Hidden, c.Init, n.Hidden)
	}
	if n.Buckets != 1 && n.Buckets != c.Buckets {
		return fmt.Errorf("-buckets %d, but -init %s has %d output buckets: want 1 or %d", c.Buckets, c.Init, n.Buckets, n.Buckets)
	}
	c.initNet = n
	return nil
}
