package train

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// A student trained on positions labelled by a known tied net (the
// teacher: each record's score is the teacher's output in centi-men and
// λ = 0, so the target is sigmoid of the teacher's output) comes to score
// as the teacher does on held-out positions: the mean |difference| of
// their outputs falls below 0.05 logits, against outputs that spread over
// about 0.9 logits (rms), or below 0.3 logits in the shorter run of
// -short.
func TestStudentRecoversTeacher(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	const k = 4.0
	teacher := NewModel(16, 100)
	for i := range teacher.Params {
		teacher.Params[i] *= 5 // its accumulators spread across CReLU's range
	}
	games, epochs, batch, tolerance := 400, 30, 64, 0.05
	if testing.Short() {
		games, epochs, batch, tolerance = 200, 10, 256, 0.3
	}
	var ps []labelled
	for _, g := range randomGames(rng, games, 120) {
		for _, p := range g {
			ps = append(ps, labelled{pos: p, result: 0.5})
		}
	}
	// The teacher's output is the side to move's; a record's score is
	// White's.
	set := setOf(t, ps)
	var spread float64
	for i := range ps {
		y := teacher.Output(set.Data.Views(i, nil, nil))
		spread += y * y
		ps[i].score = int(math.Round(y * 400 / k))
		if ps[i].pos.Side() == game.Black {
			ps[i].score = -ps[i].score
		}
	}
	set = setOf(t, ps)
	spread = math.Sqrt(spread / float64(len(ps)))

	student := NewModel(32, 1)
	tr := newTrainer(student, newAdam(len(student.Params)), set, k, 0, batch, 2, 1)
	for e := 1; e <= epochs; e++ {
		if _, err := tr.epoch(context.Background(), e, learningRate(3e-3, e, epochs), nil); err != nil {
			t.Fatal(err)
		}
	}
	var sumDiff float64
	for _, i := range set.Validation {
		us, them := set.Data.Views(int(i), nil, nil)
		sumDiff += math.Abs(student.Output(us, them) - teacher.Output(us, them))
	}
	mean := sumDiff / float64(len(set.Validation))
	t.Logf("%d positions, %d epochs; the teacher's outputs spread %.3f logits (rms); the student's mean |difference| %.4f logits, validation loss %.2g",
		len(ps), epochs, spread, mean, tr.loss(set.Validation))
	if mean > tolerance {
		t.Errorf("the student's outputs differ from the teacher's by %.4f logits on average, more than %.2f", mean, tolerance)
	}
}
