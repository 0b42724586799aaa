package nnue

import (
	"math/rand/v2"

	"github.com/camelot-engine/camelot/game"
)

// Random returns a net of Camelot's board with random weights that keeps
// the mirror tie, as a trained net does, named after its file: for tests
// of the code that uses nets.
func Random(seed uint64, hidden int) *Net { return RandomFor(game.Camelot, seed, hidden) }

// RandomFor is Random for the board of variant v.
func RandomFor(v game.Variant, seed uint64, hidden int) *Net {
	return RandomBucketed(v, seed, hidden, 1)
}

// RandomBucketed is RandomFor with buckets output buckets. Bucket 0 is
// drawn first, as RandomFor draws its one bucket, so that RandomFor's
// nets stay what they were.
func RandomBucketed(v game.Variant, seed uint64, hidden, buckets int) *Net {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	h, b := hidden, BoardOf(v)
	n := &Net{Variant: v, Hidden: h, Weights: make([]int16, b.Inputs()*h), Bias: make([]int16, h),
		Buckets: buckets, Out: make([]int16, 2*h*buckets), OutBias: make([]int32, buckets),
		Scale: 193_840, Description: "random weights"}
	w := func(limit int) int16 { return int16(rng.IntN(2*limit+1) - limit) }
	n.OutBias[0] = int32(rng.IntN(320001) - 160000)
	for f := Feature(0); int(f) < b.Inputs(); f++ {
		for j := 0; j < h; j += 2 {
			v := w(150)
			n.Weights[int(f)*h+j] = v
			n.Weights[int(b.Mirror(f))*h+twin(j)] = v
		}
	}
	for j := 0; j < h; j += 2 {
		n.Bias[j], n.Out[j], n.Out[h+j] = w(200), w(2000), w(2000)
		n.Bias[j+1], n.Out[j+1], n.Out[h+j+1] = n.Bias[j], n.Out[j], n.Out[h+j]
	}
	for o := 1; o < buckets; o++ {
		n.OutBias[o] = int32(rng.IntN(320001) - 160000)
		out := n.OutOf(o)
		for j := 0; j < h; j += 2 {
			out[j], out[h+j] = w(2000), w(2000)
			out[j+1], out[h+j+1] = out[j], out[h+j]
		}
	}
	if data, err := Encode(n); err == nil {
		n.Name = FileName(data)
	}
	return n
}
