// Package spsa tunes the search's constants (search.ParamTable) by
// simultaneous perturbation stochastic approximation over game pairs, as
// Fishtest tunes Stockfish's: each step perturbs every parameter at once
// by ±c_k, plays game pairs between the two perturbed engines through the
// match runner, and moves the values along the perturbation by a_k/c_k
// times the plus engine's wins minus losses. The gains follow Spall's
// schedule with Fishtest's parameterisation: c_end is the perturbation and
// r_end = a_end/c_end² the learning rate at the end of the run.
//
// The run's state (values, pairs played, gains' settings) lives in one
// JSON file written atomically after every batch, under a lock: a killed
// run resumes from it, and several machines can run the same command on
// the same file at once, each adding its batches' results (Fishtest's
// asynchronous SPSA; docs/matches-cluster.md).
package spsa

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/camelot-engine/camelot/search"
)

// Default settings of the gains (Spall; Fishtest).
const (
	DefaultAlpha = 0.602
	DefaultGamma = 0.101
	DefaultAFrac = 0.1   // A, the stability constant, as a fraction of the run's pairs
	DefaultREnd  = 0.002 // a_end / c_end²
)

// ParamState is one tuned parameter in the state file.
type ParamState struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
	Value float64 `json:"value"` // θ, unrounded
	Min   int     `json:"min"`
	Max   int     `json:"max"`
	CEnd  float64 `json:"c_end"`
	REnd  float64 `json:"r_end"`
}

// State is a run: its settings and how far it got. Pairs counts the game
// pairs whose results were applied; k, the step index of the gains, is
// the pairs applied when a batch started.
type State struct {
	Version int          `json:"version"`
	Setup   string       `json:"setup"` // the match settings, which must not change on resume
	Total   int          `json:"total_pairs"`
	Alpha   float64      `json:"alpha"`
	Gamma   float64      `json:"gamma"`
	AFrac   float64      `json:"a_frac"`
	Params  []ParamState `json:"params"`

	Pairs   int     `json:"pairs"`
	Wins    int     `json:"wins"` // games of the plus engine
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Seconds float64 `json:"seconds"` // time spent in applied batches, summed over the workers
	Batches int     `json:"batches"`
}

const stateVersion = 1

// NewState starts a run of total game pairs over the named parameters
// (nil: all of search.ParamTable), from the values in start.
func NewState(names []string, start search.Params, total int, rEnd float64) (*State, error) {
	if total < 1 {
		return nil, fmt.Errorf("the run needs at least 1 game pair, not %d", total)
	}
	if rEnd <= 0 {
		return nil, fmt.Errorf("r_end must be positive, not %g", rEnd)
	}
	if len(names) == 0 {
		for _, p := range search.ParamTable {
			names = append(names, p.Name)
		}
	}
	st := &State{Version: stateVersion, Total: total, Alpha: DefaultAlpha, Gamma: DefaultGamma, AFrac: DefaultAFrac}
	seen := map[string]bool{}
	for _, n := range names {
		p, ok := search.LookupParam(n)
		if !ok {
			return nil, fmt.Errorf("unknown search parameter %q (known: %s)", n, strings.Join(paramNames(), ", "))
		}
		if seen[p.Name] {
			return nil, fmt.Errorf("search parameter %s named twice", p.Name)
		}
		seen[p.Name] = true
		v, _ := start.Get(p.Name)
		st.Params = append(st.Params, ParamState{Name: p.Name, Start: float64(v), Value: float64(v),
			Min: p.Min, Max: p.Max, CEnd: p.CEnd, REnd: rEnd})
	}
	return st, nil
}

func paramNames() []string {
	var out []string
	for _, p := range search.ParamTable {
		out = append(out, p.Name)
	}
	return out
}

