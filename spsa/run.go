package spsa

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"time"

	"github.com/camelot-engine/camelot/internal/progress"
	"github.com/camelot-engine/camelot/search"
)

// Batch is what a batch of game pairs gave the plus engine.
type Batch struct {
	Pairs               int
	Wins, Draws, Losses int
}

// Player plays game pairs between an engine with the plus values and one
// with the minus values (package match in a real run; a model in tests).
// seed picks the batch's openings.
type Player interface {
	Play(ctx context.Context, plus, minus search.Params, pairs int, seed uint64) (Batch, error)
}

// Run is one worker's share of an SPSA run.
type Run struct {
	State  string        // the state file
	Setup  string        // the match settings; a state file of other settings is refused
	Names  []string      // parameters to tune (nil: all); a new run only
	Base   search.Params // the values of the parameters not tuned, and the start of the others
	Total  int           // game pairs of the whole run; a new run only
	REnd   float64       // a new run only
	Pairs  int           // game pairs a batch (one perturbation)
	Seed   uint64
	Player Player
	Out    io.Writer // a progress line after each batch, the report at the end
}

// ErrOtherRun is returned when the state file belongs to another run.
var ErrOtherRun = errors.New("the state file is of another run")

// Do plays batches until the run has its pairs (counting every worker's)
// or ctx is cancelled; a batch cut short is not counted. It returns the
// state as last read or written.
func (r *Run) Do(ctx context.Context) (*State, error) {
	if r.Pairs < 1 {
		return nil, fmt.Errorf("a batch needs at least 1 game pair, not %d", r.Pairs)
	}
	st, err := r.open(ctx)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(r.Seed, uint64(os.Getpid())<<32^uint64(time.Now().UnixNano())))
	start, done := time.Now(), 0
	for st.Pairs < st.Total {
		step := st.NewStep(st.Pairs, rng)
		plus, minus := st.Engines(step, r.Base)
		t0 := time.Now()
		b, err := r.Player.Play(ctx, plus, minus, r.Pairs, rng.Uint64())
		if ctx.Err() != nil {
			return st, ctx.Err()
		}
		if err != nil {
			return st, err
		}
		applied := false
		err = update(ctx, r.State, func(cur *State) (bool, error) {
			if cur.Setup != st.Setup || !sameParams(cur, st) {
				return false, fmt.Errorf("%s changed to another run while this one played", r.State)
			}
			st = cur
			if cur.Pairs >= cur.Total {
				return false, nil // the other workers finished the run meanwhile
			}
			cur.Apply(step, b.Pairs, b.Wins, b.Draws, b.Losses, time.Since(t0).Seconds())
			applied = true
			return true, nil
		})
		if err != nil {
			return st, err
		}
		if !applied {
			fmt.Fprintf(r.Out, "spsa: the run had its pairs when this batch ended: its %d games are not counted\n", 2*b.Pairs)
			break
		}
		done += b.Pairs
		r.progress(st, start, done)
	}
	r.report(st)
	return st, nil
}

// open reads the state file, or starts it when there is none.
func (r *Run) open(ctx context.Context) (*State, error) {
	fresh, err := NewState(r.Names, r.Base, r.Total, r.REnd)
	if err != nil {
		return nil, err
	}
	fresh.Setup = r.Setup
	var st *State
	unlock, err := lockState(ctx, r.State)
	if err != nil {
		return nil, err
	}
	defer unlock()
	switch _, err := os.Stat(r.State); {
	case errors.Is(err, os.ErrNotExist):
		if err := WriteState(r.State, fresh); err != nil {
			return nil, err
		}
		fmt.Fprintf(r.Out, "spsa: new run in %s: %d game pairs over %d parameters\n", r.State, fresh.Total, len(fresh.Params))
		return fresh, nil
	case err != nil:
		return nil, err
	}
	st, err = ReadState(r.State)
	if err != nil {
		return nil, err
	}
	if st.Setup != r.Setup {
		return nil, fmt.Errorf("%w: %s was made with\n  %s\nnot\n  %s\n(remove it or name another -state)", ErrOtherRun, r.State, st.Setup, r.Setup)
	}
	if r.Names != nil && !sameParams(st, fresh) {
		return nil, fmt.Errorf("%w: %s tunes %s", ErrOtherRun, r.State, names(st))
	}
	fmt.Fprintf(r.Out, "spsa: resuming %s at %d of %d game pairs\n", r.State, st.Pairs, st.Total)
	return st, nil
}

func names(st *State) []string {
	var out []string
	for _, p := range st.Params {
		out = append(out, p.Name)
	}
	return out
}

func sameParams(a, b *State) bool { return slices.Equal(names(a), names(b)) }

// progress prints the line after a batch: pairs, games, time, values.
func (r *Run) progress(st *State, start time.Time, done int) {
	el := time.Since(start)
	left := "--"
	if done > 0 && st.Pairs < st.Total {
		left = progress.FormatDuration(el / time.Duration(done) * time.Duration(st.Total-st.Pairs))
	} else if st.Pairs >= st.Total {
		left = "0s"
	}
	fmt.Fprintf(r.Out, "spsa: pairs %d/%d (%.1f%%)  plus +%d =%d -%d  elapsed %s  left %s  %s\n",
		st.Pairs, st.Total, 100*float64(st.Pairs)/float64(st.Total), st.Wins, st.Draws, st.Losses,
		progress.FormatDuration(el), left, st.Summary())
}

// report prints the run's result: the values before and after and the
// options that give them to an engine.
func (r *Run) report(st *State) {
	fmt.Fprintf(r.Out, "spsa: finished: %d game pairs (%d games, plus +%d =%d -%d) in %d batches, %s of playing\n",
		st.Pairs, 2*st.Pairs, st.Wins, st.Draws, st.Losses, st.Batches,
		progress.FormatDuration(time.Duration(st.Seconds*float64(time.Second))))
	for _, l := range st.Report() {
		fmt.Fprintln(r.Out, "  "+l)
	}
	tuned := st.Values(r.Base)
	line := "spsa: options:"
	for _, c := range tuned.Changed() {
		line += " option." + c
	}
	if len(tuned.Changed()) == 0 {
		line += " none (the values round to the defaults)"
	}
	fmt.Fprintln(r.Out, line)
}
