package spsa

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/camelot-engine/camelot/search"
)

// TestGainsFollowTheSchedule: c_k falls from c_end·N^γ to c_end, and at
// the last step a_k/c_k² is r_end (Fishtest's parameterisation).
func TestGainsFollowTheSchedule(t *testing.T) {
	st, err := NewState([]string{"RFPMargin"}, search.DefaultParams(), 1000, 0.002)
	if err != nil {
		t.Fatal(err)
	}
	c0, _ := st.Gains(0, 0)
	if want := 10 * math.Pow(1000, DefaultGamma); math.Abs(c0-want) > 1e-9 {
		t.Errorf("c_0 = %g, want %g", c0, want)
	}
	ck, ak := st.Gains(0, 999)
	if math.Abs(ck-10) > 1e-9 || math.Abs(ak/(ck*ck)-0.002) > 1e-12 {
		t.Errorf("at the end c_k = %g, a_k/c_k² = %g; want 10 and 0.002", ck, ak/(ck*ck))
	}
	for k := 1; k < 1000; k++ {
		c1, a1 := st.Gains(0, k-1)
		c2, a2 := st.Gains(0, k)
		if !(c2 < c1 && a2 < a1) {
			t.Fatalf("gains grow from step %d to %d", k-1, k)
		}
	}
}

// TestEnginesAndApply: the two engines sit c_k either side of θ, rounded
// and kept in range; a won batch moves θ towards the plus engine's side.
func TestEnginesAndApply(t *testing.T) {
	st, _ := NewState([]string{"RFPMargin", "LMPBase"}, search.DefaultParams(), 100, 0.002)
	step := Step{K: 99, Flip: []float64{1, -1}}
	plus, minus := st.Engines(step, search.DefaultParams())
	if plus.RFPMargin != 120 || minus.RFPMargin != 100 || plus.LMPBase != 3 || minus.LMPBase != 5 {
		t.Errorf("plus %+v minus %+v", plus, minus)
	}
	if plus.FutilityMargin != 120 || minus.NullBase != 3 {
		t.Error("a parameter not tuned moved")
	}
	st.Apply(step, 2, 3, 1, 0, 1.5)
	if st.Params[0].Value <= 110 || st.Params[1].Value >= 4 {
		t.Errorf("after a won batch: %s", st.Summary())
	}
	if st.Pairs != 2 || st.Wins != 3 || st.Draws != 1 || st.Batches != 1 {
		t.Errorf("counts %+v", st)
	}
	st.Params[1].Value = 1.2 // near its minimum: the minus engine stays in range
	_, minus = st.Engines(Step{K: 0, Flip: []float64{1, 1}}, search.DefaultParams())
	if minus.LMPBase != 1 {
		t.Errorf("LMPBase %d below its range", minus.LMPBase)
	}
}

// model is a player whose games favour the engine closer to a hidden
// optimum: the test that SPSA climbs.
type model struct {
	mu      sync.Mutex
	rng     *rand.Rand
	optimum map[string]float64
	scale   map[string]float64 // how far from the optimum costs about one unit of strength
	games   int
}

func (m *model) strength(p search.Params) float64 {
	s := 0.0
	for name, opt := range m.optimum {
		v, _ := p.Get(name)
		s -= (float64(v) - opt) * (float64(v) - opt) / (m.scale[name] * m.scale[name])
	}
	return s
}

func (m *model) Play(ctx context.Context, plus, minus search.Params, pairs int, seed uint64) (Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := math.Tanh(m.strength(plus) - m.strength(minus))
	b := Batch{Pairs: pairs}
	for range 2 * pairs {
		m.games++
		switch r := m.rng.Float64(); {
		case r < 0.3+0.3*d:
			b.Wins++
		case r < 0.6:
			b.Draws++
		default:
			b.Losses++
		}
	}
	return b, ctx.Err()
}

func newModel(seed uint64) *model {
	return &model{rng: rand.New(rand.NewPCG(seed, 1)), optimum: map[string]float64{"RFPMargin": 170, "LMPBase": 9},
		scale: map[string]float64{"RFPMargin": 30, "LMPBase": 3}}
}

