package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// referenceLoss is the mean squared error of the net of buckets output
// buckets with parameters p over positions, in float64 with plain loops:
// a check of the kernels and the model independent of both. It also
// returns which units CReLU clipped, so that a caller can tell when a
// step crossed a kink.
func referenceLoss(p []float64, h, buckets int, d *Data, positions []uint32, k, lambda float64) (float64, string) {
	var loss float64
	var kinks []byte
	l := layoutOf(game.Camelot)
	for _, i := range positions {
		us, them := d.Views(int(i), nil, nil)
		o := min((len(us)-2)/4, buckets-1) // the bias row and one row a piece
		y := p[l.rows(buckets)*h+o]
		for v, rows := range [2][]uint16{us, them} {
			for j := 0; j < h; j++ {
				acc := 0.0
				for _, r := range rows {
					acc += p[int(r)*h+j]
				}
				a := min(max(acc, 0), 1)
				y += p[(l.outUs(o)+v)*h+j] * a
				switch a {
				case 0:
					kinks = append(kinks, '0')
				case 1:
					kinks = append(kinks, '1')
				default:
					kinks = append(kinks, '-')
				}
			}
		}
		diff := sigmoid(y) - Target(d.Score(int(i)), d.Result(int(i)), k, lambda)
		loss += diff * diff
	}
	return loss / float64(len(positions)), string(kinks)
}

// The gradient the kernels compute matches central finite differences of
// the float64 reference loss, for every weight the positions touch: the
// feature rows, the bias, the output weights and the output bias of
// each bucket a position is in; the other weights have none. Tolerance:
// 1e-5 of the largest gradient plus 0.1% of the gradient itself, suited
// to sums in float32; steps that cross a CReLU kink are skipped. With
// buckets, the positions come from longer games, so that they fall in
// several buckets.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	for _, c := range []struct{ buckets, plies int }{{1, 40}, {8, 150}} {
		t.Run(fmt.Sprintf("buckets%d", c.buckets), func(t *testing.T) { testGradient(t, c.buckets, c.plies) })
	}
}

func testGradient(t *testing.T, buckets, plies int) {
	rng := rand.New(rand.NewPCG(1, 2))
	const h, k, lambda = 16, 1.7, 0.3
	m := NewModelOf(game.Camelot, h, buckets, 3)
	for i := range m.Params {
		m.Params[i] *= 4 // spread the accumulators across CReLU's range
	}
	l := layoutOf(game.Camelot)
	rows := l.rows(buckets)
	for o := range buckets {
		m.Params[rows*h+o] = 0.2 - 0.1*float32(o)
	}
	var ps []labelled
	for _, g := range randomGames(rng, 3, plies) {
		for _, p := range g[len(g)-4:] {
			ps = append(ps, labelled{p, rng.IntN(801) - 400, []float64{0, 0.5, 1}[rng.IntN(3)]})
		}
	}
	if buckets > 1 { // and some of each game's middle
		for _, g := range randomGames(rng, 3, plies) {
			for _, p := range g[len(g)/2 : len(g)/2+4] {
				ps = append(ps, labelled{p, rng.IntN(801) - 400, []float64{0, 0.5, 1}[rng.IntN(3)]})
			}
		}
	}
	set := setOf(t, ps)
	all := append(append([]uint32(nil), set.Train...), set.Validation...)
	w := newWorker(m)
	w.gradient(m, set.Data, all, k, lambda, 1/float64(len(all)))
	for o, g := range w.gradBias {
		w.grad[rows*h+o] = float32(g)
	}

	p := make([]float64, len(m.Params))
	for i, x := range m.Params {
		p[i] = float64(x)
	}
	touched := map[int]bool{l.bias: true}
	used := map[int]bool{}
	for _, i := range all {
		us, them := set.Data.Views(int(i), nil, nil)
		for _, r := range append(us, them...) {
			touched[int(r)] = true
		}
		o := m.bucket(us)
		used[o], touched[l.outUs(o)], touched[l.outThem(o)] = true, true, true
	}
	if len(used) < min(buckets, 3) {
		t.Fatalf("the positions are in the buckets %v only", used)
	}
	var largest float64
	for _, g := range w.grad {
		largest = max(largest, math.Abs(float64(g)))
	}
	const eps = 1e-4
	checked, skipped := 0, 0
	for i := range p {
		if i < rows*h && !touched[i/h] || i >= rows*h && !used[i-rows*h] {
			if w.grad[i] != 0 {
				t.Fatalf("weight %d (row %d) has gradient %v but no position has its row or bucket", i, i/h, w.grad[i])
			}
			continue
		}
		orig := p[i]
		p[i] = orig + eps
		up, kinksUp := referenceLoss(p, h, buckets, set.Data, all, k, lambda)
		p[i] = orig - eps
		down, kinksDown := referenceLoss(p, h, buckets, set.Data, all, k, lambda)
		p[i] = orig
		if kinksUp != kinksDown {
			skipped++
			continue
		}
		fd := (up - down) / (2 * eps)
		if got := float64(w.grad[i]); math.Abs(got-fd) > 1e-5*largest+1e-3*math.Abs(fd) {
			t.Errorf("weight %d (row %d, unit %d): gradient %.6g, finite differences %.6g", i, i/h, i%h, got, fd)
		}
		checked++
	}
	t.Logf("%d weights checked, %d skipped at a kink; largest gradient %.3g; buckets used %v", checked, skipped, largest, used)
	if checked < 1000 {
		t.Fatalf("only %d weights checked", checked)
	}
}

// The features of both views, as the store keeps and renumbers them, are
// the engine's features (boards.NetFeatures) of the side to move and of
// the other side, in order, on every board.
func TestViewsAreTheEnginesFeatures(t *testing.T) {
	for _, v := range game.Boards() {
		t.Run(v.String(), func(t *testing.T) { testViewsAreTheEnginesFeatures(t, v) })
	}
}

func testViewsAreTheEnginesFeatures(t *testing.T, v game.Variant) {
	rng := rand.New(rand.NewPCG(4, 5))
	var ps []labelled
	for _, g := range randomGamesOf(v, rng, 20, 150) {
		for _, p := range g {
			ps = append(ps, labelled{pos: p, result: 0.5})
		}
	}
	set := setOf(t, ps)
	for i, p := range ps {
		us, them := set.Data.Views(i, nil, nil)
		for view, c := range [2]game.Color{p.pos.Side(), p.pos.Side().Other()} {
			want := []uint16{uint16(layoutOf(v).bias)}
			for _, f := range boards.NetFeatures(p.pos, c, nil) {
				want = append(want, uint16(f))
			}
			got := [2][]uint16{us, them}[view]
			if len(got) != len(want) {
				t.Fatalf("position %d view %v: %v, want %v", i, c, got, want)
			}
			for j := range got {
				if got[j] != want[j] {
					t.Fatalf("position %d view %v: %v, want %v", i, c, got, want)
				}
			}
		}
	}
}
