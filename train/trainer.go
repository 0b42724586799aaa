package train

import (
	"context"
	"math/rand/v2"

	"github.com/camelot-engine/camelot/internal/parallel"
)

// trainer fits a Model to a Set.
type trainer struct {
	model     *Model
	opt       *adam
	set       *Set
	workers   []*worker
	order     []uint32 // an epoch's training positions, shuffled
	k, lambda float64
	batch     int
	threads   int
	seed      uint64
}

func newTrainer(m *Model, opt *adam, set *Set, k, lambda float64, batch, threads int, seed uint64) *trainer {
	t := &trainer{model: m, opt: opt, set: set, k: k, lambda: lambda, batch: batch, threads: threads, seed: seed,
		order: make([]uint32, len(set.Train))}
	for range threads {
		t.workers = append(t.workers, newWorker(m))
	}
	return t
}

// epoch runs epoch e (1-based) at step size lr: the training positions
// shuffled by a generator seeded by (seed, e) alone, so that a resumed
// run shuffles as an unbroken one, then one Adam step a batch. Each batch
// is split between the threads in contiguous parts, each summing its
// gradient in its own buffer; the buffers are added in thread order.
// onBatch, if not nil, hears each batch's size and mean squared error.
// epoch returns the mean squared error over the epoch's batches (the
// weights moving meanwhile), or ctx's error once it is done: the epoch's
// work is then incomplete and must be thrown away.
func (t *trainer) epoch(ctx context.Context, e int, lr float64, onBatch func(n int, loss float64)) (float64, error) {
	copy(t.order, t.set.Train)
	rng := rand.New(rand.NewPCG(t.seed, uint64(e)))
	rng.Shuffle(len(t.order), func(i, j int) { t.order[i], t.order[j] = t.order[j], t.order[i] })
	var total float64
	for lo := 0; lo < len(t.order); lo += t.batch {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		batch := t.order[lo:min(lo+t.batch, len(t.order))]
		scale := 1 / float64(len(batch))
		parallel.Parts(t.threads, len(batch), func(ti, lo, hi int) {
			w := t.workers[ti]
			w.reset()
			w.gradient(t.model, t.set.Data, batch[lo:hi], t.k, t.lambda, scale)
		})
		t.opt.step(t.model, t.workers, lr, t.threads)
		var loss float64
		for _, w := range t.workers {
			loss += w.loss
		}
		total += loss
		if onBatch != nil {
			onBatch(len(batch), loss/float64(len(batch)))
		}
	}
	return total / float64(max(len(t.order), 1)), nil
}

// loss is the mean squared error over positions (0 for none).
func (t *trainer) loss(positions []uint32) float64 {
	if len(positions) == 0 {
		return 0
	}
	parallel.Parts(t.threads, len(positions), func(ti, lo, hi int) {
		w := t.workers[ti]
		w.loss = 0
		w.lossOnly(t.model, t.set.Data, positions[lo:hi], t.k, t.lambda)
	})
	var sum float64
	for _, w := range t.workers {
		sum += w.loss
	}
	return sum / float64(len(positions))
}