// TestSPSAClimbsToTheOptimum: from the defaults, 3000 pairs of the model
// bring both parameters near the model's optimum, and the state file
// holds the result.
func TestSPSAClimbsToTheOptimum(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spsa.json")
	var out strings.Builder
	r := &Run{State: path, Setup: "model", Names: []string{"RFPMargin", "LMPBase"}, Base: search.DefaultParams(),
		Total: 3000, REnd: 0.01, Pairs: 10, Seed: 7, Player: newModel(3), Out: &out}
	st, err := r.Do(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := st.Values(search.DefaultParams())
	if math.Abs(float64(got.RFPMargin)-170) > 20 || math.Abs(float64(got.LMPBase)-9) > 2.5 {
		t.Errorf("after 3000 pairs RFPMargin %d (optimum 170, start 110), LMPBase %d (optimum 9, start 4)", got.RFPMargin, got.LMPBase)
	}
	saved, err := ReadState(path)
	if err != nil || saved.Pairs != 3000 || saved.Params[0].Value != st.Params[0].Value {
		t.Fatalf("state file %+v, %v", saved, err)
	}
	text := out.String()
	for _, want := range []string{"spsa: new run", "spsa: pairs 10/3000 (0.3%)", "spsa: finished: 3000 game pairs (6000 games", "spsa: options: option.RFPMargin="} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%.2000s", want, text)
		}
	}
}

// stopAfter cancels the run after n batches, as a Ctrl-C would.
type stopAfter struct {
	Player
	n      int
	cancel context.CancelFunc
}

func (s *stopAfter) Play(ctx context.Context, plus, minus search.Params, pairs int, seed uint64) (Batch, error) {
	if s.n == 0 {
		s.cancel()
		return Batch{}, context.Canceled
	}
	s.n--
	return s.Player.Play(ctx, plus, minus, pairs, seed)
}

// TestResumeAfterInterruption: a run stopped after 3 batches keeps them in
// its state file; the same command resumes there and finishes; a command
// of other settings is refused.
func TestResumeAfterInterruption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spsa.json")
	ctx, cancel := context.WithCancel(context.Background())
	var out strings.Builder
	r := &Run{State: path, Setup: "model", Names: []string{"RFPMargin"}, Base: search.DefaultParams(),
		Total: 20, REnd: 0.002, Pairs: 2, Seed: 1, Out: &out}
	r.Player = &stopAfter{Player: newModel(1), n: 3, cancel: cancel}
	if _, err := r.Do(ctx); err != context.Canceled {
		t.Fatalf("interrupted run: %v", err)
	}
	st, err := ReadState(path)
	if err != nil || st.Pairs != 6 || st.Batches != 3 {
		t.Fatalf("after 3 batches the state has %d pairs, %d batches (%v)", st.Pairs, st.Batches, err)
	}
	r.Player = newModel(2)
	st, err = r.Do(context.Background())
	if err != nil || st.Pairs != 20 || st.Batches != 10 {
		t.Fatalf("resumed run: %d pairs, %d batches, %v", st.Pairs, st.Batches, err)
	}
	if !strings.Contains(out.String(), "spsa: resuming "+path+" at 6 of 20 game pairs") {
		t.Errorf("no resume line:\n%s", out.String())
	}
	other := *r
	other.Setup = "another match"
	if _, err := other.Do(context.Background()); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("other settings: %v", err)
	}
	other = *r
	other.Names = []string{"LMPBase"}
	if _, err := other.Do(context.Background()); err == nil || !strings.Contains(err.Error(), "tunes [RFPMargin]") {
		t.Errorf("other parameters: %v", err)
	}
}

// TestWorkersShareOneState: several workers on one state file (machines
// of a cluster) add up their batches: none is lost, none counted twice.
func TestWorkersShareOneState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spsa.json")
	m := newModel(5)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &Run{State: path, Setup: "model", Names: []string{"RFPMargin", "LMPBase"}, Base: search.DefaultParams(),
				Total: 400, REnd: 0.002, Pairs: 4, Seed: uint64(i), Player: m, Out: &strings.Builder{}}
			_, errs[i] = r.Do(context.Background())
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st, err := ReadState(path)
	if err != nil {
		t.Fatal(err)
	}
	// A worker that started a batch before the run was full may play it
	// without counting it; every counted game was played.
	if st.Pairs != 400 || st.Batches != 100 || st.Wins+st.Draws+st.Losses != 800 || m.games < 800 {
		t.Errorf("pairs %d batches %d games %d (played %d)", st.Pairs, st.Batches, st.Wins+st.Draws+st.Losses, m.games)
	}
}

// TestBadSettings: what cannot make a run is refused with a reason.
func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		names []string
		total int
		rEnd  float64
		want  string
	}{
		{[]string{"Nope"}, 10, 0.002, `unknown search parameter "Nope"`},
		{[]string{"RFPMargin", "rfpmargin"}, 10, 0.002, "named twice"},
		{nil, 0, 0.002, "at least 1 game pair"},
		{nil, 10, 0, "r_end must be positive"},
	} {
		if _, err := NewState(tc.names, search.DefaultParams(), tc.total, tc.rEnd); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %d %g: %v, want %q", tc.names, tc.total, tc.rEnd, err, tc.want)
		}
	}
}
