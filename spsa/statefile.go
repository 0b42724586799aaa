package spsa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/search"
)

// ReadState reads a state file; a file that is not one names what is
// wrong.
func ReadState(path string) (*State, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("%s: not an SPSA state file: %v", path, err)
	}
	if err := st.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &st, nil
}

// check refuses a state that would make the run misbehave.
func (st *State) check() error {
	switch {
	case st.Version != stateVersion:
		return fmt.Errorf("state version %d, want %d", st.Version, stateVersion)
	case st.Total < 1:
		return fmt.Errorf("total_pairs %d, want at least 1", st.Total)
	case st.Pairs < 0 || st.Wins < 0 || st.Draws < 0 || st.Losses < 0 || st.Batches < 0:
		return errors.New("negative counts")
	case !(st.Alpha > 0 && st.Alpha <= 1 && st.Gamma > 0 && st.Gamma <= 1 && st.AFrac >= 0 && st.AFrac <= 10):
		return fmt.Errorf("gains alpha %g, gamma %g, a_frac %g out of range", st.Alpha, st.Gamma, st.AFrac)
	case len(st.Params) == 0:
		return errors.New("no parameters")
	}
	seen := map[string]bool{}
	for _, p := range st.Params {
		d, ok := search.LookupParam(p.Name)
		switch {
		case !ok:
			return fmt.Errorf("unknown search parameter %q", p.Name)
		case seen[d.Name]:
			return fmt.Errorf("search parameter %s twice", d.Name)
		case p.Min < d.Min || p.Max > d.Max || p.Min > p.Max:
			return fmt.Errorf("%s: range %d..%d outside the parameter's %d..%d", p.Name, p.Min, p.Max, d.Min, d.Max)
		case !finite(p.Value) || !finite(p.Start) || p.Value < float64(p.Min) || p.Value > float64(p.Max):
			return fmt.Errorf("%s: value %g outside %d..%d", p.Name, p.Value, p.Min, p.Max)
		case !(p.CEnd > 0) || !(p.REnd > 0) || !finite(p.CEnd) || !finite(p.REnd):
			return fmt.Errorf("%s: c_end %g and r_end %g must be positive", p.Name, p.CEnd, p.REnd)
		}
		seen[d.Name] = true
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// WriteState writes st to path atomically.
func WriteState(path string, st *State) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'))
}

// staleLock is the age after which a lock is taken to be left by a killed
// worker: a worker holds it for a read and a write of a small file.
const staleLock = 2 * time.Minute

// lockState takes the state file's lock (a file beside it, made
// exclusively, so that it works on a shared disk too) and returns its
// release.
func lockState(ctx context.Context, path string) (func(), error) {
	lock := path + ".lock"
	for {
		f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%d\n", os.Getpid())
			f.Close()
			return func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("locking %s: %v", path, err)
		}
		if fi, err := os.Stat(lock); err == nil && time.Since(fi.ModTime()) > staleLock {
			os.Remove(lock)
			continue
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// update runs f on the state file's contents under its lock and writes
// the result back when f says so.
func update(ctx context.Context, path string, f func(st *State) (write bool, err error)) error {
	unlock, err := lockState(ctx, path)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := ReadState(path)
	if err != nil {
		return err
	}
	write, err := f(st)
	if err != nil || !write {
		return err
	}
	return WriteState(path, st)
}
