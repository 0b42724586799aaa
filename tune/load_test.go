package tune

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/datagen"
	"github.com/camelot-engine/camelot/eval/linear"
	"github.com/camelot-engine/camelot/game"
)

// randomPositions plays random games of v from the start and returns n of
// the positions on the way, games ending at move 60 at the latest.
func randomPositions(v game.Variant, n int, seed uint64) []game.Position {
	rng := rand.New(rand.NewPCG(seed, 4))
	var ps []game.Position
	p := boards.StartPosition(v)
	for len(ps) < n {
		ms := p.Moves()
		if len(ms) == 0 || p.Outcome().IsOver() || p.MoveNumber() > 60 {
			p = boards.StartPosition(v)
			continue
		}
		p.MakeMove(ms[rng.IntN(len(ms))])
		if !p.Outcome().IsOver() {
			ps = append(ps, p)
		}
	}
	return ps
}

func features(p game.Position) ([]Feature, int) {
	evalRow, phase := boards.EvalFeatures(p, nil)
	row := make([]Feature, len(evalRow))
	for i, f := range evalRow {
		row[i] = Feature{f.Index, f.Coef}
	}
	return row, phase
}

// engineScore is the engine's evaluation from White's view, computed as
// eval documents it: in integers, divided once by MaxPhase.
func engineScore(p game.Position, weights []linear.Weight) int {
	fs, phase := boards.EvalFeatures(p, nil)
	var mg, eg int
	for _, f := range fs {
		mg += int(f.Coef) * weights[f.Index].MG
		eg += int(f.Coef) * weights[f.Index].EG
	}
	return (mg*phase + eg*(linear.MaxPhase-phase)) / linear.MaxPhase
}

func weightVector(weights []linear.Weight) []float64 {
	w := make([]float64, 2*len(weights))
	for i, x := range weights {
		w[2*i], w[2*i+1] = float64(x.MG), float64(x.EG)
	}
	return w
}

// header is the head of a datagen file of v's positions: the version
// line, and for a board other than Camelot's the settings line that
// names it (V7).
func header(v game.Variant) string {
	h := datagen.Header + "\n"
	if v != game.Camelot {
		h += "# seed=1 variant=" + v.String() + "\n"
	}
	return h
}

// TestLoadKeepsFeatures writes positions of every board to datagen files,
// loads them and checks each row against the board's eval.Features, and
// the memory a position takes.
func TestLoadKeepsFeatures(t *testing.T) {
	for _, v := range game.Boards() {
		t.Run(v.String(), func(t *testing.T) { testLoadKeepsFeatures(t, v) })
	}
}