// Gains returns the perturbation c_k and the step a_k of parameter i at
// step k (0-based), from its c_end and r_end over the run's Total pairs:
// c_k = c/(k+1)^γ with c = c_end·N^γ, and a_k = a/(A+k+1)^α with
// a = r_end·c_end²·(A+N)^α, A = AFrac·N. At k = N−1 they give back c_end
// and r_end·c_end².
func (st *State) Gains(i, k int) (ck, ak float64) {
	p := st.Params[i]
	n := float64(st.Total)
	big := st.AFrac * n
	c := p.CEnd * math.Pow(n, st.Gamma)
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(big+n, st.Alpha)
	return c / math.Pow(float64(k)+1, st.Gamma), a / math.Pow(big+float64(k)+1, st.Alpha)
}

// Step is one batch's perturbation: the step index it was drawn at and
// the sign of each parameter's change.
type Step struct {
	K    int
	Flip []float64 // +1 or -1, by parameter
}

// NewStep draws a perturbation for step k.
func (st *State) NewStep(k int, rng *rand.Rand) Step {
	s := Step{K: k, Flip: make([]float64, len(st.Params))}
	for i := range s.Flip {
		s.Flip[i] = 1
		if rng.IntN(2) == 0 {
			s.Flip[i] = -1
		}
	}
	return s
}

// Engines returns the values the plus and minus engines play with at s:
// θ ± c_k·flip, rounded to whole numbers and kept in range, as
// search.Params (the parameters not tuned keep their values in base).
func (st *State) Engines(s Step, base search.Params) (plus, minus search.Params) {
	plus, minus = base, base
	for i, p := range st.Params {
		ck, _ := st.Gains(i, s.K)
		_ = plus.Set(p.Name, p.clamp(math.Round(p.Value+ck*s.Flip[i])))
		_ = minus.Set(p.Name, p.clamp(math.Round(p.Value-ck*s.Flip[i])))
	}
	return plus, minus
}

func (p ParamState) clamp(v float64) int {
	return int(max(min(v, float64(p.Max)), float64(p.Min)))
}

// Apply moves the values by the result of a batch played at s: θ +=
// a_k/c_k · (wins − losses of the plus engine) · flip, kept in range, and
// counts the batch's pairs and games.
func (st *State) Apply(s Step, pairs, wins, draws, losses int, seconds float64) {
	result := float64(wins - losses)
	for i := range st.Params {
		p := &st.Params[i]
		ck, ak := st.Gains(i, s.K)
		p.Value = max(min(p.Value+ak/ck*result*s.Flip[i], float64(p.Max)), float64(p.Min))
	}
	st.Pairs += pairs
	st.Wins += wins
	st.Draws += draws
	st.Losses += losses
	st.Seconds += seconds
	st.Batches++
}

// Values returns the current values rounded, over base.
func (st *State) Values(base search.Params) search.Params {
	for _, p := range st.Params {
		_ = base.Set(p.Name, p.clamp(math.Round(p.Value)))
	}
	return base
}

// Summary is the values as name=value, tuned parameters only, sorted as
// the table: the line a progress report and a match's options show.
func (st *State) Summary() string {
	parts := make([]string, len(st.Params))
	for i, p := range st.Params {
		parts[i] = fmt.Sprintf("%s=%.1f", p.Name, p.Value)
	}
	return strings.Join(parts, " ")
}

// Report lists each parameter: start, value now, and the rounded value
// an engine gets, largest relative move first.
func (st *State) Report() []string {
	idx := make([]int, len(st.Params))
	for i := range idx {
		idx[i] = i
	}
	moved := func(p ParamState) float64 { return math.Abs(p.Value-p.Start) / max(p.CEnd, 1e-9) }
	sort.SliceStable(idx, func(a, b int) bool { return moved(st.Params[idx[a]]) > moved(st.Params[idx[b]]) })
	var out []string
	for _, i := range idx {
		p := st.Params[i]
		out = append(out, fmt.Sprintf("%-16s %6.0f -> %8.2f  (%d)", p.Name, p.Start, p.Value, p.clamp(math.Round(p.Value))))
	}
	return out
}
