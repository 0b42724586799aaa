package train

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The assembly and the Go kernels give the same bits on random inputs of
// every length a net may have (both block sizes and their mix), with
// accumulators on both sides of CReLU's range and on its edges.
func TestKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels in this build or on this processor")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	vec := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			switch rng.IntN(10) {
			case 0:
				v[i] = 0
			case 1:
				v[i] = 1
			default:
				v[i] = float32(rng.NormFloat64())
			}
		}
		return v
	}
	for _, h := range []int{16, 32, 48, 64, 80, 128, 144, 256, 1024} {
		const numRows = 20
		m := vec(numRows * h)
		for range 30 {
			rows := make([]uint16, rng.IntN(numRows+1))
			for i := range rows {
				rows[i] = uint16(rng.IntN(numRows)) // repeats too
			}
			a, b := vec(h), []float32(nil)
			b = slices.Clone(a)
			sumRowsAVX2(a, m, rows)
			sumRowsGo(b, m, rows)
			if !sameBits(a, b) {
				t.Fatalf("sumRows, H %d, %d rows", h, len(rows))
			}
			src := vec(h)
			ma, mb := slices.Clone(m), slices.Clone(m)
			addToRowsAVX2(ma, src, rows)
			addToRowsGo(mb, src, rows)
			if !sameBits(ma, mb) {
				t.Fatalf("addToRows, H %d, %d rows", h, len(rows))
			}
			v := vec(h)
			if x, y := outputDotAVX2(a, v), outputDotGo(a, v); math.Float32bits(x) != math.Float32bits(y) {
				t.Fatalf("outputDot, H %d: %v, Go %v", h, x, y)
			}
			gva, daa := vec(h), vec(h)
			gvb, dab := slices.Clone(gva), slices.Clone(daa)
			dy := float32(rng.NormFloat64())
			outputGradAVX2(a, v, gva, daa, dy)
			outputGradGo(a, v, gvb, dab, dy)
			if !sameBits(gva, gvb) || !sameBits(daa, dab) {
				t.Fatalf("outputGrad, H %d", h)
			}
		}
	}
}

func sameBits(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
}
