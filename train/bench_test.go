package train

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkTrain measures training speed in positions a second: whole
// epochs of Adam steps over batches of 16384 positions from random
// games past their opening, for H 128 and 256 on 1 and 2 threads.
//
//	go test -run '^$' -bench Train ./train/
func BenchmarkTrain(b *testing.B) {
	rng := rand.New(rand.NewPCG(30, 31))
	var ps []labelled
	for len(ps) < 1<<17 {
		for _, g := range randomGames(rng, 100, 200) {
			for _, p := range g[min(len(g), 60):] {
				ps = append(ps, labelled{p, material(p), 0.5})
			}
		}
	}
	set := setOf(b, ps[:1<<17])
	pieces := float64(set.Data.Features()) / float64(set.Data.Len())
	for _, h := range []int{128, 256} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("H%d/threads%d", h, threads), func(b *testing.B) {
				m := NewModel(h, 1)
				tr := newTrainer(m, newAdam(len(m.Params)), set, 1, 0.3, 16384, threads, 1)
				start := time.Now()
				e := 0
				for b.Loop() {
					e++
					if _, err := tr.epoch(context.Background(), e, 1e-3, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(e*len(set.Train))/time.Since(start).Seconds(), "positions/s")
				b.ReportMetric(pieces, "pieces/position")
			})
		}
	}
}