func testLoadKeepsFeatures(t *testing.T, v game.Variant) {
	ps := randomPositions(v, 3000, 1)
	dir := t.TempDir()
	var paths []string
	for part := range 2 {
		var b strings.Builder
		b.WriteString(header(v))
		for i := part; i < len(ps); i += 2 {
			r := datagen.Record{Pos: ps[i], Score: i - 1500, Result: float64(i%3) / 2}
			b.WriteString(r.String() + "\n")
		}
		path := filepath.Join(dir, fmt.Sprintf("part%d.txt", part))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	d, err := Load(paths, v, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != len(ps) {
		t.Fatalf("loaded %d positions, want %d", d.Len(), len(ps))
	}
	weights := boards.Of(v).EvalWeights(v)
	if d.NumWeights != len(weights) {
		t.Fatalf("%d weights, the evaluation has %d", d.NumWeights, len(weights))
	}
	w := weightVector(weights)
	for j := range ps {
		i := 2 * j // the files hold the even, then the odd positions
		if half := (len(ps) + 1) / 2; j >= half {
			i = 2*(j-half) + 1
		}
		p := ps[i]
		want, wantPhase := features(p)
		got, phase := d.Row(j)
		if !slices.Equal(got, want) || phase != wantPhase || d.Score[j] != int32(i-1500) || d.Result[j] != uint8(i%3) {
			t.Fatalf("position %d (%s): row %v phase %d score %d result %d; want %v phase %d score %d result %d",
				j, p.CFEN(), got, phase, d.Score[j], d.Result[j], want, wantPhase, i-1500, i%3)
		}
		if e, engine := d.Eval(j, w), engineScore(p, weights); math.Abs(e-float64(engine)) >= 1 {
			t.Fatalf("position %s: the tuner evaluates %.2f, the engine %d", p.CFEN(), e, engine)
		}
	}
	bytes := d.BytesPerPosition()
	t.Logf("%d positions, %.1f features and %.0f bytes a position", d.Len(), float64(d.NumFeatures())/float64(d.Len()), bytes)
	// Ten million positions in 4 GB, the 4 MB chunk this small set
	// barely uses aside.
	if bytes-4<<20/float64(d.Len()) > 400 {
		t.Errorf("%.0f bytes a position: ten million would not fit in 4 GB", bytes)
	}
}

// TestTrainRecoversPerturbedEval makes targets from a perturbed copy of
// the engine's weights on real positions and fits the engine's weights to
// them: the fitted evaluation must match the perturbed one on held-out
// positions, on every board. (The evaluations are compared, not the
// weights: some features are sums of others, material of the squares'
// counts, so different weights can make the same evaluation.)
func TestTrainRecoversPerturbedEval(t *testing.T) {
	for _, v := range game.Boards() {
		t.Run(v.String(), func(t *testing.T) { testTrainRecoversPerturbedEval(t, v) })
	}
}

func testTrainRecoversPerturbedEval(t *testing.T, v game.Variant) {
	const k = 1.5
	ps := randomPositions(v, 20000, 2)
	rng := rand.New(rand.NewPCG(3, 5))
	weights := boards.Of(v).EvalWeights(v)
	truth := slices.Clone(weights)
	for i := range truth {
		truth[i].MG += rng.IntN(41) - 20
		truth[i].EG += rng.IntN(41) - 20
	}
	d := NewData(len(weights), linear.MaxPhase)
	for _, p := range ps {
		row, phase := features(p)
		if err := d.Add(row, phase, engineScore(p, truth), 0.5); err != nil {
			t.Fatal(err)
		}
	}
	d.SetTargets(k, 0)
	train, validation := Split(d.Len(), 0.1, 4)
	w := weightVector(weights)
	rmsToTruth := func() float64 {
		var sum float64
		for _, r := range validation {
			diff := d.Eval(int(r), w) - float64(d.Score[r])
			sum += diff * diff
		}
		return math.Sqrt(sum / float64(len(validation)))
	}
	before := rmsToTruth()
	lossBefore := d.Loss(w, validation, k, 1)
	if _, err := d.Train(w, train, Config{K: k, Epochs: 30, Batch: 1024, LR: 1, Threads: 2, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	after := rmsToTruth()
	best := d.Loss(weightVector(truth), validation, k, 1)
	lossAfter := d.Loss(w, validation, k, 1)
	t.Logf("evaluation off the truth by %.1f centi-men (root mean square) before, %.2f after; validation loss %.3g, %.3g, truth %.3g",
		before, after, lossBefore, lossAfter, best)
	if after > 3 || after > before/5 {
		t.Errorf("the fitted evaluation is off the truth by %.2f centi-men (root mean square), %.1f before", after, before)
	}
	if lossAfter > best+(lossBefore-best)/20 {
		t.Errorf("validation loss %.3g from %.3g; the truth's is %.3g", lossAfter, lossBefore, best)
	}
}

// A bad CFEN is reported as file:line: and the CFEN reader's own text,
// which names the CFEN and the field once.
func TestLoadNamesBadCFENOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.txt")
	text := datagen.Header + "\n" + game.StartCFEN + " | 0 | 1\n2/8/10/12 w | 0 | 1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load([]string{path}, game.Camelot, nil)
	want := path + ":3: CFEN field 1 (board): want 16 ranks separated by '/', got 4"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// The weights are fitted to one board's positions: a file of Camelot's
// positions is refused when Cam's weights are asked for.
func TestLoadRefusesAnotherBoard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "camelot.txt")
	text := datagen.Header + "\n" + game.StartCFEN + " | 0 | 1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load([]string{path}, game.Cam, nil)
	if err == nil || !strings.Contains(err.Error(), path+":2:") || !strings.Contains(err.Error(), "a position of camelot, but the weights are cam's") {
		t.Errorf("error %v, want one naming the line and both boards", err)
	}
}

// -variant names a board the evaluation has weights for: every board has
// its own table, on its own grid.
func TestVariantOption(t *testing.T) {
	for _, c := range []struct{ arg, want string }{
		{"shogi", `-variant: unknown variant "shogi"`},
	} {
		var stderr strings.Builder
		if code := Main([]string{"-variant", c.arg, "data.txt"}, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("-variant %s: exit %d, stderr %q; want 2 and %q", c.arg, code, stderr.String(), c.want)
		}
	}
	for _, c := range []struct {
		arg, freeze string
		want        game.Variant
	}{{"Cam", "pst.man.D", game.Cam}, {"camelot", "pst.man.D", game.Camelot}, {"camette", "material.", game.Camette}, {"chivalry", "pst.man.D", game.Chivalry}} {
		var stderr strings.Builder
		out := filepath.Join(t.TempDir(), "w.go")
		o, _, err := parseOptions([]string{"-variant", c.arg, "-freeze", c.freeze, "-out", out, "data.txt"}, &stderr)
		if err != nil || o.variant != c.want || len(o.frozen) != len(boards.Of(c.want).EvalWeightNames(c.want)) || !slices.Contains(o.frozen, true) {
			t.Errorf("-variant %s: %+v, %v %s", c.arg, o, err, stderr.String())
		}
	}
}
