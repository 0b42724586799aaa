package eval

import (
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// randomPositions returns randomVariantPositions of Camelot.
func randomPositions(n int, seed uint64) []movegen.Position {
	return randomVariantPositions(movegen.Camelot, n, seed)
}

func BenchmarkEvaluate(b *testing.B) {
	ps := randomPositions(1024, 1)
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += Default.Evaluate(&ps[i&1023])
	}
	_ = sum
}

func BenchmarkEvaluateMaterial(b *testing.B) {
	ps := randomPositions(1024, 1)
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += Material{}.Evaluate(&ps[i&1023])
	}
	_ = sum
}

// BenchmarkEvaluateWithout measures the evaluation with each term group
// left out in turn: what each group costs.
func BenchmarkEvaluateWithout(b *testing.B) {
	ps := randomPositions(1024, 1)
	for g, name := range groupNames {
		b.Run(name, func(b *testing.B) {
			on[g] = false
			defer func() { on[g] = true }()
			sum := 0
			for i := 0; i < b.N; i++ {
				sum += Default.Evaluate(&ps[i&1023])
			}
			_ = sum
		})
	}
}
