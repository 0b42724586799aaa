package nnue

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The assembly and the Go kernels give identical results on random
// inputs of every length the nets use, extremes included.
func TestKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels in this build or on this processor")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	vec := func(n int) []int16 {
		v := make([]int16, n)
		for i := range v {
			switch rng.IntN(8) {
			case 0:
				v[i] = 32767
			case 1:
				v[i] = -32768
			default:
				v[i] = int16(rng.IntN(2001) - 1000)
			}
		}
		return v
	}
	for _, n := range []int{16, 32, 48, 128, 256, 512, 1024} {
		for range 50 {
			src, add, sub := vec(n), vec(n), vec(n)
			a, b := vec(n), []int16(nil)
			b = slices.Clone(a)
			addRowAVX2(a, src)
			addRowGo(b, src)
			if !slices.Equal(a, b) {
				t.Fatalf("addRow, n %d", n)
			}
			subRowAVX2(a, src)
			subRowGo(b, src)
			if !slices.Equal(a, b) {
				t.Fatalf("subRow, n %d", n)
			}
			addSubRowAVX2(a, src, add, sub)
			addSubRowGo(b, src, add, sub)
			if !slices.Equal(a, b) {
				t.Fatalf("addSubRow, n %d", n)
			}
			w := vec(n)
			for i := range w {
				w[i] %= 2029 // output weights are within ±2028
			}
			if x, y := dotCReLUAVX2(a, w), dotCReLUGo(a, w); x != y {
				t.Fatalf("dotCReLU, n %d: %d, Go %d", n, x, y)
			}
		}
	}
}

// The whole net's output is the same with either set of kernels, on
// random sets of features of both views.
func TestEvaluationSameWithEitherKernels(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels in this build or on this processor")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	n := randomNet(rng, 256)
	inputs := n.Board().Inputs()
	var views [][2][]Feature
	for i := 0; i < 500; i++ {
		var v [2][]Feature
		for side := range v {
			for j := rng.IntN(40); j > 0; j-- {
				v[side] = append(v[side], Feature(rng.IntN(inputs)))
			}
		}
		views = append(views, v)
	}
	scores := func() []int64 {
		var out []int64
		for _, v := range views {
			out = append(out, n.RawOutput(v[0], v[1]))
		}
		return out
	}
	withAVX2 := scores()
	useAVX2 = false
	withGo := scores()
	useAVX2 = true
	if !slices.Equal(withAVX2, withGo) {
		t.Fatal("the evaluations differ between the AVX2 and the Go kernels")
	}
}

func BenchmarkKernels(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, h := range []int{128, 256} {
		dst, src, add, sub := make([]int16, h), make([]int16, h), make([]int16, h), make([]int16, h)
		for i := range src {
			src[i], add[i], sub[i] = int16(rng.IntN(100)), int16(rng.IntN(100)), int16(rng.IntN(100))
		}
		for _, k := range []struct {
			name string
			f    func()
		}{
			{"addSub/go", func() { addSubRowGo(dst, src, add, sub) }},
			{"addSub/asm", func() { AddSubRow(dst, src, add, sub) }},
			{"dot/go", func() { dotCReLUGo(src, add) }},
			{"dot/asm", func() { DotCReLU(src, add) }},
		} {
			b.Run(fmt.Sprintf("%s/H%d", k.name, h), func(b *testing.B) {
				for b.Loop() {
					k.f()
				}
			})
		}
	}
}
