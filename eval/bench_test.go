package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// randomPositions plays n random games from the start position for a
// random number of plies and returns where they stopped: positions of
// every stage, deterministic for the seed.
func randomPositions(n int, seed uint64) []movegen.Position {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []movegen.Position
	var ml movegen.MoveList
	for len(out) < n {
		p := movegen.StartPosition()
		plies := r.IntN(120)
		for i := 0; i < plies; i++ {
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[r.IntN(ml.N)])
		}
		p.GenerateMoves(&ml)
		if ml.N > 0 {
			out = append(out, p)
		}
	}
	return out
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
